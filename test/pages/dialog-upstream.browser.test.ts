// /dialog/ in chromium with an upstream model configured (the operator's key behind /llm/chat/completions): the page
// gets its page token with the page itself (an HttpOnly cookie the browser sends on its own), so a question typed on
// the page streams the upstream's answer; the upstream sees the site's system prompt first. Loopback only: the
// upstream is a scripted OpenAI-protocol server this test starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';
import { type Browser, openBrowser, RUN_BROWSER, sendChat, warnIfSkipped } from './browser.ts';

warnIfSkipped('dialog-upstream.browser');

describe.skipIf(!RUN_BROWSER)('/dialog/ in chromium with an upstream model', () => {
  let t: TestApp;
  let b: Browser;
  let up: FakeUpstream;
  beforeAll(async () => {
    up = await startFakeUpstream();
    t = await startTestApp({ listen: true, config: { LLM_API_URL: up.url, LLM_API_KEY: 'sk-page-test', LLM_CHAT_MODEL: 'up-model' } });
    b = await openBrowser(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    await up?.close();
  });

  it('sends the page token it was given with the page, and shows the streamed answer', async () => {
    up.script({ content: '上游模型的回答' });
    await b.page.goto(`${t.url}/dialog/`);
    await b.page.waitForSelector('html[data-ready="true"]');
    // HttpOnly: the page's scripts cannot read it, the browser sends it
    expect(await b.page.evaluate(() => document.cookie)).toBe('');
    const li = await sendChat(b.page, '你好');
    expect((await li.locator('.content').textContent())?.trim()).toBe('上游模型的回答');
    expect(up.requests.length).toBe(1);
    expect(up.requests[0]!.headers.authorization).toBe('Bearer sk-page-test');
    expect(up.requests[0]!.body.messages[0]).toMatchObject({ role: 'system' });
    expect(up.requests[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: '你好' });
    expect(b.problems).toEqual([]);
    expect(b.foreign).toEqual([]);
  });
});
