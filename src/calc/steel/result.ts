// The shape every steel kind returns. Steps (each quantity with unit, clause and formula) and the number helpers
// are the concrete engine's, so both calculators answer alike; steel adds the list of checks and the governing one.
import { Steps, tidy, type Value } from '../concrete/result.ts';
import type { Section } from './sections.ts';

export { fmt, Steps, tidy, within } from '../concrete/result.ts';
export type { Step, Value } from '../concrete/result.ts';

export const CODE_NAME = 'GB 50017-2017《钢结构设计标准》';

export interface Check {
  /** the ratio's key in `values`, e.g. "ratio_out_plane" */
  key: string;
  name: string;
  /** demand/capacity in the 2017 form; ≤ 1.0 passes */
  ratio: number;
  /** the stress form textbooks print, N/mm² (null for deflection) */
  stress: number | null;
  clause: string;
  formula: string;
}

export interface Warning {
  code: string;
  message: string;
  clause: string;
}

/** What the page draws: the plates of an I/H section (null for a `props` section without dimensions). */
export interface SectionDrawing {
  label: string;
  type: string;
  h: number;
  b1: number;
  t1: number;
  b2: number;
  t2: number;
  tw: number;
  r: number;
}

export interface SteelResult {
  kind: string;
  title: string;
  code: string;
  input: Record<string, unknown>;
  section: SectionDrawing | null;
  values: Record<string, Value>;
  steps: import('../concrete/result.ts').Step[];
  checks: Check[];
  /** ok, fail, fail_local (local buckling of a compression member), info (phi and section: nothing to check) */
  verdict: string;
  verdict_text: string;
  governing: string | null;
  governing_ratio: number | null;
  warnings: Warning[];
  summary: string;
}

export const VERDICT_TEXT: Record<string, string> = {
  ok: '满足',
  fail: '不满足',
  fail_local: '局部稳定不满足',
  info: '参数计算',
};

export function drawing(s: Section): SectionDrawing | null {
  if (s.h === null || s.b1 === null || s.t1 === null || s.tw === null) return null;
  return { label: s.label, type: s.type, h: s.h, b1: s.b1, t1: s.t1, b2: s.b2 ?? s.b1, t2: s.t2 ?? s.t1, tw: s.tw, r: s.r };
}

/** Collects the checks; the governing one is the largest ratio (the first on a tie). */
export class Checks {
  readonly list: Check[] = [];
  /** the unrounded ratios: the verdict compares these with 1.0 (Part B §9, no tolerance) */
  private readonly raw: number[] = [];

  add(key: string, name: string, ratio: number, stress: number | null, clause: string, formula: string): void {
    this.list.push({ key, name, ratio: tidy(ratio), stress: stress === null ? null : tidy(stress), clause, formula });
    this.raw.push(ratio);
  }

  allPass(): boolean {
    return this.raw.every((r) => r <= 1);
  }

  governing(): Check | null {
    let g: Check | null = null;
    for (const c of this.list) if (!g || c.ratio > g.ratio) g = c;
    return g;
  }
}

/** A copy with every number to six significant figures (tidy), arrays and objects within: plain loops, as this
 * runs over a whole frame's answer (and a closure per key costs more than its work under tsx). */
export function sixFigures(v: unknown): unknown {
  if (typeof v === 'number') return tidy(v);
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const arr: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) arr[i] = sixFigures(v[i]);
    return arr;
  }
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = sixFigures((v as Record<string, unknown>)[k]);
  return out;
}

/** The echoed input (params as parsed, defaults applied): a copy two levels deep (params hold plain objects of
 * numbers, strings and booleans), so a caller editing the result leaves the params alone. */
export function echo(p: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) out[k] = v !== null && typeof v === 'object' ? { ...(v as object) } : v;
  return out;
}

/** The result from a kind's parts. With steps off (ratios only) the values, the echoed input and the drawing are
 * left empty: only checks, verdict and governing are the answer's. */
export function steelResult(parts: {
  kind: string;
  title: string;
  /** the params as parsed (echoed as `input`) */
  params: object;
  section: Section | null;
  steps: Steps;
  checks: Checks;
  /** overrides the verdict the ratios give (fail_local) */
  verdict?: string;
  warnings: Warning[];
  summary: string;
}): SteelResult {
  const g = parts.checks.governing();
  const verdict = parts.verdict ?? (g === null ? 'info' : parts.checks.allPass() ? 'ok' : 'fail');
  const values: Record<string, Value> = parts.steps.values();
  if (g !== null) {
    values.verdict = verdict;
    values.governing = g.key;
  }
  return {
    kind: parts.kind,
    title: parts.title,
    code: CODE_NAME,
    input: parts.steps.on ? echo(parts.params) : {},
    section: parts.section && parts.steps.on ? drawing(parts.section) : null,
    values,
    steps: parts.steps.list,
    checks: parts.checks.list,
    verdict,
    verdict_text: VERDICT_TEXT[verdict]!,
    governing: g?.key ?? null,
    governing_ratio: g?.ratio ?? null,
    warnings: parts.warnings,
    summary: parts.summary,
  };
}

/**
 * The Chinese names of the member checks by key, for texts written from an answer that carries only the keys (the
 * frame's default answer leaves names to the sheet): the same names the engines give `checks.add`.
 */
export const CHECK_NAMES: Readonly<Record<string, string>> = {
  ratio_bending: '抗弯强度',
  ratio_gross: '毛截面屈服',
  ratio_in_plane: '弯矩作用平面内整体稳定',
  ratio_in_plane_2: '平面内稳定（较小翼缘侧）',
  ratio_ltb: '整体稳定',
  ratio_net: '净截面断裂',
  ratio_out_plane: '弯矩作用平面外整体稳定',
  ratio_shear: '抗剪强度',
  ratio_strength: '截面强度',
};
