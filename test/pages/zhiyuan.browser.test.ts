// /zhiyuan/ in chromium: search with a short name, a university's detail and the chart of its lines, "what can my
// score reach" and the simulation of a list made from it, a major's ranking and the catalogue, the score-line query
// and the rank lookup, each checked against the legacy endpoint or the same tool over /v1 with a key, at desktop and
// phone widths. Screenshots go to test-artifacts/.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectAxeClean, expectNoEnglish, expectNoSidewaysScroll, itRanClean, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('zhiyuan.browser');

describe.skipIf(!RUN_BROWSER)('/zhiyuan/ in chromium', () => {
  let t: TestApp;
  let b: Browser;
  browserSuite({ config: { PAGE_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '0' } }, (app, browser) => ((t = app), (b = browser)));

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
    await b.page.evaluate(() => localStorage.clear()); // each flow starts with no list and no saved candidate
    await b.page.goto(`${t.url}/zhiyuan/`);
    await b.page.waitForSelector('html[data-ready="true"]');
  }

  type Entry = { university_id: number | null; campus: string | null; unit: string | null; label: string; probability: number | null; interval: [number, number] | null };

  /** Fills the candidate (科类 left at the province's default unless given), matches, and checks the open tab, its
   * cards and every tab's count against GET /api/recommendation/match for the same query. */
  async function matchScore(province: string, subject: string | null, score: number) {
    const { page } = b;
    await page.selectOption('#m-province', province);
    if (subject) await page.selectOption('#m-subject', subject);
    await page.fill('#m-score', String(score));
    await page.click('#match-submit');
    await page.waitForSelector('#match-result:not([hidden])');
    const query = { province, year: await page.inputValue('#m-year'), subject_type: await page.inputValue('#m-subject'), score: String(score) };
    const api = await legacy('/api/recommendation/match', { ...query, label: '稳', page_size: '20' });
    expect(api.items.length).toBeGreaterThan(0);
    await expectTab(api, '稳');
    return { query, api };
  }

  /** The open tab shows the API's entries in its order, with probability and interval, and every tab its count. */
  async function expectTab(api: { items: Entry[]; counts: Record<string, number> }, label: string) {
    const { page } = b;
    // first, polled: the counts change with every answer, and a filter that leaves the same first rows (河南 省内 with or without 计算机类) changes only the counts
    for (const l of ['冲', '稳', '保']) await expect.poll(() => page.textContent(`#tab-${l} .count`)).toBe(`（${api.counts[l]}）`);
    await expect.poll(() => ids('#match-list li.match-card', 'uni')).toEqual(api.items.map((i) => String(i.university_id ?? '')));
    expect(await ids('#match-list li.match-card', 'label')).toEqual(api.items.map(() => label));
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    expect(await page.$$eval('#match-list .prob-value', (els) => els.map((e) => e.textContent))).toEqual(api.items.filter((i) => i.probability !== null).map((i) => `${pct(i.probability!)}（${pct(i.interval![0])}–${pct(i.interval![1])}）`));
    expect(await page.getAttribute(`#tab-${label}`, 'aria-selected')).toBe('true');
  }

  /** Adds the first unit of the listed entries at `rows` to the 志愿表, moves the last one up, simulates with a seed
   * and checks the list's chance, each entry's figures and where it lands against POST /api/simulation/mirofish
   * (mode list) for the same entries. */
  async function simulate(candidate: Record<string, string>, rows: number[]) {
    const { page } = b;
    await page.click('#sim-clear');
    for (const n of rows) {
      // a card with no linked university (no university_id) has no units to add: pick the cards that have them
      const card = page.locator('#match-list li.match-card:has(button.open-units)').nth(n);
      await card.locator('button.open-units').click();
      await card.locator('.unit-list > li button.add-unit').first().click();
    }
    expect(await page.locator('#sim-targets > li').count()).toBe(rows.length);
    // the reader orders the list: the last entry goes up one place
    await page.click(`#sim-targets > li >> nth=${rows.length - 1} >> button.up`);
    const order = await ids('#sim-targets > li', 'target');
    await page.selectOption('#sim-draws', '1000');
    await page.fill('#sim-seed', 'page-test');
    await page.click('#sim-submit');
    await page.waitForSelector('#sim-result[data-seed="page-test"]:not([hidden])');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('svc.zhiyuan.list')!));
    const targets = stored.entries.map((e: Record<string, unknown>) => ({
      university_id: e.university_id,
      ...(e.campus ? { campus: e.campus } : {}),
      ...(e.unit ? { unit: e.unit } : {}),
      ...(e.unit_kind === '院校专业组' ? { major_group: e.major_group } : {}),
      ...(e.unit_kind === '专业+院校' ? { major_name: e.major_name } : {}),
      ...(e.school_code ? { school_code: e.school_code } : {}),
    }));
    const { score, rank, ...who } = candidate;
    const r = await fetch(`${t.url}/api/simulation/mirofish`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...who, year: Number(candidate.year), ...(score ? { score: Number(score) } : { rank: Number(rank) }), mode: 'list', targets, draws: 1000, seed: 'page-test' }) });
    expect(r.status).toBe(200);
    const sim = (await r.json()).data;
    expect(await ids('#sim-body tr', 'uni')).toEqual(sim.results.map((x: { university_id: number | null }) => String(x.university_id ?? '')));
    expect(await ids('#sim-body tr', 'status')).toEqual(sim.results.map((x: { status: string }) => x.status));
    expect(await page.textContent('#sim-list')).toContain(`${(sim.landing.at_least_one * 100).toFixed(1)}%`);
    expect(sim.results.some((x: { status: string }) => x.status === 'ok')).toBe(true);
    return { order, sim, stored };
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

    // 河南 600 物理类: tabs, every 冲 entry reachable with "more", a filter and a sort, each equal to the API
    const { query } = await matchScore('河南', '物理', 600);
    await page.click('#tab-冲');
    const chong = await legacy('/api/recommendation/match', { ...query, label: '冲', page_size: '20' });
    await expectTab(chong, '冲');
    expect(chong.counts.冲).toBeGreaterThan(20);
    while (await page.isVisible('#match-more')) {
      const n = await page.locator('#match-list li.match-card').count();
      await page.click('#match-more');
      await page.waitForFunction((k) => document.querySelectorAll('#match-list li.match-card').length > k, n);
    }
    expect(await page.locator('#match-list li.match-card').count()).toBe(chong.counts.冲);
    await page.click('#match-filters summary');
    await page.selectOption('#f-region', '省内');
    await page.selectOption('#f-sort', 'ranking');
    const inside = await legacy('/api/recommendation/match', { ...query, label: '冲', region: '省内', sort: 'ranking', page_size: '20' });
    await expectTab(inside, '冲');
    expect(inside.items.every((i: { university_province: string }) => i.university_province === '河南')).toBe(true);
    // a 专业类 of interest: universities that admitted to it here in the compared years
    await page.fill('#f-class', '计算机类');
    await page.press('#f-class', 'Enter');
    await page.locator('#f-class').dispatchEvent('change');
    const cs = await legacy('/api/recommendation/match', { ...query, label: '冲', region: '省内', sort: 'ranking', major_class: '计算机类', page_size: '20' });
    await expectTab(cs, '冲');
    await page.fill('#f-class', '');
    await page.locator('#f-class').dispatchEvent('change');
    await page.selectOption('#f-region', '');
    await page.selectOption('#f-sort', 'probability');
    await page.click('#tab-稳');
    await expectTab(await legacy('/api/recommendation/match', { ...query, label: '稳', page_size: '20' }), '稳');
    await b.screenshot('zhiyuan-match-desktop', '#match');
    await expectAxeClean(page); // filters open, a tab chosen
    // a 志愿表 in 江苏 (院校专业组): three groups, ordered and simulated
    const { query: js } = await matchScore('江苏', '物理', 600);
    const { stored } = await simulate(js, [0, 1, 2]);
    await b.screenshot('zhiyuan-simulate-desktop', '#simulate');
    // the 志愿表 exports as CSV, in the reader's order, with the group codes
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#sim-csv')]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''); // the header is the first line, after the BOM
    const csvLines = csv.split('\r\n');
    const head = csvLines.findIndex((l) => l.startsWith('"志愿序号"'));
    const groups = csvLines.slice(head + 1, head + 1 + stored.entries.length).map((line) => line.split('","')[3]!.replace(/"/g, ''));
    expect(groups).toEqual(stored.entries.map((e: { major_group: string }) => e.major_group));
    expect(csv).toContain('至少被录取一个的概率');

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
  }, 240_000);

  it('phone (390×844): 山东 550 matches with the default 科类 (综合); the 志愿表 survives a reload; no sideways scrolling', async () => {
    await b.page.setViewportSize(PHONE);
    await open();
    await b.page.selectOption('#m-province', '山东');
    expect(await b.page.inputValue('#m-subject')).toBe('综合');
    const { query, api } = await matchScore('山东', null, 550);
    expect(api.counts.冲 + api.counts.稳 + api.counts.保).toBeGreaterThan(30);
    await b.screenshot('zhiyuan-match-phone', '#match');
    await simulate(query, [0, 1]);
    await b.screenshot('zhiyuan-simulate-phone', '#simulate');
    await expectNoEnglish(b.page, '#match');
    await expectNoEnglish(b.page, '#simulate', ['page-test']); // the seed typed
    await expectAxeClean(b.page); // results, tabs, the 志愿表 and its simulation
    await detailAndChart('#match-list button[data-uni]');
    await b.screenshot('zhiyuan-detail-phone', '#detail');
    await expectNoSidewaysScroll(b.page);
    await b.screenshot('zhiyuan-phone');
    // the list is the reader's work: a reload keeps it, in its order, with its candidate
    const before = await ids('#sim-targets > li', 'target');
    await b.page.reload();
    await b.page.waitForSelector('html[data-ready="true"]');
    expect(await ids('#sim-targets > li', 'target')).toEqual(before);
    expect(await b.page.inputValue('#m-province')).toBe('山东');
    expect(await b.page.inputValue('#m-score')).toBe('550');
  }, 180_000);

  it('a query the data cannot answer is shown in words, not as an empty table', async () => {
    const { page } = b;
    await page.selectOption('#r-province', '西藏');
    await page.fill('#r-year', '2001');
    await page.fill('#r-score', '500');
    await page.click('#rank-submit');
    await expect.poll(() => page.textContent('#rank-body')).toContain('数据中没有');
  });

  itRanClean(() => b);

  it('a score above the full mark is refused in Chinese and the previous result is cleared', async () => {
    const { page } = b;
    await open();
    await page.selectOption('#m-province', '山东');
    await page.fill('#m-score', '550');
    await page.click('#match-submit');
    await page.waitForSelector('#match-result:not([hidden])');
    await page.fill('#m-score', '1000');
    expect(await page.isVisible('#match-result')).toBe(false); // changed input: the old result is gone at once
    expect(await page.isVisible('#match-stale')).toBe(true);
    await page.click('#match-submit');
    await expect.poll(() => page.textContent('#match-error')).toContain('满分 750 分');
    expect(await page.isVisible('#match-result')).toBe(false);
    await expectNoEnglish(page, '#match');
    await expectAxeClean(page); // the refusal
  });
});
