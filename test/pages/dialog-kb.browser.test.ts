// /dialog/kb/ in chromium, on a fresh machine (no upstream model: the offline composer answers): an app account
// registered on the page, questions to the site knowledge base and a follow-up, a knowledge base of the user's own
// made and filled on the page and asked about, then a reload at phone width that resumes the signed-in tab. Every
// answer, its cited chunks (ids, titles, passages, links) and the knowledge-base list are checked against the API
// (/api/ai/chat, /api/v1/kb) called with the same login token; the chunk is listed and deleted, then the base. Then
// the refusals: a weak password explained on the field, a revoked token sending the page back to the sign-in form
// with the question kept, and logging out revoking the token. Screenshots go to test-artifacts/.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { siteKbReady } from '../../src/kb/site-seed.ts';
import { renderMarkdown } from '../../src/pages/shared/markdown.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectNoSidewaysScroll, itRanClean, PHONE, RUN_BROWSER, sendChat, warnIfSkipped } from './browser.ts';

warnIfSkipped('dialog-kb.browser');

const USER = 'kb_page_reader';
const PASSWORD = 'a long pass phrase for the page test';
type Chunk = { n: number; id: number; kb_id: string; title: string; url: string | null; excerpt: string };
type Answer = { answer: string; engine: string; citations: Chunk[]; context: Chunk[]; tools_called: Array<{ tool: string }> };

describe.skipIf(!RUN_BROWSER)('/dialog/kb/ in chromium', () => {
  let t: TestApp;
  let b: Browser;
  let turn = 0;
  const history: Array<{ role: 'user' | 'assistant'; content: string }> = [];

  browserSuite(
    {
      config: { LLM_API_URL: '', LLM_API_KEY: '', LLM_CHAT_MODEL: '', LLM_PROXY_PER_MINUTE: '30' },
      // as npm start does before it serves: the site knowledge base is seeded (LSA fit included) before the first page
      prepare: (app) => siteKbReady(app.ctx.state(), app.ctx.config),
    },
    (app, browser) => {
      t = app;
      b = browser;
      b.page.setDefaultTimeout(60_000); // a loaded 2-core machine answers slower than playwright's 30 s default allows
    },
  );

  const token = () => b.page.evaluate(() => JSON.parse(sessionStorage.getItem('svc.app-session') ?? 'null')?.token as string | undefined);

  async function api(method: string, path: string, body?: unknown) {
    const r = await fetch(`${t.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${await token()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, json: await r.json() };
  }

  /** Sends a question with Ctrl+Enter; returns what the page shows for the answer and the API's answer to the same
   * conversation (same token, scope and k). */
  async function ask(question: string, scope: { kb_id?: string } = {}) {
    const li = await sendChat(b.page, question);
    const shown = {
      html: await li.locator('.content').innerHTML(),
      engine: await li.getAttribute('data-engine'),
      cited: (await li.getAttribute('data-cited')) ?? '',
      sources: await li.locator('.sources > ol > li').evaluateAll((lis) =>
        lis.map((x) => ({
          id: Number((x as HTMLElement).dataset.chunk),
          anchor: x.id,
          title: x.querySelector('.source-head a, .source-head strong')?.textContent,
          href: x.querySelector('.source-head a')?.getAttribute('href') ?? null,
          excerpt: x.querySelector('.excerpt')?.innerHTML,
        })),
      ),
    };
    const r = await api('POST', '/api/ai/chat', { message: question, k: 4, ...scope, ...(history.length ? { history } : {}) });
    expect(r.status).toBe(200);
    const want = r.json.data as Answer;
    history.push({ role: 'user', content: question }, { role: 'assistant', content: want.answer });
    turn++;
    return { li, shown, want };
  }

  /** The page shows the API's answer: the same Markdown with [n] linked, the same cited chunks, every retrieved chunk
   * with its title, link and passage. */
  function expectSame({ shown, want }: Awaited<ReturnType<typeof ask>>) {
    const prefix = `cite-${turn}-`;
    expect(shown.html).toBe(renderMarkdown(want.answer, { cite: { count: want.context.length, prefix } }));
    expect(shown.engine).toBe(want.engine);
    expect(shown.cited).toBe(want.citations.map((c) => c.id).join(','));
    const cited = new Set(want.citations.map((c) => c.n));
    const order = [...want.context.filter((c) => cited.has(c.n)), ...want.context.filter((c) => !cited.has(c.n))];
    expect(shown.sources).toEqual(order.map((c) => ({ id: c.id, anchor: `${prefix}${c.n}`, title: c.title, href: c.url, excerpt: renderMarkdown(c.excerpt) })));
  }

  it('desktop: registers on the page, answers from the site knowledge base as /api/ai/chat does, and follows up', async () => {
    const { page } = b;
    await page.goto(`${t.url}/dialog/kb/`);
    await page.waitForSelector('html[data-ready="true"]');
    await expectAccessibleBasics(page);
    expect(await page.isVisible('#auth-form')).toBe(true);
    expect(await page.isVisible('#kb-chat')).toBe(false); // nothing to ask before signing in

    await page.fill('#auth-username', USER);
    await page.fill('#auth-password', PASSWORD);
    await page.fill('#auth-display-name', '小林');
    await page.click('#auth-register');
    await page.waitForSelector('#kb-chat:not([hidden])');
    expect(await page.textContent('#who')).toBe(`小林（${USER}）`);
    expect(await page.inputValue('#auth-password')).toBe(''); // the password does not linger in the form
    // the account is real: the service knows it under that token
    const me = await api('GET', '/api/auth/me');
    expect(me.json.data.user).toMatchObject({ username: USER, display_name: '小林' });

    // the knowledge bases the page lists are the API's
    await page.waitForSelector('#kb-list li');
    const kbs = (await api('GET', '/api/v1/kb')).json.data.items as Array<{ id: string; chunks: number }>;
    expect(await page.$$eval('#kb-list li', (lis) => lis.map((li) => (li as HTMLElement).dataset.kb))).toEqual(kbs.map((k) => k.id));
    expect(kbs.find((k) => k.id === 'site')!.chunks).toBeGreaterThan(100);

    const first = await ask('平行志愿是怎么投档的？');
    expectSame(first);
    expect(first.want.engine).toBe('offline');
    expect(first.want.citations.length).toBeGreaterThan(0);
    // the best chunk is the note on parallel volunteering, linked to its page at the section it comes from
    expect(first.shown.sources[0]!.href).toMatch(/^\/notes\/pingxing-zhiyuan-toudang(#sec-.+)?$/);
    // [1] in the answer jumps to the first source
    await first.li.locator('.content a.cite').first().click();
    expect(new URL(page.url()).hash).toBe(`#cite-${turn}-1`);

    const follow = await ask('那一分一段表怎么看？');
    expectSame(follow);
    expect(follow.want.citations.length).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await b.screenshot('dialog-kb-desktop');
  }, 180_000);

  it("desktop: a knowledge base of the user's own, made and filled on the page, answers a question with that chunk", async () => {
    const { page } = b;
    await page.fill('#kb-new-id', 'kb-page-notes');
    await page.fill('#kb-new-name', '我的结构笔记');
    await page.click('#kb-create');
    await page.waitForSelector('#chunk-kb option[value="kb-page-notes"]', { state: 'attached' });
    await page.fill('#chunk-title', '箍筋加密区');
    await page.fill('#chunk-body', '框架梁端部箍筋加密区长度：一级抗震等级取 2 倍梁高和 500 mm 中的较大值。这是读规范时摘的笔记。');
    await page.fill('#chunk-source', 'GB 50010-2010 第 11.3.6 条');
    await page.click('#chunk-add');
    await page.waitForFunction(() => document.getElementById('chunk-status')?.textContent?.startsWith('已添加到'));
    const mine = (await api('GET', '/api/v1/kb')).json.data.items.find((k: { id: string }) => k.id === 'kb-page-notes');
    expect(mine).toMatchObject({ name: '我的结构笔记', owner: 'own', chunks: 1 });
    expect(await page.textContent('#kb-list li[data-kb="kb-page-notes"]')).toContain('1 条资料');

    await page.selectOption('#kb-select', 'kb-page-notes');
    history.length = 0;
    await page.click('#chat-clear');
    const r = await ask('箍筋加密区长度怎么取', { kb_id: 'kb-page-notes' });
    expectSame(r);
    expect(r.want.citations.map((c) => c.kb_id)).toEqual(['kb-page-notes']);
    expect(r.shown.sources[0]).toMatchObject({ title: '箍筋加密区', href: null });
    expect(await r.li.locator('.sources > ol > li').first().textContent()).toContain('出处：GB 50010-2010 第 11.3.6 条');
    expect(r.shown.html).toContain('一级抗震等级取 2 倍梁高和 500 mm 中的较大值');
    await b.screenshot('dialog-kb-own', '#kb-chat');
  });

  it('phone (390×844): a reload resumes the signed-in tab; the answer equals the API’s, with no sideways scrolling', async () => {
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    await page.waitForSelector('#kb-chat:not([hidden])');
    expect(await page.textContent('#who')).toContain(USER);
    await page.waitForSelector('#kb-select option[value="kb-page-notes"]', { state: 'attached' });
    history.length = 0;
    turn = 0; // the reload starts the page's numbering again
    const r = await ask('等效位次是什么意思');
    expectSame(r);
    expect(r.want.citations.length).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await b.screenshot('dialog-kb-phone');
  });

  it('desktop and phone: a question about 我家孩子 cites the family note first; sources are named by title, never a file path', async () => {
    const { page } = b;
    expect((await api('POST', '/api/v1/kb', { id: 'kb-family', name: '家里的情况' })).status).toBe(201);
    const body = '孩子在河南参加 2026 年高考，选科物理、化学、生物，最近一次模考 598 分，全省位次约 2.1 万。想学计算机，不去省外太远的地方。平行志愿准备按冲稳保各排几所。';
    const added = await api('POST', '/api/v1/kb/kb-family/chunks', { title: '孩子的高考情况', body });
    expect(added.status).toBe(201);
    try {
      for (const size of [{ width: 1280, height: 900 }, PHONE]) {
        await page.setViewportSize(size);
        await page.selectOption('#kb-select', '');
        history.length = 0;
        await page.click('#chat-clear');
        const r = await ask('我家孩子的平行志愿该怎么排？');
        expectSame(r);
        // the family's own note first, ahead of the site's notes on 平行志愿
        expect(r.want.context[0]).toMatchObject({ id: added.json.data.chunk.id, title: '孩子的高考情况' });
        expect(r.shown.sources[0]).toMatchObject({ title: '孩子的高考情况' });
        // the answer and its sources name the site's notes by title: no notes/….md#…, no README path (a link to the
        // note's page, /notes/{slug}, is a page a reader can open, not a file path)
        const seen = await r.li.textContent();
        expect(seen).not.toMatch(/notes\/[^\s)）]*\.md|\.md\b|\.txt\b|README/);
        expect(r.want.context.some((c) => c.kb_id === 'site')).toBe(true);
      }
    } finally {
      expect((await api('DELETE', '/api/v1/kb/kb-family')).status).toBe(200);
    }
  });

  it("phone: the user's knowledge base lists its chunk as the API does; deleting the chunk, then the base, removes them on the service", async () => {
    const { page } = b;
    const accept = (d: import('playwright-core').Dialog) => void d.accept();
    page.on('dialog', accept);
    try {
      const item = '#kb-list li[data-kb="kb-page-notes"]';
      await page.click(`${item} summary`);
      await page.waitForSelector(`${item} .chunk-list[data-loaded="true"]`);
      const listed = (await api('GET', '/api/v1/kb/kb-page-notes/chunks')).json.data.items as Array<{ id: number; title: string }>;
      expect(listed.map((c) => c.title)).toEqual(['箍筋加密区']);
      expect(await page.$$eval(`${item} .chunk-list li[data-chunk]`, (lis) => lis.map((li) => Number((li as HTMLElement).dataset.chunk)))).toEqual(listed.map((c) => c.id));

      await page.click(`${item} button[data-delete-chunk="${listed[0]!.id}"]`);
      await page.waitForFunction(() => document.getElementById('chunk-status')?.textContent?.startsWith('已从'));
      expect((await api('GET', '/api/v1/kb/kb-page-notes/chunks')).json.data.items).toEqual([]);
      await page.waitForSelector(`${item} .chunk-list[data-loaded="true"]`);
      expect(await page.textContent(item)).toContain('0 条资料');
      expect(await page.textContent(`${item} .chunk-list`)).toContain('还没有资料');
      await expectNoSidewaysScroll(page);
      await b.screenshot('dialog-kb-own-phone', '#my-kb');

      await page.click(`${item} button[data-delete-kb="kb-page-notes"]`);
      await page.waitForFunction(() => document.getElementById('chunk-status')?.textContent?.startsWith('已删除知识库'));
      expect((await api('GET', '/api/v1/kb')).json.data.items.map((k: { id: string }) => k.id)).not.toContain('kb-page-notes');
      expect(await page.locator('#kb-select option[value="kb-page-notes"]').count()).toBe(0);
      expect(await page.locator('#chunk-kb option[value="kb-page-notes"]').count()).toBe(0);
    } finally {
      page.off('dialog', accept);
    }
  });

  itRanClean(() => b);

  it('a revoked token sends the page back to signing in, keeping the question; a weak password is explained', async () => {
    const { page } = b;
    // the token dies elsewhere (another tab logged out)
    expect((await api('POST', '/api/auth/logout', {})).status).toBe(200);
    await page.fill('#chat-input', '院校专业组是什么');
    await page.press('#chat-input', 'Control+Enter');
    await page.waitForSelector('#auth-form:not([hidden])');
    expect(await page.textContent('#auth-error')).toContain('登录已失效');
    expect(await page.isVisible('#kb-chat')).toBe(false);
    expect(await page.inputValue('#chat-input')).toBe('院校专业组是什么');
    await b.screenshot('dialog-kb-signed-out');

    // registering with a password the policy refuses: the page names the field and the rule
    await page.fill('#auth-username', 'kb_page_second');
    await page.fill('#auth-password', 'short');
    await page.click('#auth-register', { noWaitAfter: true });
    // the browser's own check stops a too-short password before it is sent
    expect(await page.$eval('#auth-password', (e) => (e as HTMLInputElement).validity.tooShort || (e as HTMLInputElement).validity.valueMissing)).toBe(true);
    await page.fill('#auth-password', 'kb_page_second-and-more');
    await page.click('#auth-register');
    await page.waitForSelector('#auth-error:not([hidden])');
    expect(await page.textContent('#auth-error')).toMatch(/^密码：不能包含用户名。密码须为 10–128 个字符/);

    // a wrong password is said in Chinese
    await page.fill('#auth-username', USER);
    await page.fill('#auth-password', `${PASSWORD}-wrong`);
    await page.click('#auth-login');
    await expect.poll(() => page.textContent('#auth-error')).toBe('用户名或密码不对。');
    b.problems.length = 0;

    // signing in again brings the question back with the form
    await page.fill('#auth-username', USER);
    await page.fill('#auth-password', PASSWORD);
    await page.click('#auth-login');
    await page.waitForSelector('#kb-chat:not([hidden])');
    expect(await page.inputValue('#chat-input')).toBe('院校专业组是什么');
  });

  it('logging out on the page revokes the token on the service', async () => {
    const { page } = b;
    const before = await token();
    expect(before).toMatch(/^ut-/);
    await page.click('#auth-logout');
    await page.waitForSelector('#auth-form:not([hidden])');
    expect(await token()).toBeUndefined();
    const r = await fetch(`${t.url}/api/auth/me`, { headers: { authorization: `Bearer ${before}` } });
    expect(r.status).toBe(401);
    expect(await page.locator('#chat-log li').count()).toBe(0); // the conversation goes with the session
  });
});
