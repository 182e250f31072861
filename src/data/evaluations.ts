// 学科评估: 第四轮 official grades (round 4) and 第五轮 results announced by the universities themselves (round 5,
// not officially published; each row carries its source link). ~6k rows: a filterless list is a cheap scan.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { gradeField, rawField, universityIdField, universityNameField } from './filters.ts';
import { cleanText } from './normalize.ts';
import { pageFields, compactRow, pageQuery, type Page } from './paging.ts';
import type { BuiltQuery } from './score-lines.ts';
import { Where } from './where.ts';
import { rowSchema } from './responses.ts';

export const evaluationQuerySchema = z
  .object({
    university_id: universityIdField.optional(),
    university_name: universityNameField.optional(),
    discipline_name: z.string().trim().min(1).max(30).optional().describe('一级学科名称（包含匹配：计算机 → 计算机科学与技术）· discipline, substring'),
    grade: gradeField.optional(),
    raw: rawField,
    ...pageFields,
  })
  .strict();
export type EvaluationQuery = z.output<typeof evaluationQuerySchema>;

const COLUMNS = [
  'id', 'round', 'discipline_code', 'discipline_name', 'university_id', 'school_name', 'grade', 'note', 'source_file', 'source_ref', 'source_url',
  'cleaned', 'clean_reason',
] as const;
/** A served row as a zod schema (types and docs from schema.ts), for tool output and OpenAPI responses. */
export const evaluationRow = rowSchema('discipline_evaluations', COLUMNS);
/** A row as served: null fields are left out (compactRow). */
export type Evaluation = Partial<Record<(typeof COLUMNS)[number], unknown>>;

export function evaluationsSql(db: DB, f: EvaluationQuery): BuiltQuery {
  const w = new Where()
    .university(db, f.university_id, f.university_name)
    .when(f.discipline_name, 'instr(discipline_name, @discipline) > 0', { discipline: f.discipline_name === undefined ? undefined : cleanText(f.discipline_name) })
    .eq('grade', f.grade)
    .served(f.raw);
  const sql = `SELECT ${COLUMNS.join(', ')} FROM discipline_evaluations ${w}
    ORDER BY round, grade_order IS NULL, grade_order, discipline_code IS NULL, discipline_code, discipline_name, school_name, id LIMIT @limit OFFSET @offset`;
  return { sql, params: w.params };
}

export function queryEvaluations(db: DB, f: EvaluationQuery): Page<Evaluation> {
  const { sql, params } = evaluationsSql(db, f);
  return pageQuery<Evaluation>(db, sql, params, f, compactRow);
}
