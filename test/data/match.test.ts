// match_by_score against the real database: the rank comes from the province-year's 一分一段 table, each
// university appears once, every label lies in its documented band, results are sorted by closeness, and the basis
// is the line kind covering the most universities.
import { describe, expect, it } from 'vitest';
import { matchByScore, matchSchema, MATCH_THRESHOLDS } from '../../src/data/match.ts';
import { queryRankTable, rankTableQuerySchema } from '../../src/data/rank-table.ts';
import { inputError, parse, realDb } from './helpers.ts';

const match = (raw: Record<string, unknown>) => matchByScore(realDb(), parse(matchSchema, raw));

describe('match_by_score', () => {
  it('河南 2024 理科 600: rank from the rank table, one entry per university, labels in their bands, sorted by closeness', () => {
    const r = match({ score: 600, province: '河南省', subject_type: '理科', year: 2024, limit: 60 });
    const row = queryRankTable(realDb(), parse(rankTableQuerySchema, { province: '河南', year: 2024, subject_type: '物理', score: 600 })).items[0];
    expect(r.rank?.value).toBe(row.cumulative_rank);
    expect(r.year).toBe(2024);
    expect(r.subject_type).toBe('物理');
    expect(r.items.length).toBe(60);
    const keys = r.items.map((i) => (i.university_id !== null ? `${i.university_id}/${i.campus ?? ''}` : i.school_name));
    expect(new Set(keys).size).toBe(keys.length);
    for (const it of r.items) {
      expect(it.rank_diff_pct).not.toBeNull();
      const q = it.rank_diff_pct! / 100;
      const band = MATCH_THRESHOLDS.rank[it.label];
      expect(q).toBeGreaterThanOrEqual(band[0] - 0.0005);
      expect(q).toBeLessThanOrEqual(band[1] + 0.0005);
    }
    const closeness = r.items.map((i) => Math.abs(i.rank_diff_pct!));
    expect(closeness).toEqual([...closeness].sort((a, b) => a - b));
    expect(new Set(r.items.map((i) => i.label))).toEqual(new Set(['冲', '稳', '保']));
    expect(r.basis).toBe(r.coverage!.院校线 >= r.coverage!.专业线 ? '院校线' : '专业线');
    expect(r.summary).toMatch(/^以2024年河南理科(院校线|专业线)为依据/);
    expect(r.summary).toContain(`第 ${r.rank!.value.toLocaleString('en-US')} 名`);
  });

  it('without a rank table the score bands apply and the summary says so', () => {
    // 江苏 2024 tables are documented as broken (rank_tables/README.txt) and served only with raw=true.
    const r = match({ score: 580, province: '江苏', subject_type: '历史', year: 2024 });
    expect(r.rank).toBeNull();
    expect(r.summary).toMatch(/没有可用的一分一段表/);
    for (const it of r.items) {
      const band = MATCH_THRESHOLDS.score[it.label];
      expect(it.score_diff).toBeGreaterThanOrEqual(band[0]);
      expect(it.score_diff).toBeLessThanOrEqual(band[1]);
    }
  });

  it('year defaults to the latest year with lines; 3+3 provinces need no subject type', () => {
    const r = match({ score: 550, province: '上海' });
    const latest = realDb().prepare("SELECT MAX(year) FROM score_lines WHERE province = '上海' AND cleaned = 0 AND subject_family = '综合'").pluck().get();
    expect(r.year).toBe(latest);
    expect(r.subject_type).toBe('综合');
    expect(r.items.length).toBeGreaterThan(0);
  });

  it('nothing in the data → empty items and a summary that says so; a reformed-province score needs its subject type', () => {
    const none = match({ score: 600, province: '河南', subject_type: '物理', year: 2001 });
    expect(none.items).toEqual([]);
    expect(none.summary).toMatch(/数据中没有/);
    expect(inputError(() => match({ score: 600, province: '河南', year: 2024 }))).toMatchObject({ param: 'subject_type' });
    expect(inputError(() => match({ score: -1, province: '河南' }))).toMatchObject({ param: 'score' });
    expect(inputError(() => match({ score: 600, province: '火星' }))).toMatchObject({ param: 'province' });
  });
});
