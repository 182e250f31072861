// The units a 志愿 is made of, in one place: 院校专业组 (3+1+2 provinces and others), 专业+院校 (山东, 浙江, 重庆 …) or
// 院校 with majors (文/理 provinces). Which one a province-year uses comes from the rules table (volunteer-rules.ts)
// or, when the table has no row for it, from the line kind the data publishes for that province (said as such).
// A unit's past lines are the lines of THAT unit — the same university, campus, programme unit and group code (or
// major) in the years before — never the university's lowest line standing in for a group. For 院校 the unit is
// the target of line-history.ts (the university's own least competitive line), as match_by_score uses it.
//
// Fields the importer may change (院校代号 school_code, 专业组 major_group, admission_unit) are read here only, so a
// change in how lines are grouped flows into the 志愿表 from this module.
import type { DB } from '../db/open.ts';
import { prepared } from './paging.ts';
import {
  cohortRatio,
  JUNIOR,
  lessCompetitive,
  lineYears,
  memoised,
  rankTable,
  RESTRICTED_BATCHES,
  RESTRICTED_UNIT,
  targetKey,
  targetLineOf,
  targetName,
  type TargetLine,
} from './line-history.ts';
import { comparedYears, pastYears, type ExamWindow } from './match.ts';
import type { SubjectFamily } from './normalize.ts';
import { ruleFor, type VolunteerRule, type VolunteerUnit } from './volunteer-rules.ts';

/** The line kind that carries each unit's own line. */
const UNIT_LINE: Record<Exclude<VolunteerUnit, '院校'>, string> = { 院校专业组: '专业组线', '专业+院校': '专业线' };

export interface UnitKind {
  unit: VolunteerUnit;
  rule: VolunteerRule | null;
  /** rules: the province's text says so; data: no rule here, the unit follows the line kind the data has */
  source: 'rules' | 'data';
}

/** The unit of a 志愿 in a province's exam year. */
export function unitKind(db: DB, province: string, year: number, family: SubjectFamily): UnitKind {
  const rule = ruleFor(province, year);
  if (rule) return { unit: rule.unit, rule, source: 'rules' };
  // No rule: the kind of line the data has most of in the newest past year (a group line is a group's, a major line
  // of a 3+3 province a major's); otherwise the university.
  return memoised(db, `unitkind|${province}|${year}|${family}`, () => {
    const past = lineYears(db, province, family).find((y) => y < year);
    if (past === undefined) return { unit: '院校' as const, rule: null, source: 'data' as const };
    const counts = prepared(
      db,
      `SELECT data_type, COUNT(DISTINCT university_id) AS n FROM score_lines WHERE province = ? AND year = ? AND subject_family = ? AND cleaned = 0 AND min_score IS NOT NULL AND data_type IN ('院校线', '专业组线', '专业线') GROUP BY data_type`,
    ).all(province, past, family) as Array<{ data_type: string; n: number }>;
    const n = (t: string) => counts.find((c) => c.data_type === t)?.n ?? 0;
    const unit: VolunteerUnit = n('专业组线') >= Math.max(n('院校线'), 30) ? '院校专业组' : family === '综合' && n('专业线') >= Math.max(n('院校线'), 30) ? '专业+院校' : '院校';
    return { unit, rule: null, source: 'data' as const };
  });
}

/** What identifies a unit across years (the codes a province prints change less than names; the group code is the
 * province's own). */
export interface UnitRef {
  university_id: number | null;
  school_name: string;
  campus: string | null;
  unit: string | null;
  /** 专业组 code or name as the lines print it (院校专业组) */
  major_group: string | null;
  /** the major (专业+院校) */
  major_name: string | null;
}

export function unitKey(kind: VolunteerUnit, r: UnitRef): string {
  const base = targetKey(r.university_id, r.school_name, r.campus, r.unit);
  if (kind === '院校专业组') return `${base}|g:${r.major_group ?? ''}`;
  if (kind === '专业+院校') return `${base}|m:${r.major_name ?? ''}`;
  return base;
}

/** A unit's line in one year, with the codes and contents the line carries. */
export interface UnitLine extends TargetLine {
  school_code: string | null;
  group_majors: string[];
  elective: string | null;
  plan_count: number | null;
  name: string;
}

/** Every unit's line of a province-year (one per unit: its least competitive ordinary 本科 line), memoised. */
export function unitLines(db: DB, province: string, year: number, family: SubjectFamily, kind: Exclude<VolunteerUnit, '院校'>): Map<string, UnitLine> {
  return memoised(db, `units|${province}|${year}|${family}|${kind}`, () => {
    const rows = prepared(
      db,
      `SELECT s.id, s.university_id, s.school_name, s.campus, s.admission_unit AS unit, s.school_code, s.data_type, s.batch, s.batch_family, s.subject_type,
              s.major_group, s.major_name, s.group_majors, s.elective, s.plan_count, s.min_score, s.min_rank, s.rank_is_derived, s.rank_off_table,
              s.source_file, s.source_ref, s.source_url, u.name AS university_name
         FROM score_lines s LEFT JOIN universities u ON u.id = s.university_id
        WHERE s.province = @province AND s.year = @year AND s.subject_family = @family AND s.data_type = @dt AND s.cleaned = 0 AND s.min_score IS NOT NULL
          AND (s.batch_family IS NULL OR s.batch_family NOT IN ${RESTRICTED_BATCHES})
        ORDER BY s.id`,
    ).all({ province, year, family, dt: UNIT_LINE[kind] }) as any[];
    const table = rankTable(db, province, year, family);
    const out = new Map<string, UnitLine>();
    for (const r of rows) {
      if ((r.unit && RESTRICTED_UNIT.test(r.unit)) || JUNIOR.has(r.batch_family)) continue;
      if (kind === '院校专业组' ? !r.major_group : !r.major_name) continue;
      const line = targetLineOf(r, year, table);
      const key = unitKey(kind, r);
      const prev = out.get(key);
      // one line per unit and year: the least competitive (the unit's entry line), ties to the lowest id
      if (prev && !lessCompetitive(line, prev)) continue;
      const base = targetName(r.campus ?? r.university_name ?? r.school_name, r.unit);
      out.set(key, {
        ...line,
        school_code: r.school_code,
        group_majors: splitMajors(r.group_majors),
        elective: r.elective,
        plan_count: r.plan_count,
        name: base,
      });
    }
    return out;
  });
}

/** The group's majors as the line lists them ("法学类(含:法学、…)(北京市)、英语"): split at separators outside brackets. */
export function splitMajors(s: string | null): string[] {
  if (!s) return [];
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(' || ch === '（') depth++;
    else if ((ch === ')' || ch === '）') && depth > 0) depth--;
    if (depth === 0 && /[|、;；,，]/.test(ch)) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return [...new Set(out)];
}

/** A unit's own lines of the 1–3 years before `year`, newest first, each with the cohort ratio into `year`. */
export function unitHistory(db: DB, province: string, exam: ExamWindow, family: SubjectFamily, kind: VolunteerUnit, ref: UnitRef): Array<{ l: TargetLine & Partial<UnitLine>; ratio: number | null }> {
  const key = unitKey(kind, ref);
  const out: Array<{ l: TargetLine & Partial<UnitLine>; ratio: number | null }> = [];
  if (kind === '院校') {
    for (const p of pastYears(db, province, family, exam, {})) {
      const l = p.lines.get(key);
      if (l) out.push({ l, ratio: p.ratio });
    }
    return out;
  }
  // the same compared years as match_by_score (2026 included for a candidate preparing for 2027), ranks scaled to
  // the table that places the candidate
  const years = new Set(comparedYears(db, province, family, exam));
  for (const t of lineYears(db, province, family)) {
    if (!years.has(t)) continue;
    const l = unitLines(db, province, t, family, kind).get(key);
    if (l) out.push({ l, ratio: cohortRatio(db, province, family, t, exam.table_year ?? exam.year) });
  }
  return out;
}

/**
 * The province's 院校代码 of a unit from its own years' lines (newest first): the code its ordinary lines of that
 * university, campus and programme print most often that year. For 院校 units, whose line (the university's least
 * competitive) may be a major's row without the code; null when no line of the unit prints one.
 */
export function unitSchoolCode(db: DB, province: string, years: number[], ref: UnitRef): string | null {
  if (ref.university_id === null) return null;
  for (const year of [...years].sort((a, b) => b - a)) {
    const code = prepared(
      db,
      `SELECT school_code FROM score_lines
        WHERE province = ? AND year = ? AND university_id = ? AND campus IS ? AND admission_unit IS ? AND cleaned = 0 AND school_code IS NOT NULL
        GROUP BY school_code ORDER BY COUNT(*) DESC, school_code LIMIT 1`,
    ).pluck().get(province, year, ref.university_id, ref.campus, ref.unit) as string | undefined;
    if (code) return code;
  }
  return null;
}

/** The exam year's plan rows of a university in the province (codes, group, major, places). */
export interface PlanRow {
  campus: string | null;
  school_code: string | null;
  major_group: string | null;
  major_name: string | null;
  major_code: string | null;
  plan_count: number | null;
  elective: string | null;
}

export function universityPlans(db: DB, province: string, year: number, family: SubjectFamily, universityId: number): PlanRow[] {
  const familyClause = family === '综合' ? '' : 'AND subject_family = @family';
  return prepared(
    db,
    `SELECT campus, school_code, major_group, major_name, major_code, plan_count, elective FROM admission_plans
      WHERE province = @province AND year = @year AND university_id = @id AND cleaned = 0 ${familyClause}
        AND (batch_family IS NULL OR batch_family NOT IN ${RESTRICTED_BATCHES}) ORDER BY id`,
  ).all({ province, year, id: universityId, ...(family === '综合' ? {} : { family }) }) as PlanRow[];
}
