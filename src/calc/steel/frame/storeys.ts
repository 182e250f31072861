// The storey drift ratio θ of GB 50017-2017 5.1.6 (steel.md §8.7), reported as a warning and never an analysis:
// storeys are the gaps between distinct node levels that vertical members span; θi = ΣN·Δu / (ΣH·h).
import type { Analysis } from './analyse.ts';
import { integrateDist } from './element.ts';
import type { Frame } from './schema.ts';

export interface Storey {
  storey: number;
  /** level of the storey's bottom and top, m */
  y_bottom: number;
  y_top: number;
  /** storey height, mm */
  h: number;
  /** axial compressions of the storey's columns, kN (tension counts nothing) */
  sum_N: number;
  /** horizontal loads at and above the storey top, kN: nodal loads, and member loads (point or distributed, on
   * columns or rafters) by their global X component, a load inside the storey counting by its height's share
   * (y − y_bottom)/h as if lumped to the two floor levels */
  sum_H: number;
  /** mean ux of the top level − mean ux of the bottom level, mm */
  delta_u: number;
  /** null when the storey carries no horizontal load */
  theta: number | null;
  /** 1/(1 − θ) (5.4.2), null without θ or when θ ≥ 1 */
  alpha_II: number | null;
  /** ids of the columns spanning it */
  columns: string[];
}

/** Levels within a micrometre are one level. */
const LEVEL_TOL_MM = 1e-3;

export function isVertical(dx: number, L: number): boolean {
  return Math.abs(dx) <= 1e-9 * L;
}

/** Share of a load at height y (mm) carried by the storey (yb, yt) as storey shear. */
function share(y: number, yb: number, yt: number): number {
  if (y >= yt - LEVEL_TOL_MM) return 1;
  if (y <= yb + LEVEL_TOL_MM) return 0;
  return (y - yb) / (yt - yb);
}

/**
 * ΣH of the member loads for the storey (yb, yt), kN: every member load's global X component (issue 32: wind as a
 * UDL on a column counts). A distributed load is integrated piece by piece between the heights where the share
 * changes slope (Gauss, exact for the share's linear pieces times a linear intensity).
 */
function memberHorizontal(a: Analysis, loaded: Analysis['members'], yb: number, yt: number): number {
  const { nodes } = a.model;
  let sum = 0;
  for (const m of loaded) {
    const { el, c, s } = m.model;
    const y0 = nodes[m.model.i]!.y;
    const dy = nodes[m.model.j]!.y - y0;
    const yAt = (x: number) => y0 + (dy * x) / el.L;
    for (const ld of el.loads) {
      if (ld.type === 'point') {
        const gx = ld.px * c - ld.py * s;
        if (gx !== 0) sum += gx * share(yAt(ld.a), yb, yt);
        continue;
      }
      const d = ld.type === 'udl' ? { type: 'dist' as const, qx1: ld.qx, qy1: ld.qy, qx2: ld.qx, qy2: ld.qy, a: 0, b: el.L } : ld;
      if (d.qx1 * c - d.qy1 * s === 0 && d.qx2 * c - d.qy2 * s === 0) continue;
      const cuts = [d.a, d.b];
      if (dy !== 0) for (const yy of [yb, yt]) {
        const x = ((yy - y0) / dy) * el.L;
        if (x > d.a && x < d.b) cuts.push(x);
      }
      cuts.sort((p, q) => p - q);
      // the share is linear between the cuts: Gauss integration of it times the linear load is exact
      for (let k = 0; k + 1 < cuts.length; k++) {
        integrateDist(d, cuts[k]!, cuts[k + 1]!, (x, qx, qy) => (sum += (qx * c - qy * s) * share(yAt(x), yb, yt)));
      }
    }
  }
  return sum / 1000;
}

/** What of a storey is linear in the loads: each column's mean N, ΣH and Δu (a combination of load cases adds these
 * up; θ itself, with tension counting nothing in ΣN, is then formed from the sums). */
export interface StoreyParts {
  storey: number;
  y_bottom: number;
  y_top: number;
  h: number;
  /** each spanning column's mean axial force, kN (tension +) */
  N: number[];
  sum_H: number;
  delta_u: number;
  columns: string[];
}

export function storeyParts(frame: Frame, a: Analysis): StoreyParts[] {
  const { nodes } = a.model;
  const levels: number[] = [];
  for (const y of [...nodes.map((n) => n.y)].sort((p, q) => p - q)) {
    if (!levels.length || y - levels[levels.length - 1]! > LEVEL_TOL_MM) levels.push(y);
  }
  const columns = a.members.filter((m) => isVertical(nodes[m.model.j]!.x - nodes[m.model.i]!.x, m.model.el.L));
  const meanUx = (y: number) => {
    const at = a.nodes.filter((_, k) => Math.abs(nodes[k]!.y - y) <= LEVEL_TOL_MM);
    return at.reduce((s, n) => s + n.ux, 0) / at.length;
  };
  const levelOf = new Map(nodes.map((n) => [n.id, n.y]));
  // the members whose loads have a horizontal component, found once for all storeys
  const loaded = a.members.filter((m) => {
    const { c, s } = m.model;
    return m.model.el.loads.some((l) => (l.type === 'point' ? l.px * c - l.py * s : l.type === 'udl' ? l.qx * c - l.qy * s : Math.abs(l.qx1 * c - l.qy1 * s) + Math.abs(l.qx2 * c - l.qy2 * s)) !== 0);
  });
  const out: StoreyParts[] = [];
  for (let k = 0; k + 1 < levels.length; k++) {
    const yb = levels[k]!;
    const yt = levels[k + 1]!;
    const spanning = columns.filter((m) => {
      const y1 = Math.min(nodes[m.model.i]!.y, nodes[m.model.j]!.y);
      const y2 = Math.max(nodes[m.model.i]!.y, nodes[m.model.j]!.y);
      return y1 <= yb + LEVEL_TOL_MM && y2 >= yt - LEVEL_TOL_MM;
    });
    if (!spanning.length) continue;
    let sumH = 0;
    for (const l of frame.nodal_loads) {
      if (levelOf.get(l.node)! >= yt - LEVEL_TOL_MM) sumH += l.fx;
    }
    sumH += memberHorizontal(a, loaded, yb, yt);
    out.push({
      storey: out.length + 1,
      y_bottom: yb / 1000,
      y_top: yt / 1000,
      h: yt - yb,
      N: spanning.map((m) => (m.ends.N_i + m.ends.N_j) / 2 / 1000),
      sum_H: sumH,
      delta_u: meanUx(yt) - meanUx(yb),
      columns: spanning.map((m) => m.model.id),
    });
  }
  return out;
}

/** The storeys of a combination Σ φc·(case c) from each case's parts: N, ΣH and Δu add up, then θ = ΣN·Δu/(ΣH·h)
 * with ΣN the columns' compressions. */
export function combineStoreys(cases: StoreyParts[][], factors: number[]): Storey[] {
  return cases[0]!.map((s, k) => {
    let sumH = 0;
    let du = 0;
    const N = s.N.map(() => 0);
    cases.forEach((list, c) => {
      const f = factors[c] ?? 0;
      if (f === 0) return;
      const p = list[k]!;
      sumH += f * p.sum_H;
      du += f * p.delta_u;
      p.N.forEach((n, q) => (N[q]! += f * n));
    });
    const sumN = N.reduce((t, n) => t + Math.max(0, -n), 0);
    const theta = sumH !== 0 ? (sumN * Math.abs(du)) / (Math.abs(sumH) * s.h) : null;
    return {
      storey: s.storey,
      y_bottom: s.y_bottom,
      y_top: s.y_top,
      h: s.h,
      sum_N: sumN,
      sum_H: sumH,
      delta_u: du,
      theta,
      alpha_II: theta !== null && theta < 1 ? 1 / (1 - theta) : null,
      columns: s.columns,
    };
  });
}
