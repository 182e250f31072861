// The shape every kind returns, and the small builder that keeps quantities, their units and clauses together.
// The page renders exactly this object, so the API and the page show the same steps.

export type Value = number | boolean | string | null;

export interface Step {
  /** machine key, also the key in `values` (matches the reference vectors) */
  key: string;
  symbol: string;
  /** Chinese name */
  name: string;
  value: Value;
  unit: string;
  /** GB 50010-2010 clause, table or formula number */
  clause: string;
  formula?: string;
}

export interface Warning {
  code: string;
  message: string;
  clause: string;
}

export interface Suggestion {
  /** e.g. "3C22（HRB400）" or "Φ8@200（双肢）" (the grade's bar symbol, bars.ts) */
  text: string;
  /** provided steel area, mm² (bars) or Asv/s, mm²/mm (stirrups) */
  area: number;
  unit: string;
  note?: string;
}

export interface ConcreteResult {
  kind: string;
  title: string;
  code: string;
  input: Record<string, Value>;
  values: Record<string, Value>;
  steps: Step[];
  verdict: string;
  verdict_text: string;
  warnings: Warning[];
  suggestion: Suggestion | null;
  summary: string;
}

export const CODE_NAME = 'GB 50010-2010（2015 年版）';

export const VERDICT_TEXT: Record<string, string> = {
  ok: '满足',
  fail: '不满足',
  over_reinforced: '超筋',
  section_insufficient: '截面不足',
  section_too_small: '截面尺寸不满足（6.3.1）',
};

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Number(v.toPrecision(sig)), computed without the string round trip when that is exact: n = round(v·10^k) has sig
 * digits and n/10^k (both exact) is the double nearest that decimal, as parsing it would give. Near a half, or where
 * log10 misjudges the digit count, the string form decides. (The calculators round every quantity they report, and
 * toPrecision was the largest cost of a check.)
 */
export function roundSig(v: number, sig: number): number {
  if (v === 0) return 0;
  const k = sig - 1 - Math.floor(Math.log10(Math.abs(v)));
  if (k < 0 || k > 22) return Number(v.toPrecision(sig));
  const scaled = v * POW10[k]!;
  const n = Math.round(scaled);
  const low = POW10[sig - 1]!;
  if (Math.abs((Math.abs(scaled) % 1) - 0.5) < 1e-6 || Math.abs(n) >= low * 10 || Math.abs(n) < low) return Number(v.toPrecision(sig));
  return n / POW10[k]!;
}

/** Six significant figures: removes float noise (0.30000000000000004) without touching anything a user reads. */
export function tidy(v: number): number {
  if (!Number.isFinite(v)) throw new Error(`non-finite quantity ${v}`);
  // integers below 10⁶ are already what six figures give (and the common case: strengths, classes, mm)
  if (Number.isInteger(v) && Math.abs(v) < 1e6) return v === 0 ? 0 : v;
  return roundSig(v, 6);
}

/** The response every kind returns: the echoed input, the steps and their values, the verdict and the sentence. */
export function concreteResult(parts: {
  kind: string;
  title: string;
  input: Record<string, Value>;
  steps: Steps;
  verdict: string;
  warnings: Warning[];
  suggestion: Suggestion | null;
  summary: string;
}): ConcreteResult {
  const { kind, title, input, steps, verdict, warnings, suggestion, summary } = parts;
  return {
    kind,
    title,
    code: CODE_NAME,
    input,
    values: { ...steps.values(), verdict },
    steps: steps.list,
    verdict,
    verdict_text: VERDICT_TEXT[verdict]!,
    warnings,
    suggestion,
    summary,
  };
}

export class Steps {
  readonly list: Step[] = [];

  /** `on = false`: a check asked for its ratios only (a plane frame's combinations that do not govern): the same
   * code computes every quantity, no step is kept, and callers skip the texts they format only for a step */
  constructor(readonly on = true) {}

  add(key: string, symbol: string, name: string, value: Value, unit: string, clause: string, formula?: string): void {
    if (!this.on) return;
    const v = typeof value === 'number' ? tidy(value) : value;
    this.list.push(formula === undefined ? { key, symbol, name, value: v, unit, clause } : { key, symbol, name, value: v, unit, clause, formula });
  }

  values(): Record<string, Value> {
    // a plain loop: this runs once per result and shows in the calculators' benchmarks
    const out: Record<string, Value> = {};
    for (const s of this.list) out[s.key] = s.value;
    return out;
  }
}

/** Display form for sentences: four significant figures, no exponent for ordinary engineering magnitudes. */
export function fmt(v: number, sig = 4): string {
  if (!Number.isFinite(v)) throw new Error(`non-finite quantity ${v}`);
  if (v === 0) return '0';
  if (Math.abs(v) >= 10 ** sig) return String(Math.round(v));
  const s = roundSig(v, sig);
  return Math.abs(s) < 1e-6 ? s.toExponential(sig - 1) : String(s);
}

/** Ratios as percentages, e.g. 0.002 → "0.200%". */
export function pct(v: number, digits = 3): string {
  return `${(v * 100).toPrecision(digits)}%`;
}

/**
 * Comparisons at a code limit: a demand equal to the capacity passes even when the two were reached through
 * different floating-point roundings (the limit case in the property tests is built from the reported capacity).
 */
export function within(demand: number, limit: number): boolean {
  return demand <= limit * (1 + 1e-9);
}
