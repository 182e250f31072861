// One member of the frame in its own axes (steel.md §8.2, §8.3): the 6×6 stiffness of a plane beam element with
// axial deformation, the fixed-end forces of its loads, and the static condensation of released end rotations.
// Units inside: N, mm, rad. Local DOF order: [u_i, v_i, θ_i, u_j, v_j, θ_j].

/** A member load resolved into local components: q in N/mm over the whole member, P in N at a (mm) from i, or a
 * distributed load varying linearly from (qx1, qy1) at a to (qx2, qy2) at b (partial and trapezoidal loads). */
export type LocalLoad =
  | { type: 'udl'; qx: number; qy: number }
  | { type: 'point'; px: number; py: number; a: number }
  | { type: 'dist'; qx1: number; qy1: number; qx2: number; qy2: number; a: number; b: number };

export type DistLoad = Extract<LocalLoad, { type: 'dist' }>;

// 4-point Gauss–Legendre on [−1, 1]: exact for polynomials up to degree 7, which covers every kernel below (a point
// load's fixed-end forces, moments and clamped deflection are at most quartic in its position, times a linear load)
const GAUSS: Array<[number, number]> = [
  [-0.8611363115940526, 0.3478548451374538],
  [-0.3399810435848563, 0.6521451548625461],
  [0.3399810435848563, 0.6521451548625461],
  [0.8611363115940526, 0.3478548451374538],
];

/**
 * ∫ over [lo, hi] ⊂ [a, b] of a distributed load's kernel: `f(t, qx, qy)` receives the position t and the load
 * intensities there times the Gauss weight·dt, so a point-load formula integrates a distributed load exactly.
 */
export function integrateDist(d: DistLoad, lo: number, hi: number, f: (t: number, qx: number, qy: number) => void): void {
  if (!(hi > lo)) return;
  const half = (hi - lo) / 2;
  const mid = (hi + lo) / 2;
  const span = d.b - d.a;
  for (const [xi, w] of GAUSS) {
    const t = mid + half * xi;
    const r = (t - d.a) / span;
    f(t, (d.qx1 + (d.qx2 - d.qx1) * r) * w * half, (d.qy1 + (d.qy2 - d.qy1) * r) * w * half);
  }
}

export interface Element {
  L: number;
  EA: number;
  EI: number;
  /** released local DOFs: 2 (end i rotation), 5 (end j rotation) */
  released: number[];
  /** full local stiffness, row-major 6×6 */
  k: Float64Array;
  /** fixed-end forces of the loads (forces the clamps exert on the member), local */
  f0: Float64Array;
  /** after condensing the released rotations: stiffness and fixed-end forces seen by the nodes */
  kc: Float64Array;
  f0c: Float64Array;
  loads: LocalLoad[];
}

export function localStiffness(L: number, EA: number, EI: number): Float64Array {
  const a = EA / L;
  const b = (12 * EI) / L ** 3;
  const c = (6 * EI) / L ** 2;
  const d = (4 * EI) / L;
  const e = (2 * EI) / L;
  // prettier-ignore
  return Float64Array.from([
    a, 0, 0, -a, 0, 0,
    0, b, c, 0, -b, c,
    0, c, d, 0, -c, e,
    -a, 0, 0, a, 0, 0,
    0, -b, -c, 0, b, -c,
    0, c, e, 0, -c, d,
  ]);
}

/** §8.3: the forces the fixed supports exert on a clamped member under its loads. */
export function fixedEndForces(L: number, loads: LocalLoad[]): Float64Array {
  const f = new Float64Array(6);
  const point = (px: number, py: number, a: number) => {
    const b = L - a;
    f[0]! -= (px * b) / L;
    f[3]! -= (px * a) / L;
    f[1]! -= (py * b * b * (3 * a + b)) / L ** 3;
    f[4]! -= (py * a * a * (a + 3 * b)) / L ** 3;
    f[2]! -= (py * a * b * b) / L ** 2;
    f[5]! += (py * a * a * b) / L ** 2;
  };
  for (const ld of loads) {
    if (ld.type === 'dist') {
      integrateDist(ld, ld.a, ld.b, (t, qx, qy) => point(qx, qy, t));
      continue;
    }
    if (ld.type === 'udl') {
      f[0]! -= (ld.qx * L) / 2;
      f[3]! -= (ld.qx * L) / 2;
      f[1]! -= (ld.qy * L) / 2;
      f[4]! -= (ld.qy * L) / 2;
      f[2]! -= (ld.qy * L * L) / 12;
      f[5]! += (ld.qy * L * L) / 12;
    } else point(ld.px, ld.py, ld.a);
  }
  return f;
}

/** Condenses the released DOFs out of k and f0 one at a time: k* = k_kk − k_kr k_rr⁻¹ k_rk, f* = f_k − k_kr k_rr⁻¹ f_r. */
function condense(k: Float64Array, f0: Float64Array, released: number[]): { kc: Float64Array; f0c: Float64Array } {
  const kc = Float64Array.from(k);
  const f0c = Float64Array.from(f0);
  for (const r of released) {
    const krr = kc[r * 6 + r]!;
    for (let a = 0; a < 6; a++) {
      if (a === r) continue;
      const kar = kc[a * 6 + r]!;
      if (kar === 0) continue;
      for (let b = 0; b < 6; b++) if (b !== r) kc[a * 6 + b]! -= (kar * kc[r * 6 + b]!) / krr;
      f0c[a]! -= (kar * f0c[r]!) / krr;
    }
    for (let b = 0; b < 6; b++) {
      kc[r * 6 + b] = 0;
      kc[b * 6 + r] = 0;
    }
    f0c[r] = 0;
  }
  return { kc, f0c };
}

export function element(L: number, EA: number, EI: number, releaseI: boolean, releaseJ: boolean, loads: LocalLoad[]): Element {
  const released = [...(releaseI ? [2] : []), ...(releaseJ ? [5] : [])];
  const k = localStiffness(L, EA, EI);
  const f0 = fixedEndForces(L, loads);
  return { L, EA, EI, released, k, f0, loads, ...condense(k, f0, released) };
}

/** The element under other loads: the stiffness (and its condensation) is the element's own, the fixed-end forces
 * are the new loads'. */
export function loaded(el: Element, loads: LocalLoad[]): Element {
  const f0 = fixedEndForces(el.L, loads);
  const f0c = el.released.length ? condense(el.k, f0, el.released).f0c : f0;
  return { ...el, loads, f0, f0c };
}

/**
 * The rotations of released ends, which the condensed element does not carry: from f_r = 0,
 * u_r = −k_rr⁻¹ (k_rk u_k + f0_r). `u` holds the local end displacements with the released entries ignored; the
 * returned copy has them filled in.
 */
export function recoverReleased(el: Element, u: Float64Array): Float64Array {
  const out = Float64Array.from(u);
  const r = el.released;
  if (r.length === 0) return out;
  for (const q of r) out[q] = 0;
  const rhs = r.map((q) => {
    let s = -el.f0[q]!;
    for (let b = 0; b < 6; b++) if (!r.includes(b)) s -= el.k[q * 6 + b]! * out[b]!;
    return s;
  });
  if (r.length === 1) {
    out[r[0]!] = rhs[0]! / el.k[r[0]! * 7]!;
  } else {
    const [p, q] = r as [number, number];
    const a = el.k[p * 7]!;
    const b = el.k[p * 6 + q]!;
    const d = el.k[q * 7]!;
    const det = a * d - b * b;
    out[p] = (d * rhs[0]! - b * rhs[1]!) / det;
    out[q] = (a * rhs[1]! - b * rhs[0]!) / det;
  }
  return out;
}

/** Local end forces of the member on its nodes' displacements (local): f = k*·u + f0*. */
export function endForces(el: Element, u: Float64Array): Float64Array {
  const f = Float64Array.from(el.f0c);
  for (let a = 0; a < 6; a++) {
    let s = 0;
    for (let b = 0; b < 6; b++) s += el.kc[a * 6 + b]! * u[b]!;
    f[a]! += s;
  }
  return f;
}
