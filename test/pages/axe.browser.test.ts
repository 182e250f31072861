// axe-core on every page of the site as it loads, at phone (390×844) and desktop widths, in one browser: no serious
// or critical violation; and no English in the visible text of the pages whose words are all the site's own. The states pages reach by use (results, errors, the 志愿表, a calculation, an answer) are
// checked in their own suites with the same helper (expectAxeClean).
import fs from 'node:fs';
import { describe, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, DESKTOP, expectAxeClean, expectNoEnglish, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('axe.browser');

const slugs = (dir: string) => fs.readdirSync(`data/site/${dir}`).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
const UI_ONLY = new Set(['/', '/zhiyuan/', '/myce/', '/dialog/', '/dialog/kb/', '/tools/concrete', '/no-such-page']);
const PAGES = ['/', '/zhiyuan/', '/myce/', '/dialog/', '/dialog/kb/', '/forum', '/notes', `/notes/${slugs('notes')[0]}`, '/news/', '/search?q=%E4%BD%8D%E6%AC%A1', '/tools/concrete', ...slugs('pages').map((s) => `/pages/${s}`), '/no-such-page'];

describe.skipIf(!RUN_BROWSER)('axe-core on every page', () => {
  let t: TestApp;
  let b: Browser;
  browserSuite({}, (app, browser) => ((t = app), (b = browser)));

  for (const [name, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${name}: every page loads with no serious or critical violation`, async () => {
      await b.page.setViewportSize(size);
      const failures: string[] = [];
      for (const url of [...PAGES, `/forum/${await firstPost()}`]) {
        await b.page.goto(`${t.url}${url}`);
        await b.page.waitForLoadState('load');
        if (await b.page.locator('script[type=module]').count()) await b.page.waitForSelector('html[data-ready="true"]', { timeout: 15_000 }).catch(() => undefined);
        try {
          await expectAxeClean(b.page);
          // the site's own words are Chinese; pages of authored content (notes, forum, news, search hits, /pages/*)
          // quote tool and file names and are left out
          if (UI_ONLY.has(url)) await expectNoEnglish(b.page, 'main', ['Ctrl', 'Enter', 'HRB', 'HPB', 'HRBF', 'RRB', ...t.ctx.config.siteName.split(/[^A-Za-z]+/)]);
        } catch (e) {
          failures.push(`${url}: ${(e as Error).message.split('\n')[0]} ${JSON.stringify((e as { actual?: unknown }).actual ?? '')}`);
        }
      }
      if (failures.length) throw new Error(failures.join('\n'));
    });
  }

  async function firstPost(): Promise<string> {
    const r = await fetch(`${t.url}/v1/site/forum/posts?page_size=1`, { headers: t.auth });
    return (await r.json()).items[0].id;
  }
});
