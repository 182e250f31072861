// /forum in chromium: the post list, a keyword search sent from the keyboard, a tag filter and a post with its
// replies, each equal to /v1/site/forum/posts(/{id}) for the same filters, at desktop and phone widths; a bad filter
// is explained on the page. Screenshots go to test-artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { type Browser, expectAccessibleBasics, expectNoSidewaysScroll, itRanClean, openBrowser, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('forum.browser');

describe.skipIf(!RUN_BROWSER)('/forum in chromium', () => {
  let t: TestApp;
  let b: Browser;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    b = await openBrowser(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  async function v1(path: string, query: Record<string, string> = {}) {
    const r = await fetch(`${t.url}${path}?${new URLSearchParams(query)}`, { headers: t.auth });
    expect(r.status).toBe(200);
    return r.json();
  }
  const listed = () => b.page.$$eval('#post-list li.post-item', (lis) => lis.map((li) => (li as HTMLElement).dataset.id));

  async function openPost(id: string, shot: string) {
    const { page } = b;
    await page.click(`#post-list li[data-id="${id}"] h2 a`);
    await page.waitForSelector(`article.post[data-id="${id}"]`);
    const api = await v1(`/v1/site/forum/posts/${id}`);
    expect(await page.textContent('article.post h1')).toBe(api.title);
    expect(await page.$$eval('#replies li.reply', (lis) => lis.map((li) => (li as HTMLElement).dataset.id))).toEqual(api.replies.map((r: { id: number | string }) => String(r.id)));
    expect(await page.textContent('#replies-h')).toBe(`${api.replies.length} 条回复`);
    await expectNoSidewaysScroll(page);
    await b.screenshot(shot);
  }

  it('desktop: the list, a search from the keyboard, a tag and a post with its replies equal the API', async () => {
    const { page } = b;
    await page.goto(`${t.url}/forum`);
    await expectAccessibleBasics(page);
    const all = await v1('/v1/site/forum/posts', { page_size: '20' });
    expect(all.items.length).toBeGreaterThan(0);
    expect(await listed()).toEqual(all.items.map((p: { id: string }) => p.id));
    await b.screenshot('forum-desktop');

    await page.fill('#f-q', '平行志愿');
    await page.press('#f-q', 'Enter');
    await page.waitForURL(/q=/);
    const found = await v1('/v1/site/forum/posts', { q: '平行志愿', page_size: '20' });
    expect(found.items.length).toBeGreaterThan(0);
    expect(await listed()).toEqual(found.items.map((p: { id: string }) => p.id));

    const tag = all.items[0].tags[0] as string;
    await page.goto(`${t.url}/forum`);
    await page.click(`.tag-cloud a:has-text("${tag}")`);
    await page.waitForURL(/tag=/);
    const tagged = await v1('/v1/site/forum/posts', { tag, page_size: '20' });
    expect(await listed()).toEqual(tagged.items.map((p: { id: string }) => p.id));
    expect(await page.getAttribute('.tag-cloud a[aria-current="true"]', 'href')).toContain(encodeURIComponent(tag));

    await openPost(tagged.items[0].id, 'forum-post-desktop');
  });

  it('phone (375 px): the list and a post fit the screen', async () => {
    await b.page.setViewportSize(PHONE);
    await b.page.goto(`${t.url}/forum`);
    await expectNoSidewaysScroll(b.page);
    await b.screenshot('forum-phone');
    const first = (await listed())[0]!;
    await openPost(first, 'forum-post-phone');
  });

  itRanClean(() => b);

  it('a bad filter is explained on the page, an unknown post is a 404 page', async () => {
    const r = await b.page.goto(`${t.url}/forum?status=bogus`);
    expect(r?.status()).toBe(400);
    expect(await b.page.textContent('#forum-error')).toContain('status');
    const missing = await b.page.goto(`${t.url}/forum/p999999`);
    expect(missing?.status()).toBe(404);
    expect(await b.page.textContent('h1')).toBe('没有这个帖子');
    b.problems.length = 0;
  });
});
