// GET /api/recommendation/units: the 志愿 units of one university for a candidate, in the province's unit (院校专业组,
// 专业+院校, 院校), each with its codes, the majors inside it, this year's plan where the data has one, its own past
// lines and the candidate's probability and label at once — the same exact chance match_by_score gives
// (spanChance over the score's ranks), so an entry shows its figure the moment it is added to the 志愿表.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { InputError } from '../errors.ts';
import { provinceField, rankField, subjectField, yearField } from './filters.ts';
import { rankTable } from './line-history.ts';
import { candidateRankSchema, citeLine, comparedYears, lineSchema, pastYears, placedCandidate, resolveFamily } from './match.ts';
import { prepared } from './paging.ts';
import { predictLine, spanChance } from './simulate.ts';
import { spreadModel } from './spread-model.ts';
import { VOLUNTEER_UNITS, volunteerRuleSchema } from './volunteer-rules.ts';
import { unitHistory, unitKey, unitKind, unitLines, unitSchoolCode, universityPlans, type PlanRow, type UnitRef } from './volunteer-units.ts';
import { band } from './volunteer-warnings.ts';

export const unitsQuerySchema = z
  .object({
    province: provinceField,
    year: yearField.optional().describe('考生的高考年份；默认该省该科类有一分一段表的最近一年 · exam year'),
    subject_type: subjectField.optional(),
    score: z.coerce.number().min(0).max(1000).optional().describe('高考总分（与 rank 二选一）· score (or rank)'),
    rank: rankField('位次（与 score 二选一）· rank (or score)').optional(),
    university_id: z.coerce.number().int().min(1).max(9_999_999_999).describe('院校 id · university id'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.score === undefined && v.rank === undefined) ctx.addIssue({ code: 'custom', path: ['score'], message: 'required: give score or rank' });
    if (v.score !== undefined && v.rank !== undefined) ctx.addIssue({ code: 'custom', path: ['rank'], message: 'give either score or rank, not both' });
  });
export type UnitsQuery = z.output<typeof unitsQuerySchema>;

export const UNIT_LABELS = ['难', '冲', '稳', '保', '垫底'] as const;

const unitSchema = z.object({
  university_id: z.number().int(),
  name: z.string().describe('university (campus, programme) and the unit: group code or major'),
  campus: z.string().nullable(),
  unit: z.string().nullable(),
  school_code: z.string().nullable().describe('院校代码 as the province prints it (newest line, else this year\'s plan)'),
  major_group: z.string().nullable().describe('专业组 code (院校专业组)'),
  major_name: z.string().nullable().describe('the major (专业+院校)'),
  majors: z.array(z.string()).describe('majors inside the unit: this year\'s plan, else the newest line\'s list'),
  majors_source: z.enum(['plan', 'line']).nullable(),
  plan: z.object({ year: z.number().int(), plan_count: z.number().int().nullable(), rows: z.number().int() }).nullable(),
  years: z.array(z.number().int()).describe('past years with a ranked line of THIS unit'),
  lines: z.array(lineSchema),
  probability: z.number().nullable(),
  label: z.enum(UNIT_LABELS).nullable().describe('难 < 20 %, 冲 20–50 %, 稳 50–80 %, 保 80–99 %, 垫底 > 99 %'),
  predicted_line_rank: z.number().int().nullable(),
});

export const unitsResultSchema = z.object({
  province: z.string(),
  year: z.number().int(),
  subject_type: z.string(),
  unit: z.enum(VOLUNTEER_UNITS),
  unit_source: z.enum(['rules', 'data']),
  rule: volunteerRuleSchema.nullable(),
  rank: candidateRankSchema,
  university: z.object({ id: z.number().int(), name: z.string() }),
  units: z.array(unitSchema),
  summary: z.string(),
});
export type UnitsResult = z.infer<typeof unitsResultSchema>;

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

export function universityUnits(db: DB, q: UnitsQuery): UnitsResult {
  const { province } = q;
  const family = resolveFamily(db, province, q.subject_type, q.year);
  const { exam, window: examWindow, table_year: tableYear, rank } = placedCandidate(db, province, family, q);
  const { year } = examWindow;
  const name = prepared(db, 'SELECT name FROM universities WHERE id = ?').pluck().get(q.university_id) as string | undefined;
  if (!name) throw new InputError(`university_id: no university with id ${q.university_id}`, 'university_id');
  const kind = unitKind(db, province, year, family);
  const plans = universityPlans(db, province, year, family, q.university_id);
  const table = rankTable(db, province, tableYear, family);
  const model = spreadModel();

  // the unit refs: every unit of the university with a line in the 1–3 years before
  const refs = new Map<string, UnitRef>();
  if (kind.unit === '院校') {
    for (const p of pastYears(db, province, family, examWindow, {})) {
      for (const [k, l] of p.lines) if (l.university_id === q.university_id && !refs.has(k)) refs.set(k, { university_id: l.university_id, school_name: l.school_name, campus: l.campus, unit: l.unit, major_group: null, major_name: null });
    }
  } else {
    for (const t of comparedYears(db, province, family, examWindow)) {
      for (const [k, l] of unitLines(db, province, t, family, kind.unit)) {
        if (l.university_id === q.university_id && !refs.has(k)) refs.set(k, { university_id: l.university_id, school_name: l.school_name, campus: l.campus, unit: l.unit, major_group: l.major_group, major_name: l.major_name });
      }
    }
  }
  // this year's plan names units the past lines may not have (a new group, a province's first year of groups):
  // listed with their codes and plan, without a probability (no line of theirs to compare with)
  if (kind.unit !== '院校') {
    for (const p of plans) {
      const ref: UnitRef = { university_id: q.university_id, school_name: name, campus: p.campus, unit: null, major_group: kind.unit === '院校专业组' ? p.major_group : null, major_name: kind.unit === '专业+院校' ? p.major_name : null };
      if (!(ref.major_group ?? ref.major_name)) continue;
      const k = unitKey(kind.unit, ref);
      if (![...refs.values()].some((r) => (kind.unit === '院校专业组' ? r.major_group === ref.major_group : r.major_name === ref.major_name) && r.campus === ref.campus)) refs.set(k, ref);
    }
  }
  const units = [...refs.values()].map((ref) => {
    const hist = unitHistory(db, province, examWindow, family, kind.unit, ref);
    const ranked = hist.filter((h) => h.l.min_rank !== null);
    const newest = hist[0]?.l;
    const planRows = planRowsOf(kind.unit, plans, ref);
    const pred = ranked.length ? predictLine(model, ranked.map((h) => ({ year: h.l.year, rank: h.l.min_rank!, ratio: h.ratio ?? 1 })), year) : null;
    const p = pred ? spanChance(pred, rank.best_case, rank.value) : null;
    const base = ref.campus ?? name;
    const unitName = kind.unit === '院校专业组' ? `专业组 ${ref.major_group}` : kind.unit === '专业+院校' ? ref.major_name! : '';
    const planMajors = [...new Set(planRows.map((r) => r.major_name).filter((m): m is string => Boolean(m)))];
    const lineMajors = newest?.group_majors ?? [];
    return {
      university_id: q.university_id,
      name: [ref.unit ? `${base}（${ref.unit}）` : base, unitName].filter(Boolean).join(' '),
      campus: ref.campus,
      unit: ref.unit,
      school_code: newest?.school_code ?? planRows[0]?.school_code ?? unitSchoolCode(db, province, hist.map((h) => h.l.year), ref),
      major_group: ref.major_group,
      major_name: ref.major_name,
      majors: kind.unit === '专业+院校' ? [] : planMajors.length ? planMajors : lineMajors,
      majors_source: kind.unit === '专业+院校' ? null : planMajors.length ? ('plan' as const) : lineMajors.length ? ('line' as const) : null,
      plan: planRows.length ? { year, plan_count: planRows.every((r) => r.plan_count === null) ? null : planRows.reduce((a, r) => a + (r.plan_count ?? 0), 0), rows: planRows.length } : null,
      years: ranked.map((h) => h.l.year),
      lines: ranked.map((h) => citeLine(h.l, h.ratio, table)),
      probability: p === null ? null : round(p, 3),
      label: p === null ? null : UNIT_LABELS[band(p)]!,
      predicted_line_rank: pred ? Math.round(pred.rank) : null,
    };
  });
  // easiest last, as a list is filled: by probability, units without history at the end
  units.sort((a, b) => (a.probability ?? 2) - (b.probability ?? 2) || a.name.localeCompare(b.name, 'zh'));
  const ruleText = kind.rule ? `${province}${kind.rule.year}年${kind.rule.batch}${kind.rule.year === year ? '' : `（本站没有${year}年的规则原文，按同一高考模式下最近的${kind.rule.year}年规则）`}：一个志愿是一个${kind.unit}，最多 ${kind.rule.volunteers} 个` : `本站没有${province}${year}年填报规则的原文，按数据中往年的线别，一个志愿按${kind.unit}列出`;
  return {
    province,
    year,
    subject_type: family,
    unit: kind.unit,
    unit_source: kind.source,
    rule: kind.rule,
    rank,
    university: { id: q.university_id, name },
    units,
    summary: units.length
      ? `${ruleText}；${name}在数据中有 ${units.length} 个${kind.unit}（往年录取线或今年招生计划中的），其中 ${units.filter((u) => u.probability !== null).length} 个有往年线、可估录取概率。`
      : `${ruleText}；数据中没有${name} ${year - 3}–${year - 1} 年在${province}的${kind.unit}录取线，也没有 ${year} 年的招生计划，无法按${kind.unit}列出它的志愿（不以院校的线代替）。`,
  };
}

function planRowsOf(kind: string, plans: PlanRow[], ref: UnitRef): PlanRow[] {
  if (kind === '院校专业组') return plans.filter((p) => p.major_group !== null && p.major_group === ref.major_group && (p.campus ?? null) === (ref.campus ?? null));
  if (kind === '专业+院校') return plans.filter((p) => p.major_name === ref.major_name && (p.campus ?? null) === (ref.campus ?? null));
  return plans;
}
