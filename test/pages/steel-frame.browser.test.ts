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

  it('every input table has one header above each column', async () => {
    await open();
    await page.click('[data-template="portal-cases"]');
    await analysed();
    for (const id of ['t-nodes', 't-members', 't-supports', 't-cases', 't-nodal', 't-loads']) {
      const heads = await page.$$eval(`#${id} thead th`, (ths) => ths.length);
      const cells = await page.$$eval(`#${id} tbody tr`, (trs) => trs.map((tr) => tr.querySelectorAll('td').length));
      for (const n of cells) expect({ id, n }).toEqual({ id, n: heads });
      // each header names its column's cells (the cell's aria-label starts with the table's row name and holds it)
      const labels = await page.$$eval(`#${id} tbody tr:first-child td [aria-label]`, (els) => els.map((e) => e.getAttribute('aria-label')!));
      const names = await page.$$eval(`#${id} thead th`, (ths) => ths.map((th) => th.textContent!.trim()));
      // (the last column is the row's delete button under a hidden 操作)
      labels.slice(0, -1).forEach((label, k) => expect(label).toContain(names[k]!));
    }
  });

  it('load cases, per-member l0x/l0y/l1 and a welded section reach the engine, with the governing combination shown', async () => {
    await open();
    await page.click('[data-template="portal-cases"]');
    await analysed();
    // the column: its μ of Appendix E is replaced by the engineer's l0x; the beam a welded I with a smaller bottom flange
    await page.fill('[data-cell="members:0:l0x"]', '6.3');
    await page.fill('[data-cell="members:0:l0y"]', '4.5');
    await page.selectOption('[data-cell="members:1:section"]', '__welded__');
    await page.fill('[data-cell="members:1:welded"]', '450×220×8×12');
    await page.fill('[data-cell="members:1:flange2"]', '180x10');
    await page.fill('[data-cell="members:1:l1"]', '2');
    await expect.poll(async () => {
      const body = decodeFragment(page.url()) as { members: Array<{ section: unknown; design?: unknown }> };
      return JSON.stringify([body.members[0]!.design, body.members[1]!.section, body.members[1]!.design]);
    }).toBe(JSON.stringify([{ l0x: 6.3, l0y: 4.5 }, { type: 'welded_i', h: 450, b: 220, tw: 8, tf: 12, b2: 180, tf2: 10 }, { l1: 2 }]));
    const body = decodeFragment(page.url());
    const fromPage = await analysed();
    const { status, body: fromApi } = await api(body);
    expect(status).toBe(200);
    expect(fromPage).toEqual(fromApi);
    expect(fromApi.checks.AB.params.l0x).toBe(6.3);
    expect(fromApi.load_cases.map((c: { id: string }) => c.id)).toEqual(['G', 'Q', 'WL', 'WR']);
    // the checks table names each member's governing combination as the API does
    const combos = await page.$$eval('#r-checks tbody tr', (trs) => trs.map((tr) => tr.querySelectorAll('td')[4]!.textContent!.split(' ')[0]));
    expect(combos).toEqual(Object.values(fromApi.checks).map((c) => (c as { combination: string }).combination));
    expect(await page.locator('#r-service tbody tr').count()).toBeGreaterThan(0);
    // no μ warning: every column has an l0x or μ from Appendix E
    expect(await page.textContent('#warnings')).not.toContain('μ = 1.0');
    // no English on the page: every header, option, message and result outside the JSON and the API's name
    const visible = await page.evaluate(() => {
      const copy = document.querySelector('.frame-page')!.cloneNode(true) as HTMLElement;
      for (const e of copy.querySelectorAll('details.raw, code, pre, noscript, #report')) e.remove();
      return copy.textContent!;
    });
    expect(visible.match(/\b[a-z]{4,}\b/g)).toBeNull();
    await b.screenshot('steel-frame-cases-welded');
  });

  it('bad member inputs are named in Chinese at their cell: plates that are not four numbers, a negative l0x, a load without its case', async () => {
    await open();
    await page.click('[data-template="portal-cases"]');
    await analysed();
    await page.selectOption('[data-cell="members:1:section"]', '__welded__');
    await page.fill('[data-cell="members:1:welded"]', '450×220');
    await expect.poll(() => page.getAttribute('[data-cell="members:1:welded"]', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#issues')).toContain('杆件第 2 行「焊接截面 h×b×tw×tf (mm)，选焊接工字形时」：焊接截面须为 h×b×tw×tf 四个数');
    await page.fill('[data-cell="members:1:welded"]', '450×220×8×12');
    await page.fill('[data-cell="members:0:l0x"]', '-1');
    await expect.poll(() => page.getAttribute('[data-cell="members:0:l0x"]', 'aria-invalid')).toBe('true');
    const text = (await page.textContent('#issues'))!;
    expect(text).toContain('杆件第 1 行「l0x (m)');
    expect(text).toMatch(/须为数值 > 0/);
    await page.fill('[data-cell="members:0:l0x"]', '');
    await page.selectOption('[data-cell="loads:0:case"]', '');
    await expect.poll(() => page.getAttribute('[data-cell="loads:0:case"]', 'aria-invalid')).toBe('true');
    // every message on the page is Chinese: no English word of the schema's messages
    const issues = await page.$$eval('#issues li', (lis) => lis.map((li) => li.textContent!));
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) expect(i).not.toMatch(/\b(must|required|expected|unknown|invalid|number)\b/i);
  });

  it('the 计算书: header, model, combinations with clauses, reactions, M/V/N, one sheet per member with its steps, printed to PDF', async () => {
    await open();
    await page.click('[data-template="portal-cases"]');
    const r = (await analysed()) as { checks: Record<string, { steps: unknown[] }>; combinations: Array<{ clause: string }> };
    await page.fill('#project', '测试厂房');
    await page.click('#report-button');
    await page.waitForSelector('#report:not([hidden])');
    const text = (await page.textContent('#report'))!;
    expect(text).toContain('平面钢框架计算书 · 测试厂房');
    expect(text).toContain('GB 55001-2021 第 3.1.13 条');
    // M, V, N of the whole frame under each combination that governs a member
    const governing = [...new Set(Object.values(r.checks).map((c) => (c as unknown as { combination: string }).combination))];
    for (const view of ['M', 'V', 'N']) {
      expect(await page.$$eval(`#report figure[data-view="${view}"]`, (fs) => fs.map((f) => (f as HTMLElement).dataset.combination))).toEqual(governing);
    }
    expect(await page.locator('#report figure[data-view="model"] svg').count()).toBe(1);
    expect(await page.locator('#report figure[data-view="M"] svg polygon[data-member]').count()).toBe(3 * governing.length);
    // each is that combination's analysis: its moments are the API's for the model with the loads so factored
    const first = governing[0]!;
    const body = decodeFragment(page.url()) as { members: Array<{ id: string; loads?: Array<Record<string, unknown>> }>; load_cases?: unknown };
    const full = await api(body);
    const factors = full.body.combinations.find((c: { id: string }) => c.id === first).factors as Record<string, number>;
    const factored = {
      ...body,
      load_cases: undefined,
      self_weight: false,
      members: body.members.map((m) => ({
        ...m,
        loads: [
          ...(m.loads ?? []).filter((l) => factors[l.case as string]).map(({ case: c, ...l }) => (l.type === 'point' ? { ...l, p: (l.p as number) * factors[c as string]! } : { ...l, w: (l.w as number) * factors[c as string]! })),
          { type: 'udl', w: -full.body.self_weight.per_member[m.id] * (factors[full.body.self_weight.case] ?? 0), dir: 'global_y' },
        ],
      })),
    };
    const one = await api(factored);
    expect(one.status).toBe(200);
    // a member that this combination governs shows the same end moments in both answers
    const mid = Object.entries(full.body.checks).find(([, c]) => (c as { combination: string }).combination === first)![0];
    const mine = one.body.members.find((m: { id: string }) => m.id === mid);
    const shown = full.body.members.find((m: { id: string }) => m.id === mid);
    expect(shown.combination).toBe(first);
    for (const key of ['M_i', 'M_j', 'N_i']) expect(Math.abs(mine[key] - shown[key])).toBeLessThan(1e-5 * Math.max(1, Math.abs(shown[key])));
    const sheets = await page.$$eval('#report .sheet', (els) => els.map((e) => ({ id: (e as HTMLElement).dataset.member, rows: e.querySelectorAll('table')[0]!.querySelectorAll('tbody tr').length })));
    expect(sheets.map((x) => x.id)).toEqual(Object.keys(r.checks));
    for (const x of sheets) expect(x.rows).toBe(r.checks[x.id!]!.steps.length);
    // Chinese throughout: no sentence of the engines' English halves
    expect(text).not.toMatch(/\b(the|is|are|not|with|must)\b/);
    // printed alone: A4 pages, each member on its own sheet
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(sheets.length + 1);
    await b.screenshot('steel-frame-report');
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
