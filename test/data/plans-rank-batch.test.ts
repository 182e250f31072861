// Admission plans, rank tables and batch lines against the real database. Known facts:
// admission_plans/liuguanghui_admission_plans.csv.gz data row 1 (安徽 2026 历史类 本科一批 南京理工大学 法学, 5 places,
// https://zsb.njust.edu.cn/lqjh_fsx); rank_tables/liuguanghui_rank_tables.csv.gz rows 1–2 (安徽 2026 历史类: bracket
// 671–750 with 10 candidates, cumulative 10; 670 with 1 candidate, cumulative 11); batch_lines/README.txt spot check
// (江苏 2024 特殊类型招生控制线 物理 516 / 历史 530).
import { describe, expect, it } from 'vitest';
import { batchLineQuerySchema, queryBatchLines } from '../../src/data/batch-lines.ts';
import { planQuerySchema, queryPlans } from '../../src/data/plans.ts';
import { queryRankTable, rankTableQuerySchema, scoreToRank } from '../../src/data/rank-table.ts';
import { inputError, parse, realDb, walk } from './helpers.ts';

const plans = (raw: Record<string, unknown>) => queryPlans(realDb(), parse(planQuerySchema, raw));
const ranks = (raw: Record<string, unknown>) => queryRankTable(realDb(), parse(rankTableQuerySchema, raw));
const batches = (raw: Record<string, unknown>) => queryBatchLines(realDb(), parse(batchLineQuerySchema, raw));
const allOf = <T>(f: (raw: Record<string, unknown>) => { items: T[]; has_more: boolean; page: number; page_size: number }, raw: Record<string, unknown>) =>
  walk((page) => f({ ...raw, page, page_size: 100 })).rows;

describe('admission plans', () => {
  it('a plan row round-trips with its source', () => {
    const rows = allOf(plans, { province: '安徽省', year: 2026, university_name: '南京理工大学', major_name: '法学', subject_type: '历史' });
    expect(rows).toContainEqual(expect.objectContaining({ school_name: '南京理工大学', major_name: '法学', plan_count: 5, batch: '本科一批', source_url: 'https://zsb.njust.edu.cn/lqjh_fsx' }));
  });

  it('filters: subject family, batch (fuzzy), university id = name, major name', () => {
    const jilin = allOf(plans, { province: '吉林', year: 2025, subject_type: '物理类', batch: '本科' });
    expect(jilin.length).toBeGreaterThan(100);
    expect(jilin.every((r) => r.subject_family === '物理' && r.batch_family === '本科批')).toBe(true);
    const byName = allOf(plans, { university_name: '南京理工大学', year: 2026 });
    const id = byName[0]?.university_id;
    expect(byName.length).toBeGreaterThan(0);
    expect(allOf(plans, { university_id: id, year: 2026 }).map((r) => r.id)).toEqual(byName.map((r) => r.id));
    expect(allOf(plans, { province: '吉林', year: 2025, major_name: '临床医学' }).every((r) => String(r.major_name).includes('临床医学'))).toBe(true);
  });

  it('paging walks to the end without repeats', () => {
    const whole = allOf(plans, { province: '吉林', year: 2025, subject_type: '历史', batch: '本科' }).map((r) => r.id);
    const { rows } = walk((page) => plans({ province: '吉林', year: 2025, subject_type: '历史', batch: '本科', page, page_size: 13 }));
    expect(rows.map((r) => r.id)).toEqual(whole);
    expect(new Set(whole).size).toBe(whole.length);
  });

  it('the same anchor rule as score lines (400 naming the field)', () => {
    expect(inputError(() => plans({}))).toMatchObject({ status: 400, param: 'province' });
    expect(inputError(() => plans({ province: '吉林' }))).toMatchObject({ param: 'year' });
    expect(inputError(() => plans({ major_name: '法学' }))).toMatchObject({ param: 'province' });
  });
});

describe('rank table', () => {
  it('exact score → count at score and cumulative rank; a score inside a merged bracket finds the bracket', () => {
    expect(ranks({ province: '安徽', year: 2026, subject_type: '历史类', score: 670 }).items).toEqual([
      expect.objectContaining({ score: 670, count_at_score: 1, cumulative_rank: 11, subject_type: '历史类' }),
    ]);
    expect(ranks({ province: '安徽省', year: 2026, subject_type: '文科', score: 700 }).items).toEqual([
      expect.objectContaining({ score: 671, score_max: 750, count_at_score: 10, cumulative_rank: 10 }),
    ]);
    expect(scoreToRank(realDb(), '安徽', 2026, '历史', 670)).toMatchObject({ rank: 11, how: 'exact' });
    expect(scoreToRank(realDb(), '安徽', 2026, '历史', 700)).toMatchObject({ rank: 10, how: 'bracket' });
  });

  it('a score range lists every score in it, highest first; cumulative rank grows as the score falls', () => {
    const rows = ranks({ province: '安徽', year: 2026, subject_type: '历史', score_from: 600, score_to: 620, page_size: 100 }).items;
    expect(rows.map((r) => r.score)).toEqual(Array.from({ length: 21 }, (_, i) => 620 - i));
    for (let i = 1; i < rows.length; i++) expect(rows[i].cumulative_rank as number).toBeGreaterThan(rows[i - 1].cumulative_rank as number);
  });

  it('cleaned duplicates of the same table only with raw=true', () => {
    const served = ranks({ province: '安徽', year: 2026, subject_type: '历史', score: 670 }).items;
    const raw = ranks({ province: '安徽', year: 2026, subject_type: '历史', score: 670, raw: true }).items;
    expect(raw.length).toBeGreaterThan(served.length);
    expect(raw.filter((r) => r.cleaned === 1).every((r) => r.clean_reason)).toBe(true);
  });

  it('province and year required; score and a range not together; nothing found is empty', () => {
    expect(inputError(() => ranks({ year: 2026 }))).toMatchObject({ param: 'province' });
    expect(inputError(() => ranks({ province: '安徽' }))).toMatchObject({ param: 'year' });
    expect(inputError(() => ranks({ province: '安徽', year: 2026, score: 600, score_from: 500 }))).toMatchObject({ param: 'score' });
    expect(inputError(() => ranks({ province: '安徽', year: 2026, score_from: 600, score_to: 500 }))).toMatchObject({ param: 'score_from' });
    expect(ranks({ province: '安徽', year: 2001 }).items).toEqual([]);
  });
});

describe('batch lines', () => {
  it('江苏 2024 特殊类型招生控制线: 物理 516, 历史 530', () => {
    const rows = allOf(batches, { province: '江苏', year: 2024, batch: '特殊类型招生控制线' });
    expect(rows).toContainEqual(expect.objectContaining({ subject_family: '物理', score: 516 }));
    expect(rows).toContainEqual(expect.objectContaining({ subject_family: '历史', score: 530 }));
    expect(allOf(batches, { province: '江苏', year: 2024, batch: '特殊类型招生控制线', subject_type: '物理类' }).map((r) => r.score)).toContain(516);
  });

  it('batch is fuzzy: 一批, 本一 and 本科一批 mean the same family', () => {
    const a = allOf(batches, { province: '河南', year: 2020, batch: '本科一批' });
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((r) => r.batch_family === '本科一批' || String(r.batch).includes('本科一批'))).toBe(true);
    expect(allOf(batches, { province: '河南', year: 2020, batch: '一批' }).length).toBeGreaterThanOrEqual(a.length);
    expect(allOf(batches, { province: '河南', year: 2020, batch: '本一' }).map((r) => r.id)).toEqual(a.map((r) => r.id));
  });

  it('year only, subject only, no filter: all lists work; nothing found is empty', () => {
    expect(allOf(batches, { year: 2014 }).every((r) => r.year === 2014)).toBe(true);
    expect(batches({ subject_type: '理科', page_size: 50 }).items.every((r) => r.subject_family === '物理')).toBe(true);
    expect(batches({}).items.length).toBe(20);
    expect(batches({ province: '西藏', year: 2024, batch: '不存在的批次' }).items).toEqual([]);
  });
});
