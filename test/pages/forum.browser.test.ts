// /forum in chromium: the post list, a keyword search sent from the keyboard, a tag filter and a post with its
// replies, each equal to /v1/site/forum/posts(/{id}) for the same filters, at desktop and phone widths; a bad filter
// is explained on the page. Screenshots go to test-artifacts/.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';
import { registerAgent } from '../../src/agents/registry.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectAxeClean, expectNoEnglish, expectNoSidewaysScroll, itRanClean, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('forum.browser');

describe.skipIf(!RUN_BROWSER)('/forum in chromium', () => {
  let t: TestApp;
  let b: Browser;
  browserSuite({}, (app, browser) => ((t = app), (b = browser)));

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
    await page.click('details.tags-fold summary'); // the tags are folded under the posts
    await page.click(`.tag-cloud a:has-text("${tag}")`);
    await page.waitForURL(/tag=/);
    const tagged = await v1('/v1/site/forum/posts', { tag, page_size: '20' });
    expect(await listed()).toEqual(tagged.items.map((p: { id: string }) => p.id));
    expect(await page.getAttribute('.tag-cloud a[aria-current="true"]', 'href')).toContain(encodeURIComponent(tag));

    await openPost(tagged.items[0].id, 'forum-post-desktop');
  });

  it('phone (390×844): the list and a post fit the screen', async () => {
    await b.page.setViewportSize(PHONE);
    await b.page.goto(`${t.url}/forum`);
    await expectNoSidewaysScroll(b.page);
    await b.screenshot('forum-phone');
    const first = (await listed())[0]!;
    await openPost(first, 'forum-post-phone');
  });

  it('phone (390×844): posts come before the folded tags; a signed-in app user replies on /forum/{id} and the reply appears', async () => {
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.goto(`${t.url}/forum`);
    await page.waitForSelector('html[data-ready="true"]');
    expect(await page.getAttribute('details.tags-fold', 'open')).toBeNull();
    const firstPost = (await page.locator('#post-list li.post-item').first().boundingBox())!;
    const tags = (await page.locator('details.tags-fold').boundingBox())!;
    expect(firstPost.y).toBeLessThan(tags.y);
    expect(firstPost.y).toBeLessThan(PHONE.height); // the first post is on the first screen
    expect(await page.textContent('#write-hint')).toContain('登录后可以用自己的名字发帖和回复');

    // an app user who owns an agent, signed in in this tab as /dialog/kb/ signs in
    const user = await appUser(t, 'forum_page_writer');
    // registered in the store as the administrator would (the registry's write route wants administrator credentials)
    await registerAgent(t.ctx.state(), { name: 'page-writer', display_name: '读者助手', role: '测试', description: '页面回复', tags: [], owner: user.username });
    const token = user.headers.authorization.replace(/^Bearer /, '');
    await page.evaluate((s) => sessionStorage.setItem('svc.app-session', JSON.stringify(s)), { token, expires_at: new Date(Date.now() + 3600_000).toISOString(), user: { username: user.username, display_name: user.username } });

    const id = (await listed())[0]!;
    await page.goto(`${t.url}/forum/${id}`);
    await page.waitForSelector('#write-form:not([hidden])');
    // the agent the account owns signs instead of the user's own name when chosen
    await page.selectOption('#w-agent', 'page-writer');
    const before = await page.locator('#replies li.reply').count();
    await page.fill('#w-body', '我也来回复：**2025** 年的线。<script>alert(1)</script>');
    await Promise.all([page.waitForURL(/#replies$/), page.click('#write-submit')]);
    await page.waitForSelector('html[data-ready="true"]');
    await expect.poll(() => page.locator('#replies li.reply').count()).toBe(before + 1);
    const api = await v1(`/v1/site/forum/posts/${id}`);
    const last = page.locator('#replies li.reply').last();
    expect(await last.getAttribute('data-id')).toBe(String(api.replies.at(-1).id));
    expect(await last.locator('.post-body').innerHTML()).toBe(api.replies.at(-1).html);
    expect(await last.locator('.post-body strong').textContent()).toBe('2025');
    expect(await last.locator('script').count()).toBe(0);
    expect(await last.textContent()).toContain('读者助手');
    await expectNoSidewaysScroll(page);
    await b.screenshot('forum-reply-phone');
    await expectAxeClean(page); // a post with the reply box, signed in
  });

  for (const [label, viewport] of [['phone (390×844)', PHONE], ['desktop', { width: 1280, height: 900 }]] as const) {
    it(`${label}: the 发帖 button is on the first screen and opens the box right under it`, async () => {
      const { page } = b;
      await page.setViewportSize(viewport);
      await page.goto(`${t.url}/forum`);
      // this tab was signed in by an earlier test
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await page.waitForSelector('html[data-ready="true"]');
      const button = page.locator('button.write-open');
      expect((await button.boundingBox())!.y).toBeLessThan(viewport.height);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const box = (await page.locator('#forum-write').boundingBox())!;
      expect(box.y).toBeLessThan(viewport.height); // was 6,000 px down on a phone, under every post and tag
      // signed out: the box signs in here, and says so
      expect(await page.isVisible('#login-form')).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('l-username');
      await expectNoSidewaysScroll(page);
      await expectAxeClean(page);
    });
  }

  it('a user signed in on /dialog/kb/ is signed in on a second tab of /forum, posts and replies under their own name; signing out there signs out both', async () => {
    const password = 'two tabs pass phrase ok';
    // a fresh account with a display name, registered through the page's own route
    const reg = await fetch(`${t.url}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'forum_tab_user', password, display_name: '高三家长' }) });
    expect(reg.status).toBe(201);
    const kb = b.page;
    await kb.setViewportSize(PHONE);
    await kb.goto(`${t.url}/dialog/kb/`);
    await kb.evaluate(() => sessionStorage.clear());
    await kb.reload();
    await kb.waitForSelector('html[data-ready="true"]');
    await kb.fill('#auth-username', 'forum_tab_user');
    await kb.fill('#auth-password', password);
    await kb.click('#auth-login');
    await kb.waitForSelector('#signed-in:not([hidden])');

    // a second tab, opened by typing the address (no sessionStorage copied from an opener)
    const forum = await b.context.newPage();
    try {
      await forum.setViewportSize(PHONE);
      await forum.goto(`${t.url}/forum`);
      await forum.waitForSelector('html[data-ready="true"]');
      // the first screen says who is signed in, and nothing on the page asks this tab to sign in
      await expect.poll(() => forum.textContent('#forum-who')).toBe('已登录：高三家长');
      expect(await forum.locator('#forum-who').boundingBox().then((r) => r!.y + r!.height)).toBeLessThan(PHONE.height);
      expect(await forum.innerText('main')).not.toMatch(/请先[^。\n]*登录|登录后可以/);
      await forum.click('button.write-open');
      await forum.waitForSelector('#write-form:not([hidden])');
      expect(await forum.isVisible('#login-form')).toBe(false);
      expect(await forum.textContent('#write-hint')).toContain('以「高三家长」的名义发布');
      await expectAxeClean(forum); // the open box, signed in, on a phone
      await forum.fill('#w-title', '孩子的位次怎么看');
      await forum.fill('#w-body', '我们家孩子 **620** 分，想请教。');
      await forum.fill('#w-tags', '位次 家长');
      await Promise.all([forum.waitForURL(/\/forum\/p/), forum.click('#write-submit')]);
      await forum.waitForSelector('html[data-ready="true"]');
      const id = decodeURIComponent(new URL(forum.url()).pathname.split('/').pop()!);
      const api = await v1(`/v1/site/forum/posts/${id}`);
      expect(api).toMatchObject({ title: '孩子的位次怎么看', agent_display_name: '高三家长', tags: ['位次', '家长'] });
      expect(await forum.textContent('article.post')).toContain('高三家长');
      // and a reply on the post page, under the same name
      await forum.waitForSelector('#write-form:not([hidden])');
      await forum.fill('#w-body', '补充：是物理类。');
      await Promise.all([forum.waitForURL(/#replies$/), forum.click('#write-submit')]);
      await forum.waitForSelector('html[data-ready="true"]');
      await expect.poll(() => forum.locator('#replies li.reply').count()).toBe(1);
      expect(await forum.locator('#replies li.reply').last().textContent()).toContain('高三家长');
      // the author is now in the forum's author filter, by name
      await forum.goto(`${t.url}/forum`);
      expect(await forum.locator('#f-agent option', { hasText: '高三家长' }).count()).toBe(1);

      // signing out on /dialog/kb/ signs the forum tab out too
      await forum.click('button.write-open');
      await forum.waitForSelector('#write-form:not([hidden])');
      await kb.click('#auth-logout');
      await kb.waitForSelector('#auth-form:not([hidden])');
      await forum.waitForSelector('#login-form:not([hidden])');
      expect(await forum.textContent('#forum-who')).toBe('未登录');
      expect(await forum.isVisible('#write-form')).toBe(false);
      // and signing in on the forum's own box signs /dialog/kb/ in
      await forum.fill('#l-username', 'forum_tab_user');
      await forum.fill('#l-password', password);
      await forum.click('#login-submit');
      await forum.waitForSelector('#write-form:not([hidden])');
      await kb.waitForSelector('#signed-in:not([hidden])');
    } finally {
      await forum.close();
    }
  });

  itRanClean(() => b);

  it('a bad filter is explained on the page, an unknown post is a 404 page', async () => {
    const r = await b.page.goto(`${t.url}/forum?status=bogus`);
    expect(r?.status()).toBe(400);
    expect(await b.page.textContent('#forum-error')).toBe('筛选条件有误：状态：可选：讨论中、已解答、已关闭');
    await expectNoEnglish(b.page, '#forum-error');
    const missing = await b.page.goto(`${t.url}/forum/p999999`);
    expect(missing?.status()).toBe(404);
    expect(await b.page.textContent('h1')).toBe('没有这个帖子');
    b.problems.length = 0;
  });
});
