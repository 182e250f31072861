// Effective-length factors μ of frame columns by GB 50017-2017 Appendix E: K1 and K2, the ratios of the beams' to
// the columns' linear stiffness (I/l) at the column's top and bottom joints, from the frame itself, and μ as the root
// of the stability equation that Tables E.0.1 (non-sway) and E.0.2 (sway) tabulate:
//   sway      [36K1K2 − (π/μ)²]·sin(π/μ) + 6(K1 + K2)(π/μ)·cos(π/μ) = 0
//   non-sway  [(π/μ)² + 2(K1 + K2) − 4K1K2](π/μ)·sin(π/μ) − 2[(K1 + K2)(π/μ)² + 4K1K2]·cos(π/μ) + 8K1K2 = 0
// (the table notes' equations; solving them reproduces the printed tables, e.g. sway K1 = K2 = 1 → 1.32,
// non-sway → 0.774). Table notes: a beam hinged to the column counts nothing; a column base fixed to its
// foundation K2 = 10, hinged K2 = 0; a beam whose far end is hinged counts ×0.5 (sway) or ×1.5 (non-sway), whose far
// end is fixed ×2/3 (sway) or ×2 (non-sway).
import type { MemberModel, Model } from './analyse.ts';
import type { Frame } from './schema.ts';

/** A column: steeper than 45° (vertical members and steep rafters). */
export function isColumn(dx: number, dy: number): boolean {
  return Math.abs(dy) > Math.abs(dx);
}

export interface EffectiveLength {
  mu: number;
  K1: number;
  K2: number;
  sway: boolean;
}

const K_MAX = 10;

function equation(sway: boolean, K1: number, K2: number): (mu: number) => number {
  return (mu) => {
    const u = Math.PI / mu;
    if (sway) return (36 * K1 * K2 - u * u) * Math.sin(u) + 6 * (K1 + K2) * u * Math.cos(u);
    return (u * u + 2 * (K1 + K2) - 4 * K1 * K2) * u * Math.sin(u) - 2 * ((K1 + K2) * u * u + 4 * K1 * K2) * Math.cos(u) + 8 * K1 * K2;
  };
}

/** μ from the stability equation: the smallest root (lowest buckling load) in 1…100 (sway) or 0.5…1 (non-sway);
 * null when none exists (a sway column with no restraint at either end is a mechanism on its own). */
export function muOf(sway: boolean, K1: number, K2: number): number | null {
  const f = equation(sway, Math.min(K1, K_MAX), Math.min(K2, K_MAX));
  const [lo, hi, step] = sway ? [1 + 1e-9, 100, 0.005] : [0.5, 1, 0.0005];
  let a = lo;
  let fa = f(a);
  if (fa === 0) return a;
  for (let b = lo + step; b <= hi + 1e-12; b += step) {
    const fb = f(b);
    if (fa * fb <= 0) {
      let [x0, x1, f0] = [a, b, fa];
      for (let k = 0; k < 60; k++) {
        const m = (x0 + x1) / 2;
        const fm = f(m);
        if (f0 * fm <= 0) x1 = m;
        else [x0, f0] = [m, fm];
      }
      return (x0 + x1) / 2;
    }
    [a, fa] = [b, fb];
  }
  return null;
}

/** μ, K1, K2 of every column member (by index); null for other members and pin-ended bars. */
export function effectiveLengths(frame: Frame, model: Model): Array<EffectiveLength | null> {
  const { nodes, members } = model;
  const fixedAt = new Map(frame.supports.map((s) => [s.node, s.type]));
  const byNode = new Map<number, Array<{ m: MemberModel; end: 'i' | 'j' }>>();
  for (const m of members) {
    for (const end of ['i', 'j'] as const) {
      const n = end === 'i' ? m.i : m.j;
      if (!byNode.has(n)) byNode.set(n, []);
      byNode.get(n)!.push({ m, end });
    }
  }
  const released = (m: MemberModel, end: 'i' | 'j') => m.el.released.includes(end === 'i' ? 2 : 5);
  const column = (m: MemberModel) => isColumn(m.c, m.s);
  const K = (n: number, sway: boolean): number | null => {
    const id = nodes[n]!.id;
    const support = fixedAt.get(id);
    let beams = 0;
    let cols = 0;
    for (const { m, end } of byNode.get(n) ?? []) {
      if (released(m, end)) continue;
      const stiff = m.el.EI / m.el.L;
      if (column(m)) cols += stiff;
      else {
        const far = end === 'i' ? 'j' : 'i';
        const farNode = nodes[far === 'i' ? m.i : m.j]!;
        const farHinged = released(m, far) || fixedAt.get(farNode.id) === 'pinned';
        const farFixed = !released(m, far) && fixedAt.get(farNode.id) === 'fixed';
        beams += stiff * (farHinged ? (sway ? 0.5 : 1.5) : farFixed ? (sway ? 2 / 3 : 2) : 1);
      }
    }
    if (support === 'fixed') return K_MAX;
    if (support !== undefined && support !== 'roller_x') return 0;
    return cols > 0 ? beams / cols : null;
  };
  return members.map((m, k) => {
    const input = frame.members[k]!;
    if (!column(m) || (input.release_i && input.release_j)) return null;
    const sway = frame.sway;
    const [bottom, top] = nodes[m.i]!.y <= nodes[m.j]!.y ? [m.i, m.j] : [m.j, m.i];
    const K1 = K(top, sway);
    const K2 = K(bottom, sway);
    if (K1 === null || K2 === null) return null;
    // non-sway with no restraint at either end is the pin-ended column, μ = 1 (the equation's root at the range end)
    const mu = muOf(sway, K1, K2) ?? (sway ? null : 1);
    return mu === null ? null : { mu, K1, K2, sway };
  });
}
