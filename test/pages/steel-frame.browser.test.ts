// The /tools/steel-frame page in a real browser (Debian chromium driven by playwright-core, headless, loopback
// only): a template frame analysed on the page gives exactly what POST /v1/calc/steel-frame answers for the model
// the page shares in its URL; the diagrams are drawn; a shared URL and an uploaded JSON file reproduce a model; a bad
// cell is marked where the API names the field and the old result is cleared; an unstable model says so; at phone
// width (390 px) nothing scrolls sideways. Screenshots go to test-artifacts/ (git-ignored).
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { FRAME_VECTORS } from '../calc/steel/frame/vectors.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectNoSidewaysScroll, itRanClean, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('steel-frame.browser');

const PHONE_390 = { width: 390, height: 844 };

function decodeFragment(url: string): unknown {
  const m = /#frame=([A-Za-z0-9_-]+)$/.exec(url);
  if (!m) throw new Error(`no model in ${url}`);
  return JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8'));
}

describe.skipIf(!RUN_BROWSER)('/tools/steel-frame in chromium', () => {
  let t: TestApp;
  let b: Browser;
  let page: Browser['page'];

  browserSuite({}, (app, browser) => ((t = app), (b = browser), (page = browser.page)));

  // the page asks for the diagrams and the full checks (stations, steps): the API is asked the same
  async function api(body: unknown) {
    const full = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, stations: true, steps: true } : body;
    const r = await fetch(`${t.url}/v1/calc/steel-frame`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body: JSON.stringify(full) });
    return { status: r.status, body: await r.json() };
  }

  async function open(fragment = '') {
    await page.goto(`${t.url}/tools/steel-frame${fragment}`);
    await page.waitForSelector('html[data-ready="true"]');
  }

  async function analysed(): Promise<unknown> {
    await page.waitForSelector('#output:not([hidden])');
    return JSON.parse((await page.textContent('#result-json'))!);
  }

  it('a template analysed on the page equals the API for the model in the shared URL', async () => {
    await open();
    await page.click('[data-template="two-storey"]');
    await expect.poll(async () => (await page.textContent('#summary')) ?? '').toContain('6 个节点');
    const fromPage = await analysed();
    const body = decodeFragment(page.url());
    const { status, body: fromApi } = await api(body);
    expect(status).toBe(200);
    expect(fromPage).toEqual(fromApi);
    // what an engineer reads: the reactions and the member checks as the API gives them
    const reactions = await page.$$eval('#r-reactions tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td[data-value]')].map((td) => JSON.parse((td as HTMLElement).dataset.value!))));
    expect(reactions).toEqual(fromApi.reactions.map((r: { rx: number; ry: number; mz: number }) => [r.rx, r.ry, r.mz]));
    const ratios = await page.$$eval('#r-checks tbody tr', (trs) => trs.map((tr) => JSON.parse((tr.querySelectorAll('td')[3] as HTMLElement).dataset.value!)));
    expect(ratios).toEqual(Object.values(fromApi.checks).map((c) => (c as { ratio: number }).ratio));
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe(fromApi.verdict);
    expect(await page.textContent('#summary')).toBe(fromApi.summary);

    // the diagrams: one shape per member in each view
    for (const [view, shape] of [['M', 'polygon'], ['V', 'polygon'], ['N', 'polygon'], ['deformed', 'polyline']] as const) {
      await page.check(`input[name="view"][value="${view}"]`);
      await expect.poll(() => page.getAttribute('#drawing', 'data-view')).toBe(view);
      expect(await page.locator(`#drawing ${shape}[data-member]`).count()).toBe(fromApi.members.length);
    }
    await page.check('input[name="view"][value="M"]');
    await b.screenshot('steel-frame-two-storey-M');
    await page.check('input[name="view"][value="model"]');
    expect(await page.locator('#drawing [data-support]').count()).toBe(2);
    expect(await page.locator('#drawing line.member[data-member]').count()).toBe(6);
  });

  it('a shared URL and an uploaded JSON file reproduce the model and its results', async () => {
    const truss = FRAME_VECTORS.find((v) => v.id === 'frame-3bar-truss')!;
    const fragment = `#frame=${Buffer.from(JSON.stringify(truss.params)).toString('base64url')}`;
    await open(fragment);
    // the page was already open: the new fragment loads the model (hashchange)
    await expect.poll(async () => (JSON.parse((await page.textContent('#result-json')) || '{}').members ?? []).map((m: { id: string }) => m.id).join()).toBe('ad,ac,ab');
    const shared = await analysed();
    expect(shared).toEqual((await api(truss.params)).body);

    const portal = FRAME_VECTORS.find((v) => v.id === 'frame-portal-lateral')!;
    await page.setInputFiles('#upload', { name: 'portal.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(portal.params)) });
    await expect.poll(async () => (await page.textContent('#share-note')) ?? '').toContain('portal.json');
    await expect.poll(async () => JSON.parse((await page.textContent('#result-json')) || '{}').members?.length).toBe(3);
    expect(JSON.parse((await page.textContent('#result-json'))!)).toEqual((await api(portal.params)).body);
  });

  it('a bad cell is marked where the API names the field, and the old result is cleared', async () => {
    await open();
    await page.click('[data-template="portal"]');
    await analysed();
    const cell = page.locator('[data-cell="nodes:2:x"]');
    await cell.fill('abc');
    await expect.poll(() => cell.getAttribute('aria-invalid')).toBe('true');
    await page.waitForSelector('#output[hidden]', { state: 'attached' });
    expect(await page.textContent('#result-json')).toBe('');
    expect(await page.textContent('#issues')).toContain('节点第 3 行');
    const body = structuredClone(decodeFragment(page.url())) as { nodes: Array<Record<string, unknown>> };
    body.nodes[2]!.x = 'abc';
    const refused = await api(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.param).toBe('nodes.2.x');
    expect(await page.getAttribute('li[data-field]', 'data-field')).toBe('nodes.2.x');

    await cell.fill('6');
    await analysed();
    expect(await cell.getAttribute('aria-invalid')).toBeNull();

    // a mechanism: both supports made rollers
    for (const row of [0, 1]) await page.selectOption(`[data-cell="supports:${row}:type"]`, 'roller');
    await page.waitForSelector('#output[hidden]', { state: 'attached' });
    expect(await page.textContent('#issues')).toContain('几何可变');
    await b.screenshot('steel-frame-unstable');
  });

  it('phone (390 px): tables, drawing and results fit without sideways scrolling', async () => {
    await page.setViewportSize(PHONE_390);
    await open();
    await expectAccessibleBasics(page);
    await page.click('[data-template="continuous"]');
    await expect.poll(async () => (await page.textContent('#summary')) ?? '').toContain('4 个节点');
    const fromPage = await analysed();
    expect(fromPage).toEqual((await api(decodeFragment(page.url()))).body);
    await page.check('input[name="view"][value="M"]');
    await expectNoSidewaysScroll(page);
    await b.screenshot('steel-frame-phone');
  });

  itRanClean(() => b);
});
