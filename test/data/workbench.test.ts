// The /zhiyuan/ workbench against the real database: every entry match_by_score finds is reachable page by page
// (and is exactly match_by_score's entry, same probability), counts per label, the filters the page offers (省内,
// city, nature, elective) checked against the universities table, the three sorts, the full-mark check, the exam
// facts the inputs follow (山东 after 2020 is 3+3: one family, 综合), and the 选科 reader on published forms.
import { describe, expect, it } from 'vitest';
import { matchByScore, matchSchema } from '../../src/data/match.ts';
import { maxTotalScore } from '../../src/data/normalize.ts';
import { electiveFits, parseElective, provinceExams, workbench, workbenchResultSchema, workbenchSchema, type WorkbenchItem } from '../../src/data/workbench.ts';
import { inputError, parse, realDb } from './helpers.ts';

const bench = (raw: Record<string, unknown>) => workbench(realDb(), parse(workbenchSchema, raw));
const key = (i: { university_id: number | null; school_name: string; campus: string | null; unit: string | null; label: string }) => `${i.university_id ?? i.school_name}|${i.campus ?? ''}|${i.unit ?? ''}|${i.label}`;

function allPages(raw: Record<string, unknown>): WorkbenchItem[] {
  const out: WorkbenchItem[] = [];
  for (let page = 1; page < 200; page++) {
    const r = bench({ ...raw, page, page_size: 50 });
    out.push(...r.items);
    if (!r.has_more) return out;
  }
  throw new Error('too many pages');
}

describe('workbench', () => {
  it('山东 550 without a subject type matches as 综合, and every match of every label is reachable by paging', () => {
    const first = bench({ province: '山东', score: 550 });
    expect(() => workbenchResultSchema.parse(first)).not.toThrow();
    expect(first.subject_type).toBe('综合');
    const total = first.counts.冲 + first.counts.稳 + first.counts.保;
    // the probabilities are match_by_score's own, for all of its matches (not only its first 30)
    const m = matchByScore(realDb(), { ...parse(matchSchema, { province: '山东', score: 550 }), limit: 100000 });
    expect(total).toBe(m.matched_total);
    expect(total).toBeGreaterThan(30);
    const seen: WorkbenchItem[] = [];
    for (const label of ['冲', '稳', '保'] as const) {
      const items = allPages({ province: '山东', score: 550, label });
      expect(items.length).toBe(first.counts[label]);
      expect(items.every((i) => i.label === label)).toBe(true);
      seen.push(...items);
    }
    expect(new Set(seen.map(key)).size).toBe(seen.length);
    const byKey = new Map(m.items.map((i) => [key(i), i]));
    expect(seen.map(key).sort()).toEqual([...byKey.keys()].sort());
    for (const it of seen) expect(it.probability).toBe(byKey.get(key(it))!.probability);
  });

  it('filters: 省内/省外 split the matches; city and nature follow the universities table; counts follow the filters', () => {
    const q = { province: '湖北', subject_type: '物理', score: 580 };
    const all = bench(q);
    const inside = bench({ ...q, region: '省内' });
    const outside = bench({ ...q, region: '省外' });
    const sum = (r: typeof all) => r.counts.冲 + r.counts.稳 + r.counts.保;
    expect(sum(inside) + sum(outside)).toBe(sum(all));
    expect(sum(inside)).toBeGreaterThan(0);
    for (const it of allPages({ ...q, region: '省内' })) expect(it.university_province).toBe('湖北');
    const wuhan = allPages({ ...q, city: '武汉' });
    expect(wuhan.length).toBeGreaterThan(0);
    for (const it of wuhan) expect(realDb().prepare('SELECT city FROM universities WHERE id = ?').pluck().get(it.university_id)).toMatch(/^武汉市?$/);
    const privateOnes = allPages({ ...q, nature: '民办' });
    for (const it of privateOnes) expect(realDb().prepare('SELECT nature FROM universities WHERE id = ?').pluck().get(it.university_id)).toBe('民办');
    const pub = bench({ ...q, nature: '公办' });
    expect(sum(pub) + pub.workbench_left_out.nature).toBe(sum(all));
    expect(pub.workbench_left_out.nature).toBeGreaterThanOrEqual(privateOnes.length);
    const d985 = allPages({ ...q, level: '985' });
    for (const it of d985) expect(it.tags).toContain('985');
  });

  it('sorts: probability (high first), past line (high first), ranking (best first)', () => {
    const q = { province: '河南', subject_type: '物理', score: 600, label: '稳' };
    const p = bench({ ...q, sort: 'probability', page_size: 50 }).items.map((i) => i.probability!);
    expect(p).toEqual([...p].sort((a, b) => b - a));
    const newest = (i: WorkbenchItem) => i.lines.reduce((a, l) => (l.year > a.year ? l : a)).min_score;
    const l = bench({ ...q, sort: 'line', page_size: 50 }).items.map(newest);
    expect(l).toEqual([...l].sort((a, b) => b - a));
    const r = bench({ ...q, sort: 'ranking', page_size: 50 }).items.map((i) => i.ranking ?? Infinity);
    expect(r).toEqual([...r].sort((a, b) => a - b));
  });

  it('a score above the province\'s full mark is refused naming score; a bad elective names electives', () => {
    const e = inputError(() => bench({ province: '山东', score: 751 }));
    expect(e.param).toBe('score');
    expect(e.message).toContain('750');
    const sh = inputError(() => bench({ province: '上海', score: 700 }));
    expect(sh.message).toContain(String(maxTotalScore('上海', 2026)));
    expect(inputError(() => bench({ province: '浙江', score: 600, electives: '物理,体育' })).param).toBe('electives');
  });

  it('electives: entries whose known requirement the candidate misses are left out; the rest fit or are unknown', () => {
    // 浙江's plans for the exam year carry 选科要求 (the bundle's 浙江 2026 plan file)
    const q = { province: '浙江', score: 600 };
    const none = bench(q);
    const hist = bench({ ...q, electives: '历史,政治,地理' });
    expect(hist.workbench_left_out.elective).toBeGreaterThan(0);
    const sum = (r: typeof none) => r.counts.冲 + r.counts.稳 + r.counts.保;
    expect(sum(hist) + hist.workbench_left_out.elective).toBe(sum(none));
    for (const it of allPages({ ...q, electives: '历史,政治,地理' })) expect(it.elective?.fits ?? null).not.toBe(false);
    const sci = bench({ ...q, electives: '物理,化学,生物' });
    expect(sci.workbench_left_out.elective).toBeLessThan(hist.workbench_left_out.elective);
  });

  it('专业类: only universities whose compared lines in the province include a major of the class; unknown class is a 400', () => {
    const q = { province: '河南', subject_type: '物理', score: 600 };
    const all = bench(q);
    const cs = bench({ ...q, major_class: '计算机类' });
    const sum = (r: typeof all) => r.counts.冲 + r.counts.稳 + r.counts.保;
    expect(sum(cs)).toBeGreaterThan(0);
    expect(sum(cs) + cs.workbench_left_out.major_class).toBe(sum(all));
    expect(bench({ ...q, major_class: '0809' }).counts).toEqual(cs.counts); // the class's code means the same
    const names = realDb().prepare("SELECT name FROM majors WHERE subcategory = '计算机类'").pluck().all() as string[];
    expect(names).toContain('计算机科学与技术');
    const has = realDb().prepare(
      `SELECT 1 FROM score_lines WHERE province = '河南' AND university_id = ? AND cleaned = 0 AND year IN (${cs.compared_years.join(',')})
         AND (${names.map(() => "instr(COALESCE(major_name, '') || '|' || COALESCE(group_majors, ''), ?) > 0").join(' OR ')}) LIMIT 1`,
    );
    for (const it of allPages({ ...q, major_class: '计算机类' }).slice(0, 40)) expect(has.get(it.university_id, ...names)).toBeTruthy();
    expect(inputError(() => bench({ ...q, major_class: '炼金术类' })).param).toBe('major_class');
  });

  it('reads the published 选科 forms of the bundle', () => {
    expect(parseElective('物理,化学(2门科目考生均须选考方可报考)')).toEqual({ all: ['物理', '化学'], any: [] });
    expect(parseElective('物或化或生')).toEqual({ all: [], any: ['物理', '化学', '生物'] });
    expect(parseElective('首选物理，再选化学')).toEqual({ all: ['物理', '化学'], any: [] });
    expect(parseElective('不提科目要求')).toEqual({ all: [], any: [] });
    expect(parseElective('历史+不限')).toEqual({ all: ['历史'], any: [] });
    expect(parseElective('化学和生物')).toEqual({ all: ['化学', '生物'], any: [] });
    expect(parseElective('艺术类')).toBeNull();
    expect(electiveFits(parseElective('物和化')!, new Set(['物理', '化学', '生物']))).toBe(true);
    expect(electiveFits(parseElective('物和化')!, new Set(['物理', '生物', '地理']))).toBe(false);
  });

  it('exam facts: 山东 is 3+3 (综合 only) from 2020, 文理 before; 河南 3+1+2 from 2025 with 2 of 4 electives; 上海 660', () => {
    const ex = provinceExams(realDb());
    const sd = ex.find((p) => p.province === '山东')!;
    expect(sd.years[0].families.map((f) => f.value)).toEqual(['综合']);
    expect(sd.years[0].electives?.pick).toBe(3);
    const hn = ex.find((p) => p.province === '河南')!;
    const y2025 = hn.years.find((y) => y.year === 2025)!;
    expect(y2025.system).toBe('3+1+2');
    expect(y2025.electives).toEqual({ pick: 2, from: ['化学', '生物', '政治', '地理'] });
    const y2024 = hn.years.find((y) => y.year === 2024)!;
    expect(y2024.families.map((f) => f.label)).toEqual(['理科', '文科']);
    expect(ex.find((p) => p.province === '上海')!.years[0].max_score).toBe(660);
  });
});
