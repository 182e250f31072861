// Filter fields shared by the /v1/data routes and the data tools: one definition per field, so the REST query
// string and a tool call accept and reject exactly the same input. Free-text fields are folded here with the
// import's own rules (normalize.ts), so "河北省", "hebei" and "河北" reach the engine as the stored "河北".
import { z } from 'zod';
import {
  API_DATA_TYPES,
  BATCH_FAMILIES,
  cleanText,
  dataTypeValues,
  normalizeBatchFamily,
  normalizeProvince,
  normalizeSubjectFamily,
  PROVINCE_NAMES,
  type BatchFamily,
  type DataType,
  type SubjectFamily,
} from './normalize.ts';

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

const text = (max: number) => z.string().trim().min(1).max(max);

export const provinceField = text(20)
  .transform((v, ctx) => {
    const p = normalizeProvince(v);
    if (!p) {
      ctx.issues.push({ code: 'custom', input: v, message: `unknown province "${v}"; use a short or full name such as ${PROVINCE_NAMES.join(', ')}` });
      return z.NEVER;
    }
    return p;
  })
  .describe('省份，简称或全称均可（河北 / 河北省）· province, short or full name');

export const subjectField = text(20)
  .transform((v, ctx) => {
    const f = normalizeSubjectFamily(v);
    if (!f) {
      ctx.issues.push({
        code: 'custom',
        input: v,
        message: `unknown subject type "${v}"; use 物理类/物理/理科 (one family), 历史类/历史/文科, 综合, 艺术 or 体育`,
      });
      return z.NEVER;
    }
    return f as SubjectFamily;
  })
  .describe('科类：物理类/物理/理科 视为同一类，历史类/历史/文科 同理，另有 综合、艺术、体育 · subject type; 物理类/物理/理科 are one family');

export interface BatchFilter {
  /** what the caller wrote (matched as a substring of the published batch) */
  text: string;
  /** the batch family it folds into, null when it folds into none */
  family: BatchFamily | null;
}

export const batchField = text(40)
  .transform((v): BatchFilter => ({ text: cleanText(v), family: normalizeBatchFamily(v) }))
  .describe(`批次，模糊匹配（“一批”“本一”“本科一批”等价；也按原文子串匹配）· batch, fuzzy: folds into ${BATCH_FAMILIES.join(', ')} or matches the published name`);

export const dataTypeField = z
  .enum(API_DATA_TYPES)
  .transform((v) => dataTypeValues(v) as DataType[])
  .describe('线别：专业线、院校线（含院校专业组线）、专业组线、特殊招生线 · line kind; 院校线 includes 专业组线');

export const yearField = z.coerce.number().int().min(MIN_YEAR).max(MAX_YEAR).describe('年份 · year');

export const universityIdField = z.coerce
  .number()
  .int()
  .min(1)
  .max(9_999_999_999)
  .describe('院校 id（10 位学校标识码）· university id (the 10-digit MOE code)');

export const universityNameField = text(50).describe('院校名称，可用简称（北大、哈工大、上海交大）· university name, short names accepted');

export const majorNameField = text(50).describe('专业名称（包含匹配）· major name (substring match)');

export const scoreField = (what: string) => z.coerce.number().min(0).max(1000).describe(what);
export const rankField = (what: string) => z.coerce.number().int().min(1).max(10_000_000).describe(what);

/** A flag from a query string ("true"/"1") or a JSON boolean; "false"/"0" mean false (z.coerce would say true). */
export const flagField = (description: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false)
    .describe(description);

export const rawField = flagField('true 时也返回清洗掉的异常行（带 clean_reason）· include cleaned (anomalous / misaligned / duplicate) rows');

/** include_campuses=true: a university's headline figures also cover its branch campuses (东北大学秦皇岛分校 …). */
export const includeCampusesField = flagField(
  'true 时近年录取线摘要也包含分校/校区（如东北大学秦皇岛分校），每行带 campus；默认只含本部 · include branch campuses in the recent admission lines (each row then carries campus)',
);

export const EVAL_GRADES = ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-'] as const;

export const gradeField = text(4)
  .transform((v, ctx) => {
    const g = v.toUpperCase().replace('＋', '+').replace('－', '-');
    if (!(EVAL_GRADES as readonly string[]).includes(g)) {
      ctx.issues.push({ code: 'custom', input: v, message: `unknown grade "${v}"; use one of ${EVAL_GRADES.join(', ')}` });
      return z.NEVER;
    }
    return g;
  })
  .describe(`等级（${EVAL_GRADES.join(' ')}）· grade`);
