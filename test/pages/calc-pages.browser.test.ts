// The calculator pages (/tools/concrete, /tools/steel, /tools/steel-frame) at a phone's width (390 px) and a
// desktop's, for what issues 31 and 32 found on them: no Content-Security-Policy violation on load (zod's probe of
// `new Function` was reported on every calculator page, caught by no console check), no layout shift on the steel
// page's first paint (0.657 on a phone), no English on screen (titles, refusals — zod's "Too small: expected array
// to have >=1 items" —, warnings), and the frame page's input tables with one header over each column (the member
// table's headers lagged two columns behind its 11 cells).
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, DESKTOP, expectAxeClean, expectNoEnglish, itRanClean, layoutShift, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('calc-pages.browser');

/** Names a Chinese calculator page shows as they are: grades, section designations, symbols, standards. */
const NAMES = ['rad', 'Wnx', 'qQk', 'Mqx', 'Ncr', 'EIx', 'mqx', "N'Ex", 'Q235', 'Q355', 'Q390', 'Q420', 'Q460', 'HRB', 'HPB', 'HRBF', 'RRB', 'HRB400', 'HRB500', 'HPB300', 'HRBF400', 'HRBF500', 'RRB400', 'HRB335', 'HRBF335', 'max', 'min', 'fixed', 'pinned', 'roller'];

describe.skipIf(!RUN_BROWSER)('calculator pages in chromium: CSP, layout shift, Chinese, table headers', () => {
  let t: TestApp;
  let b: Browser;
  let page: Browser['page'];

  browserSuite({}, (app, browser) => ((t = app), (b = browser), (page = browser.page)));

  /** Loads a page with a listener for CSP violations in place before any of its scripts runs; the violations. */
  async function load(path: string): Promise<string[]> {
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    await page.goto(`${t.url}${path}`);
    await page.waitForSelector('html[data-ready="true"]');
    // a rendering frame for anything the scripts still queue
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  }

  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${label}: no page triggers a CSP violation (zod's eval probe) while loading and computing`, async () => {
      await page.setViewportSize(viewport);
      for (const path of ['/tools/concrete', '/tools/steel', '/tools/steel-frame']) expect(await load(path), path).toEqual([]);
      // computing too: the frame's template analysed, a steel kind switched
      await load('/tools/steel-frame');
      await page.click('[data-template="two-storey"]');
      await page.waitForSelector('#output:not([hidden])');
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    });

    it(`${label}: /tools/steel does not shift its layout while its form is built`, async () => {
      await page.setViewportSize(viewport);
      await load('/tools/steel');
      expect(await layoutShift(page)).toBeLessThan(0.1);
    });

    it(`${label}: /tools/steel shows no English on any of its kinds, computed`, async () => {
      await page.setViewportSize(viewport);
      await load('/tools/steel');
      const kinds = await page.$$eval('#kinds [role="tab"]', (tabs) => tabs.map((t) => (t as HTMLElement).dataset.kind!));
      expect(kinds.length).toBeGreaterThan(4);
      for (const kind of kinds) {
        await page.click(`#kinds [data-kind="${kind}"]`);
        await page.click('#calc');
        await page.waitForSelector('#output:not([hidden])');
        await expectNoEnglish(page, '.calc', NAMES);
      }
      await expectAxeClean(page);
    });
  }

  it('/tools/steel-frame: every input table has one header over each column, named as its cells are', async () => {
    await page.setViewportSize(DESKTOP);
    await load('/tools/steel-frame');
    await page.click('[data-template="two-storey"]');
    await page.waitForSelector('#output:not([hidden])');
    for (const id of ['t-nodes', 't-members', 't-supports', 't-nodal', 't-loads']) {
      const { heads, cells } = await page.$eval(`#${id}`, (table) => ({
        heads: [...table.querySelectorAll('thead th')].map((th) => th.textContent!.trim()),
        cells: [...table.querySelectorAll('tbody tr:first-child td')].map((td) => td.querySelector('[aria-label]')?.getAttribute('aria-label') ?? ''),
      }));
      expect(heads.length, id).toBe(cells.length);
      // each cell's label is "<row name> <n> <column label>": the header above it begins that column label
      heads.slice(0, -1).forEach((h, k) => expect(cells[k]!.replace(/^\S+ \d+ /, ''), `${id} column ${k + 1}`).toMatch(new RegExp(`^${h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
    }
    await expectAxeClean(page);
  });

  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${label}: /tools/steel-frame says every refusal and warning in Chinese (no zod English)`, async () => {
      await page.setViewportSize(viewport);
      await load('/tools/steel-frame');
      await page.click('[data-template="two-storey"]');
      await page.waitForSelector('#output:not([hidden])');
      await expectNoEnglish(page, '#output', NAMES);
      // every member deleted: zod's "Too small: expected array to have >=1 items" must arrive in Chinese
      while (await page.locator('#t-members tbody button.remove').count()) await page.locator('#t-members tbody button.remove').first().click();
      await expect.poll(async () => (await page.$$eval('#issues li', (lis) => lis.map((li) => li.textContent))).join('\n')).toContain('杆件表：至少 1 项');
      await expectNoEnglish(page, '#issues', NAMES);
      // a bad number in a cell: the cell's name and the rule, in Chinese
      await page.click('[data-template="two-storey"]');
      await page.fill('[data-cell="nodes:0:x"]', 'abc');
      await expect.poll(async () => page.locator('#issues li').count()).toBeGreaterThan(0);
      await expectNoEnglish(page, '#issues', NAMES);
    });
  }

  itRanClean(() => b);
});
