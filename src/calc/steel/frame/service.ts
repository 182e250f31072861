// Serviceability of the frame (GB 50017-2017 Appendix B) from the standard combinations: each beam's deflection
// against Table B.1.1 (the row by the member's role, default 4(1) main beams), and the storey drift under the wind's
// standard values alone against B.2 (drifts below; every limit read against the OCR transcription of the 2017 text,
// github youtian95/Books_OCR, 附录B 结构或构件的变形容许值).
import { DEFLECTION_ROWS, deflectionLimits } from '../schema.ts';
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

// The deflection of a combination is the sum of its cases' deflections (first-order analysis): each case is sampled
// once on a grid of GRID intervals and every combination's grid is a weighted sum of those. The largest |v| on the grid
// is then refined by a golden-section search between its grid neighbours, for every combination whose grid maximum is
// within REFINE_BAND of the best one: between grid points a deflection curve rises above its samples by at most
// |v''|·(h/2)²/2, below 0.03 % of its peak for these curves at h = L/96 (the fixed-ended UDL beam, v''/v = 16/L², is the
// steepest), so a combination further below cannot overtake the best one.
const GRID = 96;
const REFINE_BAND = 0.02;
const GOLDEN_STEPS = 30;

/** The deflection relative to the chord, or for a cantilever to the tangent at its root (signed, mm), at x (mm). */
function relativeAt(m: MemberAnalysis, freeEnd: 'i' | 'j' | null): (x: number) => number {
  const L = m.model.el.L;
  const v0 = m.field.v(0);
  const vL = m.field.v(L);
  const th0 = m.u[2]!;
  const thL = m.u[5]!;
  if (freeEnd === 'j') return (x) => m.field.v(x) - (v0 + th0 * x);
  if (freeEnd === 'i') return (x) => m.field.v(x) - (vL + thL * (x - L));
  return (x) => m.field.v(x) - (v0 + ((vL - v0) * x) / L);
}

function refine(g: number, atGrid: number, L: number, f: (x: number) => number): number {
  let a = (L * Math.max(0, g - 1)) / GRID;
  let b = (L * Math.min(GRID, g + 1)) / GRID;
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  let fc = Math.abs(f(c));
  let fd = Math.abs(f(d));
  for (let it = 0; it < GOLDEN_STEPS; it++) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - r * (b - a);
      fc = Math.abs(f(c));
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + r * (b - a);
      fd = Math.abs(f(d));
    }
  }
  return Math.max(atGrid, fc, fd);
}

/** One standard combination for the deflections: the factor of each load case for all its loads, and for its
 * variable part only (null when it has none). */
export interface DeflectionCombination {
  id: string;
  total: number[];
  variable: number[] | null;
}

export function deflections(frame: Frame, contexts: MemberContext[], cases: Analysis[], sls: DeflectionCombination[]): Deflection[] {
  const out: Deflection[] = [];
  frame.members.forEach((input, k) => {
    const first = cases[0]?.members[k];
    if (!first || !sls.length || !input.section || isColumn(first.model.c, first.model.s)) return;
    if (input.release_i && input.release_j && cases.every((a) => !a.members[k]!.model.el.loads.length)) return;
    const row = input.design?.deflection ?? '4(1)';
    const limits = DEFLECTION_ROWS[row]!;
    const freeEnd = contexts[k]!.freeEnd;
    const L = first.model.el.L;
    const Lref = freeEnd ? 2 * L : L;
    const rels = cases.map((a) => relativeAt(a.members[k]!, freeEnd));
    const grids = rels.map((rel) => {
      const grid = new Float64Array(GRID + 1);
      for (let g = 0; g <= GRID; g++) grid[g] = rel((L * g) / GRID);
      return grid;
    });
    const grid = new Float64Array(GRID + 1);
    const combined = (factors: number[]) => {
      grid.fill(0);
      for (let c = 0; c < factors.length; c++) {
        const f = factors[c]!;
        if (f === 0) continue;
        const from = grids[c]!;
        for (let g = 0; g <= GRID; g++) grid[g]! += f * from[g]!;
      }
      let g = 0;
      for (let q = 1; q <= GRID; q++) if (Math.abs(grid[q]!) > Math.abs(grid[g]!)) g = q;
      return { factors, g, atGrid: Math.abs(grid[g]!) };
    };
    // each combination's refined maximum, for those within the band of the best grid maximum
    const worst = (list: Array<{ id: string; factors: number[] }>): { v: number; id: string } | null => {
      if (!list.length) return null;
      const sampled = list.map((c) => ({ id: c.id, ...combined(c.factors) }));
      const top = Math.max(...sampled.map((c) => c.atGrid));
      let best: { v: number; id: string } | null = null;
      for (const c of sampled) {
        const v = c.atGrid >= top * (1 - REFINE_BAND) ? refine(c.g, c.atGrid, L, (x) => c.factors.reduce((t, f, q) => (f === 0 ? t : t + f * rels[q]!(x)), 0)) : c.atGrid;
        if (best === null || v > best.v) best = { v, id: c.id };
      }
      return best;
    };
    const T = worst(sls.map((c) => ({ id: c.id, factors: c.total })))!;
    const Q = limits.Q !== null ? worst(sls.filter((c) => c.variable).map((c) => ({ id: c.id, factors: c.variable! }))) : null;
    const lim = deflectionLimits(row, Lref, L);
    const limT = lim.T;
    const limQ = lim.Q;
    out.push({
      member: input.id,
      row,
      cantilever: freeEnd !== null,
      L: L / 1000,
      v_T: T.v,
      v_T_limit: limT,
      ratio_T: T.v / limT,
      combination_T: T.id,
      v_Q: limQ !== null && Q !== null ? Q.v : null,
      v_Q_limit: limQ,
      ratio_Q: limQ !== null && Q !== null ? Q.v / limQ : null,
      combination_Q: limQ !== null ? (Q?.id ?? null) : null,
    });
  });
  return out;
}

/** Storey drift under each wind case's standard values alone, GB 50017-2017 Appendix B.2: a single storey by
 * B.2.1 (Table B.2.1-1: H/150 without bridge cranes, H/400 with them); a multi-storey frame by B.2.2 (item 1: 1/400
 * with bridge cranes; item 2, Table B.2.2: 1/250 for frames and braced frames without). The relaxations B.2.1 item 1
 * 2)–3) allows (H/240 … H/60, H/180) depend on the cladding and the crane class, which the model does not hold. */
export function drifts(windStoreys: Array<{ case: string; storeys: Storey[] }>, crane: boolean): Drift[] {
  const out: Drift[] = [];
  for (const w of windStoreys) {
    const single = w.storeys.length === 1;
    for (const s of w.storeys) {
      const n = single ? (crane ? 400 : 150) : crane ? 400 : 250;
      const limit = s.h / n;
      out.push({
        case: w.case,
        storey: s.storey,
        h: s.h,
        delta_u: s.delta_u,
        limit,
        ratio: Math.abs(s.delta_u) / limit,
        rule: single
          ? `单层柱顶位移 H/${n}（${crane ? '有' : '无'}桥式起重机，B.2.1 表 B.2.1-1）`
          : crane
            ? `层间位移角 1/${n}（多层钢结构，有桥式起重机，B.2.2 第 1 款）`
            : `层间位移角 1/${n}（多层框架、框架-支撑，无桥式起重机，B.2.2 表 B.2.2）`,
      });
    }
  }
  return out;
}
