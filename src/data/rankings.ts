// 软科 major rankings (中国大学专业排名 2025/2026). At least one of major_name, university_id, university_name is
// required (interface 4.7). major_name matches ranked major names exactly, or else by substring over the ~900
// distinct names (read once per database handle: the database is read-only).
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { InputError } from '../errors.ts';
import { majorNameField, rawField, universityIdField, universityNameField, yearField } from './filters.ts';
import { cleanText } from './normalize.ts';
import { pageFields, compactRow, pageQuery, prepared, type Page } from './paging.ts';
import type { BuiltQuery } from './score-lines.ts';
import { Where } from './where.ts';
import { rowSchema } from './responses.ts';

export const RANKING_GRADES = ['A+', 'A', 'B+', 'B'] as const;
const MAX_MAJOR_NAMES = 60;

export const majorRankingQuerySchema = z
  .object({
    major_name: majorNameField.optional(),
    university_id: universityIdField.optional(),
    university_name: universityNameField.optional(),
    grade: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(RANKING_GRADES))
      .optional()
      .describe(`软科等级：${RANKING_GRADES.join(' ')} · 软科 grade`),
    year: yearField.optional().describe('排名年份（2025、2026）· ranking edition'),
    raw: rawField,
    ...pageFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.major_name === undefined && v.university_id === undefined && v.university_name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['major_name'], message: 'required: give at least one of major_name, university_id, university_name' });
    }
  });
export type MajorRankingQuery = z.output<typeof majorRankingQuerySchema>;

const COLUMNS = ['id', 'year', 'major_name', 'major_code', 'major_id', 'university_id', 'school_name', 'rank', 'grade', 'score', 'source_file', 'source_ref', 'cleaned', 'clean_reason'] as const;
/** A served row as a zod schema (types and docs from schema.ts), for tool output and OpenAPI responses. */
export const majorRankingRow = rowSchema('major_rankings', COLUMNS);
/** A row as served: null fields are left out (compactRow). */
export type MajorRanking = Partial<Record<(typeof COLUMNS)[number], unknown>>;

const namesCache = new WeakMap<DB, string[]>();

function rankedMajorNames(db: DB): string[] {
  let names = namesCache.get(db);
  if (!names) {
    names = prepared(db, 'SELECT DISTINCT major_name FROM major_rankings ORDER BY major_name').pluck().all() as string[];
    namesCache.set(db, names);
  }
  return names;
}

/** Ranked major names a user text means: the exact name, else every name containing it. */
export function matchMajorNames(db: DB, text: string): string[] {
  const q = cleanText(text);
  const names = rankedMajorNames(db);
  if (names.includes(q)) return [q];
  const found = names.filter((n) => n.includes(q));
  if (found.length > MAX_MAJOR_NAMES) {
    throw new InputError(`major_name: "${text}" matches ${found.length} ranked majors (more than ${MAX_MAJOR_NAMES}), e.g. ${found.slice(0, 5).join(', ')}; give a fuller name`, 'major_name');
  }
  return found;
}

export function majorRankingsSql(db: DB, f: MajorRankingQuery): BuiltQuery {
  const w = new Where()
    .when(f.major_name, 'major_name IN (SELECT value FROM json_each(@major_names))', { major_names: f.major_name === undefined ? undefined : JSON.stringify(matchMajorNames(db, f.major_name)) })
    .university(db, f.university_id, f.university_name)
    .eq('grade', f.grade)
    .eq('year', f.year)
    .served(f.raw);
  const sql = `SELECT ${COLUMNS.join(', ')} FROM major_rankings ${w}
    ORDER BY year DESC, major_name, rank IS NULL, rank, id LIMIT @limit OFFSET @offset`;
  return { sql, params: w.params };
}

export function queryMajorRankings(db: DB, f: MajorRankingQuery): Page<MajorRanking> {
  const { sql, params } = majorRankingsSql(db, f);
  return pageQuery<MajorRanking>(db, sql, params, f, compactRow);
}
