// Majors and the overview against the real database. Known facts: majors/majors_catalog_2026.csv.gz (010101 哲学,
// 门类 哲学 (01), 专业类 哲学类 (0101); 0809 计算机类 under 08 工学), majors/README.txt (the detailed catalogue with
// descriptions was not staged, so no introduction exists), ruanke_bcmr_2026_major_rankings.csv.gz row 1 (北京大学 哲学
// rank 1), eval4_official_canmou.csv.gz (哲学 A+ 北京大学); meta.counts written by the import.
import { describe, expect, it } from 'vitest';
import { lookupMajor, majorDetail, majorLookupSchema, majorSearchSchema, searchMajors } from '../../src/data/majors.ts';
import { overview } from '../../src/data/overview.ts';
import { inputError, parse, realDb, walk } from './helpers.ts';

const search = (raw: Record<string, unknown>) => searchMajors(realDb(), parse(majorSearchSchema, raw));
const all = (raw: Record<string, unknown>) => walk((page) => search({ ...raw, page, page_size: 100 })).rows;

describe('major search', () => {
  it('2-character and 1-character queries; exact name first; code lookup', () => {
    expect(search({ q: '哲学' }).items[0]).toMatchObject({ code: '010101', name: '哲学', category: '哲学', subcategory: '哲学类' });
    const one = all({ q: '药' });
    expect(one.length).toBeGreaterThan(3);
    expect(one.every((m) => m.name.includes('药'))).toBe(true);
    expect(search({ q: '080901' }).items.map((m) => m.name)).toEqual(['计算机科学与技术']);
  });

  it('category and sub-category by name or code', () => {
    const eng = all({ category: '工学' });
    expect(eng.length).toBeGreaterThan(100);
    expect(all({ category: '08' }).map((m) => m.id)).toEqual(eng.map((m) => m.id));
    const cs = all({ sub_category: '计算机类' });
    expect(cs.every((m) => m.subcategory === '计算机类' && m.code.startsWith('0809'))).toBe(true);
    expect(all({ sub_category: '计算机' }).map((m) => m.id)).toEqual(cs.map((m) => m.id));
    expect(all({ sub_category: '0809' }).map((m) => m.id)).toEqual(cs.map((m) => m.id));
    expect(search({ q: '炼金术' }).items).toEqual([]);
  });
});

describe('major detail', () => {
  it('哲学: no introduction in the data (said so), universities offering it, top universities', () => {
    const m = majorDetail(realDb(), 1);
    expect(m).toMatchObject({ code: '010101', name: '哲学', introduction: null });
    expect(m.introduction_note).toMatch(/没有/);
    expect(m.universities_offering.count).toBeGreaterThan(20);
    expect(m.top_universities_by_ranking.items[0]).toMatchObject({ school_name: '北京大学', rank: 1 });
    expect(m.top_universities_by_evaluation.disciplines).toContain('哲学');
    expect(m.top_universities_by_evaluation.items).toContainEqual(expect.objectContaining({ school_name: '北京大学', grade: 'A+', discipline_name: '哲学' }));
    expect(() => majorDetail(realDb(), 999_999)).toThrow(/no major with id/);
  });

  it('lookup by exact name, by code, and candidates for a partial name', () => {
    const byName = lookupMajor(realDb(), parse(majorLookupSchema, { name: '计算机科学与技术' }));
    expect(byName.found && byName.major.code).toBe('080901');
    const byCode = lookupMajor(realDb(), parse(majorLookupSchema, { name: '010101' }));
    expect(byCode.found && byCode.major.name).toBe('哲学');
    const partial = lookupMajor(realDb(), parse(majorLookupSchema, { name: '工程' }));
    expect(!partial.found && partial.candidates.length).toBeGreaterThan(1);
    expect(lookupMajor(realDb(), parse(majorLookupSchema, { name: '炼金术' }))).toEqual({ found: false, candidates: [], more: false });
    expect(inputError(() => parse(majorLookupSchema, {})).param).toBe('name');
  });
});

describe('overview', () => {
  it('row counts of each dataset agree with the import tally; coverage lists years, provinces and bases', () => {
    const o = overview(realDb());
    const counts = JSON.parse(realDb().prepare("SELECT value FROM meta WHERE key = 'counts'").pluck().get() as string);
    for (const d of o.datasets) expect(d.rows).toBe(counts[d.dataset].served);
    expect(o.datasets.find((d) => d.dataset === 'universities')?.rows).toBe(2919);
    const sl = o.score_lines;
    const servedTotal = sl.years.reduce((a, y) => a + y.rows, 0);
    expect(servedTotal).toBe(counts.score_lines.served);
    expect(sl.basis.reduce((a, b) => a + b.rows, 0)).toBe(servedTotal);
    expect(sl.provinces.find((p) => p.province === '河南')?.years).toContain(2024);
    // 山东 and 浙江 shards are absent upstream (score_lines/README.txt); only the small 2024 jsoneft share exists.
    const py = sl.province_years.find((p) => p.province === '河南' && p.year === 2024)!;
    expect(Object.values(py.rows).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
  });
});
