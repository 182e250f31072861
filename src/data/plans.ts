// Admission plans (~780k rows at production scale): the same anchor rule as score lines. Orders follow the
// anchoring index so a page needs no sort: province+year → subject_family, batch_family, id
// (admission_plans_pyfb); a university → year DESC, province DESC, id DESC (admission_plans_university).
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { batchField, majorNameField, provinceField, rawField, subjectField, universityIdField, universityNameField, yearField } from './filters.ts';
import { pageFields, compactRow, pageQuery, prepared, type Page } from './paging.ts';
import { batchCondition, requireAnchor, type BuiltQuery } from './score-lines.ts';
import { Where } from './where.ts';
import { rowSchema, unlistedMarkShape } from './responses.ts';
import { markUnlisted, type UnlistedMark } from './unlisted.ts';

export const planQuerySchema = z
  .object({
    province: provinceField.optional(),
    year: yearField.optional(),
    subject_type: subjectField.optional(),
    batch: batchField.optional(),
    university_id: universityIdField.optional(),
    university_name: universityNameField.optional(),
    major_name: majorNameField.optional(),
    raw: rawField,
    ...pageFields,
  })
  .strict()
  .superRefine(requireAnchor);
export type PlanQuery = z.output<typeof planQuerySchema>;

export const PLAN_COLUMNS = [
  'id', 'province', 'year', 'subject_type', 'subject_family', 'batch', 'batch_family', 'university_id', 'school_name', 'campus', 'school_code',
  'major_group', 'major_name', 'major_code', 'elective', 'plan_count', 'tuition', 'scope', 'prev_min_score', 'prev_min_rank',
  'source_file', 'source_ref', 'source_url', 'cleaned', 'clean_reason', 'duplicate_of',
] as const;
/** A served row as a zod schema (types and docs from schema.ts), for tool output and OpenAPI responses. */
export const planRow = rowSchema('admission_plans', PLAN_COLUMNS).extend(unlistedMarkShape);

function plansWhere(db: DB, f: PlanQuery): Where {
  const w = new Where().eq('province', f.province).eq('year', f.year).university(db, f.university_id, f.university_name, true).eq('subject_family', f.subject_type);
  if (f.batch !== undefined) batchCondition(f.batch, w.clauses, w.params);
  return w.when(f.major_name, 'instr(major_name, @major_name) > 0', { major_name: f.major_name }).served(f.raw);
}

export function plansSql(db: DB, f: PlanQuery): BuiltQuery {
  const w = plansWhere(db, f);
  const order = f.province !== undefined && f.year !== undefined ? 'subject_family, batch_family, id' : 'year DESC, province DESC, id DESC';
  return { sql: `SELECT ${PLAN_COLUMNS.join(', ')} FROM admission_plans ${w} ORDER BY ${order} LIMIT @limit OFFSET @offset`, params: w.params };
}

/** A row as served: null fields are left out (compactRow). */
export type Plan = Partial<Record<(typeof PLAN_COLUMNS)[number], unknown>> & UnlistedMark;

export function queryPlans(db: DB, f: PlanQuery): Page<Plan> {
  const { sql, params } = plansSql(db, f);
  return pageQuery<Plan>(db, sql, params, f, (r) => markUnlisted(db, compactRow(r)));
}

export interface PlanTotals {
  /** plan rows matching the query (every page) */
  plans: number;
  /** the sum of their plan counts (places), null when no row gives one */
  places: number | null;
  /** rows without a plan count (not in the sum) */
  without_count: number;
}

/** "招多少人": the places of every row the query matches, not only of one page. */
export function planTotals(db: DB, f: PlanQuery): PlanTotals {
  const w = plansWhere(db, f);
  const r = prepared(db, `SELECT COUNT(*) AS plans, SUM(plan_count) AS places, SUM(plan_count IS NULL) AS without_count FROM admission_plans ${w}`).get(w.params) as PlanTotals;
  return { plans: r.plans, places: r.places, without_count: r.without_count ?? 0 };
}
