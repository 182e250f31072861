// Score lines (~2.5M rows at production scale): every accepted query is anchored on an index (province+year, a
// university, or a school name), and each anchor has an ORDER BY that its index already delivers, so a page costs
// a short index walk instead of a sort:
//   score window or plain province+year → min_score DESC, id DESC  (score_lines_p…_score, scanned backwards)
//   rank window                          → min_rank, id            (score_lines_p…_rank)
//   university only                      → year DESC, province DESC, id DESC (score_lines_university)
// The id tiebreaker makes every order total, so paging never repeats or skips a row.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import {
  batchField,
  dataTypeField,
  majorNameField,
  provinceField,
  rankField,
  rawField,
  scoreField,
  subjectField,
  universityIdField,
  universityNameField,
  yearField,
  type BatchFilter,
} from './filters.ts';
import { pageFields, compactRow, pageQuery, type Page } from './paging.ts';
import { Where } from './where.ts';
import { rowSchema, unlistedMarkShape } from './responses.ts';
import { markUnlisted, type UnlistedMark } from './unlisted.ts';

/** The anchor rule of interface 4.7/7, shared with admission plans: province with year, or a university. */
export function requireAnchor(v: { province?: unknown; year?: unknown; university_id?: unknown; university_name?: unknown }, ctx: z.RefinementCtx): void {
  if (v.university_id !== undefined || v.university_name !== undefined) return;
  if (v.province !== undefined && v.year !== undefined) return;
  const missing = v.province === undefined && v.year === undefined ? ['province', 'year'] : v.province === undefined ? ['province'] : ['year'];
  ctx.addIssue({
    code: 'custom',
    path: [missing[0]],
    message: `required: give province and year together (missing ${missing.join(' and ')}), or university_id, or university_name; a query over the whole table is refused`,
  });
}

function requireOrderedRange(from: string, to: string) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (typeof v[from] === 'number' && typeof v[to] === 'number' && (v[from] as number) > (v[to] as number)) {
      ctx.addIssue({ code: 'custom', path: [from], message: `must not be greater than ${to}` });
    }
  };
}

export const scoreLineFields = {
  province: provinceField.optional(),
  year: yearField.optional(),
  university_id: universityIdField.optional(),
  university_name: universityNameField.optional(),
  subject_type: subjectField.optional(),
  batch: batchField.optional(),
  data_type: dataTypeField.optional(),
  major_name: majorNameField.optional(),
  min_score_from: scoreField('最低分下限（含）· lowest admitted score, from (inclusive)').optional(),
  min_score_to: scoreField('最低分上限（含）· lowest admitted score, to (inclusive)').optional(),
  min_rank_from: rankField('最低位次下限（含，数字小者排名靠前）· lowest admitted rank, from (inclusive)').optional(),
  min_rank_to: rankField('最低位次上限（含）· lowest admitted rank, to (inclusive)').optional(),
  raw: rawField,
};

export const scoreLineQuerySchema = z
  .object({ ...scoreLineFields, ...pageFields })
  .strict()
  .superRefine(requireAnchor)
  .superRefine(requireOrderedRange('min_score_from', 'min_score_to'))
  .superRefine(requireOrderedRange('min_rank_from', 'min_rank_to'));
export type ScoreLineQuery = z.output<typeof scoreLineQuerySchema>;

export const SCORE_LINE_COLUMNS = [
  'id', 'province', 'year', 'subject_type', 'subject_family', 'batch', 'batch_family', 'data_type', 'university_id', 'school_name', 'campus', 'school_code',
  'major_group', 'major_name', 'major_code', 'group_majors', 'elective', 'min_score', 'min_score_raw', 'score_is_derived', 'min_rank', 'rank_is_derived',
  'max_score', 'avg_score', 'plan_count', 'admitted_count', 'granularity', 'admission_unit', 'score_range', 'rank_off_table', 'source_file', 'source_ref', 'source_url',
  'credit', 'cleaned', 'clean_reason', 'duplicate_of',
] as const;
/** A served row as a zod schema (types and docs from schema.ts), for tool output and OpenAPI responses. */
export const scoreLineRow = rowSchema('score_lines', SCORE_LINE_COLUMNS).extend(unlistedMarkShape);

/** Appends the batch condition: the folded family when the text folds into one, else a substring of the published name. */
export function batchCondition(b: BatchFilter, where: string[], params: Record<string, unknown>, alias = ''): void {
  const a = alias ? `${alias}.` : '';
  if (b.family) {
    where.push(`${a}batch_family = @batch_family`);
    params.batch_family = b.family;
  } else {
    where.push(`instr(${a}batch, @batch_text) > 0`);
    params.batch_text = b.text;
  }
}

export interface BuiltQuery {
  sql: string;
  params: Record<string, unknown>;
}

/** The SQL a score-line query runs (exported so the query-plan test checks exactly what is served). */
export function scoreLinesSql(db: DB, f: ScoreLineQuery): BuiltQuery {
  const byProvinceYear = f.province !== undefined && f.year !== undefined;
  const w = new Where()
    .eq('province', f.province)
    .eq('year', f.year)
    .university(db, f.university_id, f.university_name, true)
    .eq('subject_family', f.subject_type);
  if (f.batch !== undefined) batchCondition(f.batch, w.clauses, w.params);
  if (f.data_type !== undefined) {
    const names = f.data_type.map((_, i) => `@dt${i}`);
    w.when(f.data_type, names.length === 1 ? 'data_type = @dt0' : `data_type IN (${names.join(', ')})`, Object.fromEntries(f.data_type.map((d, i) => [`dt${i}`, d])));
  }
  w.when(f.major_name, 'instr(major_name, @major_name) > 0', { major_name: f.major_name })
    .when(f.min_score_from, 'min_score >= @min_score_from', { min_score_from: f.min_score_from })
    .when(f.min_score_to, 'min_score <= @min_score_to', { min_score_to: f.min_score_to })
    .when(f.min_rank_from, 'min_rank >= @min_rank_from', { min_rank_from: f.min_rank_from })
    .when(f.min_rank_to, 'min_rank <= @min_rank_to', { min_rank_to: f.min_rank_to })
    .served(f.raw);

  const rankWindow = f.min_rank_from !== undefined || f.min_rank_to !== undefined;
  const order = byProvinceYear
    ? rankWindow
      ? 'min_rank, id'
      : 'min_score DESC, id DESC'
    : 'year DESC, province DESC, id DESC';
  const sql = `SELECT ${SCORE_LINE_COLUMNS.join(', ')} FROM score_lines ${w} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
  return { sql, params: w.params };
}

/** A row as served: null fields are left out (compactRow). */
export type ScoreLine = Partial<Record<(typeof SCORE_LINE_COLUMNS)[number], unknown>> & UnlistedMark;

export function queryScoreLines(db: DB, f: ScoreLineQuery): Page<ScoreLine> {
  const { sql, params } = scoreLinesSql(db, f);
  return pageQuery<ScoreLine>(db, sql, params, f, (r) => markUnlisted(db, compactRow(r)));
}
