// Institutions outside the national list (军队院校 …, issue 22): their rows stay unlinked, but every search and
// filter finds them by name or maintained alias, and wherever they appear they say they are outside the list.
// Rows cited from the bundle:
//   liuguanghui_score_lines.csv line 17951: 北京,2024,综合,本科普通批,专业组线,国防科技大学,0431,01 物理＋化学,…,643
//   jamesbong10_shanghai_toudang_2020_2025.csv line 89: 上海,2020,综合,本科普通批,…,12601,海医大,01,…,534
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchByScore, matchSchema } from '../../src/data/match.ts';
import { mirofish, mirofishSchema } from '../../src/data/mirofish.ts';
import { queryScoreLines, scoreLineQuerySchema } from '../../src/data/score-lines.ts';
import { searchUniversities, universitySearchSchema } from '../../src/data/universities.ts';
import { linkedUnlistedRows, UNLISTED_INSTITUTIONS, UNLISTED_NOTE } from '../../src/data/unlisted.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { dataToolRunner } from '../tools/data-tool-helpers.ts';
import { parse, realDb, walk } from './helpers.ts';

const lines = (q: Record<string, unknown>) => walk((page) => queryScoreLines(realDb(), parse(scoreLineQuerySchema, { ...q, page, page_size: 100 }))).rows as Array<Record<string, any>>;
const search = (q: string) => searchUniversities(realDb(), parse(universitySearchSchema, { q }));
const run = dataToolRunner();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
async function get(url: string, auth = false) {
  const res = await t.app.inject({ url, ...(auth ? { headers: t.auth } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json() as any;
}

describe('institutions outside the national list', () => {
  it('none of the maintained institutions is in the universities table (the national list): they stay unlinked', () => {
    const listed = realDb().prepare('SELECT name FROM universities WHERE name = ?').pluck();
    for (const u of UNLISTED_INSTITUTIONS) expect(listed.get(u.name), u.name).toBeUndefined();
  });

  it('a listed mainland campus of a Hong Kong name (香港中文大学(深圳)) is never taken for the Hong Kong institution; no row of the list is linked', () => {
    const cuhk = search('香港中文大学').outside_national_list!.find((o) => o.name === '香港中文大学')!;
    expect(cuhk.spellings.every((n) => !n.includes('深圳'))).toBe(true);
    expect(search('香港中文大学').items.map((i) => i.name)).toContain('香港中文大学（深圳）'); // the national list writes full-width brackets
    expect(lines({ university_name: '香港中文大学(深圳)' }).every((r) => r.listed === undefined)).toBe(true);
    expect(linkedUnlistedRows(realDb())).toEqual([]);
  });

  it('国防科大 (alias) filters score lines to 国防科技大学: 北京 2024 group 01 at 643, marked outside the list, no university invented', () => {
    const rows = lines({ university_name: '国防科大', province: '北京', year: 2024 });
    const row = rows.find((r) => r.school_name === '国防科技大学' && r.min_score === 643);
    expect(row).toBeDefined();
    expect(row).toMatchObject({ listed: false, listed_note: UNLISTED_NOTE, institution: '国防科技大学' });
    expect(row!.university_id).toBeUndefined();
    // every spelling the data files it under is found (中国人民解放军国防科技大学 too), and only those
    expect(new Set(lines({ university_name: '国防科大' }).map((r) => r.institution))).toEqual(new Set(['国防科技大学']));
  });

  it('海军军医大学 finds the 上海 海医大 rows of code 126 (534 in 2020), and 海医大 rows say which institution they are', () => {
    const navy = lines({ university_name: '海军军医大学', province: '上海', year: 2020 });
    const row = navy.find((r) => r.school_name === '海医大' && r.min_score === 534);
    expect(row).toMatchObject({ school_code: '12601', listed: false, listed_note: UNLISTED_NOTE, institution: '海军军医大学' });
    // the real 海南医科大学 keeps its own rows, none of them 海医大
    expect(lines({ university_name: '海南医科大学', province: '上海' }).some((r) => r.school_name === '海医大')).toBe(false);
  });

  it('a school name with no university link is marked listed: false wherever it is served', () => {
    const rows = lines({ university_name: '陆军工程大学' });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ listed: false, listed_note: UNLISTED_NOTE, institution: '陆军工程大学' });
    // a linked row carries no mark
    expect(lines({ university_name: '北京大学', province: '北京', year: 2024 })[0]).not.toHaveProperty('listed');
  });

  it('searching universities by name lists them apart, with their served rows, provinces and years, and nothing invented', () => {
    const r = search('国防科大');
    expect(r.items).toEqual([]);
    const [nudt] = r.outside_national_list!;
    expect(nudt).toMatchObject({ name: '国防科技大学', listed: false, note: UNLISTED_NOTE, kind: '军队院校' });
    expect(nudt.aliases).toContain('国防科大');
    expect(nudt.provinces).toContain('北京');
    expect(nudt.years).toContain(2024);
    expect(nudt.score_lines).toBeGreaterThan(0);
    for (const k of ['ranking', 'city', 'level', 'id']) expect(nudt).not.toHaveProperty(k);
    expect(search('海医大').outside_national_list!.map((o) => o.name)).toEqual(['海军军医大学']);
    // a filter on what is not known of them (province, level …) does not pretend to know it
    expect(searchUniversities(realDb(), parse(universitySearchSchema, { q: '国防科大', level: '985' })).outside_national_list).toBeUndefined();
  });

  it('search_universities and get_university answer them by name, saying they are outside the national list', async () => {
    const s = await run('search_universities', { q: '陆军工程大学' });
    expect(s.outside_national_list.map((o: any) => o.name)).toContain('陆军工程大学');
    expect(s.summary).toContain('不在教育部全国高等学校名单中');
    const g = await run('get_university', { name: '国防科大' });
    expect(g.found).toBe(false);
    expect(g.summary).toContain('国防科技大学');
    expect(g.summary).toContain(UNLISTED_NOTE);
    expect(g.outside_national_list[0].recent_admission_lines.some((l: any) => l.province === '北京')).toBe(true);
  });

  it('match_by_score lists them as entries marked outside the list; the mirofish simulation finds 国防科大 by its alias', () => {
    // 北京 640: 国防科技大学's 北京 group line of 2024 is 643 (liuguanghui line 17951), so it is within reach
    const m = matchByScore(realDb(), parse(matchSchema, { province: '北京', score: 640, limit: 100 }));
    const nudt = m.items.find((i) => i.school_name === '国防科技大学');
    expect(nudt).toMatchObject({ university_id: null, listed: false, listed_note: UNLISTED_NOTE, institution: '国防科技大学' });
    for (const i of m.items) if (i.university_id !== null) expect(i).not.toHaveProperty('listed');
    const sim = mirofish(realDb(), parse(mirofishSchema, { province: '北京', score: 640, targets: ['国防科大'], seed: 1 }));
    expect(sim.results[0]).toMatchObject({ status: 'ok', university_id: null, university_name: '国防科技大学' });
    expect(sim.results[0].missing.join('')).toContain(UNLISTED_NOTE);
  });

  it('a spelling on no list that starts listed names (中国地质大学) answers with its own rows and the listed candidates, not a guess', async () => {
    const g = await run('get_university', { name: '中国地质大学' });
    expect(g.found).toBe(false);
    expect(g.outside_national_list[0]).toMatchObject({ name: '中国地质大学', kind: null, listed: false });
    const listed = realDb().prepare("SELECT name FROM universities WHERE name LIKE '中国地质大学%'").pluck().all() as string[];
    expect(listed.length).toBeGreaterThan(0);
    expect(g.candidates.map((c: any) => c.name).sort()).toEqual(listed.sort());
  });

  it('GET /v1/data/universities?q= and /api/recommendation/search find them over HTTP', async () => {
    const v1 = await get(`/v1/data/universities?q=${encodeURIComponent('海军军医大学')}`, true);
    expect(v1.outside_national_list[0]).toMatchObject({ name: '海军军医大学', listed: false, note: UNLISTED_NOTE });
    const legacy = await get(`/api/recommendation/search?q=${encodeURIComponent('国防科大')}`);
    expect(legacy.data.outside_national_list[0]).toMatchObject({ name: '国防科技大学', listed: false });
    const served = await get(`/v1/data/score-lines?university_name=${encodeURIComponent('国防科大')}&province=${encodeURIComponent('北京')}&year=2024`, true);
    expect(served.items.find((r: any) => r.min_score === 643)).toMatchObject({ school_name: '国防科技大学', listed: false, listed_note: UNLISTED_NOTE, institution: '国防科技大学' });
    const plans = await get(`/v1/data/admission-plans?university_name=${encodeURIComponent('国防科大')}`, true);
    expect(plans.items.length).toBeGreaterThan(0);
    for (const r of plans.items) expect(r).toMatchObject({ listed: false, institution: '国防科技大学' });
  });
});
