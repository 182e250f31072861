// The /tools/steel page in a real browser (Debian chromium driven by playwright-core, headless, loopback only), at
// phone width (390 px): one reference case per kind is entered, computed on the page and compared with POST
// /v1/calc/steel for the same inputs and with the reference figures; one case is typed field by field; an invalid
// input is marked in place and clears the old result. Screenshots go to test-artifacts/ (git-ignored).
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { MEMBER_VECTORS, mismatches } from '../calc/steel/vectors.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectNoSidewaysScroll, itRanClean, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('steel.browser');

const PHONE_390 = { width: 390, height: 844 };
/** One case per kind, with each section type (table, dimensions of rolled and welded, given properties). */
const CASES = ['phi-c-112', 'sec-H446x199x8x12', 'ten-Q235-net', 'col-welded-flamecut', 'beam-HN400-udl-top', 'bc-HW300-Q355-sway'];

describe.skipIf(!RUN_BROWSER)('/tools/steel in chromium at phone width', () => {
  let t: TestApp;
  let b: Browser;
  let page: Browser['page'];

  browserSuite({}, (app, browser) => ((t = app), (b = browser), (page = browser.page)));

  const field = (name: string) => page.locator(`[id="f-${name}"]`);

  async function api(kind: string, params: unknown) {
    const r = await fetch(`${t.url}/v1/calc/steel`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body: JSON.stringify({ kind, params }) });
    return { status: r.status, body: await r.json() };
  }

  async function pageResult(kind: string) {
    await page.waitForSelector(`#output[data-kind="${kind}"][data-state="computed"]:not([hidden])`);
    return JSON.parse((await page.textContent('#result-json'))!);
  }

  for (const id of CASES) {
    it(`${id}: the page computes what the API answers`, async () => {
      await page.setViewportSize(PHONE_390);
      const v = MEMBER_VECTORS.find((x) => x.id === id)!;
      // the page's own sharing link: the case lands in the form, and the page computes from the form
      await page.goto(`${t.url}/tools/steel#${encodeURIComponent(JSON.stringify({ kind: v.kind, params: v.params }))}`);
      await page.waitForSelector('html[data-ready="true"]');
      expect(await page.getAttribute(`#kinds button[data-kind="${v.kind}"]`, 'aria-selected')).toBe('true');
      await page.click('#calc');
      const fromPage = await pageResult(v.kind);
      const { status, body } = await api(v.kind, v.params);
      expect(status).toBe(200);
      expect(fromPage).toEqual(body);
      expect(mismatches(v, fromPage.values)).toEqual([]);

      // what an engineer reads: verdict, summary, each check with its ratio bar, warnings, every step with its clause
      expect(await page.getAttribute('#verdict', 'data-verdict')).toBe(body.verdict);
      expect(await page.textContent('#summary')).toBe(body.summary);
      const checks = await page.$$eval('#checks .check-row', (rows) => rows.map((r) => ({ key: (r as HTMLElement).dataset.key, ratio: Number((r.querySelector('.ratio') as HTMLElement).dataset.value), governing: r.classList.contains('governing') })));
      expect(checks).toEqual(body.checks.map((c: { key: string; ratio: number }) => ({ key: c.key, ratio: c.ratio, governing: c.key === body.governing })));
      const rows = await page.$$eval('#steps tr', (trs) => trs.map((tr) => ({ key: (tr as HTMLElement).dataset.key, value: (tr.querySelector('td.num') as HTMLElement).dataset.value, clause: tr.querySelector('td.clause')!.textContent })));
      expect(rows).toEqual(body.steps.map((s: { key: string; value: unknown; clause: string }) => ({ key: s.key, value: JSON.stringify(s.value), clause: s.clause })));
      expect(await page.locator('#drawing svg').count()).toBe(body.section ? 1 : 0);
      await expectNoSidewaysScroll(page);
      await b.screenshot(`steel-${v.kind}-phone`);
    });
  }

  it('computes a beam-column typed field by field, with the section drawn to its dimensions', async () => {
    await page.setViewportSize(PHONE_390);
    await page.goto(`${t.url}/tools/steel`);
    await page.waitForSelector('html[data-ready="true"]');
    await expectAccessibleBasics(page);
    await page.click('#kinds button[data-kind="beam_column"]');
    await pageResult('beam_column');
    const v = MEMBER_VECTORS.find((x) => x.id === 'bc-HN400-udl-nonsway')!;
    await field('section.designation').selectOption('HN400x200x8x13');
    await field('grade').selectOption('Q235');
    for (const [name, value] of [['N', 300], ['Mx', 110], ['l0x', 6], ['l0y', 3]] as const) await field(name).fill(String(value));
    if (!(await page.isChecked('#g-moments'))) await page.check('#g-moments');
    await field('moments.transverse').selectOption('udl');
    await page.click('#calc');
    const fromPage = await pageResult('beam_column');
    expect(mismatches(v, fromPage.values)).toEqual([]);
    expect(fromPage).toEqual((await api('beam_column', fromPage.input)).body);
    expect(await page.textContent('#drawing svg')).toContain('h = 400');
    expect(await page.textContent('#checks .governing')).toContain('平面外');
    await b.screenshot('steel-beam-column-phone');
  });

  it('marks an invalid input in place and clears the old result; the API names the same field', async () => {
    await page.setViewportSize(PHONE_390);
    await page.goto(`${t.url}/tools/steel`);
    await page.waitForSelector('html[data-ready="true"]');
    await page.click('#kinds button[data-kind="compression"]');
    await pageResult('compression');
    expect(await page.textContent('#result-json')).not.toBe('');

    await field('l0x').fill('-3');
    await page.waitForSelector('.field[data-name="l0x"].invalid');
    expect(await page.textContent('.field[data-name="l0x"] .err')).toContain('≥ 0.01 且 ≤ 200 m');
    expect(await page.getAttribute('[id="f-l0x"]', 'aria-invalid')).toBe('true');
    expect(await page.isHidden('#output')).toBe(true);
    expect(await page.getAttribute('#output', 'data-state')).toBe('cleared');
    expect(await page.textContent('#result-json')).toBe('');
    expect(await page.locator('#checks .check-row').count()).toBe(0);
    const bad = await api('compression', { section: { type: 'rolled_h', designation: 'HW300x300x10x15' }, N: 1500, l0x: -3, l0y: 6, grade: 'Q235' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('params.l0x');
    await b.screenshot('steel-invalid-phone');

    await field('l0x').fill('6');
    await pageResult('compression');
    expect(await page.isHidden('#output')).toBe(false);
  });

  itRanClean(() => b);
});
