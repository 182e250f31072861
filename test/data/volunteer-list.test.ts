// The 志愿表 as the province fills it: where a list lands (平行志愿: the first entry whose line is reached admits),
// on hand-computed cases and on the real data in the province's units, its warnings, and the rules table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mirofish, mirofishSchema } from '../../src/data/mirofish.ts';
import { chanceFromDraws, drawPast, drawRanks, fitSpread, landingFromDraws, predictLine, uniformStream, usableModel } from '../../src/data/simulate.ts';
import { loadVolunteerRules, ruleFor, RULES_FILE, volunteerRules } from '../../src/data/volunteer-rules.ts';
import { splitMajors, unitKind, unitLines } from '../../src/data/volunteer-units.ts';
import { listAdvice, listWarnings, type ListEntry } from '../../src/data/volunteer-warnings.ts';
import { inputError, parse, realDb } from './helpers.ts';

const constant = (ps: number[], draws = 4) => ps.map((p) => new Float64Array(draws).fill(p));

describe('where a list lands', () => {
  it('independent lines: P(land i) = Π(1 − p_j, j < i) · p_i and 滑档 = Π(1 − p_i) (3 entries by hand)', () => {
    // p = 0.3, 0.5, 0.9 in every draw (the rank fixed, each line known in distribution): by hand
    // land = 0.3, 0.7 × 0.5 = 0.35, 0.7 × 0.5 × 0.9 = 0.315; none = 0.7 × 0.5 × 0.1 = 0.035
    const l = landingFromDraws(constant([0.3, 0.5, 0.9]), 4);
    expect(l.land[0]).toBeCloseTo(0.3, 12);
    expect(l.land[1]).toBeCloseTo(0.35, 12);
    expect(l.land[2]).toBeCloseTo(0.315, 12);
    expect(l.none).toBeCloseTo(0.035, 12);
    expect(l.se).toBe(0);
  });

  it('the simulation with a fixed rank and a level drawn per unit gives the independent formula from the entries\' own chances', () => {
    const u = uniformStream('test', 'pairs');
    const model = usableModel(fitSpread(Array.from({ length: 3000 }, () => ({ level: 4, d: 0.15 * Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()) })), 2025));
    const n = 60_000;
    const logRanks = drawRanks(10_000, 10_000, n, uniformStream('rank', 'fixed'));
    const perDraw = [8_000, 10_000, 14_000].map((line, i) => {
      const pred = predictLine(model, [{ year: 2025, rank: line, ratio: 1 }], 2026);
      const out = new Float64Array(n);
      chanceFromDraws(pred, drawPast(pred.band, pred.years, n, uniformStream('unit', String(i))), logRanks, out);
      return out;
    });
    const p = perDraw.map((d) => d.reduce((a, b) => a + b, 0) / n);
    const l = landingFromDraws(perDraw, n);
    expect(l.land[0]).toBeCloseTo(p[0]!, 3);
    expect(l.land[1]!).toBeCloseTo((1 - p[0]!) * p[1]!, 2);
    expect(l.land[2]!).toBeCloseTo((1 - p[0]!) * (1 - p[1]!) * p[2]!, 2);
    expect(l.none).toBeCloseTo((1 - p[0]!) * (1 - p[1]!) * (1 - p[2]!), 2);
  });

  it('one candidate: the rank is shared by every entry, so falling short of one line goes with falling short of the next', () => {
    // two draws of the candidate's rank: a good day reaches both lines, a bad day neither. Each entry's own chance is
    // 0.5; independence would say the second admits 0.25 and 滑档 0.25, the shared rank says 0 and 0.5.
    const l = landingFromDraws([Float64Array.of(1, 0), Float64Array.of(1, 0)], 2);
    expect(l.land).toEqual([0.5, 0]);
    expect(l.none).toBe(0.5);
    // and in the model: a rank spread over a wide span lowers the second entry's share below the independent product
    const u = uniformStream('test', 'pairs2');
    const model = usableModel(fitSpread(Array.from({ length: 3000 }, () => ({ level: 4, d: 0.05 * Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()) })), 2025));
    const n = 40_000;
    const logRanks = drawRanks(5_000, 20_000, n, uniformStream('rank', 'span'));
    const perDraw = [0, 1].map((i) => {
      const pred = predictLine(model, [{ year: 2025, rank: 10_000, ratio: 1 }], 2026);
      const out = new Float64Array(n);
      chanceFromDraws(pred, drawPast(pred.band, pred.years, n, uniformStream('unit', String(i))), logRanks, out);
      return out;
    });
    const p = perDraw.map((d) => d.reduce((a, b) => a + b, 0) / n);
    const s = landingFromDraws(perDraw, n);
    expect(s.land[1]!).toBeLessThan((1 - p[0]!) * p[1]! - 0.05);
    expect(s.none).toBeGreaterThan((1 - p[0]!) * (1 - p[1]!) + 0.05);
  });
});

describe('warnings', () => {
  const entry = (name: string, probability: number | null, more: Partial<ListEntry> = {}): ListEntry => ({ name, probability, years: [2023, 2024, 2025], majors: [], excluded: [], ...more });
  const landing = (entries: ListEntry[]) => {
    const sim = entries.map((e) => e.probability ?? 0);
    return { ...landingFromDraws(constant(sim, 1), 1), entryIndex: entries.map((_, i) => i) };
  };

  it('a safer entry above a riskier one: the riskier one is named with its small share', () => {
    const list = [entry('甲', 0.9), entry('乙', 0.3), entry('丙', 0.95)];
    const w = listWarnings(list, landing(list), 45).filter((x) => x.kind === 'order');
    expect(w.map((x) => x.entries)).toEqual([[1, 2]]);
    // 乙 admits only when 甲 fails: 0.1 × 0.3 = 3.0 %
    expect(w[0]!.text).toContain('「乙」');
    expect(w[0]!.text).toContain('3.0%');
    const fine = [entry('乙', 0.3), entry('甲', 0.9)];
    expect(listWarnings(fine, landing(fine), 45).filter((x) => x.kind === 'order')).toEqual([]);
  });

  it('too few 保, a group whose majors are all excluded, a line of one year, more entries than allowed', () => {
    const list = [entry('甲', 0.4, { majors: ['法学', '英语'], excluded: ['英语', '法学'] }), entry('乙', 0.6, { years: [2025] }), entry('丙', 0.85)];
    const w = listWarnings(list, landing(list), 2);
    expect(w.map((x) => x.kind).sort()).toEqual(['adjust', 'few_safe', 'one_year', 'too_many']);
    expect(w.find((x) => x.kind === 'adjust')!.entries).toEqual([1]);
    expect(w.find((x) => x.kind === 'one_year')!.text).toContain('2025 年');
    // 滑档 = 0.6 × 0.4 × 0.15 = 3.6 %
    expect(w.find((x) => x.kind === 'few_safe')!.text).toContain('3.6%');
    const some = [entry('甲', 0.9, { majors: ['法学', '英语'], excluded: ['英语'] }), entry('乙', 0.95)];
    expect(listWarnings(some, landing(some), 45)).toEqual([]);
  });

  it('the advice says what its own figure says (83.1 % is not 「很可能一个也录不上」)', () => {
    expect(listAdvice(0.831)).not.toContain('很可能一个也录不上');
    expect(listAdvice(0.831)).toContain('83.1%');
    expect(listAdvice(0.3)).toContain('很可能一个也录不上');
    expect(listAdvice(0.99)).toContain('99.0%');
  });
});

describe('the rules table', () => {
  it('every row cites the authority (title, publisher, URL, its words); one row per province-year', () => {
    const { rows } = volunteerRules();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const r of rows) {
      expect(r.sources.length).toBeGreaterThan(0);
      for (const s of r.sources) {
        expect(s.url).toMatch(/^https?:\/\//);
        expect(s.title.length).toBeGreaterThan(0);
        expect(s.publisher).toMatch(/[\u4e00-\u9fa5]/);
      }
      // the count and the unit are the authority's words: a row may cite one text for the unit and another for the
      // count (河北 2026: the 须知 and the 草表), but together its quotes say both
      const words = r.sources.map((s) => s.quote).join('');
      expect(words, `${r.province} ${r.year}`).toContain(String(r.volunteers));
      expect(words, `${r.province} ${r.year}`).toMatch(r.unit === '院校专业组' ? /院校专业组|专业组/ : r.unit === '专业+院校' ? /专业（?类?）?[”"]?\s*\+|专业（类）平行志愿|专业平行志愿|院校\+专业/ : /院校志愿|平行志愿|志愿组/);
      if (r.majors_per_unit !== null && r.unit !== '专业+院校') expect(words, `${r.province} ${r.year}`).toContain(String(r.majors_per_unit));
    }
    expect(ruleFor('山东', 2026)).toMatchObject({ unit: '专业+院校', volunteers: 96 });
    expect(ruleFor('广东', 2026)).toMatchObject({ unit: '院校专业组', volunteers: 45, majors_per_unit: 6 });
    expect(ruleFor('山东', 2019)).toBeNull();
    // without a row for the year, the latest earlier rule of the same exam system stands in, its own year said; a
    // rule never describes an earlier year, nor a year of another system (河南 2026's 院校专业组 is not 河南 2024's 文理)
    expect(ruleFor('山东', 2027)).toMatchObject({ year: 2026, volunteers: 96 });
    expect(ruleFor('北京', 2022)).toMatchObject({ unit: '院校专业组', volunteers: 30 });
    expect(ruleFor('北京', 2026)).toMatchObject({ year: 2022 });
    expect(ruleFor('黑龙江', 2025)).toMatchObject({ year: 2024, volunteers: 40 });
    expect(ruleFor('黑龙江', 2023)).toBeNull();
    expect(ruleFor('重庆', 2026)).toMatchObject({ year: 2025, unit: '专业+院校' });
    expect(ruleFor('河南', 2024)).toBeNull();
    expect(ruleFor('河南', 2025)).toBeNull();
  });

  it('a row without a source, or twice the same province-year, stops the load naming it', () => {
    const raw = JSON.parse(fs.readFileSync(RULES_FILE, 'utf8'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-'));
    const file = path.join(dir, 'rules.json');
    fs.writeFileSync(file, JSON.stringify({ ...raw, rows: [{ ...raw.rows[0], sources: [] }] }));
    expect(() => loadVolunteerRules(file)).toThrow(/rows\.0\.sources/);
    fs.writeFileSync(file, JSON.stringify({ ...raw, rows: [raw.rows[0], raw.rows[0]] }));
    expect(() => loadVolunteerRules(file)).toThrow(/appears twice/);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('a list in the province\'s units (real data)', () => {
  const db = realDb();

  it('the unit comes from the rules (山东 2026: 专业+院校), else from the line kind the data has (湖南: 院校专业组)', () => {
    expect(unitKind(db, '山东', 2026, '综合')).toMatchObject({ unit: '专业+院校', source: 'rules' });
    expect(unitKind(db, '江苏', 2026, '物理')).toMatchObject({ unit: '院校专业组', source: 'rules', rule: { volunteers: 40 } });
    expect(ruleFor('湖南', 2026)).toBeNull();
    expect(unitKind(db, '湖南', 2026, '物理')).toMatchObject({ unit: '院校专业组', source: 'data' });
  });

  it('every row of the rules table decides the unit and the 志愿 count of its province-year', () => {
    for (const r of volunteerRules().rows) {
      for (const family of ['物理', '综合'] as const) expect(unitKind(db, r.province, r.year, family), `${r.province} ${r.year}`).toMatchObject({ unit: r.unit, source: 'rules', rule: { volunteers: r.volunteers, year: r.year } });
    }
  });

  it('a group\'s majors are split where the line lists them, brackets kept whole', () => {
    expect(splitMajors('法学类(含:法学、法学(国际班))(北京市)、英语')).toEqual(['法学类(含:法学、法学(国际班))(北京市)', '英语']);
  });

  it('广东 groups: each entry cites its own group\'s lines, never the university\'s lowest; land + 滑档 = 1; a seed reproduces', () => {
    const units = [...unitLines(db, '广东', 2025, '物理', '院校专业组').values()].filter((l) => l.university_id && l.min_rank && l.min_rank > 20_000 && l.min_rank < 60_000);
    // two groups of one university with different lines
    const byUni = new Map<number, typeof units>();
    for (const u of units) byUni.set(u.university_id!, [...(byUni.get(u.university_id!) ?? []), u]);
    const pair = [...byUni.values()].find((g) => g.length >= 2 && Math.abs(g[0]!.min_rank! - g[1]!.min_rank!) > 5_000)!;
    expect(pair).toBeDefined();
    const body = { province: '广东', year: 2026, subject_type: '物理', rank: 40_000, mode: 'list', seed: 's1', draws: 2000, targets: pair.slice(0, 2).map((l) => ({ university_id: l.university_id, ...(l.campus ? { campus: l.campus } : {}), ...(l.unit ? { unit: l.unit } : {}), major_group: l.major_group })) };
    const r = mirofish(db, parse(mirofishSchema, body));
    r.results.forEach((x, i) => {
      expect(x.status).toBe('ok');
      expect(x.lines.every((l) => l.major_group === pair[i]!.major_group && l.data_type === '专业组线')).toBe(true);
      expect(x.lines.find((l) => l.year === 2025)!.id).toBe(pair[i]!.id);
    });
    expect(r.results[0]!.probability).not.toBe(r.results[1]!.probability);
    const land = r.landing!.land as number[];
    expect(land[0]! + land[1]! + r.landing!.none).toBeCloseTo(1, 3);
    expect(land[0]).toBeCloseTo(r.results[0]!.probability!, 3);
    expect(r.landing!.unit).toBe('院校专业组');
    expect(mirofish(db, parse(mirofishSchema, body)).landing).toEqual(r.landing);
  });

  it('a university given without its group in a group province is a 400 naming the entry\'s field', () => {
    const id = db.prepare("SELECT id FROM universities WHERE name = '中山大学'").pluck().get() as number;
    const e = inputError(() => mirofish(db, parse(mirofishSchema, { province: '广东', year: 2026, subject_type: '物理', rank: 5000, mode: 'list', targets: [{ university_id: id }] })));
    expect(e.status).toBe(400);
    expect(e.param).toBe('targets[0].major_group');
  });

  it('mode targets keeps its limit of 50; mode list takes a 96-entry 山东 list', () => {
    const units = [...unitLines(db, '山东', 2025, '综合', '专业+院校').values()].filter((l) => l.university_id && l.min_rank).slice(0, 96);
    const targets = units.map((l) => ({ university_id: l.university_id!, ...(l.campus ? { campus: l.campus } : {}), ...(l.unit ? { unit: l.unit } : {}), major_name: l.major_name! }));
    expect(inputError(() => parse(mirofishSchema, { province: '山东', rank: 50_000, targets })).param).toBe('targets');
    const r = mirofish(db, parse(mirofishSchema, { province: '山东', year: 2026, rank: 50_000, targets, mode: 'list', draws: 1000, seed: 1 }));
    expect(r.results).toHaveLength(96);
    expect(r.landing!.volunteers_allowed).toBe(96);
    expect(r.results[0]!.school_code).toMatch(/^[A-Z]\d{3}$/);
  });
});

describe('垫底 (> 99 %) in the workbench, behind sure', () => {
  it('listed only with sure, all above 99 %, the other labels unchanged', async () => {
    const { workbench, workbenchSchema } = await import('../../src/data/workbench.ts');
    const db = realDb();
    const q = { province: '河南', subject_type: '物理', score: '600', page_size: '50' };
    const plain = workbench(db, parse(workbenchSchema, q));
    const sure = workbench(db, parse(workbenchSchema, { ...q, sure: 'true', label: '垫底' }));
    expect(plain.counts.垫底).toBe(0);
    expect(sure.counts.垫底).toBeGreaterThan(0);
    expect(sure.items.every((i) => i.label === '垫底' && (i.probability ?? 0) > 0.99)).toBe(true);
    expect({ 冲: sure.counts.冲, 稳: sure.counts.稳, 保: sure.counts.保 }).toEqual({ 冲: plain.counts.冲, 稳: plain.counts.稳, 保: plain.counts.保 });
  });
});

describe('a university\'s units (GET /api/recommendation/units engine)', () => {
  it('河南 2026 fills 院校专业组: only group lines stand for a unit; with none the answer says so instead of the university\'s line', async () => {
    const { universityUnits, unitsQuerySchema } = await import('../../src/data/volunteer-table.ts');
    const db = realDb();
    const id = db.prepare("SELECT id FROM universities WHERE name = '郑州大学'").pluck().get() as number;
    const r = universityUnits(db, parse(unitsQuerySchema, { province: '河南', year: 2026, subject_type: '物理', rank: 20000, university_id: id }));
    expect(r).toMatchObject({ unit: '院校专业组', unit_source: 'rules' });
    for (const u of r.units) expect(u.lines.every((l) => l.data_type === '专业组线' && l.major_group === u.major_group)).toBe(true);
    if (!r.units.length) expect(r.summary).toContain('不以院校的线代替');
  });

  it('河南 2024 (文/理) fills 院校: the unit carries the 院校代码 its own lines print, even when its representing line is a row without it', async () => {
    const { universityUnits, unitsQuerySchema } = await import('../../src/data/volunteer-table.ts');
    const db = realDb();
    // every 院校 unit of a 河南 2024 candidate whose ordinary lines of 2021–2023 print a code gets one of the codes
    // its newest such year prints (sources of one year may print the province's code or the national one)
    const rows = db
      .prepare(
        `SELECT university_id, year, school_code FROM score_lines
          WHERE province = '河南' AND year BETWEEN 2021 AND 2023 AND cleaned = 0 AND campus IS NULL AND admission_unit IS NULL AND school_code IS NOT NULL AND university_id IS NOT NULL
          GROUP BY university_id, year, school_code ORDER BY university_id, year DESC LIMIT 2000`,
      )
      .all() as Array<{ university_id: number; year: number; school_code: string }>;
    const printed = new Map<number, { year: number; codes: Set<string> }>();
    for (const r of rows) {
      const p = printed.get(r.university_id) ?? { year: r.year, codes: new Set<string>() };
      if (r.year === p.year) p.codes.add(r.school_code);
      printed.set(r.university_id, p);
    }
    let checked = 0;
    for (const [id, { codes }] of printed) {
      if (checked >= 6) break;
      const r = universityUnits(db, parse(unitsQuerySchema, { province: '河南', year: 2024, subject_type: '物理', score: 560, university_id: id }));
      expect(r.unit).toBe('院校');
      const own = r.units.find((u) => u.campus === null && u.unit === null && u.lines.length);
      if (!own) continue;
      expect(codes.has(own.school_code ?? ''), `${r.university.name}: ${own.school_code} of ${[...codes].join('/')}`).toBe(true);
      checked++;
    }
    expect(checked).toBe(6);
  });
});
