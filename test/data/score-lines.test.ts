// Score lines against the real database: every filter, every 400, paging to the end. Known fact:
// score_lines/liuxusummer_official_group_lines.csv.gz (上海 2024 复旦大学 专业组 01, 580, source
// https://www.shmeea.edu.cn/page/02200/20240719/18689.html).
import { describe, expect, it } from 'vitest';
import { queryScoreLines, scoreLineQuerySchema, type ScoreLine } from '../../src/data/score-lines.ts';
import { inputError, parse, realDb, walk } from './helpers.ts';

const query = (raw: Record<string, unknown>) => queryScoreLines(realDb(), parse(scoreLineQuerySchema, raw));
const all = (raw: Record<string, unknown>) => walk((page) => query({ ...raw, page, page_size: 100 })).rows;
const ids = (rows: ScoreLine[]) => rows.map((r) => r.id);
const PKU = 4111010001;

describe('score lines', () => {
  it('an official group line round-trips with its source URL', () => {
    const rows = all({ province: '上海', year: 2024, university_name: '复旦大学', data_type: '专业组线' });
    const g01 = rows.find((r) => r.major_group === '复旦大学(01)' && String(r.source_file).includes('liuxusummer'));
    expect(g01).toMatchObject({ min_score: 580, university_id: 4131010246, source_url: 'https://www.shmeea.edu.cn/page/02200/20240719/18689.html' });
  });

  it('province in every written form and subject types folded into one family', () => {
    const base = ids(query({ province: '河南', year: 2024, subject_type: '物理类', page_size: 50 }).items);
    expect(base.length).toBe(50);
    for (const province of ['河南省', 'henan']) expect(ids(query({ province, year: 2024, subject_type: '物理类', page_size: 50 }).items)).toEqual(base);
    for (const subject_type of ['物理', '理科']) expect(ids(query({ province: '河南', year: 2024, subject_type, page_size: 50 }).items)).toEqual(base);
    const rows = query({ province: '河南', year: 2024, subject_type: '理科', page_size: 100 }).items;
    expect(rows.every((r) => r.province === '河南' && r.year === 2024 && r.subject_family === '物理')).toBe(true);
  });

  it('filters: batch (fuzzy), data_type, major_name, score window, rank window', () => {
    const yipi = all({ province: '河南', year: 2024, subject_type: '理科', batch: '一批', data_type: '院校线' });
    expect(yipi.length).toBeGreaterThan(100);
    expect(yipi.every((r) => r.batch_family === '本科一批' && (r.data_type === '院校线' || r.data_type === '专业组线'))).toBe(true);
    expect(ids(all({ province: '河南', year: 2024, subject_type: '理科', batch: '本科一批', data_type: '院校线' }))).toEqual(ids(yipi));
    const majors = all({ province: '河南', year: 2024, major_name: '计算机', data_type: '专业线' });
    expect(majors.length).toBeGreaterThan(0);
    expect(majors.every((r) => String(r.major_name).includes('计算机') && r.data_type === '专业线')).toBe(true);
    const win = all({ province: '河南', year: 2024, min_score_from: 600, min_score_to: 605 });
    expect(win.length).toBeGreaterThan(0);
    expect(win.every((r) => (r.min_score as number) >= 600 && (r.min_score as number) <= 605)).toBe(true);
    const ranks = all({ province: '河南', year: 2024, subject_type: '物理', min_rank_from: 1000, min_rank_to: 2000 });
    expect(ranks.length).toBeGreaterThan(0);
    expect(ranks.every((r) => (r.min_rank as number) >= 1000 && (r.min_rank as number) <= 2000)).toBe(true);
    expect(ranks.map((r) => r.min_rank)).toEqual([...ranks.map((r) => r.min_rank)].sort((a, b) => (a as number) - (b as number)));
  });

  it('university_id, an official name and a short name select the same rows', () => {
    const byId = ids(all({ university_id: PKU, province: '河南', year: 2024 }));
    expect(byId.length).toBeGreaterThan(0);
    expect(ids(all({ university_name: '北京大学', province: '河南', year: 2024 }))).toEqual(byId);
    expect(ids(all({ university_name: '北大', province: '河南', year: 2024 }))).toEqual(byId);
    expect(query({ university_id: PKU, page_size: 100 }).items.every((r) => r.university_id === PKU)).toBe(true);
  });

  it('cleaned rows only with raw=true', () => {
    const served = all({ province: '上海', year: 2024, university_name: '复旦大学' });
    const raw = all({ province: '上海', year: 2024, university_name: '复旦大学', raw: 'true' });
    expect(served.every((r) => r.cleaned === 0 && r.clean_reason === undefined)).toBe(true);
    expect(raw.length).toBeGreaterThan(served.length);
    expect(raw.filter((r) => r.cleaned === 1).every((r) => typeof r.clean_reason === 'string')).toBe(true);
    expect(ids(all({ province: '上海', year: 2024, university_name: '复旦大学', raw: 'false' }))).toEqual(ids(served));
  });

  it('a query that finds nothing is an empty list', () => {
    expect(query({ province: '河南', year: 2001 })).toEqual({ items: [], page: 1, page_size: 20, has_more: false });
    expect(query({ university_name: '霍格沃茨魔法学院' }).items).toEqual([]);
  });

  it('paging walks a result to the end: no row twice, none missing, order kept', () => {
    for (const raw of [
      { university_id: 4111010022, province: '北京', year: 2025 },
      { province: '河南', year: 2024, subject_type: '理科', min_score_from: 640, min_score_to: 660 },
      { province: '河南', year: 2024, subject_type: '物理', min_rank_from: 1, min_rank_to: 3000 },
      { university_name: '北大' },
    ]) {
      const whole = ids(all(raw));
      expect(whole.length).toBeGreaterThan(20);
      const { rows, pages } = walk((page) => query({ ...raw, page, page_size: 7 }));
      expect(ids(rows)).toEqual(whole);
      expect(new Set(ids(rows)).size).toBe(rows.length);
      expect(pages).toBe(Math.ceil(whole.length / 7));
      // Independent count of the same rows.
      const n = realDb()
        .prepare(`SELECT COUNT(*) FROM score_lines WHERE id IN (SELECT value FROM json_each(?)) AND cleaned = 0`)
        .pluck()
        .get(JSON.stringify(whole));
      expect(n).toBe(whole.length);
    }
  });

  it('every missing or bad filter is a 400 naming the field', () => {
    const bad = (raw: Record<string, unknown>) => inputError(() => query(raw));
    expect(bad({})).toMatchObject({ status: 400, param: 'province' });
    expect(bad({}).message).toMatch(/province and year.*university_id.*university_name/);
    expect(bad({ province: '河南' })).toMatchObject({ param: 'year' });
    expect(bad({ year: 2024 })).toMatchObject({ param: 'province' });
    expect(bad({ subject_type: '物理', batch: '本科批' })).toMatchObject({ param: 'province' });
    expect(bad({ province: '火星', year: 2024 })).toMatchObject({ param: 'province' });
    expect(bad({ province: '河南', year: 2024, subject_type: '化学' })).toMatchObject({ param: 'subject_type' });
    expect(bad({ province: '河南', year: 2024, data_type: '校线' })).toMatchObject({ param: 'data_type' });
    expect(bad({ province: '河南', year: 'x' })).toMatchObject({ param: 'year' });
    expect(bad({ province: '河南', year: 2024, min_score_from: 600, min_score_to: 500 })).toMatchObject({ param: 'min_score_from' });
    expect(bad({ province: '河南', year: 2024, min_rank_from: 0 })).toMatchObject({ param: 'min_rank_from' });
    expect(bad({ province: '河南', year: 2024, raw: 'yes' })).toMatchObject({ param: 'raw' });
    expect(bad({ province: '河南', year: 2024, page_size: 0 })).toMatchObject({ param: 'page_size' });
    expect(bad({ province: '河南', year: 2024, provice: '河南' })).toMatchObject({ param: 'provice' });
    expect(bad({ university_name: '交通' })).toMatchObject({ param: 'university_name' });
    expect(bad({ university_name: '交通' }).message).toMatch(/matches \d+ schools/);
  });
});
