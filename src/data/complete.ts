// Value completion for the arguments an agent host fills in (MCP completion/complete): provinces, subject types,
// years with data, university and major names. Names go through the same search the data tools use, so a short
// name (北大, 哈工大) completes to the official name.
import type { DB } from '../db/open.ts';
import { parseInput } from '../errors.ts';
import { majorSearchSchema, searchMajors } from './majors.ts';
import { PROVINCES, SUBJECT_FAMILIES } from './normalize.ts';
import { scoreLineCoverage } from './overview.ts';
import { searchUniversities, universitySearchSchema } from './universities.ts';

/** MCP caps a completion at 100 values. */
export const MAX_COMPLETIONS = 100;

function startsFirst(values: readonly string[], typed: string): string[] {
  const t = typed.trim().toLowerCase();
  if (!t) return [...values];
  const starts = values.filter((v) => v.toLowerCase().startsWith(t));
  const contains = values.filter((v) => !v.toLowerCase().startsWith(t) && v.toLowerCase().includes(t));
  return [...starts, ...contains];
}

/** Short province names; the full name, pinyin or one-character abbreviation also find the province. */
export function completeProvince(typed: string): string[] {
  const t = typed.trim().toLowerCase();
  if (!t) return PROVINCES.map((p) => p.name);
  const hit = (p: (typeof PROVINCES)[number]) => [p.name, p.full, p.pinyin, p.abbr].some((v) => v.toLowerCase().startsWith(t));
  const first = PROVINCES.filter(hit).map((p) => p.name);
  return [...first, ...startsFirst(PROVINCES.map((p) => p.name), t).filter((n) => !first.includes(n))];
}

/** The families the data tools filter on, then the published labels that fold into them. */
const SUBJECT_LABELS = [...SUBJECT_FAMILIES.filter((f) => f !== '其他'), '物理类', '历史类', '理科', '文科'];
export function completeSubjectType(typed: string): string[] {
  return startsFirst(SUBJECT_LABELS, typed);
}

/** Years with served score lines, newest first (optionally those of one province). */
export function completeYear(db: DB, typed: string, province?: string): string[] {
  const coverage = scoreLineCoverage(db);
  const years = province ? (coverage.provinces.find((p) => p.province === province)?.years ?? []) : coverage.years.map((y) => y.year);
  return [...years].sort((a, b) => b - a).map(String).filter((y) => y.startsWith(typed.trim()));
}

/** Official university names; with nothing typed, the top of the 软科 ranking. */
export function completeUniversity(db: DB, typed: string): string[] {
  const q = typed.trim();
  const page = searchUniversities(db, parseInput(universitySearchSchema, q ? { q, page_size: 20 } : { page_size: 20, order: 'ranking' }));
  return page.items.map((u) => u.name);
}

export function completeMajor(db: DB, typed: string): string[] {
  const q = typed.trim();
  const page = searchMajors(db, parseInput(majorSearchSchema, q ? { q, page_size: 20 } : { page_size: 20 }));
  return [...new Set(page.items.map((m) => m.name))];
}
