// The provinces' own 志愿 rules (data/site/zhiyuan-rules.json): per province and exam year the unit of one 志愿
// (院校专业组, 专业+院校, or 院校 with majors), how many 志愿 a candidate may fill, majors per unit and 服从调剂, the
// batch order and dates, each row citing the provincial authority's text. Read once and validated (a row without a
// source, a duplicate province-year or an unknown province stops the load with the file and the field); a
// province-year without a row has no rule here, and every reader says so instead of assuming one.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../config.ts';
import { examSystem, PROVINCE_NAMES } from './normalize.ts';

export const RULES_FILE = path.join(REPO_ROOT, 'data', 'site', 'zhiyuan-rules.json');

/** The unit of one 志愿, as the provinces' texts name them. */
export const VOLUNTEER_UNITS = ['院校专业组', '专业+院校', '院校'] as const;
export type VolunteerUnit = (typeof VOLUNTEER_UNITS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD');

const sourceSchema = z
  .object({
    title: z.string().trim().min(1),
    publisher: z.string().trim().min(1),
    url: z.string().url(),
    published: isoDate.nullable(),
    quote: z.string().trim().min(10).describe('the authority\'s own words the row rests on'),
  })
  .strict();

export const volunteerRuleSchema = z
  .object({
    province: z.enum(PROVINCE_NAMES as unknown as [string, ...string[]]),
    year: z.number().int().min(2014).max(2030),
    batch: z.string().trim().min(1).describe('the batch the row describes'),
    unit: z.enum(VOLUNTEER_UNITS),
    volunteers: z.number().int().min(1).max(120).describe('志愿 a candidate may fill in that batch (one round)'),
    majors_per_unit: z.number().int().min(1).max(10).nullable().describe('majors within one 志愿 (1 for 专业+院校); null: the text does not say'),
    adjustment: z.enum(['choice', 'not_applicable']).nullable().describe('choice: the candidate ticks 服从调剂 (within the group or school); not_applicable: a 志愿 is one major; null: the text does not say'),
    batch_order: z.array(z.string().min(1)).min(2).nullable(),
    rounds: z.number().int().min(1).max(5).nullable().describe('rounds of filling (or segments) in the batch'),
    dates: z.array(z.object({ what: z.string().min(1), from: isoDate, to: isoDate }).strict()),
    sources: z.array(sourceSchema).min(1),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.unit === '专业+院校' && r.majors_per_unit !== null && r.majors_per_unit !== 1) ctx.addIssue({ code: 'custom', path: ['majors_per_unit'], message: 'a 专业+院校 志愿 is one major' });
    if (r.adjustment === 'not_applicable' && r.unit !== '专业+院校') ctx.addIssue({ code: 'custom', path: ['adjustment'], message: 'not_applicable only for 专业+院校' });
    for (const d of r.dates) if (d.to < d.from) ctx.addIssue({ code: 'custom', path: ['dates'], message: `${d.what}: ends before it starts` });
  });
export type VolunteerRule = z.output<typeof volunteerRuleSchema>;

const fileSchema = z.object({ about: z.string().min(1), rows: z.array(volunteerRuleSchema) }).strict();

export class RulesFileError extends Error {}

/** Reads and validates the rules file (throws naming the file, the row and the field). */
export function loadVolunteerRules(file: string = RULES_FILE): { about: string; rows: VolunteerRule[] } {
  const rel = path.relative(REPO_ROOT, file);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new RulesFileError(`${rel}: ${(err as Error).message}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new RulesFileError(`${rel}: ${i.path.join('.')}: ${i.message}`);
  }
  const seen = new Set<string>();
  for (const r of parsed.data.rows) {
    const k = `${r.province}|${r.year}`;
    if (seen.has(k)) throw new RulesFileError(`${rel}: ${r.province} ${r.year} appears twice`);
    seen.add(k);
  }
  return parsed.data;
}

let cached: { about: string; rows: VolunteerRule[] } | null = null;

/** The rules, read once per process (the file is part of the release). */
export function volunteerRules(): { about: string; rows: VolunteerRule[] } {
  return (cached ??= loadVolunteerRules());
}

/**
 * The rule of a province's exam year; null when the file has none that can describe it. Without a row for the year
 * itself, the province's latest earlier rule stands in when that year had the same exam system (文理, 3+3, 3+1+2:
 * the unit of a 志愿 follows the system, and a rule stands until the authority publishes another), so a 文理 year's
 * rule never describes a reformed year. The rule's own `year` says which text it is, and every reader shows it. A
 * candidate preparing for the next exam is the same case: the newest rule, of the year before.
 */
export function ruleFor(province: string, year: number): VolunteerRule | null {
  const rows = volunteerRules().rows.filter((r) => r.province === province);
  const exact = rows.find((r) => r.year === year);
  if (exact) return exact;
  const system = examSystem(province, year);
  const earlier = rows.filter((r) => r.year < year && examSystem(province, r.year) === system);
  return earlier.reduce<VolunteerRule | null>((a, r) => (a === null || r.year > a.year ? r : a), null);
}
