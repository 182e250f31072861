// 一分一段 (score → candidates at the score and cumulative rank). A row may be a merged top bracket
// ("666-750": score 666, score_max 750); an exact score inside a bracket finds the bracket row.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { provinceField, rawField, subjectField, yearField } from './filters.ts';
import type { SubjectFamily } from './normalize.ts';
import { pageFields, compactRow, pageQuery, prepared, type Page } from './paging.ts';
import type { BuiltQuery } from './score-lines.ts';
import { Where } from './where.ts';
import { rowSchema } from './responses.ts';

const score = (what: string) => z.coerce.number().int().min(0).max(1000).describe(what);

export const rankTableQuerySchema = z
  .object({
    province: provinceField,
    year: yearField,
    subject_type: subjectField.optional(),
    score: score('精确分数：返回该分数的人数与累计位次 · exact score').optional(),
    score_from: score('分数区间下限（含）· score range, from').optional(),
    score_to: score('分数区间上限（含）· score range, to').optional(),
    raw: rawField,
    ...pageFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.score !== undefined && (v.score_from !== undefined || v.score_to !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['score'], message: 'give either score (exact) or score_from/score_to (range), not both' });
    }
    if (v.score_from !== undefined && v.score_to !== undefined && v.score_from > v.score_to) {
      ctx.addIssue({ code: 'custom', path: ['score_from'], message: 'must not be greater than score_to' });
    }
  });
export type RankTableQuery = z.output<typeof rankTableQuerySchema>;

const COLUMNS = [
  'id', 'province', 'year', 'subject_type', 'subject_family', 'table_kind', 'score', 'score_max', 'count_at_score', 'cumulative_rank',
  'rank_start', 'source_file', 'source_ref', 'source_url', 'credit', 'cleaned', 'clean_reason',
] as const;
/** A served row as a zod schema (types and docs from schema.ts), for tool output and OpenAPI responses. */
export const rankRow = rowSchema('rank_tables', COLUMNS);
/** A row as served: null fields are left out (compactRow). */
export type RankRow = Partial<Record<(typeof COLUMNS)[number], unknown>>;

export function rankTableSql(f: RankTableQuery): BuiltQuery {
  const w = new Where()
    .eq('province', f.province)
    .eq('year', f.year)
    .eq('subject_family', f.subject_type)
    .when(f.score, 'score <= @score AND (score = @score OR score_max >= @score)', { score: f.score })
    .when(f.score_to, 'score <= @score_to', { score_to: f.score_to })
    // A bracket row overlaps the range when its upper end reaches it.
    .when(f.score_from, 'COALESCE(score_max, score) >= @score_from', { score_from: f.score_from })
    .served(f.raw);
  const sql = `SELECT ${COLUMNS.join(', ')} FROM rank_tables ${w}
    ORDER BY subject_family, table_kind, score DESC, id LIMIT @limit OFFSET @offset`;
  return { sql, params: w.params };
}

export function queryRankTable(db: DB, f: RankTableQuery): Page<RankRow> {
  const { sql, params } = rankTableSql(f);
  return pageQuery<RankRow>(db, sql, params, f, compactRow);
}

export interface RankLookup {
  /** candidates at or above the score: the rank a candidate with this score has at worst */
  rank: number;
  /** the best rank a candidate with this score can have (first candidate at the score) */
  rank_start: number | null;
  count_at_score: number | null;
  /** the table row used */
  row_score: number;
  row_score_max: number | null;
  /** how the score met the table: an exact row, a merged bracket, or a score the table skips (nobody scored it) */
  how: 'exact' | 'bracket' | 'gap';
  subject_type: string | null;
  source_file: string;
  source_url: string | null;
}

/**
 * Converts a score to a rank with the ordinary (table_kind '') served table of a province-year-family; null when
 * there is no such table or the score lies below the table's lowest score.
 */
export function scoreToRank(db: DB, province: string, year: number, family: SubjectFamily, s: number): RankLookup | null {
  const base = `FROM rank_tables WHERE province = @province AND year = @year AND subject_family = @family AND table_kind = '' AND cleaned = 0`;
  const p = { province, year, family, s };
  const cols = 'score, score_max, count_at_score, cumulative_rank, rank_start, subject_type, source_file, source_url';
  const hit = prepared(db, `SELECT ${cols} ${base} AND score <= @s AND (score = @s OR score_max >= @s) ORDER BY score DESC, id LIMIT 1`).get(p) as any;
  if (hit) {
    return {
      rank: hit.cumulative_rank,
      rank_start: hit.rank_start,
      count_at_score: hit.count_at_score,
      row_score: hit.score,
      row_score_max: hit.score_max,
      how: hit.score === s ? 'exact' : 'bracket',
      subject_type: hit.subject_type,
      source_file: hit.source_file,
      source_url: hit.source_url,
    };
  }
  // Not listed: nobody scored it, so the rank is that of the next higher listed score, if the table goes below it.
  const lower = prepared(db, `SELECT 1 ${base} AND score < @s LIMIT 1`).get(p);
  if (!lower) return null;
  const above = prepared(db, `SELECT ${cols} ${base} AND score > @s ORDER BY score, id LIMIT 1`).get(p) as any;
  if (!above) return null;
  return {
    rank: above.cumulative_rank,
    rank_start: null,
    count_at_score: 0,
    row_score: above.score,
    row_score_max: above.score_max,
    how: 'gap',
    subject_type: above.subject_type,
    source_file: above.source_file,
    source_url: above.source_url,
  };
}

/** The whole ordinary table of a province-year-family, highest score first (for converting many scores at once). */
export function loadRankTable(db: DB, province: string, year: number, family: SubjectFamily): Array<{ score: number; score_max: number | null; cumulative_rank: number }> {
  return prepared(
    db,
    `SELECT score, score_max, cumulative_rank FROM rank_tables
     WHERE province = ? AND year = ? AND subject_family = ? AND table_kind = '' AND cleaned = 0 AND cumulative_rank IS NOT NULL
     ORDER BY score DESC, id`,
  ).all(province, year, family) as any[];
}
