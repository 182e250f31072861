// One value spread over several admission units (importer 13). Third-party files copy one line onto every unit of a
// school: jsoneft gives 山东大学's 四川 2024 理科 code 0042 and its 定向 code 0542 (临床医学, 毕业后到西藏工作) the same
// 576 / 44,683, which was served as the school's line (its 威海 campus: 625 / 12,825); it gives 厦门大学 and
// 厦门大学(马来西亚分校) (河南 2024 文科) both 617 / 5,068, where 5,068 is the rank of 578, the 异地校区's line. Where two
// units share one value nothing says whose it is, and a rank that is another unit's is not this line's: neither is
// served (the rows are kept with the reason, as unattributable repeats are). Runs after every rank is checked
// (rank_off_table) and the duplicates are resolved, so only served lines are judged, and a row of another file that
// had lost to such a line becomes the line (promoteLosers).
import type { DB } from '../../db/open.ts';
import type { ImportContext } from './context.ts';
import { promoteLosers } from './sources/common.ts';

/** The kinds a school's unit line is published as; major lines of one unit often share a score and are not judged. */
const UNIT_KINDS = "('院校线', '专业组线')";
/** A row's unit: its campus and programme (`t`: the table's alias with its dot, when the query joins). */
const unit = (t = '') => `TRIM(COALESCE(${t}campus, '') || ' ' || COALESCE(${t}admission_unit, ''))`;
/** Rows that are a line: served, or another file's copy of a served line. */
const live = (t = '') => `(${t}cleaned = 0 OR ${t}clean_reason IN ('duplicate', 'derived_rank_superseded'))`;

export interface UnitLine {
  id: number;
  /** the row's admission unit: its campus and programme ('' = the university's own ordinary line) */
  unit: string;
  score: number;
  rank: number;
  /** served (true) or kept only as another file's duplicate of a served line (false) */
  served: boolean;
}

/**
 * The served lines of one file, province-year, family, batch family, kind and university that share their score and
 * published rank with a line of another unit of the same school in the same file: the file spread one value over
 * the units. Lines of one unit sharing a value (two groups at one score) are not judged here.
 */
export function spreadOverUnits(lines: UnitLine[]): Map<number, string> {
  const byValue = new Map<string, UnitLine[]>();
  for (const l of lines) {
    const k = `${l.score}|${l.rank}`;
    (byValue.get(k) ?? byValue.set(k, []).get(k)!).push(l);
  }
  const out = new Map<number, string>();
  for (const same of byValue.values()) {
    const units = new Set(same.map((l) => l.unit));
    if (units.size < 2) continue;
    for (const l of same) {
      if (!l.served) continue;
      const others = [...units].filter((u) => u !== l.unit).map((u) => u || '院校本身');
      out.set(l.id, `the file gives ${others.join('、')} the same line (${l.score} / ${l.rank})`);
    }
  }
  return out;
}

export interface RankedUnitLine {
  id: number;
  unit: string;
  score: number;
  rank: number;
  /** the rank lies outside its score's band in the province's 一分一段 (rank_off_table = 1) */
  off: boolean;
  served: boolean;
}

/**
 * Served lines whose rank is off their score's band and is the rank another unit of the same school has at another
 * score (any file, one province-year and family): the rank was copied from that unit's row, so score and rank are
 * not one line.
 */
export function rankOfAnotherUnit(lines: RankedUnitLine[]): Map<number, string> {
  const byRank = new Map<number, RankedUnitLine[]>();
  for (const l of lines) (byRank.get(l.rank) ?? byRank.set(l.rank, []).get(l.rank)!).push(l);
  const out = new Map<number, string>();
  for (const same of byRank.values()) {
    for (const l of same) {
      if (!l.served || !l.off) continue;
      const source = same.find((o) => o.unit !== l.unit && o.score !== l.score && !o.off);
      if (source) out.set(l.id, `rank ${l.rank} is the rank of ${source.unit || '院校本身'}'s line ${source.score}`);
    }
  }
  return out;
}


/**
 * The served lines a file spread over two units (spreadOverUnits), in the whole database: only third-party files
 * (authority 3–4) spread values (an authority's own file publishing two groups at one score is two lines); ranks
 * derived from the score would make any two lines at one score look spread, so only published ranks count; and a
 * value another file gives the same line is that line's whatever this file spread.
 */
export function findSpreadUnits(db: DB): Map<number, string> {
  const rows = db
    .prepare(
      `SELECT id, source_file || '|' || province || '|' || year || '|' || subject_family || '|' || COALESCE(batch_family, '') || '|' || data_type || '|' || university_id || '|' || COALESCE(major_group, '') AS k,
              ${unit()} AS unit, min_score AS score, min_rank AS rank, cleaned = 0 AS served
       FROM score_lines WHERE authority >= 3 AND rank_is_derived = 0 AND data_type IN ${UNIT_KINDS} AND university_id IS NOT NULL
         AND min_score IS NOT NULL AND min_rank IS NOT NULL AND ${live()}`,
    )
    .all() as Array<Omit<UnitLine, 'served'> & { k: string; served: number }>;
  const out = new Map<number, string>();
  for (const group of groupBy(rows, (r) => r.k)) {
    if (group.length < 2) continue;
    for (const [id, why] of spreadOverUnits(group.map((r) => ({ ...r, served: r.served === 1 })))) out.set(id, why);
  }
  if (out.size === 0) return out;
  const confirmed = db.prepare('SELECT 1 FROM score_lines d WHERE d.duplicate_of = ? AND d.source_file <> (SELECT source_file FROM score_lines WHERE id = ?) AND d.min_score = (SELECT min_score FROM score_lines WHERE id = ?) LIMIT 1');
  for (const id of [...out.keys()]) if (confirmed.get(id, id, id)) out.delete(id);
  return out;
}

/** The served lines whose rank is another unit's (rankOfAnotherUnit), in the whole database. */
export function findRanksOfAnotherUnit(db: DB): Map<number, string> {
  const rows = db
    .prepare(
      // only the schools with a served off-band rank in a province-year-family can hold such a line
      `WITH f AS (SELECT DISTINCT university_id, year, province, subject_family FROM score_lines WHERE cleaned = 0 AND rank_off_table = 1 AND university_id IS NOT NULL)
       SELECT s.id, s.province || '|' || s.year || '|' || s.subject_family || '|' || s.university_id AS k, ${unit('s.')} AS unit,
              s.min_score AS score, s.min_rank AS rank, COALESCE(s.rank_off_table, 0) = 1 AS off, s.cleaned = 0 AS served
       FROM f JOIN score_lines s ON s.university_id = f.university_id AND s.year = f.year AND s.province = f.province AND s.subject_family = f.subject_family
       WHERE s.rank_is_derived = 0 AND s.min_score IS NOT NULL AND s.min_rank IS NOT NULL AND ${live('s.')}`,
    )
    .all() as Array<Omit<RankedUnitLine, 'off' | 'served'> & { k: string; off: number; served: number }>;
  const out = new Map<number, string>();
  for (const group of groupBy(rows, (r) => r.k)) {
    if (group.length < 2 || !group.some((r) => r.off === 1)) continue;
    for (const [id, why] of rankOfAnotherUnit(group.map((r) => ({ ...r, off: r.off === 1, served: r.served === 1 })))) out.set(id, why);
  }
  return out;
}

export function cleanSpreadUnits(ctx: ImportContext): { spread: number; rank: number } {
  const db = ctx.db;
  const spread = findSpreadUnits(db);
  const copiedRank = findRanksOfAnotherUnit(db);
  for (const id of spread.keys()) copiedRank.delete(id);
  const update = db.prepare('UPDATE score_lines SET cleaned = 1, clean_reason = ?, duplicate_of = NULL WHERE id = ?');
  db.exec('BEGIN');
  for (const [id, why] of spread) update.run(`spread_over_units:${why}`, id);
  for (const [id, why] of copiedRank) update.run(`rank_of_another_unit:${why}`, id);
  promoteLosers(ctx, [...spread.keys(), ...copiedRank.keys()], (id) => `spread_over_units:a copy of row ${id} of the same file, whose value the file gives two units`);
  db.exec('COMMIT');
  return { spread: spread.size, rank: copiedRank.size };
}

function groupBy<T>(rows: T[], key: (r: T) => string): T[][] {
  const m = new Map<string, T[]>();
  for (const r of rows) (m.get(key(r)) ?? m.set(key(r), []).get(key(r))!).push(r);
  return [...m.values()];
}
