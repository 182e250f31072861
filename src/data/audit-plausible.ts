// Implausible lines (importer 13): one value spread over several units, a rank that is another unit's, a group's
// value served as its majors' lines (must be zero), and units whose rank jumps across adjacent years (reported: a
// documented set, served). Each reads served rows (cleaned = 0) and returns the count with a few examples.
import type { DB } from '../db/open.ts';
import { findRanksOfAnotherUnit, findSpreadUnits } from './import/spread-units.ts';
import type { LineCheck } from './audit-lines.ts';

const EXAMPLES = 10;

function describe(db: DB, ids: Map<number, string>): Array<Record<string, unknown>> {
  const get = db.prepare('SELECT id, province, year, subject_type, data_type, school_name, major_group, min_score, min_rank, source_file FROM score_lines WHERE id = ?');
  return [...ids].slice(0, EXAMPLES).map(([id, why]) => ({ ...(get.get(id) as Record<string, unknown>), why }));
}

/** Served unit lines whose file gives another unit of the school the same score and rank (spread-units.ts). */
export function spreadServed(db: DB): LineCheck {
  const ids = findSpreadUnits(db);
  return { id: 'lines_spread_over_units', what: 'served 院校/专业组 lines of a third-party file that gives another unit of the school (定向, 预科, 专项, a campus …) the same score and published rank, no other file confirming the value', count: ids.size, examples: describe(db, ids) };
}

/** Served lines whose rank is off its score's band and is another unit's rank at another score. */
export function rankOfAnotherUnitServed(db: DB): LineCheck {
  const ids = findRanksOfAnotherUnit(db);
  return { id: 'ranks_of_another_unit', what: "served lines whose rank lies outside its score's band and is the rank another unit of the school has at another score", count: ids.size, examples: describe(db, ids) };
}

/**
 * Served major lines that are a group's value: a file that says a value is its group's (jsoneft's
 * same_score_for_all_majors_in_group), or that lists at least three majors of one group (one subject, batch and
 * code) all at one score and rank while saying they vary (jsoneft's major_varies_within_group counts 文科 and 理科
 * together: 湖南大学 陕西 2024 理科 group 72, 479 / 58,137 on every major).
 */
export function groupValueAsMajors(db: DB): LineCheck {
  const rows = db
    .prepare(
      `WITH m AS (SELECT id, source_file, province, year, subject_type_raw AS st, batch, school_code, school_name, major_group, major_name, min_score, min_rank, data_type_raw
                  FROM score_lines WHERE cleaned = 0 AND data_type = '专业线' AND data_type_raw IN ('same_score_for_all_majors_in_group', 'major_varies_within_group'))
       SELECT m.id, m.province, m.year, m.school_name, m.major_group, m.major_name, m.min_score, m.min_rank, m.data_type_raw FROM m
       WHERE m.data_type_raw = 'same_score_for_all_majors_in_group'
          OR (SELECT COUNT(*) FROM score_lines o WHERE o.source_file = m.source_file AND o.province = m.province AND o.year = m.year AND o.subject_type_raw IS m.st
                AND o.batch IS m.batch AND o.school_code IS m.school_code AND o.major_group IS m.major_group AND o.data_type = '专业线' AND o.min_score IS NOT NULL) >= 3
         AND NOT EXISTS (SELECT 1 FROM score_lines o WHERE o.source_file = m.source_file AND o.province = m.province AND o.year = m.year AND o.subject_type_raw IS m.st
                AND o.batch IS m.batch AND o.school_code IS m.school_code AND o.major_group IS m.major_group AND o.data_type = '专业线' AND o.min_score IS NOT NULL
                AND (o.min_score <> m.min_score OR o.min_rank IS NOT m.min_rank))`,
    )
    .all() as Array<Record<string, unknown>>;
  return { id: 'group_value_served_as_majors', what: "served major lines whose file gives the group's one value to every major (≥ 3 majors at one score and rank)", count: rows.length, examples: rows.slice(0, EXAMPLES) };
}

/** A rank this many times another year's (either way) is a jump. */
export const JUMP_FACTOR = 3;
/** The two adjacent years agree when their ranks are within this factor of each other. */
export const NEIGHBOURS_AGREE = 1.5;

export interface YearRank {
  id: number;
  year: number;
  rank: number;
}

/**
 * The lines of one unit (one per year) whose published rank is at least JUMP_FACTOR times, or at most 1/JUMP_FACTOR
 * of, the ranks of both adjacent years while those two agree within NEIGHBOURS_AGREE. Ranks, not scores, so a hard
 * or easy paper does not count as a jump; a year without both neighbours is not judged (which of two disagreeing
 * years is off nothing says).
 */
export function rankJumps(lines: YearRank[]): Array<{ id: number; year: number; rank: number; before: number; after: number }> {
  const byYear = new Map(lines.map((l) => [l.year, l]));
  const out: Array<{ id: number; year: number; rank: number; before: number; after: number }> = [];
  for (const l of lines) {
    const a = byYear.get(l.year - 1);
    const b = byYear.get(l.year + 1);
    if (!a || !b) continue;
    if (Math.max(a.rank, b.rank) / Math.min(a.rank, b.rank) > NEIGHBOURS_AGREE) continue;
    const off = (o: YearRank) => Math.max(l.rank, o.rank) / Math.min(l.rank, o.rank) >= JUMP_FACTOR;
    const sameSide = (l.rank > a.rank) === (l.rank > b.rank);
    if (off(a) && off(b) && sameSide) out.push({ id: l.id, year: l.year, rank: l.rank, before: a.rank, after: b.rank });
  }
  return out;
}

/**
 * Units whose line jumps across adjacent years: a school's own (院校线) or a group's (专业组线, same group number) line
 * with a published rank, one served line per year. Reported, not cleaned: the exam authorities' own files show jumps
 * of this size (广东 2024 历史 广州中医药大学 group 209: 537 / 19,740 between 2,302 and 2,062; a group renumbered or a
 * 大小年), so a jump alone does not say the line is wrong. The rows are listed for review (docs/data-audit.md).
 */
export function rankJumpsAcrossYears(db: DB): LineCheck {
  const rows = db
    .prepare(
      `WITH l AS (
         SELECT id, province || '|' || subject_family || '|' || university_id || '|' || COALESCE(campus, '') || '|' || COALESCE(admission_unit, '') || '|' || data_type || '|' ||
                CASE WHEN data_type = '专业组线' THEN COALESCE(major_group, '') ELSE '' END || '|' || CASE WHEN batch_family LIKE '专科%' THEN 'Z' ELSE 'B' END AS k,
                year, min_rank AS rank, school_name, min_score, source_file, province, subject_type
         FROM score_lines WHERE cleaned = 0 AND data_type IN ('院校线', '专业组线') AND university_id IS NOT NULL AND min_rank > 0 AND rank_is_derived = 0
           AND COALESCE(rank_off_table, 0) = 0),
       -- only a unit with lines in three years has a year with both neighbours
       u AS (SELECT k FROM l GROUP BY k HAVING COUNT(DISTINCT year) >= 3)
       SELECT l.* FROM l JOIN u USING (k)`,
    )
    .all() as Array<YearRank & { k: string; school_name: string; min_score: number; source_file: string; province: string; subject_type: string }>;
  const units = new Map<string, Map<number, Array<(typeof rows)[number]>>>();
  for (const r of rows) {
    const u = units.get(r.k) ?? units.set(r.k, new Map()).get(r.k)!;
    (u.get(r.year) ?? u.set(r.year, []).get(r.year)!).push(r);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Array<Record<string, unknown>> = [];
  for (const years of units.values()) {
    // a year with two served lines of one unit (two batches) is not one line to compare
    const one = [...years.values()].filter((l) => l.length === 1).map((l) => l[0]);
    for (const j of rankJumps(one)) {
      const r = byId.get(j.id)!;
      out.push({ id: j.id, province: r.province, year: j.year, subject_type: r.subject_type, school: r.school_name, score: r.min_score, rank: j.rank, before: j.before, after: j.after, file: r.source_file });
    }
  }
  return { id: 'rank_jumps_across_years', what: `served 院校/专业组 lines whose published rank is ≥ ${JUMP_FACTOR}× off both adjacent years' lines of the unit, those agreeing within ${NEIGHBOURS_AGREE}× (reported: served, listed)`, count: out.length, examples: out };
}

export function plausibilityChecks(db: DB): Array<LineCheck & { expected: number | null }> {
  return [
    { ...spreadServed(db), expected: 0 },
    { ...rankOfAnotherUnitServed(db), expected: 0 },
    { ...groupValueAsMajors(db), expected: 0 },
    { ...rankJumpsAcrossYears(db), expected: null },
  ];
}
