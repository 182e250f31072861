// /search in chromium: the search box in every page's header, the pages and notes found equal to the search_site
// tool's hits for the same words and scope (order, snippets with their highlights), the forum posts equal to
// /v1/site/forum/posts?q=, a hit opening its page, nothing found said in words, at desktop and phone widths; a bad
// scope is explained on the page (400). Screenshots go to test-artifacts/.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectNoEnglish, expectNoSidewaysScroll, itRanClean, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('search.browser');

describe.skipIf(!RUN_BROWSER)('/search in chromium', () => {
  let t: TestApp;
  let b: Browser;
  browserSuite({}, (app, browser) => ((t = app), (b = browser)));

  async function expectResults(q: string, scope: 'all' | 'notes' | 'pages') {
    const { page } = b;
    const tool = await (await fetch(`${t.url}/v1/tools/search_site`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body: JSON.stringify({ q, scope, limit: 20 }) })).json();
    const posts = await (await fetch(`${t.url}/v1/site/forum/posts?${new URLSearchParams({ q, page_size: '5' })}`, { headers: t.auth })).json();
    const hits = await page.$$eval('#search-hits li', (lis) => lis.map((li) => ({ slug: (li as HTMLElement).dataset.slug, snippet: li.querySelector('.snippet')!.innerHTML })));
    expect(hits).toEqual(tool.items.map((h: { slug: string; snippet: string }) => ({ slug: h.slug, snippet: h.snippet })));
    expect(await page.$$eval('#search-posts li', (lis) => lis.map((li) => (li as HTMLElement).dataset.id))).toEqual(posts.items.map((p: { id: string }) => p.id));
    return { tool, posts };
  }

  it('desktop: the header search finds pages, notes and forum posts as the API does; a hit opens its page', async () => {
    const { page } = b;
    await page.goto(`${t.url}/`);
    await expectAccessibleBasics(page);
    await page.fill('#site-search-q', '平行志愿');
    await page.press('#site-search-q', 'Enter');
    await page.waitForURL(/\/search\?q=/);
    const { tool, posts } = await expectResults('平行志愿', 'all');
    expect(tool.items.length).toBeGreaterThan(1);
    expect(posts.items.length).toBeGreaterThan(0);
    expect(await page.locator('#search-hits mark').count()).toBeGreaterThan(0);
    expect(await page.inputValue('#s-q')).toBe('平行志愿');
    await expectAccessibleBasics(page);
    await expectNoSidewaysScroll(page);
    await b.screenshot('search-desktop');

    // narrowed to notes from the page's own form
    await page.selectOption('#s-scope', 'notes');
    await page.click('.search-page button[type="submit"]');
    await page.waitForURL(/scope=notes/);
    const notes = await expectResults('平行志愿', 'notes');
    expect(notes.tool.items.every((h: { type: string }) => h.type === 'note')).toBe(true);

    // the first hit is the page it names
    const first = notes.tool.items[0];
    await page.click(`#search-hits li[data-slug="${first.slug}"] a`);
    await page.waitForURL(new RegExp(`/notes/${first.slug}$`));
    expect(await page.textContent('article h1')).toBe(first.title);
  });

  it('phone (390×844): a two-character word, with the header search across the width and no sideways scrolling', async () => {
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.goto(`${t.url}/forum`);
    await page.fill('#site-search-q', '八字');
    await page.press('#site-search-q', 'Enter');
    await page.waitForURL(/\/search\?q=/);
    const { tool } = await expectResults('八字', 'all');
    expect(tool.items.length).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await b.screenshot('search-phone');
  });

  it('says so when nothing is found', async () => {
    const { page } = b;
    await page.goto(`${t.url}/search?q=${encodeURIComponent('zzqxjv')}`);
    expect(await page.textContent('#hits-h')).toBe('页面和笔记：没有找到');
    expect(await page.textContent('.search-page')).toContain('站内页面和笔记中没有找到“zzqxjv”');
    expect(await page.textContent('#posts-h')).toBe('论坛：没有帖子含这些词');
  });

  itRanClean(() => b);

  it('a bad scope is explained on the page with a 400, keeping the words', async () => {
    const r = await b.page.goto(`${t.url}/search?q=${encodeURIComponent('位次')}&scope=everything`);
    expect(r!.status()).toBe(400);
    expect(await b.page.textContent('.alert')).toBe('搜索条件有误：搜索范围：可选：全部、笔记、页面');
    await expectNoEnglish(b.page, '.alert');
    expect(await b.page.inputValue('#s-q')).toBe('位次');
  });

  it('an unknown path is the HTML 404 page in the site layout, with a way back home (desktop and phone)', async () => {
    for (const size of [{ width: 1280, height: 900 }, PHONE]) {
      await b.page.setViewportSize(size);
      const r = await b.page.goto(`${t.url}/no-such-page/at-all`);
      expect(r!.status()).toBe(404);
      expect(r!.headers()['content-type']).toMatch(/^text\/html/);
      expect(await b.page.textContent('h1')).toBe('没有这个页面');
      await expectNoEnglish(b.page, 'body', t.ctx.config.siteName.split(/[^A-Za-z]+/)); // the site's name is a name
      await expectAccessibleBasics(b.page);
      await expectNoSidewaysScroll(b.page);
      await b.page.click('text=回到首页');
      await b.page.waitForURL(`${t.url}/`);
    }
  });
});
