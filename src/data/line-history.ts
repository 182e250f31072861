// Past admission lines as ranks, per target: what match_by_score, the mirofish simulation and the backtest read.
//
// A target is (university, campus, programme unit, subject family): a branch campus or joint institute that admits
// under its own name carries its parent's university_id plus `campus`, and a programme the name marks within the
// university (与开封大学联合办学, 较高收费, 医护类 …: school_names.unit) is likewise its own target, so neither is ever the
// line that represents the university. Units open only to some candidates (预科, 民族班, the 专项 plans) or admitted on
// another scale (艺术, 体育 …) are left out, like the restricted batches. Per year a
// target is represented by its least competitive ordinary line of the chosen basis (the highest rank number among
// its 院校线 / 专业组线 / 专业线 rows, 本科 batches before 专科): the line a candidate must beat to enter the
// university at all. Lines of 艺术体育, 专项计划 and 特殊类型 batches and 中外合作 programmes are left out unless the
// caller asks for that batch (or for 特殊招生线 as the basis, or names 中外合作 in the major keyword), because they
// are not open to every candidate or sit on another scale.
//
// A line's rank is its published rank; else that year's 一分一段 rank of its score; else the rank an upstream source
// derived. The database is read-only, so everything loaded here is memoised per database handle.
import type { DB } from '../db/open.ts';
import type { BatchFilter } from './filters.ts';
import { maxTotalScore, type SubjectFamily } from './normalize.ts';
import { prepared } from './paging.ts';
import { batchCondition } from './score-lines.ts';
import { loadRankTable } from './rank-table.ts';

export const BASES = ['院校线', '专业组线', '专业线', '特殊招生线'] as const;
export type Basis = (typeof BASES)[number];

export interface LineFilter {
  batch?: BatchFilter;
  /** keyword matched in the major name, the group's majors or the group name */
  major?: string;
  /** exact major group (专业组) code or name */
  majorGroup?: string;
  /** any of these major names (the majors of a 专业类), matched like `major` */
  majors?: string[];
  /**
   * the university level (本科 / 专科) asked for: the year's basis is then chosen by its coverage of those
   * universities, so 专科 schools whose only lines are 专业组线 are found in a year whose other schools have 院校线
   */
  level?: '本科' | '专科';
}

export type RankSource = 'published' | 'rank_table' | 'upstream_derived';

export interface TargetLine {
  id: number;
  year: number;
  university_id: number | null;
  school_name: string;
  campus: string | null;
  /** the admission unit within the university (score_lines.admission_unit: programme, plan type, round …), null for its own ordinary line */
  unit: string | null;
  data_type: string;
  batch: string | null;
  subject_type: string | null;
  major_group: string | null;
  major_name: string | null;
  min_score: number;
  /** null when neither the source nor that year's rank table gives one */
  min_rank: number | null;
  rank_source: RankSource | null;
  source: { file: string; ref: string; url: string | null };
}

export interface TargetInfo {
  key: string;
  university_id: number | null;
  /** the campus name when the line is a campus's, else the official name, else the published name; a programme
   * unit follows in brackets */
  name: string;
  school_name: string;
  campus: string | null;
  unit: string | null;
  university_province: string | null;
  level: string | null;
  type: string | null;
  city: string | null;
  /** 公办, 民办, … as the national list says */
  nature: string | null;
  tags: string[];
}

export interface YearTargets {
  year: number;
  basis: Basis;
  /** per target key: the target's least competitive line that year */
  lines: Map<string, TargetLine>;
  info: Map<string, TargetInfo>;
}

/** One key per (university or unresolved spelling, campus, programme unit): neither a campus nor a programme ever
 * shares its parent's key. */
export function targetKey(universityId: number | null, schoolName: string, campus: string | null, unit: string | null = null): string {
  return `${universityId ?? `name:${schoolName}`}|${campus ?? ''}|${unit ?? ''}`;
}

/** Programme units not open to every candidate, or admitted on another scale: never a target unless asked for. */
export const RESTRICTED_UNIT = /预科|民族|专项|定向|南疆|艺术|美术|体育|音乐|舞蹈|书法|播音|表演|高水平/;

/** The name a target is listed under: the campus's or university's, with the programme unit in brackets. */
export function targetName(base: string, unit: string | null): string {
  return unit ? `${base}（${unit}）` : base;
}

const BASIS_TYPES: Record<Basis, string[]> = { 院校线: ['院校线'], 专业组线: ['专业组线'], 专业线: ['专业线'], 特殊招生线: ['特殊招生线'] };
export const RESTRICTED_BATCHES = "('艺术体育', '专项计划', '特殊类型')";
export const JUNIOR = new Set(['专科批', '专科提前批']);

function filterSql(f: LineFilter, basis: Basis | null, params: Record<string, unknown>): string {
  const parts: string[] = [];
  if (f.batch) batchCondition(f.batch, parts, params, 's');
  else if (basis !== '特殊招生线') parts.push(`(s.batch_family IS NULL OR s.batch_family NOT IN ${RESTRICTED_BATCHES})`);
  if (!(f.major ?? '').includes('中外合作') && basis !== '特殊招生线') {
    parts.push(`instr(COALESCE(s.major_group, '') || COALESCE(s.major_name, '') || s.school_name || COALESCE(s.admission_unit, ''), '中外合作') = 0`);
  }
  if (f.major) {
    parts.push('(instr(COALESCE(s.major_name, \'\'), @major) > 0 OR instr(COALESCE(s.group_majors, \'\'), @major) > 0 OR instr(COALESCE(s.major_group, \'\'), @major) > 0)');
    params.major = f.major;
  }
  if (f.majors?.length) {
    const any = f.majors.map((m, i) => {
      params[`major${i}`] = m;
      return `instr(COALESCE(s.major_name, '') || '|' || COALESCE(s.group_majors, '') || '|' || COALESCE(s.major_group, ''), @major${i}) > 0`;
    });
    parts.push(`(${any.join(' OR ')})`);
  }
  if (f.majorGroup) {
    parts.push('s.major_group = @major_group');
    params.major_group = f.majorGroup;
  }
  if (f.level) {
    parts.push('s.university_id IN (SELECT id FROM universities WHERE level = @level)');
    params.level = f.level;
  }
  return parts.length ? `AND ${parts.join(' AND ')}` : '';
}

function filterKey(f: LineFilter): string {
  return `${f.batch?.family ?? ''}/${f.batch?.text ?? ''}/${f.major ?? ''}/${f.majorGroup ?? ''}/${f.majors?.join(',') ?? ''}/${f.level ?? ''}`;
}

const memo = new WeakMap<DB, Map<string, unknown>>();
export function memoised<T>(db: DB, key: string, compute: () => T): T {
  let m = memo.get(db);
  if (!m) memo.set(db, (m = new Map()));
  if (m.has(key)) return m.get(key) as T;
  const v = compute();
  // Bounded: a long-running server sees at most a few thousand distinct (province, year, family, filter) keys.
  if (m.size > 4000) m.delete(m.keys().next().value as string);
  m.set(key, v);
  return v;
}

export type RankTableRows = Array<{ score: number; score_max: number | null; cumulative_rank: number }>;

/** The ordinary served 一分一段 table (highest score first), memoised; empty when there is none. */
export function rankTable(db: DB, province: string, year: number, family: SubjectFamily): RankTableRows {
  return memoised(db, `rt|${province}|${year}|${family}`, () => loadRankTable(db, province, year, family));
}

/** Rank of a score in a table (candidates at or above it); null below the table or without one. */
export function rankInTable(table: RankTableRows, s: number): number | null {
  if (table.length === 0 || s < table[table.length - 1].score) return null;
  let lo = 0;
  let hi = table.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (table[mid].score >= s || (table[mid].score_max ?? -1) >= s) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : table[found].cumulative_rank;
}

/**
 * 等效分: the score a candidate of the table's year needs to be at `rank` (the highest score whose cumulative rank
 * reaches it); null when the rank lies beyond the table.
 */
export function scoreAtRank(table: RankTableRows, rank: number): number | null {
  if (table.length === 0 || table[table.length - 1].cumulative_rank < rank) return null;
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table[mid].cumulative_rank >= rank) hi = mid;
    else lo = mid + 1;
  }
  return table[lo].score;
}

/** Years with served lines of a province and family, newest first. */
export function lineYears(db: DB, province: string, family: SubjectFamily): number[] {
  return memoised(db, `ly|${province}|${family}`, () =>
    prepared(db, 'SELECT DISTINCT year FROM score_lines WHERE province = ? AND subject_family = ? AND cleaned = 0 ORDER BY year DESC').pluck().all(province, family) as number[],
  );
}

/**
 * Years whose served lines of a province and family are dense: at least half as many universities as its best
 * year, and at least 30. A year with a handful of schools (广东 2021–2023 物理 before the official files: 5) is not a
 * basis to default to.
 */
export function denseLineYears(db: DB, province: string, family: SubjectFamily): number[] {
  return memoised(db, `dy|${province}|${family}`, () => {
    const rows = prepared(
      db,
      'SELECT year, COUNT(DISTINCT university_id) AS n FROM score_lines WHERE province = ? AND subject_family = ? AND cleaned = 0 AND min_score IS NOT NULL GROUP BY year ORDER BY year DESC',
    ).all(province, family) as Array<{ year: number; n: number }>;
    const best = Math.max(0, ...rows.map((r) => r.n));
    return rows.filter((r) => r.n >= 30 && r.n >= best / 2).map((r) => r.year);
  });
}

/** Years with an ordinary served rank table of a province and family, newest first. */
export function rankTableYears(db: DB, province: string, family: SubjectFamily): number[] {
  return memoised(db, `ry|${province}|${family}`, () =>
    prepared(db, "SELECT DISTINCT year FROM rank_tables WHERE province = ? AND subject_family = ? AND table_kind = '' AND cleaned = 0 ORDER BY year DESC")
      .pluck()
      .all(province, family) as number[],
  );
}

/** A line's rank: its published rank; else that year's 一分一段 rank of its score; else the rank an upstream source
 * derived. A published rank outside its score's band in the province's table is shown, never matched on. */
export function lineRank(r: { min_rank: number | null; min_score: number; rank_is_derived: number | null; rank_off_table: number | null }, table: RankTableRows): { rank: number | null; rankSource: RankSource | null } {
  if (r.min_rank !== null && r.rank_is_derived === 0 && r.rank_off_table !== 1) return { rank: r.min_rank, rankSource: 'published' };
  const fromTable = rankInTable(table, r.min_score);
  if (fromTable !== null) return { rank: fromTable, rankSource: 'rank_table' };
  if (r.min_rank !== null && r.rank_off_table !== 1) return { rank: r.min_rank, rankSource: 'upstream_derived' };
  return { rank: null, rankSource: null };
}

/** The columns of a served score_lines row that make a TargetLine (its rank and source still raw). */
export type LineRow = Omit<TargetLine, 'year' | 'rank_source' | 'source'> & { rank_is_derived: number | null; rank_off_table: number | null; source_file: string; source_ref: string; source_url: string | null };

/** A served row as a cited line of `year`, its rank by lineRank. */
export function targetLineOf(r: LineRow, year: number, table: RankTableRows): TargetLine {
  const { rank, rankSource } = lineRank(r, table);
  return {
    id: r.id,
    year,
    university_id: r.university_id,
    school_name: r.school_name,
    campus: r.campus,
    unit: r.unit,
    data_type: r.data_type,
    batch: r.batch,
    subject_type: r.subject_type,
    major_group: r.major_group,
    major_name: r.major_name,
    min_score: r.min_score,
    min_rank: rank,
    rank_source: rankSource,
    source: { file: r.source_file, ref: r.source_ref, url: r.source_url },
  };
}

/** Whether line `a` is less competitive than `b` (a higher rank number; a ranked line before an unranked one; else a
 * lower score): the line a target is represented by. Ties keep `b` (the lower id, read first). */
export function lessCompetitive(a: Pick<TargetLine, 'min_rank' | 'min_score'>, b: Pick<TargetLine, 'min_rank' | 'min_score'>): boolean {
  if (a.min_rank !== null && b.min_rank !== null) return a.min_rank > b.min_rank;
  if (a.min_rank !== null || b.min_rank !== null) return a.min_rank !== null;
  return a.min_score < b.min_score;
}

/** Targets each basis covers in a province-year (memoised). */
export function basisCoverage(db: DB, province: string, year: number, family: SubjectFamily, f: LineFilter): Record<Basis, number> {
  return memoised(db, `cov|${province}|${year}|${family}|${filterKey(f)}`, () => {
    const params: Record<string, unknown> = { province, year, family };
    // The 特殊招生线 basis admits restricted batches, so its count is taken without that exclusion.
    const out: Record<Basis, number> = { 院校线: 0, 专业组线: 0, 专业线: 0, 特殊招生线: 0 };
    for (const basis of BASES) {
      const p = { ...params, dt: BASIS_TYPES[basis][0] };
      const cond = filterSql(f, basis, p);
      out[basis] = (prepared(
        db,
        `SELECT COUNT(DISTINCT COALESCE(CAST(s.university_id AS TEXT), 'name:' || s.school_name) || '|' || COALESCE(s.campus, '')) FROM score_lines s
         WHERE s.province = @province AND s.year = @year AND s.subject_family = @family AND s.data_type = @dt AND s.cleaned = 0 AND s.min_score IS NOT NULL ${cond}`,
      )
        .pluck()
        .get(p) as number) ?? 0;
    }
    return out;
  });
}

/** The basis covering the most targets over the given coverages: ordinary kinds first (ties: 院校线 > 专业组线 > 专业线). */
export function chooseBasis(covs: Array<Record<Basis, number>>): { basis: Basis | null; coverage: Record<Basis, number> } {
  const sum: Record<Basis, number> = { 院校线: 0, 专业组线: 0, 专业线: 0, 特殊招生线: 0 };
  for (const c of covs) for (const b of BASES) sum[b] += c[b];
  let best: Basis | null = null;
  for (const b of ['院校线', '专业组线', '专业线'] as const) if (sum[b] > 0 && (best === null || sum[b] > sum[best])) best = b;
  if (!best && sum.特殊招生线 > 0) best = '特殊招生线';
  return { basis: best, coverage: sum };
}

/** The basis of one province-year: the line kind covering the most targets that year (memoised). */
export function yearBasis(db: DB, province: string, year: number, family: SubjectFamily, f: LineFilter): Basis | null {
  return chooseBasis([basisCoverage(db, province, year, family, f)]).basis;
}

/** Each target's least competitive line of a basis in one province-year (memoised per filter). */
export function yearTargets(db: DB, province: string, year: number, family: SubjectFamily, basis: Basis, f: LineFilter = {}): YearTargets {
  return memoised(db, `yt|${province}|${year}|${family}|${basis}|${filterKey(f)}`, () => {
    const params: Record<string, unknown> = { province, year, family, dt: BASIS_TYPES[basis][0], hi: maxTotalScore(province, year) };
    const cond = filterSql(f, basis, params);
    const rows = prepared(
      db,
      `SELECT s.id, s.university_id, s.school_name, s.campus, s.admission_unit AS unit, s.data_type, s.batch, s.batch_family, s.subject_type, s.major_group, s.major_name,
              s.min_score, s.min_rank, s.rank_is_derived, s.rank_off_table, s.source_file, s.source_ref, s.source_url,
              u.name AS university_name, u.province AS university_province, u.level, u.type, u.city, u.nature, u.is_985, u.is_211, u.is_double_first_class AS is_dfc
       FROM score_lines s LEFT JOIN universities u ON u.id = s.university_id
       WHERE s.province = @province AND s.year = @year AND s.subject_family = @family AND s.data_type = @dt AND s.cleaned = 0
         AND s.min_score IS NOT NULL ${cond}
       ORDER BY s.id`,
    ).all(params) as any[];
    const table = rankTable(db, province, year, family);
    const lines = new Map<string, TargetLine>();
    const junior = new Map<string, boolean>();
    const info = new Map<string, TargetInfo>();
    const restrictedAsked = Boolean(f.batch) || basis === '特殊招生线';
    for (const r of rows) {
      if (r.unit && RESTRICTED_UNIT.test(r.unit) && !restrictedAsked) continue;
      const line = targetLineOf(r, year, table);
      const key = targetKey(r.university_id, r.school_name, r.campus, r.unit);
      const isJunior = JUNIOR.has(r.batch_family);
      const prev = lines.get(key);
      const prevJunior = junior.get(key);
      // 本科 lines represent a university before 专科 ones; among equals, the least competitive (highest rank,
      // else lowest score) line, then the lowest id for a stable choice.
      if (prev) {
        if (isJunior && !prevJunior) continue;
        if (isJunior === prevJunior && !lessCompetitive(line, prev)) continue;
      }
      junior.set(key, isJunior);
      lines.set(key, line);
      if (!info.has(key)) {
        info.set(key, {
          key,
          university_id: r.university_id,
          name: targetName(r.campus ?? r.university_name ?? r.school_name, r.unit),
          school_name: r.school_name,
          campus: r.campus,
          unit: r.unit,
          university_province: r.university_province,
          level: r.level,
          type: r.type,
          city: r.city,
          nature: r.nature,
          tags: [r.is_985 && '985', r.is_211 && '211', r.is_dfc && '双一流'].filter(Boolean) as string[],
        });
      }
    }
    return { year, basis, lines, info };
  });
}

export interface Cohort {
  /** candidates in the table (its last cumulative rank) */
  total: number;
  /** the lowest score the table reaches */
  bottom: number;
}

export function cohort(db: DB, province: string, year: number, family: SubjectFamily): Cohort | null {
  const t = rankTable(db, province, year, family);
  if (t.length === 0) return null;
  return { total: t[t.length - 1].cumulative_rank, bottom: t[t.length - 1].score };
}

/**
 * Factor by which ranks of year `from` scale into year `to` (the change in the number of candidates), or null when
 * the two tables cannot be compared: either is missing, or they stop at different scores (a table cut off higher up
 * counts fewer candidates without the cohort having shrunk), or they stop above 40 % of the full mark (the count
 * would then miss much of the cohort).
 */
export function cohortRatio(db: DB, province: string, family: SubjectFamily, from: number, to: number): number | null {
  if (from === to) return 1;
  const a = cohort(db, province, from, family);
  const b = cohort(db, province, to, family);
  if (!a || !b) return null;
  const k = maxTotalScore(province, to) / 750;
  if (Math.abs(a.bottom - b.bottom) > 5 * k || Math.max(a.bottom, b.bottom) > 0.4 * maxTotalScore(province, to)) return null;
  return b.total / a.total;
}
