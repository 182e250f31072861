// /zhiyuan/ in chromium: search with a short name, a university's detail and the chart of its lines, "what can my
// score reach" and the simulation of a list made from it, a major's ranking and the catalogue, the score-line query
// and the rank lookup, each checked against the legacy endpoint or the same tool over /v1 with a key, at desktop and
// phone widths. Screenshots go to test-artifacts/.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectNoSidewaysScroll, itRanClean, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('zhiyuan.browser');

describe.skipIf(!RUN_BROWSER)('/zhiyuan/ in chromium', () => {
  let t: TestApp;
  let b: Browser;
  browserSuite({ config: { PAGE_RATE_LIMIT: '1000' } }, (app, browser) => ((t = app), (b = browser)));

  async function v1(toolName: string, args: Record<string, unknown>) {
    const r = await fetch(`${t.url}/v1/tools/${toolName}`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body: JSON.stringify(args) });
    expect(r.status).toBe(200);
    return r.json();
  }
  async function legacy(path: string, params: Record<string, string>) {
    const r = await fetch(`${t.url}${path}?${new URLSearchParams(params)}`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toMatchObject({ code: 200, message: 'success' });
    return body.data;
  }
  const ids = (sel: string, attr = 'id') => b.page.$$eval(sel, (els, a) => els.map((e) => (e as HTMLElement).dataset[a]!), attr);

  async function open() {
    await b.page.goto(`${t.url}/zhiyuan/`);
    await b.page.waitForSelector('html[data-ready="true"]');
  }

  async function matchScore(province: string, subject: string, score: number) {
    const { page } = b;
    await page.selectOption('#m-province', province);
    await page.selectOption('#m-subject', subject);
    await page.fill('#m-score', String(score));
    await page.click('#match-submit');
    await page.waitForSelector('#match-result:not([hidden])');
    const api = await v1('match_by_score', { province, subject_type: subject, score, limit: 30 });
    await expect.poll(() => page.textContent('#match-summary')).toBe(api.summary);
    expect(api.items.length).toBeGreaterThan(0);
    expect(await ids('#match-body tr', 'uni')).toEqual(api.items.map((i: { university_id: number | null }) => String(i.university_id ?? '')));
    expect(await ids('#match-body tr', 'label')).toEqual(api.items.map((i: { label: string }) => i.label));
    const diffs = await page.$$eval('#match-body td[data-label="位次差"]', (tds) => tds.map((td) => parseFloat(td.textContent!)));
    expect(diffs).toEqual(api.items.map((i: { rank_diff_pct: number | null; score_diff: number }) => i.rank_diff_pct ?? i.score_diff));
    // the admission probability and its interval, when the engine gives them
    const probs = await page.$$eval('#match-body td[data-label="录取概率"]', (tds) => tds.map((td) => td.textContent));
    if (api.items.some((i: { probability?: number }) => typeof i.probability === 'number')) {
      expect(probs).toEqual(api.items.map((i: { probability: number; interval: [number, number] }) => `${Math.round(i.probability * 100)}%（${Math.round(i.interval[0] * 100)}%–${Math.round(i.interval[1] * 100)}%）`));
    } else expect(probs).toEqual([]);
    return api as { items: Array<{ university_id: number | null; campus?: string | null; unit?: string | null }> };
  }

  /** Adds the matched entries at `rows` to the simulation (the second with a major keyword), runs it with a seed and
   * checks every target's result against POST /api/simulation/mirofish for the same body. */
  async function simulate(match: Awaited<ReturnType<typeof matchScore>>, candidate: { province: string; subject_type: string; score: number }, rows: number[]) {
    const { page } = b;
    await page.click('#sim-clear');
    for (const n of rows) await page.click(`#match-body tr >> nth=${n} >> button.add-target`);
    expect(await page.locator('#sim-targets li').count()).toBe(rows.length);
    await page.fill('#sim-major-1', '计算机');
    await page.selectOption('#sim-draws', '1000');
    await page.fill('#sim-seed', 'page-test');
    await page.click('#sim-submit');
    await page.waitForSelector('#sim-result[data-seed="page-test"]:not([hidden])');
    const targets = rows.map((n, i) => {
      const it = match.items[n]!;
      return { university_id: it.university_id, ...(it.campus ? { campus: it.campus } : {}), ...(it.unit ? { unit: it.unit } : {}), ...(i === 1 ? { major: '计算机' } : {}) };
    });
    const r = await fetch(`${t.url}/api/simulation/mirofish`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...candidate, targets, draws: 1000, seed: 'page-test' }) });
    expect(r.status).toBe(200);
    const sim = (await r.json()).data;
    await expect.poll(() => page.textContent('#sim-summary')).toBe(sim.summary);
    type Result = { university_id: number | null; status: string; label: string | null; probability: number | null; interval: [number, number] | null; se: number | null };
    expect(await ids('#sim-body tr', 'uni')).toEqual(sim.results.map((x: Result) => String(x.university_id ?? '')));
    expect(await ids('#sim-body tr', 'status')).toEqual(sim.results.map((x: Result) => x.status));
    expect(await ids('#sim-body tr', 'label')).toEqual(sim.results.map((x: Result) => x.label ?? ''));
    const shown = await page.$$eval('#sim-body td[data-label="录取概率"]', (tds) => tds.map((td) => td.textContent));
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    expect(shown).toEqual(sim.results.map((x: Result) => (typeof x.probability === 'number' ? `${pct(x.probability)}（${pct(x.interval![0])}–${pct(x.interval![1])}） ±${(x.se! * 100).toFixed(1)}` : '—')));
    expect(sim.results.some((x: Result) => x.status === 'ok')).toBe(true);
  }

  async function detailAndChart(uniButton: string) {
    const { page } = b;
    const id = await page.getAttribute(uniButton, 'data-uni');
    await page.click(uniButton);
    await page.waitForSelector(`#detail-result[data-id="${id}"]:not([hidden])`);
    const api = await v1('get_university', { id: Number(id) });
    expect(await page.textContent('#detail-name')).toBe(api.university.name);
    expect(await page.locator('#detail-lines-body tr').count()).toBe(api.university.recent_admission_lines.length);
    for (const c of api.university.campuses ?? []) expect(await page.textContent('#detail-facts')).toContain(c.campus); // campuses apart

    const province = await page.inputValue('#c-province');
    await page.click('#chart-submit');
    await page.waitForSelector('#chart:not([hidden]) svg.line-chart');
    // the expected points, from the API: per campus, subject family and line kind, each year's lowest line
    const rows: Array<{ data_type: string; subject_family: string; year: number; min_score: number | null; campus?: string }> = [];
    for (let p = 1; p <= 10; p++) {
      const r = await v1('query_score_lines', { university_id: Number(id), province, page: p, page_size: 100 });
      rows.push(...r.items);
      if (!r.has_more) break;
    }
    const want = new Map<string, number>();
    for (const r of rows) {
      if (typeof r.min_score !== 'number') continue;
      const key = `${r.campus ? `${r.campus} · ` : ''}${r.subject_family} ${r.data_type}|${r.year}`;
      want.set(key, Math.min(want.get(key) ?? Infinity, r.min_score));
    }
    expect(want.size).toBeGreaterThan(0);
    const drawn = await page.$$eval('#chart-svg g.series', (gs) => gs.flatMap((g) => [...g.querySelectorAll('circle')].map((c) => `${(g as SVGGElement).dataset.name}|${c.dataset.x}=${c.dataset.y}`)));
    expect(drawn.sort()).toEqual([...want].map(([k, v]) => `${k}=${v}`).sort());
  }

  it('desktop: search 哈工大, its detail and chart, a score match, a line query and a rank lookup equal the API', async () => {
    const { page } = b;
    await open();
    await expectAccessibleBasics(page);

    await page.fill('#search-q', '哈工大');
    await page.press('#search-q', 'Enter');
    await page.waitForSelector('#search-result:not([hidden])');
    const found = await legacy('/api/recommendation/search', { q: '哈工大' });
    expect(found.universities.length).toBeGreaterThan(0);
    expect(await ids('#search-unis li[data-id]')).toEqual(found.universities.map((u: { id: number }) => String(u.id)));
    expect(await ids('#search-majors li[data-id]')).toEqual(found.majors.map((m: { id: number }) => String(m.id)));
    expect(await page.textContent('#search-unis')).toContain('哈尔滨工业大学');
    await detailAndChart('#search-unis button[data-uni]');
    await b.screenshot('zhiyuan-detail-desktop', '#detail');

    const matched = await matchScore('河南', '物理', 600);
    await b.screenshot('zhiyuan-match-desktop', '#match');
    await simulate(matched, { province: '河南', subject_type: '物理', score: 600 }, [0, 1, 2]);
    await b.screenshot('zhiyuan-simulate-desktop', '#simulate');

    // a major from the search results: its 软科 ranking and 第四轮 evaluation grades, then the catalogue
    await page.fill('#search-q', '计算机');
    await page.press('#search-q', 'Enter');
    await page.waitForSelector('#search-majors button[data-major]');
    const majorsFound = await legacy('/api/recommendation/search', { q: '计算机' });
    const code = majorsFound.majors[0].code as string;
    await page.click(`#search-majors button[data-major="${code}"]`);
    await page.waitForSelector(`#major-result[data-major="${code}"]:not([hidden])`);
    const ranking = await legacy('/api/majors/ranking', { category: code });
    expect(await page.textContent('#major-summary')).toContain(`${ranking.major.name}（${code}`);
    expect(await ids('#ruanke-body tr', 'uni')).toEqual(ranking.ruanke.items.map((x: { university_id: number | null }) => String(x.university_id ?? '')));
    expect(await page.$$eval('#ruanke-body td:first-child', (tds) => tds.map((td) => Number(td.textContent)))).toEqual(ranking.ruanke.items.map((x: { rank: number }) => x.rank));
    expect(await ids('#eval-body tr', 'uni')).toEqual(ranking.evaluation.items.map((x: { university_id: number | null }) => String(x.university_id ?? '')));
    expect(await page.$$eval('#eval-body td:last-child', (tds) => tds.map((td) => td.textContent))).toEqual(ranking.evaluation.items.map((x: { grade: string }) => x.grade));
    await page.click('#catalogue summary');
    await page.waitForSelector('#catalogue-list > li');
    const tree = await legacy('/api/majors/categories', {});
    expect(await ids('#catalogue-list > li', 'code')).toEqual(tree.categories.map((c: { code: string }) => c.code));
    expect(await ids('#catalogue-list > li li', 'code')).toEqual(tree.categories.flatMap((c: { subcategories: Array<{ code: string }> }) => c.subcategories.map((x) => x.code)));
    await b.screenshot('zhiyuan-majors-desktop', '#majors');

    await page.selectOption('#l-province', '河南');
    await page.fill('#l-year', '2024');
    await page.selectOption('#l-subject', '物理');
    await page.selectOption('#l-type', '院校线');
    await page.fill('#l-from', '600');
    await page.fill('#l-to', '620');
    await page.click('#lines-submit');
    await page.waitForSelector('#lines-result:not([hidden])');
    const lines = await v1('query_score_lines', { province: '河南', year: 2024, subject_type: '物理', data_type: '院校线', min_score_from: 600, min_score_to: 620, page: 1, page_size: 50 });
    await expect.poll(() => page.textContent('#lines-summary')).toBe(lines.summary);
    expect(lines.items.length).toBeGreaterThan(0);
    expect(await ids('#lines-body tr')).toEqual(lines.items.map((l: { id: number }) => String(l.id)));

    await page.selectOption('#r-province', '河南');
    await page.fill('#r-year', '2024');
    await page.selectOption('#r-subject', '物理');
    await page.fill('#r-score', '600');
    await page.click('#rank-submit');
    await page.waitForSelector('#rank-result:not([hidden])');
    const rank = await legacy('/api/recommendation/rank-table', { province: '河南', year: '2024', subject_type: '物理', score: '600' });
    expect(rank.items.length).toBe(1);
    expect(await page.textContent('#rank-body td:nth-child(4)')).toBe(rank.items[0].cumulative_rank.toLocaleString('zh-CN'));
    await expectNoSidewaysScroll(page);
    await b.screenshot('zhiyuan-desktop');
  });

  it('phone (375 px): a match and a university chart from it, with no sideways scrolling', async () => {
    await b.page.setViewportSize(PHONE);
    await open();
    const matched = await matchScore('江苏', '历史', 580);
    await b.screenshot('zhiyuan-match-phone', '#match');
    await simulate(matched, { province: '江苏', subject_type: '历史', score: 580 }, [0, 1]);
    await b.screenshot('zhiyuan-simulate-phone', '#simulate');
    await detailAndChart('#match-body button[data-uni]');
    await b.screenshot('zhiyuan-detail-phone', '#detail');
    await expectNoSidewaysScroll(b.page);
    await b.screenshot('zhiyuan-phone');
    // the list is the reader's work: a reload keeps it, with the major keyword typed
    const before = await ids('#sim-targets li', 'target');
    await b.page.reload();
    await b.page.waitForSelector('html[data-ready="true"]');
    expect(await ids('#sim-targets li', 'target')).toEqual(before);
    expect(await b.page.inputValue('#sim-major-1')).toBe('计算机');
  });

  it('a query the data cannot answer is shown in words, not as an empty table', async () => {
    const { page } = b;
    await page.selectOption('#r-province', '西藏');
    await page.fill('#r-year', '2001');
    await page.fill('#r-score', '500');
    await page.click('#rank-submit');
    await expect.poll(() => page.textContent('#rank-body')).toContain('数据中没有');
  });

  itRanClean(() => b);
});
