// Short forms for the checks the cases repeat. Each still names the canonical call and the fields the answer must
// carry; nothing here holds a fact.
import type { Check, Source } from './types.ts';

export const call = (tool: string, args: Record<string, unknown>): Source => ({ tool, args });

/** A score-line answer: the asked row's 最低分 and 最低位次. */
export function line(args: Record<string, unknown>, row: Record<string, unknown>): Check {
  return { from: call('query_score_lines', args), row, fields: ['min_score', 'min_rank'] };
}

/**
 * A 院校线 answer for one school (the row of exactly that name, not its separately listed 中外合作/医护 lines). The
 * canonical call names the school in full, whatever short name or typo the question used.
 */
export function schoolLine(school: string, province: string, year: number, subject_type: string): Check {
  return line({ university_name: school, province, year, subject_type, data_type: '院校线' }, { school_name: school, data_type: '院校线' });
}

/** A 专业线 answer: the row of that major at that school. */
export function majorLine(school: string, province: string, year: number, subject_type: string, major: string): Check {
  return line({ university_name: school, province, year, subject_type, major_name: major, data_type: '专业线' }, { school_name: school, major_name: major, data_type: '专业线' });
}

/**
 * Which universities a score or rank reaches: the candidate's rank (when the question gave a score), and each group
 * the answer must show (冲/稳/保) with its first school in the served order.
 */
export function match(args: Record<string, unknown>): Check[] {
  const from = call('match_by_score', args);
  const out: Check[] = [{ from, firstPer: 'label', field: 'university_name' }];
  if (args.score !== undefined) out.unshift({ from, paths: ['rank.value'] });
  return out;
}

/** A rank-table answer: the cumulative rank (位次) of that score. */
export function rankOf(province: string, year: number, score: number, subject_type?: string): Check {
  return {
    from: call('query_rank_table', { province, year, score, ...(subject_type ? { subject_type } : {}) }),
    row: { score },
    fields: ['cumulative_rank'],
  };
}

/** 招多少人: the sum of plan_count over every served row of the call. */
export function planTotal(args: Record<string, unknown>): Check {
  return { from: call('query_admission_plans', args), sum: 'plan_count' };
}

/** A batch line: the score of the row of that subject type and batch family. */
export function batch(args: Record<string, unknown>, row: Record<string, unknown>): Check {
  return { from: call('query_batch_lines', args), row, fields: ['score'] };
}

export function profile(name: string, paths: string[]): Check {
  return { from: call('get_university', { name }), paths: paths.map((p) => `university.${p}`) };
}

/** A beam's required steel area (mm²), within 1 %. */
export function beamAs(params: Record<string, unknown>): Check {
  return { from: { calc: 'concrete', body: { kind: 'beam', params } }, paths: ['values.As'], tolerance: 0.01 };
}

/** The four pillars of a chart. */
export function pillars(args: Record<string, unknown>): Check {
  return { from: call('sizhu', args), paths: ['pillars.year.name', 'pillars.month.name', 'pillars.day.name', 'pillars.hour.name'] };
}

export const says = (says: RegExp, label: string): Check => ({ says, label });
export const notInData: Check = { notInData: true };

/**
 * A yes/no question is two facts: the flag itself is stated (985 named and not negated) and the answer says yes
 * in words (是/属于 …); a profile that only lists "985、211" carries the first.
 */
const NEGATED = (what: string) => `(不是|不属于|并非|非|没有入选|未入选)[^。；\\n]{0,8}${what}`;
export const yes = (what: string): Check[] => [
  says(new RegExp(`^(?![\\s\\S]*${NEGATED(what)})[\\s\\S]*${what}`), `说出 ${what} 标记`),
  says(new RegExp(`^(?![\\s\\S]*${NEGATED(what)})[\\s\\S]*(是|属于|入选)[^。；\\n]{0,12}${what}`), `明确回答“是”`),
];
export const no = (what: string): Check => says(new RegExp(NEGATED(what)), `回答“不是 ${what}”`);
