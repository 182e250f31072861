// 学科评估: 第四轮 official grades (round 4) and 第五轮 results announced by the universities themselves (round 5,
// not officially published; each row carries its source link). ~6k rows: a filterless list is a cheap scan.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { gradeField, rawField, universityIdField, universityNameField } from './filters.ts';
import { anchorSchoolName, nameCondition } from './names.ts';
import { cleanText } from './normalize.ts';
import { pageFields, compactRow, pageQuery, type Page } from './paging.ts';
import type { BuiltQuery } from './score-lines.ts';

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
/** A row as served: null fields are left out (compactRow). */
export type Evaluation = Partial<Record<(typeof COLUMNS)[number], unknown>>;

export function evaluationsSql(db: DB, f: EvaluationQuery): BuiltQuery {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (f.university_id !== undefined) {
    where.push('university_id = @university_id');
    params.university_id = f.university_id;
  }
  if (f.university_name !== undefined) {
    const c = nameCondition(anchorSchoolName(db, f.university_name));
    where.push(c.sql);
    Object.assign(params, c.params);
  }
  if (f.discipline_name !== undefined) {
    where.push('instr(discipline_name, @discipline) > 0');
    params.discipline = cleanText(f.discipline_name);
  }
  if (f.grade !== undefined) {
    where.push('grade = @grade');
    params.grade = f.grade;
  }
  if (!f.raw) where.push('cleaned = 0');
  const sql = `SELECT ${COLUMNS.join(', ')} FROM discipline_evaluations ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY round, grade_order IS NULL, grade_order, discipline_code IS NULL, discipline_code, discipline_name, school_name, id LIMIT @limit OFFSET @offset`;
  return { sql, params };
}

export function queryEvaluations(db: DB, f: EvaluationQuery): Page<Evaluation> {
  const { sql, params } = evaluationsSql(db, f);
  return pageQuery<Evaluation>(db, sql, params, f, compactRow);
}
