// Major rankings and discipline evaluations against the real database. Known facts:
// rankings_evaluations/ruanke_bcmr_2026_major_rankings.csv.gz row 1 (北京大学 哲学 010101 rank 1 A+ 2026);
// rankings_evaluations/eval4_official_canmou.csv.gz row 1 (0101 哲学 北京大学 A+) and its duplicate in
// eval4_jamesbong10.csv.gz (kept cleaned); README grade counts of round 4 (A+ 232).
import { describe, expect, it } from 'vitest';
import { evaluationQuerySchema, queryEvaluations } from '../../src/data/evaluations.ts';
import { majorRankingQuerySchema, queryMajorRankings } from '../../src/data/rankings.ts';
import { inputError, parse, realDb, walk } from './helpers.ts';

const rankings = (raw: Record<string, unknown>) => queryMajorRankings(realDb(), parse(majorRankingQuerySchema, raw));
const evals = (raw: Record<string, unknown>) => queryEvaluations(realDb(), parse(evaluationQuerySchema, raw));
const allOf = <T>(f: (raw: Record<string, unknown>) => { items: T[]; has_more: boolean; page: number; page_size: number }, raw: Record<string, unknown>) =>
  walk((page) => f({ ...raw, page, page_size: 100 })).rows;

describe('major rankings', () => {
  it('哲学 2026: 北京大学 first, A+', () => {
    expect(rankings({ major_name: '哲学', year: 2026 }).items[0]).toMatchObject({ school_name: '北京大学', rank: 1, grade: 'A+', major_code: '010101', year: 2026 });
  });

  it('filters: major name (exact, else substring), university id = name = short name, grade, year', () => {
    const exact = allOf(rankings, { major_name: '哲学', year: 2026 });
    expect(exact.every((r) => r.major_name === '哲学')).toBe(true);
    const sub = allOf(rankings, { major_name: '计算机', year: 2026 });
    expect(sub.every((r) => String(r.major_name).includes('计算机'))).toBe(true);
    expect(new Set(sub.map((r) => r.major_name)).size).toBeGreaterThan(1);
    const byId = allOf(rankings, { university_id: 4111010001, grade: 'a+' });
    expect(byId.length).toBeGreaterThan(10);
    expect(byId.every((r) => r.grade === 'A+' && r.university_id === 4111010001)).toBe(true);
    expect(allOf(rankings, { university_name: '北大', grade: 'A+' }).map((r) => r.id)).toEqual(byId.map((r) => r.id));
    expect(allOf(rankings, { university_id: 4111010001, year: 2025 }).every((r) => r.year === 2025)).toBe(true);
  });

  it('at least one of major_name, university_id, university_name; bad grade; nothing found is empty', () => {
    expect(inputError(() => rankings({}))).toMatchObject({ status: 400, param: 'major_name' });
    expect(inputError(() => rankings({ grade: 'A+', year: 2026 }))).toMatchObject({ param: 'major_name' });
    expect(inputError(() => rankings({ major_name: '哲学', grade: 'C' }))).toMatchObject({ param: 'grade' });
    expect(rankings({ major_name: '炼金术' }).items).toEqual([]);
  });
});

describe('discipline evaluations', () => {
  it('北京大学 哲学 A+ (round 4); the second copy of the same grade only with raw=true', () => {
    const served = allOf(evals, { university_name: '北京大学', discipline_name: '哲学' });
    expect(served).toContainEqual(expect.objectContaining({ round: 4, discipline_code: '0101', grade: 'A+', source_file: 'rankings_evaluations/eval4_official_canmou.csv.gz' }));
    const raw = allOf(evals, { university_name: '北京大学', discipline_name: '哲学', raw: true });
    expect(raw).toContainEqual(expect.objectContaining({ cleaned: 1, clean_reason: 'duplicate', source_file: 'rankings_evaluations/eval4_jamesbong10.csv.gz' }));
  });

  it('the official round-4 copy holds 232 A+ grades (README), all reached by paging the grade filter', () => {
    const aPlus = allOf(evals, { grade: 'A+' });
    expect(aPlus.every((r) => r.grade === 'A+')).toBe(true);
    expect(aPlus.filter((r) => r.source_file === 'rankings_evaluations/eval4_official_canmou.csv.gz').length).toBe(232);
  });

  it('filters: university id = short name, discipline substring, grade', () => {
    const byId = allOf(evals, { university_id: 4111010001 });
    expect(byId.length).toBeGreaterThan(30);
    expect(allOf(evals, { university_name: '北大' }).map((r) => r.id)).toEqual(byId.map((r) => r.id));
    const cs = allOf(evals, { discipline_name: '计算机', grade: 'A+' });
    expect(cs.length).toBeGreaterThan(0);
    expect(cs.every((r) => String(r.discipline_name).includes('计算机') && r.grade === 'A+')).toBe(true);
    expect(inputError(() => evals({ grade: 'A++' }))).toMatchObject({ param: 'grade' });
    expect(evals({ discipline_name: '炼金术' }).items).toEqual([]);
  });
});
