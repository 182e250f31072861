// /dialog/ in chromium: questions typed and sent from the keyboard stream through /llm/chat/completions (the site's
// agent; no upstream model is configured, as on a fresh machine); each answer and the tools it called are checked
// against /v1/chat/completions for the same conversation, at desktop and phone widths; the per-IP limit of the
// proxy is shown in words and the question is kept. Screenshots go to test-artifacts/.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { renderMarkdown } from '../../src/pages/shared/markdown.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectAxeClean, expectNoSidewaysScroll, itRanClean, PHONE, RUN_BROWSER, sendChat, warnIfSkipped } from './browser.ts';

warnIfSkipped('dialog.browser');
const PER_MINUTE = 5; // the flows below send 5 questions through the page

describe.skipIf(!RUN_BROWSER)('/dialog/ in chromium', () => {
  let t: TestApp;
  let b: Browser;
  const history: Array<{ role: string; content: string }> = [];

  browserSuite({ config: { LLM_PROXY_PER_MINUTE: String(PER_MINUTE), LLM_API_URL: '', LLM_API_KEY: '', LLM_CHAT_MODEL: '' } }, (app, browser) => ((t = app), (b = browser)));

  /** Sends with Ctrl+Enter, waits for the streamed answer; returns the answer as shown (HTML), the tools shown and
   * the API's answer to the same conversation. */
  async function ask(question: string) {
    const li = await sendChat(b.page, question);
    const shown = await li.locator('.content').innerHTML();
    const tools = (await li.getAttribute('data-tools'))?.split(',') ?? [];

    history.push({ role: 'user', content: question });
    const r = await fetch(`${t.url}/v1/chat/completions`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'svc', messages: history }) });
    expect(r.status).toBe(200);
    const api = await r.json();
    history.push({ role: 'assistant', content: api.choices[0].message.content });
    return { shown, tools, api, want: renderMarkdown(api.choices[0].message.content) };
  }

  it('desktop: a greeting, a score question and a follow-up, each as /v1/chat/completions answers it', async () => {
    await b.page.goto(`${t.url}/dialog/`);
    await b.page.waitForSelector('html[data-ready="true"]');
    await expectAccessibleBasics(b.page);

    const hello = await ask('你好');
    expect(hello.shown).toBe(hello.want);
    expect(hello.tools).toEqual([]); // greetings need no tool
    expect(hello.api.svc).toBeUndefined();

    const score = await ask('河南物理类 600 分能上什么大学？');
    expect(score.shown).toBe(score.want);
    expect(score.shown).toContain('<table>'); // the composer's table of universities, rendered
    expect(score.tools).toEqual(score.api.svc.tools_called.map((c: { tool: string }) => c.tool));
    expect(score.tools).toContain('match_by_score');

    const follow = await ask('那历史类呢？');
    expect(follow.shown).toBe(follow.want);
    expect(follow.tools).toEqual(follow.api.svc.tools_called.map((c: { tool: string }) => c.tool));
    const args = await b.page.locator('#chat-log li.assistant').last().locator('.tools-called li').first().textContent();
    expect(args).toContain('历史');
    await expectNoSidewaysScroll(b.page);
    await b.screenshot('dialog-desktop');
  });

  it('phone (390×844): a chart question answered with the sizhu tool; a table answer with no number split; no sideways scrolling', async () => {
    await b.page.setViewportSize(PHONE);
    await b.page.click('#chat-clear');
    history.length = 0;
    const chart = await ask('帮我排一下八字：1990年5月15日早上8点30分出生，男');
    expect(chart.shown).toBe(chart.want);
    expect(chart.tools).toEqual(['sizhu']);
    await expectNoSidewaysScroll(b.page);
    await b.screenshot('dialog-phone');

    // a table of universities on a phone: it scrolls in a box that takes focus, and no number of the answer is split
    // over lines
    const score = await ask('河南物理类 600 分能上什么大学？');
    expect(score.shown).toBe(score.want);
    const li = b.page.locator('#chat-log li.assistant').last();
    const box = li.locator('.content .table-scroll').first();
    expect(await box.getAttribute('tabindex')).toBe('0');
    expect(await li.locator('.content table').count()).toBeGreaterThan(0);
    const split = await li.locator('.content').evaluate((table) => {
      const out: string[] = [];
      let numbers = 0;
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of (n.textContent ?? '').matchAll(/\d{3,}(?:[.,]\d+)*/g)) {
          numbers++;
          const range = document.createRange();
          range.setStart(n, m.index!);
          range.setEnd(n, m.index! + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(m[0]);
        }
      }
      return { out, numbers };
    });
    expect(split.numbers).toBeGreaterThan(3);
    expect(split.out).toEqual([]);
    await expectNoSidewaysScroll(b.page);
    await b.screenshot('dialog-phone-table');
    await expectAxeClean(b.page); // answers with a table, tools and receipts
  });

  itRanClean(() => b);

  it('over the per-IP limit the page says when to retry and keeps the question', async () => {
    const { page } = b;
    let message = '';
    for (let n = 0; n < 3 && !message; n++) {
      await page.fill('#chat-input', '你好');
      await page.press('#chat-input', 'Control+Enter');
      await page.waitForFunction(() => !(document.getElementById('chat-send') as HTMLButtonElement).disabled);
      message = (await page.isVisible('#chat-error')) ? ((await page.textContent('#chat-error')) ?? '') : '';
    }
    expect(message).toMatch(/^请求太频繁，请约 \d+ 分钟后再试。$/);
    expect(await page.inputValue('#chat-input')).toBe('你好');
    await b.screenshot('dialog-rate-limited');
  });
});
