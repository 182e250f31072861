// Serviceability of the frame (GB 50017-2017 Appendix B) from the standard combinations: each beam's deflection
// against Table B.1.1 (the row by the member's role, default 4(1) main beams), and the storey drift under the wind's
// standard values alone against B.2 (single storey H/150, or H/400 with bridge cranes; multi-storey h/250 — the
// B.2 values as the spec's author knows them, unverified in the corpus).
import { DEFLECTION_ROWS } from '../schema.ts';
import type { Analysis, MemberAnalysis } from './analyse.ts';
import type { MemberContext } from './checks.ts';
import { isColumn } from './checks.ts';
import type { Storey } from './storeys.ts';
import type { Frame } from './schema.ts';

export interface Deflection {
  member: string;
  /** Table B.1.1 row */
  row: string;
  cantilever: boolean;
  /** m */
  L: number;
  /** mm: largest deflection relative to the chord (a cantilever: to its root's tangent) */
  v_T: number;
  v_T_limit: number;
  ratio_T: number;
  combination_T: string;
  v_Q: number | null;
  v_Q_limit: number | null;
  ratio_Q: number | null;
  combination_Q: string | null;
}

export interface Drift {
  case: string;
  storey: number;
  /** mm */
  h: number;
  delta_u: number;
  limit: number;
  ratio: number;
  rule: string;
}

export interface Serviceability {
  deflections: Deflection[];
  drift: Drift[];
  verdict: 'ok' | 'fail';
  clause: string;
  note: string;
}

const SAMPLES = 24;

/** Largest |v| relative to the chord, or for a cantilever to the tangent at its root, mm: a grid of 24 intervals,
 * then a golden-section search between the largest sample's neighbours (the relative deflection is smooth). */
export function relativeDeflection(m: MemberAnalysis, freeEnd: 'i' | 'j' | null): number {
  const L = m.model.el.L;
  const v0 = m.field.v(0);
  const vL = m.field.v(L);
  const rel = (x: number) => {
    let ref: number;
    if (freeEnd === 'j') ref = v0 + m.u[2]! * x;
    else if (freeEnd === 'i') ref = vL + m.u[5]! * (x - L);
    else ref = v0 + ((vL - v0) * x) / L;
    return Math.abs(m.field.v(x) - ref);
  };
  let best = 0;
  let kBest = 0;
  for (let k = 0; k <= SAMPLES; k++) {
    const r = rel((L * k) / SAMPLES);
    if (r > best) [best, kBest] = [r, k];
  }
  let a = (L * Math.max(0, kBest - 1)) / SAMPLES;
  let b = (L * Math.min(SAMPLES, kBest + 1)) / SAMPLES;
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = rel(c);
  let fd = rel(d);
  for (let it = 0; it < 30; it++) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = rel(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = rel(d);
    }
  }
  return Math.max(best, fc, fd);
}

export function deflections(
  frame: Frame,
  contexts: MemberContext[],
  sls: Array<{ id: string; total: Analysis; variable: Analysis | null }>,
): Deflection[] {
  const out: Deflection[] = [];
  frame.members.forEach((input, k) => {
    const first = sls[0]?.total.members[k];
    if (!first || !input.section || isColumn(first.model.c, first.model.s)) return;
    if (input.release_i && input.release_j && !first.model.el.loads.length) return;
    const row = input.design?.deflection ?? '4(1)';
    const limits = DEFLECTION_ROWS[row]!;
    const freeEnd = contexts[k]!.freeEnd;
    const L = first.model.el.L;
    const Lref = freeEnd ? 2 * L : L;
    let vT = 0;
    let cT = sls[0]!.id;
    let vQ = 0;
    let cQ: string | null = null;
    for (const c of sls) {
      const t = relativeDeflection(c.total.members[k]!, freeEnd);
      if (t > vT) [vT, cT] = [t, c.id];
      if (c.variable && limits.Q !== null) {
        const q = relativeDeflection(c.variable.members[k]!, freeEnd);
        if (q > vQ || cQ === null) [vQ, cQ] = [q, c.id];
      }
    }
    const limT = Lref / limits.T;
    const limQ = limits.Q !== null ? Lref / limits.Q : null;
    out.push({
      member: input.id,
      row,
      cantilever: freeEnd !== null,
      L: L / 1000,
      v_T: vT,
      v_T_limit: limT,
      ratio_T: vT / limT,
      combination_T: cT,
      v_Q: limQ !== null && cQ !== null ? vQ : null,
      v_Q_limit: limQ,
      ratio_Q: limQ !== null && cQ !== null ? vQ / limQ : null,
      combination_Q: limQ !== null ? cQ : null,
    });
  });
  return out;
}

/** Storey drift under each wind case's standard values alone (Appendix B.2). */
export function drifts(windStoreys: Array<{ case: string; storeys: Storey[] }>, crane: boolean): Drift[] {
  const out: Drift[] = [];
  for (const w of windStoreys) {
    const single = w.storeys.length === 1;
    for (const s of w.storeys) {
      const n = single ? (crane ? 400 : 150) : 250;
      const limit = s.h / n;
      out.push({
        case: w.case,
        storey: s.storey,
        h: s.h,
        delta_u: s.delta_u,
        limit,
        ratio: Math.abs(s.delta_u) / limit,
        rule: single ? `单层柱顶位移 H/${n}（${crane ? '有' : '无'}桥式起重机，B.2.1）` : `层间位移 h/${n}（多层框架，B.2.2）`,
      });
    }
  }
  return out;
}
