// match_by_score against the real database, on an old 文/理 province (新疆, never reformed), a 3+1+2 province (河南
// 2026) and a 3+3 one (上海): the rank comes from the exam year's 一分一段 table; every cited line is a served row of
// score_lines with the values shown; no university or campus appears twice per subject family; a campus line is
// never shown under its parent's name, nor a programme's line (联合办学, 较高收费 …) as its university's; labels follow the
// probability cut-offs and never get worse as the score rises.
import { describe, expect, it } from 'vitest';
import { matchByScore, matchOutputSchema, matchSchema, type MatchResult } from '../../src/data/match.ts';
import { examSystem, type SubjectFamily } from '../../src/data/normalize.ts';
import { queryRankTable, rankTableQuerySchema, scoreToRank } from '../../src/data/rank-table.ts';
import { LABEL_CUTOFFS } from '../../src/data/simulate.ts';
import { inputError, parse, realDb } from './helpers.ts';

const match = (raw: Record<string, unknown>) => matchByScore(realDb(), parse(matchSchema, raw));

const ORDER = { 冲: 0, 稳: 1, 保: 2 } as const;

/** The row a cited line claims to be, straight from the database. */
function row(id: number): any {
  return realDb().prepare('SELECT * FROM score_lines WHERE id = ?').get(id);
}

function latestTableYear(province: string, family: string): number {
  return realDb().prepare("SELECT MAX(year) FROM rank_tables WHERE province = ? AND subject_family = ? AND table_kind = '' AND cleaned = 0").pluck().get(province, family) as number;
}

/** Every structural promise of one result, checked against the database. */
function checkResult(r: MatchResult, province: string, family: string): void {
  expect(() => matchOutputSchema.parse(r)).not.toThrow();
  const keys = r.items.map((i) => `${i.university_id ?? i.school_name}|${i.campus ?? ''}|${i.unit ?? ''}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const it of r.items) {
    expect(it.lines.length).toBeGreaterThan(0);
    expect(it.lines.length).toBeLessThanOrEqual(3);
    if (it.probability !== null) {
      const [lo, hi] = LABEL_CUTOFFS[it.label];
      expect(it.probability).toBeGreaterThanOrEqual(lo - 0.0005);
      expect(it.probability).toBeLessThanOrEqual(hi + 0.0005);
      expect(it.interval![0]).toBeLessThanOrEqual(it.probability + 0.001);
      expect(it.interval![1]).toBeGreaterThanOrEqual(it.probability - 0.001);
    }
    for (const l of it.lines) {
      const db = row(l.id);
      expect(db, `line ${l.id}`).toBeTruthy();
      expect(db).toMatchObject({ province, year: l.year, subject_family: family, data_type: l.data_type, min_score: l.min_score, cleaned: 0, source_file: l.source.file, source_ref: l.source.ref });
      expect(l.year).toBeLessThan(r.year!);
      // the three years before the exam, or, for a candidate preparing for the next exam, up to three before the table's year
      expect(l.year).toBeGreaterThanOrEqual((r.rank?.table?.year ?? r.year!) - 3);
      // The line belongs to this entry: same university and the same campus (a campus line is never its parent's).
      expect(db.university_id).toBe(it.university_id);
      expect(db.campus).toBe(it.campus);
      if (db.campus !== null) expect(it.university_name.startsWith(db.campus)).toBe(true);
      // and the same unit (the line's admission_unit: the name's programme plus what the line's own columns, its
      // 院校代号 or a copy of it say): the university's own entry is never represented by a programme's line
      expect(db.admission_unit).toBe(it.unit);
      if (it.university_id === null) expect(db.school_name).toBe(it.school_name);
      if (l.rank_source === 'published') expect(l.min_rank).toBe(db.min_rank);
      if (l.rank_source === 'rank_table') {
        expect(scoreToRank(realDb(), province, l.year, family as SubjectFamily, l.min_score)?.rank).toBe(l.min_rank);
      }
    }
  }
}

function checkMonotone(args: Record<string, unknown>, scores: number[]): MatchResult[] {
  const results = scores.map((score) => match({ ...args, score, limit: 100 }));
  for (let i = 1; i < results.length; i++) {
    const before = new Map(results[i - 1].items.map((it) => [`${it.university_id ?? it.school_name}|${it.campus ?? ''}|${it.unit ?? ''}`, it]));
    let shared = 0;
    for (const it of results[i].items) {
      const prev = before.get(`${it.university_id ?? it.school_name}|${it.campus ?? ''}|${it.unit ?? ''}`);
      if (!prev) continue;
      shared++;
      expect(ORDER[it.label], `${it.university_name} at ${scores[i]} vs ${scores[i - 1]}`).toBeGreaterThanOrEqual(ORDER[prev.label]);
      expect(it.probability!).toBeGreaterThanOrEqual(prev.probability!);
    }
    expect(shared).toBeGreaterThan(0);
  }
  return results;
}

describe('the default exam year', () => {
  // 吉林 examined 3+1+2 from 2024 (data/README.md's exam-system table); its 物理类 years have thinner lines than its
  // old 理科 years, which once made the default fall back to the 2022 理科 table for a 物理类 candidate.
  it('ranks a 吉林 物理类 candidate in a 3+1+2 year, never in an old 理科 table', () => {
    const r = matchByScore(realDb(), parse(matchSchema, { province: '吉林', subject_type: '物理', score: 560 }));
    expect(r.year).toBeGreaterThanOrEqual(2024);
    expect(examSystem('吉林', r.year!)).toBe('3+1+2');
    expect(r.items.length).toBeGreaterThan(0);
  });
});

describe('match_by_score on real provinces', () => {
  const cases = [
    { name: '新疆 (文/理 throughout)', args: { province: '新疆', subject_type: '理科' }, family: '物理', scores: [440, 450, 460, 470, 480, 490, 500] },
    { name: '河南 (3+1+2 since 2025)', args: { province: '河南省', subject_type: '物理类' }, family: '物理', scores: [560, 570, 580, 590, 600] },
    { name: '上海 (3+3, 综合)', args: { province: '上海' }, family: '综合', scores: [480, 490, 500, 510, 520] },
  ];
  for (const c of cases) {
    it(`${c.name}: rank from the latest table (the candidate prepares for the next exam), cited lines exist, one entry per university, labels never worse as the score rises`, () => {
      const results = checkMonotone(c.args, c.scores);
      const province = results[0].province;
      const y = latestTableYear(province, c.family);
      for (const [i, r] of results.entries()) {
        // no year given: the next exam, ranked with the latest table
        expect(r.year).toBe(y + 1);
        expect(r.rank!.table!.year).toBe(y);
        expect(r.subject_type).toBe(c.family);
        expect(r.method).toBe('probability');
        const t = queryRankTable(realDb(), parse(rankTableQuerySchema, { province, year: y, subject_type: c.family, score: c.scores[i] })).items[0];
        expect(r.rank!.value).toBe(t.cumulative_rank);
        expect(r.summary).toContain(`第 ${r.rank!.value.toLocaleString('en-US')} 名`);
        expect(r.items.length).toBeGreaterThan(5);
        checkResult(r, province, c.family);
      }
      if (c.family !== '综合') expect(examSystem(province, y)).toBe(c.name.startsWith('新疆') ? '文理' : '3+1+2');
    });
  }

  it('a programme line is its own target: 河南大学（与开封大学联合办学） is never the line that represents 河南大学', () => {
    // score_lines/liuguanghui_score_lines.csv.gz line 316994: 河南 2024 理科本科一批 院校线 河南大学（与开封大学联合办学）
    // （就读地综合, 525 分, 第 108,197 名; line 316657: 河南大学 itself, 582 分, 第 37,744 名 (test/data/import/duplicates.test.ts).
    const JOINT = '2024-henan-undergraduate1-science-filing-f7b78c879c9788971b';
    const PARENT = '2024-henan-undergraduate1-science-filing-ec1552020d24acaab8';
    const 河南大学 = 4141010475;
    const low = match({ province: '河南', subject_type: '物理', year: 2025, score: 560, limit: 100 });
    checkResult(low, '河南', '物理');
    const joint = low.items.find((i) => i.lines.some((l) => l.source.ref === JOINT))!;
    expect(joint).toMatchObject({ university_id: 河南大学, unit: '与开封大学联合办学/就读地综合', university_name: '河南大学（与开封大学联合办学/就读地综合）' });
    // at 560 the university itself is out of reach: its own line is 582 (rank 37,744) in 2024
    expect(low.items.filter((i) => i.university_id === 河南大学 && i.unit === null && i.campus === null)).toEqual([]);
    const high = match({ province: '河南', subject_type: '物理', year: 2025, score: 610, university_province: '河南', limit: 100 });
    checkResult(high, '河南', '物理');
    const own = high.items.find((i) => i.university_id === 河南大学 && i.unit === null && i.campus === null)!;
    expect(own.university_name).toBe('河南大学');
    expect(own.lines.find((l) => l.year === 2024)).toMatchObject({ min_score: 582, source: { ref: PARENT } });
    // its other programmes (软件类, 医护类) are listed apart under their own names
    for (const i of high.items.filter((x) => x.university_id === 河南大学 && x.unit !== null)) expect(i.university_name).toBe(`河南大学（${i.unit}）`);
  });

  it('a rank can be given instead of a score; the limit is shared across 冲/稳/保', () => {
    const r = match({ province: '湖南', subject_type: '历史', rank: 5000, limit: 30 });
    expect(r.rank).toMatchObject({ value: 5000, best_case: 5000, source: 'given' });
    expect(r.items.length).toBe(30);
    expect(new Set(r.items.map((i) => i.label))).toEqual(new Set(['冲', '稳', '保']));
    checkResult(r, '湖南', '历史');
  });

  it('filters: university province, level, type and major keyword restrict the entries and their lines', () => {
    const r = match({ province: '河南', subject_type: '物理', score: 600, university_province: '河南', limit: 100 });
    expect(r.items.length).toBeGreaterThan(0);
    for (const it of r.items) expect(it.university_province).toBe('河南');
    const elite = match({ province: '河南', subject_type: '物理', score: 640, level: '211', limit: 100 });
    expect(elite.items.length).toBeGreaterThan(0);
    for (const it of elite.items) expect(it.tags).toContain('211');
    const law = match({ province: '湖南', subject_type: '历史', rank: 8000, major: '法学', limit: 100 });
    expect(law.items.length).toBeGreaterThan(0);
    for (const it of law.items) {
      for (const l of it.lines) {
        const db = row(l.id);
        expect(`${db.major_name ?? ''}|${db.group_majors ?? ''}|${db.major_group ?? ''}`).toContain('法学');
      }
    }
  });

  it('no rank table in the exam year: compared by score with the latest lines, no probability, and the summary says so', () => {
    // 江苏's 2023/2024 tables are documented as broken (rank_tables/README.txt), while its lines reach 2021–2023.
    const years = realDb().prepare("SELECT DISTINCT year FROM rank_tables WHERE province = '江苏' AND subject_family = '物理' AND table_kind = '' AND cleaned = 0").pluck().all();
    expect(years).not.toContain(2024);
    const r = match({ province: '江苏', subject_type: '物理', score: 600, year: 2024 });
    expect(r.rank).toBeNull();
    expect(r.method).toBe('score');
    expect(r.summary).toMatch(/没有可用的一分一段表/);
    expect(r.items.length).toBeGreaterThan(0);
    for (const it of r.items) {
      expect(it.probability).toBeNull();
      expect(it.lines.length).toBe(1);
      expect(r.compared_years).toContain(it.lines[0].year);
    }
    checkResult(r, '江苏', '物理');
  });

  it('nothing to compare → empty items and a summary that says so; bad input names the field', () => {
    const none = match({ score: 600, province: '河南', subject_type: '物理', year: 2005 });
    expect(none.items).toEqual([]);
    expect(none.summary).toMatch(/数据中没有河南2002–2004年/);
    expect(inputError(() => match({ score: 600, province: '河南' }))).toMatchObject({ param: 'subject_type' });
    expect(inputError(() => match({ province: '河南', subject_type: '物理' }))).toMatchObject({ param: 'score' });
    expect(inputError(() => match({ province: '河南', subject_type: '物理', score: 600, rank: 100 }))).toMatchObject({ param: 'rank' });
    expect(inputError(() => match({ score: -1, province: '河南' }))).toMatchObject({ param: 'score' });
    expect(inputError(() => match({ score: 600, province: '火星' }))).toMatchObject({ param: 'province' });
    expect(inputError(() => match({ score: 600, province: '河南', subject_type: '物理', level: '986' }))).toMatchObject({ param: 'level' });
  });
});
