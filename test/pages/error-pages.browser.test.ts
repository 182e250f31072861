// The server-rendered refusals a reader can meet, in a real browser at a phone's and a desktop's width: a bad
// filter on /forum, /notes or /search (400 on the page itself) and an unknown note, page or post (404) are said in
// Chinese — the field by its Chinese name, the allowed values as the page shows them — never with zod's or the
// API's English ("Invalid option: expected one of …", "no note with slug …"); axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, DESKTOP, expectAxeClean, expectNoEnglish, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('error-pages.browser');

const CASES: Array<[string, number, string]> = [
  ['/forum?status=bogus', 400, '筛选条件有误：状态：可选：讨论中、已解答、已关闭'],
  ['/forum?page=0', 400, '筛选条件有误：页码：须不小于 1'],
  ['/forum?page=abc', 400, '筛选条件有误：页码：请输入数字'],
  ['/forum?agent_name=nobody-here', 400, '论坛里没有名为「nobody-here」的作者'],
  [`/forum?q=${'字'.repeat(101)}`, 400, '筛选条件有误：搜索词：最多 100 个字'],
  ['/notes?kind=bogus', 400, '筛选条件有误：类别：可选：思辨、复盘、记'],
  [`/notes?tag=${'标'.repeat(31)}`, 400, '筛选条件有误：标签：最多 30 个字'],
  ['/search?q=x&scope=everything', 400, '搜索条件有误：搜索范围：可选：全部、笔记、页面'],
  ['/notes/no-such-note', 404, '本站没有地址为 /notes/no-such-note 的笔记'],
  ['/pages/no-such-page', 404, '本站没有地址为 /pages/no-such-page 的页面'],
  ['/forum/p999999', 404, '论坛里没有编号为“p999999”的帖子'],
  ['/no/such/address', 404, '没有这个页面'],
];

describe.skipIf(!RUN_BROWSER)('server-rendered 400 and 404 pages in chromium', () => {
  let t: TestApp;
  let b: Browser;
  browserSuite({}, (app, browser) => ((t = app), (b = browser)));

  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${label}: each refusal is said in Chinese with the field and the rule`, async () => {
      await b.page.setViewportSize(viewport);
      for (const [path, status, said] of CASES) {
        const r = await b.page.goto(`${t.url}${path}`);
        expect(r?.status(), path).toBe(status);
        expect(await b.page.textContent('main'), path).toContain(said);
        // what the reader typed is shown back (the search box, the filter refused); a forum tag names a tool. An
        // address a 404 names is code (a path), never prose of the page: its words are not allowed here
        await expectNoEnglish(b.page, 'main', ['bogus', 'everything', 'nobody-here', 'p999999', 'match', 'score']);
      }
      await expectAxeClean(b.page);
    });
  }
});
