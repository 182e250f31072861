// University search and detail against the real database. Expected values come from the bundle:
// universities/universities.csv.gz (北京大学 moe_code 4111010001, 985/211/双一流 = 1, 软科 2026 主榜 2; 哈尔滨工业大学
// 4123010213), universities/README.txt (flag counts 985 = 38, 211 = 112, 双一流 = 143), the short names of
// normalize.ts SCHOOL_ALIASES, and rankings_evaluations/eval4_official_canmou.csv.gz row 1 (0101 哲学 北京大学 A+).
import { describe, expect, it } from 'vitest';
import { lookupUniversity, searchUniversities, universityDetail, universityLookupSchema, universitySearchSchema } from '../../src/data/universities.ts';
import { inputError, parse, realDb, walk } from './helpers.ts';

const search = (raw: Record<string, unknown>) => searchUniversities(realDb(), parse(universitySearchSchema, raw));
const all = (raw: Record<string, unknown>) => walk((page) => search({ ...raw, page, page_size: 100 })).rows;

describe('university search', () => {
  it.each([
    ['北大', '北京大学'],
    ['清华', '清华大学'],
    ['复旦', '复旦大学'],
    ['哈工大', '哈尔滨工业大学'],
    ['上海交大', '上海交通大学'],
    ['北京大学', '北京大学'],
  ])('the short name %s finds %s first', (q, name) => {
    expect(search({ q }).items[0]?.name).toBe(name);
  });

  it('finds 1- and 2-character queries (which a trigram index misses)', () => {
    const two = all({ q: '师范' });
    expect(two.length).toBeGreaterThan(50);
    expect(two.every((u) => u.name.includes('师范'))).toBe(true);
    const one = all({ q: '医' });
    expect(one.length).toBeGreaterThan(50);
    expect(one.every((u) => u.name.includes('医'))).toBe(true);
  });

  it('a name in no university returns an empty list', () => {
    expect(search({ q: '霍格沃茨魔法学院' })).toEqual({ items: [], page: 1, page_size: 20, has_more: false });
  });

  it('level flags give the counts of universities/README.txt', () => {
    expect(all({ level: '985' }).length).toBe(38);
    expect(all({ level: '211' }).length).toBe(112);
    expect(all({ level: '双一流' }).length).toBe(143);
    expect(all({ level: '985' }).every((u) => u.is_985)).toBe(true);
  });

  it('province in any written form, city with or without 市, type, max_ranking', () => {
    const short = all({ province: '江苏' });
    expect(short.length).toBeGreaterThan(100);
    expect(all({ province: '江苏省' })).toEqual(short);
    expect(all({ province: 'jiangsu' })).toEqual(short);
    const nanjing = all({ city: '南京' });
    expect(nanjing.length).toBeGreaterThan(10);
    expect(nanjing.every((u) => u.city === '南京市')).toBe(true);
    expect(all({ city: '南京市' })).toEqual(nanjing);
    expect(all({ type: '师范' }).every((u) => u.type === '师范')).toBe(true);
    const top10 = all({ max_ranking: 10 });
    expect(top10.map((u) => u.ranking).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('orders by ranking, name or id', () => {
    const byRank = search({ level: '985', order: 'ranking', page_size: 5 }).items;
    expect(byRank.map((u) => u.name).slice(0, 2)).toEqual(['清华大学', '北京大学']);
    const byId = all({ province: '北京', order: 'id' }).map((u) => u.id);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    const byName = all({ province: '上海', order: 'name' }).map((u) => u.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses unknown values naming the field', () => {
    expect(inputError(() => search({ level: '986' })).param).toBe('level');
    expect(inputError(() => search({ province: '火星' })).message).toMatch(/province: unknown province/);
    expect(inputError(() => search({ order: 'score' })).param).toBe('order');
    expect(inputError(() => search({ page_size: 101 })).param).toBe('page_size');
    expect(inputError(() => search({ page: 0 })).param).toBe('page');
  });
});

describe('university detail', () => {
  it('北京大学: basics, flags, majors offered, strong disciplines, recent lines', () => {
    const u = universityDetail(realDb(), 4111010001);
    expect(u).toMatchObject({ name: '北京大学', moe_code: '4111010001', province: '北京', city: '北京市', level: '本科' });
    expect(u.flags).toMatchObject({ is_985: true, is_211: true, is_double_first_class: true });
    expect(u.ranking.ruanke_2026_main).toBe(2);
    expect(u.aliases).toContain('北大');
    expect(u.majors_offered.ranked_majors).toBeGreaterThan(50);
    expect(u.strong_disciplines.eval4_a).toContainEqual({ discipline_code: '0101', discipline_name: '哲学', grade: 'A+' });
    expect(u.recent_admission_lines.length).toBeGreaterThan(10);
    for (const l of u.recent_admission_lines as any[]) expect(l.lowest_min_score).toBeLessThanOrEqual(l.highest_min_score);
  });

  it('an unknown id is a 404, never a guess', () => {
    expect(() => universityDetail(realDb(), 1)).toThrow(/no university with id 1/);
  });

  it('lookup by a short name resolves; a vague name returns candidates; nothing matches → not found', () => {
    const hit = lookupUniversity(realDb(), parse(universityLookupSchema, { name: '哈工大' }));
    expect(hit.found && hit.university.id).toBe(4123010213);
    const vague = lookupUniversity(realDb(), parse(universityLookupSchema, { name: '交通大学' }));
    expect(vague.found).toBe(false);
    expect(!vague.found && vague.candidates.length).toBeGreaterThan(1);
    const none = lookupUniversity(realDb(), parse(universityLookupSchema, { name: '霍格沃茨魔法学院' }));
    expect(none).toEqual({ found: false, candidates: [], more: false });
    expect(inputError(() => parse(universityLookupSchema, {})).param).toBe('name');
  });
});
