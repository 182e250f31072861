// The audit's checks of ranks, tables and families (issue 29 item 5) and of the 2026 lines: each counts, over the
// built database, what the import's rules should have left at zero, so a rule that stops working shows up here.
import type { DB } from '../db/open.ts';
import { examSystem } from './normalize.ts';
import { ORDINARY_KIND } from './import/sources/rank_tables.ts';
import { LINES_2026_FILES } from './import/sources/lines_2026.ts';

/** The served table kinds that count a family's whole ordinary cohort ('' and 本科, 专科, 普通类, 区内院校 …). */
function ordinaryKinds(db: DB): string[] {
  return (db.prepare('SELECT DISTINCT table_kind FROM rank_tables WHERE cleaned = 0').pluck().all() as string[]).filter((k) => k === '' || ORDINARY_KIND.test(k));
}

const quote = (k: string) => `'${k.replace(/'/g, "''")}'`;

/**
 * Whether a score line's rank lies outside its score's band: in the ordinary table where it has the score, else
 * outside the band of every other served table of an ordinary kind (0.1 %, at least 20 places). SQL over `s`.
 */
function offBandSql(kinds: string[]): string {
  const off = (main: boolean) => `(
    SELECT ${main ? '' : 'MIN('}CASE WHEN s.min_rank < r.rank_start - MAX(20, r.cumulative_rank / 1000)
                   OR s.min_rank > r.cumulative_rank + MAX(20, r.cumulative_rank / 1000) THEN 1 ELSE 0 END${main ? '' : ')'}
    FROM rank_tables r WHERE r.province = s.province AND r.year = s.year AND r.subject_family = s.subject_family AND r.cleaned = 0
      AND ${main ? "r.table_kind = ''" : `r.table_kind IN (${kinds.filter((k) => k !== '').map(quote).join(', ') || "''"}) AND r.table_kind <> ''`}
      AND r.rank_start IS NOT NULL AND r.score <= s.min_score AND (r.score = s.min_score OR r.score_max >= s.min_score)
    ${main ? 'ORDER BY r.score DESC LIMIT 1' : ''})`;
  return `COALESCE(${off(true)}, ${off(false)})`;
}

/** Served published ranks outside their score's band in the province's tables (any ordinary kind) and not flagged. */
export function ranksOffBandUnflagged(db: DB): Array<{ file: string; province: string; year: number; rows: number }> {
  return db
    .prepare(
      `SELECT s.source_file AS file, s.province, s.year, COUNT(*) AS rows FROM score_lines s
       WHERE s.cleaned = 0 AND s.rank_is_derived = 0 AND s.min_rank IS NOT NULL AND s.min_score IS NOT NULL AND s.rank_off_table IS NOT 1
         AND ${offBandSql(ordinaryKinds(db))} = 1
       GROUP BY 1, 2, 3 ORDER BY 4 DESC`,
    )
    .all() as Array<{ file: string; province: string; year: number; rows: number }>;
}

/**
 * Province-year-families (物理, 历史, 综合) whose served ordinary table and another served table of an ordinary kind
 * disagree by more than 0.1 % (at least 20 places) at a score both give: the province would be served two tables
 * (甘肃 2026 '' and immaotianyi's 本科/专科, up to 6,204 apart). Tables of a province-year without an ordinary one
 * (广西 2025 区内院校 / 区外院校) are variants by design (bonus points counted for one region's universities only).
 */
export function familyTablesDisagreeing(db: DB): Array<Record<string, unknown>> {
  const kinds = ordinaryKinds(db).map(quote).join(', ');
  return db
    .prepare(
      `SELECT a.province, a.year, a.subject_family AS family, a.table_kind || ' (' || a.source_file || ')' AS table_a, b.table_kind || ' (' || b.source_file || ')' AS table_b,
              COUNT(*) AS scores, MAX(ABS(a.cumulative_rank - b.cumulative_rank)) AS max_diff
       FROM rank_tables a JOIN rank_tables b ON b.province = a.province AND b.year = a.year AND b.subject_family = a.subject_family AND b.score = a.score
         AND (b.table_kind <> '' OR b.source_file <> a.source_file)
       WHERE a.cleaned = 0 AND b.cleaned = 0 AND a.subject_family IN ('物理', '历史', '综合') AND a.table_kind = '' AND b.table_kind IN (${kinds})
         AND a.score_max IS NULL AND b.score_max IS NULL
         AND ABS(a.cumulative_rank - b.cumulative_rank) > MAX(20, MIN(a.cumulative_rank, b.cumulative_rank) / 1000)
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 7 DESC`,
    )
    .all() as Array<Record<string, unknown>>;
}

/** Served score lines and rank tables filed under 综合 in a province-year that examined no 综合 family. */
export function unexaminedFamilyRows(db: DB): Array<{ table: string; province: string; year: number; rows: number }> {
  const out: Array<{ table: string; province: string; year: number; rows: number }> = [];
  for (const table of ['score_lines', 'rank_tables'] as const) {
    const rows = db.prepare(`SELECT province, year, COUNT(*) AS rows FROM ${table} WHERE cleaned = 0 AND subject_family = '综合' GROUP BY 1, 2`).all() as Array<{ province: string; year: number; rows: number }>;
    for (const r of rows) if (examSystem(r.province, r.year) !== '3+3') out.push({ table, ...r });
  }
  return out;
}

export interface Lines2026Row {
  file: string;
  province: string;
  read: number;
  served: number;
  with_rank: number;
  rank_basis: string;
  /** served rows with score and rank whose rank lies inside the score's band in the served 2026 table */
  in_band: number;
  off_band: number;
  /** rows with score and rank whose score the table does not cover (above its exact range, below its bottom) */
  no_table_row: number;
}

/** Each 2026 line file against the served 2026 一分一段 of its province and family: rank inside the score's band. */
export function lines2026Check(db: DB): Lines2026Row[] {
  const files = Object.values(LINES_2026_FILES) as string[];
  const read = db.prepare('SELECT rows_read FROM import_files WHERE file = ?').pluck();
  // one pass over the served 2026 rows of these files (no index on source_file: the year's rows are few)
  const rows = db
    .prepare(
      `SELECT s.source_file AS file, MIN(s.province) AS province, COUNT(*) AS served, SUM(s.min_rank IS NOT NULL) AS with_rank,
              GROUP_CONCAT(DISTINCT CASE s.rank_is_derived WHEN 1 THEN 'derived' WHEN 0 THEN 'published' END) AS basis,
              SUM(b.off = 0) AS in_band, SUM(b.off = 1) AS off_band, SUM(s.min_rank IS NOT NULL AND s.min_score IS NOT NULL AND b.off IS NULL) AS no_row
       FROM score_lines s
       LEFT JOIN (SELECT s.id, ${offBandSql(ordinaryKinds(db))} AS off FROM score_lines s
                  WHERE s.year = 2026 AND s.cleaned = 0 AND s.min_rank IS NOT NULL AND s.min_score IS NOT NULL AND s.source_file IN (SELECT value FROM json_each(@files))) b ON b.id = s.id
       WHERE s.year = 2026 AND s.cleaned = 0 AND s.source_file IN (SELECT value FROM json_each(@files))
       GROUP BY 1`,
    )
    .all({ files: JSON.stringify(files) }) as Array<{ file: string; province: string; served: number; with_rank: number; basis: string | null; in_band: number | null; off_band: number | null; no_row: number | null }>;
  const byFile = new Map(rows.map((r) => [r.file, r]));
  return files.map((file) => {
    const r = byFile.get(file);
    return {
      file, province: r?.province ?? '-', read: (read.get(file) as number | undefined) ?? 0, served: r?.served ?? 0, with_rank: r?.with_rank ?? 0, rank_basis: r?.basis ?? 'none',
      in_band: r?.in_band ?? 0, off_band: r?.off_band ?? 0, no_table_row: r?.no_row ?? 0,
    };
  });
}
