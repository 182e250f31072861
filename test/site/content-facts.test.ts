// Facts in the notes that concern gaokao data agree with the data the service serves (issue 11). Each row quotes
// the note that states the figure; the test asks the same question of the data tools on the real data database.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { overview } from '../../src/data/overview.ts';
import { runTool } from '../../tools/run.ts';
import { testContext } from '../helpers/context.ts';

const ctx = testContext();
afterAll(() => ctx.close());
const run = (name: string, args: unknown) => runTool(name, args, ctx) as Promise<any>;

// [note, province, year, subject_type, score, count at score (or null), rank_start (or null), cumulative rank]
const RANKS: Array<[string, string, number, string, number, number | null, number | null, number]> = [
  ['read-yifenyiduan', '河南', 2024, '理科', 602, 680, 21_657, 22_336],
  ['read-yifenyiduan', '河南', 2024, '理科', 601, 627, 22_337, 22_963],
  ['read-yifenyiduan, henan-2024-walkthrough', '河南', 2024, '理科', 600, 675, 22_964, 23_638],
  ['read-yifenyiduan', '河南', 2024, '理科', 599, 671, 23_639, 24_309],
  ['read-yifenyiduan', '河南', 2024, '文科', 600, null, null, 1_985],
  ['batch-lines, henan-2024-walkthrough', '河南', 2024, '理科', 511, null, null, 130_195],
  ['batch-lines', '河南', 2024, '理科', 396, null, null, 329_573],
  ['henan-2024-walkthrough', '河南', 2024, '理科', 596, null, null, 26_465],
  ['dengxiao-weici', '河南', 2025, '物理', 623, null, 23_205, 23_980],
  ['dengxiao-weici', '河南', 2026, '物理', 611, null, 23_046, 23_760],
  ['dengxiao-weici', '河南', 2025, '物理', 600, null, null, 45_887],
  ['dengxiao-weici', '河南', 2026, '物理', 600, null, null, 32_622],
];

describe('figures quoted in the notes', () => {
  it.each(RANKS)('%s: %s %i %s %i 分', async (_note, province, year, subject_type, score, count, start, cumulative) => {
    const r = await run('query_rank_table', { province, year, subject_type, score });
    const row = r.items[0];
    expect(row.cumulative_rank).toBe(cumulative);
    if (count !== null) expect(row.count_at_score).toBe(count);
    if (start !== null) expect(row.rank_start).toBe(start);
  });

  it('batch-lines, henan-2024-walkthrough: 河南 2024 理科 一本 511, 二本 396', async () => {
    const r = await run('query_batch_lines', { province: '河南', year: 2024, subject_type: '理科' });
    const line = (batch: string) => r.items.find((x: any) => x.batch === batch)?.score;
    expect(line('普通类本科一批控制线')).toBe(511);
    expect(line('普通类本科二批控制线')).toBe(396);
  });

  // The walk-through's step 4 quotes match_by_score as served now (rank-history v1, lines of the 1–3 previous years).
  it('henan-2024-walkthrough: match_by_score for 河南 2024 理科 600', async () => {
    const r = await run('match_by_score', { score: 600, province: '河南', subject_type: '理科', year: 2024 });
    expect(r.summary).toBe(
      '600 分在2024年河南理科一分一段表中约为第 23,638 名（同分 22,964–23,638 名）；与2023年专业线、2022年专业线、2021年院校线比较，匹配到 7 所院校：冲 2、稳 0、保 5。',
    );
    expect(r.left_out).toMatchObject({ below_20pct: 3, above_99pct: 10, no_rank_history: 1072 });
    // the rank the summary quotes is the 一分一段 table's (the RANKS row above); the cited lines are served rows
    const table = await run('query_rank_table', { province: '河南', year: 2024, subject_type: '理科', score: 600 });
    expect(r.rank).toMatchObject({ value: table.items[0].cumulative_rank, best_case: table.items[0].rank_start });
    const row = (name: string) => r.items.find((x: any) => x.university_name === name);
    const cases: Array<[string, string, number, number, string, number, number, number, [number, number]]> = [
      // [university, label, line year, line score, line kind, line rank, predicted rank, probability, interval]
      ['长安大学', '冲', 2023, 600, '专业线', 21_690, 21_864, 0.351, [0.089, 0.809]],
      ['西安邮电大学', '保', 2023, 592, '专业线', 27_318, 27_537, 0.806, [0.479, 0.975]],
      ['北方工业大学', '保', 2021, 587, '院校线', 35_958, 36_708, 0.955, [0.955, 0.994]],
    ];
    const db = ctx.dataDb();
    for (const [name, label, year, score, kind, lineRank, predicted, p, interval] of cases) {
      const item = row(name);
      expect(item, name).toMatchObject({ label, predicted_line_rank: predicted, probability: p, interval });
      expect(item.lines[0]).toMatchObject({ year, min_score: score, data_type: kind, min_rank: lineRank });
      const served = db
        .prepare('SELECT province, year, min_score, min_rank, cleaned FROM score_lines WHERE id = ?')
        .get(item.lines[0].id) as any;
      expect(served).toMatchObject({ province: '河南', year, min_score: score, min_rank: lineRank, cleaned: 0 });
    }
  });

  it('data-coverage: served score lines per year and province counts, 山东 and 浙江 from their official tables', () => {
    const db = ctx.dataDb();
    const cov = overview(db).score_lines;
    const rows = Object.fromEntries(cov.years.map((y) => [y.year, y.rows]));
    const provinces = (year: number) => new Set(cov.province_years.filter((p) => p.year === year).map((p) => p.province));
    // the note's table (years or year ranges, province count or range, rows) is read from the note itself and must be
    // what /v1/data/overview serves
    const note = fs.readFileSync(new URL('../../data/site/notes/data-coverage.md', import.meta.url), 'utf8');
    const table = [...note.matchAll(/^\| (\d{4})(?:—(\d{4}))? \| (\d+)(?:—(\d+))? \| ([\d,]+) \|$/gm)];
    expect(table.length).toBe(9);
    for (const [, from, to = from, pMin, pMax = pMin, n] of table) {
      const years = cov.years.filter((y) => y.year >= Number(from) && y.year <= Number(to));
      expect(years.reduce((sum, y) => sum + y.rows, 0), `${from}—${to}`).toBe(Number(n.replaceAll(',', '')));
      const sizes = years.map((y) => provinces(y.year).size);
      expect([Math.min(...sizes), Math.max(...sizes)], `${from}—${to}`).toEqual([Number(pMin), Number(pMax)]);
    }
    expect(rows[2026]).toBe(71_742);
    expect(provinces(2020).has('山东') || provinces(2020).has('浙江')).toBe(false);
    expect(provinces(2022).has('山东') && !provinces(2022).has('浙江')).toBe(true);
    const province = (name: string) => cov.provinces.find((p) => p.province === name)!;
    expect(province('山东')).toMatchObject({ years: [2026, 2025, 2024, 2023, 2022, 2021], rows: 120_191 });
    expect(province('浙江')).toMatchObject({ years: [2026, 2025, 2024, 2023], rows: 69_336 });
    const served = overview(db).datasets.find((d: any) => d.dataset === 'score_lines');
    expect(served).toMatchObject({ rows: 820_371, cleaned: 443_634 });
  });
});
