// Internal forces and the deflected shape along one member (steel.md §8.5), in the design sign convention:
// N > 0 tension; M > 0 with the fibre on the local −y side in tension; V > 0 acting along +y on the left face of a
// cut. M(x) = M_i + V_i x + Σ qy x²/2 + Σ py (x − a)⁺ is exact for the loads offered, so the extremes are found
// exactly: at the ends, at point loads and at the zero-shear points inside the segments between them.
import { integrateDist, type DistLoad, type Element } from './element.ts';

export interface MemberForces {
  N_i: number;
  V_i: number;
  M_i: number;
  N_j: number;
  V_j: number;
  M_j: number;
}

/** Design-convention end forces from the local end forces [Fx_i, Fy_i, Mz_i, Fx_j, Fy_j, Mz_j] (N, N·mm). */
export function designEndForces(fl: Float64Array): MemberForces {
  return { N_i: -fl[0]!, V_i: fl[1]!, M_i: -fl[2]!, N_j: fl[3]!, V_j: -fl[4]!, M_j: fl[5]! };
}

const byPosition = (p: { a: number }, q: { a: number }) => p.a - q.a;
const ascending = (p: number, q: number) => p - q;

/** Deflection at x of a clamped member of length L under a point load py at a (mm, N; closed form). */
function clamped(py: number, a: number, x: number, L: number, EI: number): number {
  const b = L - a;
  if (x <= a) return (py * b * b * x * x * (3 * a * L - 3 * a * x - b * x)) / (6 * EI * L ** 3);
  const xr = L - x;
  return (py * a * a * xr * xr * (3 * b * L - 3 * b * xr - a * xr)) / (6 * EI * L ** 3);
}

export class MemberField {
  private readonly qx: number;
  private readonly qy: number;
  private readonly points: Array<{ px: number; py: number; a: number }>;
  private readonly dists: DistLoad[];

  constructor(
    private readonly el: Element,
    private readonly ends: MemberForces,
    /** local end displacements with released rotations recovered (mm, rad) */
    private readonly u: Float64Array,
  ) {
    let qx = 0;
    let qy = 0;
    const points: Array<{ px: number; py: number; a: number }> = [];
    const dists: DistLoad[] = [];
    for (const ld of el.loads) {
      if (ld.type === 'udl') {
        qx += ld.qx;
        qy += ld.qy;
      } else if (ld.type === 'dist') dists.push(ld);
      else points.push(ld);
    }
    this.qx = qx;
    this.qy = qy;
    this.points = points.length > 1 ? points.sort(byPosition) : points;
    this.dists = dists;
  }

  /** Resultant (x, y) and moment about x of the distributed loads' part left of x: [Σqx, Σqy, Σ qy·(x − t)]. */
  private distLeft(x: number): [number, number, number] {
    let fx = 0;
    let fy = 0;
    let m = 0;
    for (const d of this.dists) {
      integrateDist(d, d.a, Math.min(x, d.b), (t, qx, qy) => {
        fx += qx;
        fy += qy;
        m += qy * (x - t);
      });
    }
    return [fx, fy, m];
  }

  /** Point loads at x count on the right side of x unless `left`. */
  private passed(p: { a: number }, x: number, left: boolean): boolean {
    return left ? p.a < x : p.a <= x;
  }

  N(x: number, left = false): number {
    let n = this.ends.N_i - this.qx * x;
    for (const p of this.points) if (this.passed(p, x, left)) n -= p.px;
    if (this.dists.length) n -= this.distLeft(x)[0];
    return n;
  }

  V(x: number, left = false): number {
    let v = this.ends.V_i + this.qy * x;
    for (const p of this.points) if (this.passed(p, x, left)) v += p.py;
    if (this.dists.length) v += this.distLeft(x)[1];
    return v;
  }

  M(x: number): number {
    let m = this.ends.M_i + this.ends.V_i * x + (this.qy * x * x) / 2;
    for (const p of this.points) if (p.a < x) m += p.py * (x - p.a);
    if (this.dists.length) m += this.distLeft(x)[2];
    return m;
  }

  /** Transverse displacement (local y, mm): Hermite interpolation of the end values plus the clamped-member solution. */
  v(x: number): number {
    const { L, EI } = this.el;
    const u = this.u;
    const s = x / L;
    const s2 = s * s;
    const s3 = s2 * s;
    let v = (1 - 3 * s2 + 2 * s3) * u[1]! + L * (s - 2 * s2 + s3) * u[2]! + (3 * s2 - 2 * s3) * u[4]! + L * (s3 - s2) * u[5]!;
    v += (this.qy * x * x * (L - x) ** 2) / (24 * EI);
    for (const p of this.points) v += clamped(p.py, p.a, x, L, EI);
    // a distributed load as point loads qy·dt, integrated on each side of x (the kernel changes form at t = x)
    if (this.dists.length) {
      let sum = 0;
      const add = (t: number, _qx: number, qy: number) => (sum += clamped(qy, t, x, L, EI));
      for (const d of this.dists) {
        integrateDist(d, d.a, Math.min(x, d.b), add);
        integrateDist(d, Math.max(x, d.a), d.b, add);
      }
      v += sum;
    }
    return v;
  }

  /** The exact extremes of M: ends, point-load positions and zero-shear points of each segment. */
  momentExtremes(): { max: number; xMax: number; min: number; xMin: number } {
    this.extremes ??= this.findMomentExtremes();
    return this.extremes;
  }

  private extremes: { max: number; xMax: number; min: number; xMin: number } | undefined;

  private findMomentExtremes(): { max: number; xMax: number; min: number; xMin: number } {
    const L = this.el.L;
    const cuts = [0];
    if (this.points.length || this.dists.length) {
      const inside: number[] = [];
      for (const p of this.points) if (p.a > 0 && p.a < L) inside.push(p.a);
      for (const d of this.dists) for (const a of [d.a, d.b]) if (a > 0 && a < L) inside.push(a);
      inside.sort(ascending);
      for (const a of inside) if (a !== cuts[cuts.length - 1]) cuts.push(a);
    }
    cuts.push(L);
    const candidates = cuts.slice();
    if (this.dists.length) {
      // V is at most quadratic between cuts: its coefficients from three inside values, then its real roots
      for (let k = 0; k + 1 < cuts.length; k++) {
        const x0 = cuts[k]!;
        const h = cuts[k + 1]! - x0;
        const v0 = this.V(x0 + 0.25 * h);
        const v1 = this.V(x0 + 0.5 * h);
        const v2 = this.V(x0 + 0.75 * h);
        // V(x0 + s·h) = c0 + c1 s + c2 s², fitted through s = 1/4, 1/2, 3/4
        const c2 = 8 * (v0 - 2 * v1 + v2);
        const c1 = 2 * (v2 - v0) - c2;
        const c0 = v1 - c1 / 2 - c2 / 4;
        const roots: number[] = [];
        if (Math.abs(c2) > 1e-12 * (Math.abs(c1) + Math.abs(c0))) {
          const disc = c1 * c1 - 4 * c2 * c0;
          if (disc >= 0) {
            const r = Math.sqrt(disc);
            roots.push((-c1 - r) / (2 * c2), (-c1 + r) / (2 * c2));
          }
        } else if (c1 !== 0) roots.push(-c0 / c1);
        for (const sr of roots) if (sr > 0 && sr < 1) candidates.push(x0 + sr * h);
      }
    } else if (this.qy !== 0) {
      for (let k = 0; k + 1 < cuts.length; k++) {
        const x0 = cuts[k]!;
        const x1 = cuts[k + 1]!;
        const xs = x0 - this.V(x0) / this.qy;
        if (xs > x0 && xs < x1) candidates.push(xs);
      }
    }
    candidates.sort(ascending);
    let max = -Infinity;
    let min = Infinity;
    let xMax = 0;
    let xMin = 0;
    for (const x of candidates) {
      const m = this.M(x);
      if (m > max) [max, xMax] = [m, x];
      if (m < min) [min, xMin] = [m, x];
    }
    return { max, xMax, min, xMin };
  }

  /** Extremes of v on a fine grid, each refined by golden-section search between its grid neighbours. */
  deflectionExtremes(): { max: number; xMax: number; min: number; xMin: number } {
    const L = this.el.L;
    // 32 intervals bracket every extreme of these low-order polynomials; 36 golden-section steps shrink the bracket
    // to 1e-7 of the interval, far below the deflection's own round-off as far as v is concerned
    const steps = 32;
    const xs = Array.from({ length: steps + 1 }, (_, k) => (L * k) / steps);
    const vs = xs.map((x) => this.v(x));
    const refine = (k: number, sign: 1 | -1): { x: number; v: number } => {
      let a = xs[Math.max(0, k - 1)]!;
      let b = xs[Math.min(steps, k + 1)]!;
      const g = (Math.sqrt(5) - 1) / 2;
      let c = b - g * (b - a);
      let d = a + g * (b - a);
      let fc = sign * this.v(c);
      let fd = sign * this.v(d);
      for (let it = 0; it < 36; it++) {
        if (fc > fd) {
          b = d;
          d = c;
          fd = fc;
          c = b - g * (b - a);
          fc = sign * this.v(c);
        } else {
          a = c;
          c = d;
          fc = fd;
          d = a + g * (b - a);
          fd = sign * this.v(d);
        }
      }
      const x = (a + b) / 2;
      const best = { x, v: this.v(x) };
      // the grid point itself wins at an end of the member, where the extreme sits on the boundary
      return sign * vs[k]! >= sign * best.v ? { x: xs[k]!, v: vs[k]! } : best;
    };
    let kMax = 0;
    let kMin = 0;
    vs.forEach((v, k) => {
      if (v > vs[kMax]!) kMax = k;
      if (v < vs[kMin]!) kMin = k;
    });
    const hi = refine(kMax, 1);
    const lo = refine(kMin, -1);
    return { max: hi.v, xMax: hi.x, min: lo.v, xMin: lo.x };
  }

  /** Evenly spaced samples plus both sides of every point load (where V and N jump). Positions in mm. */
  samplePositions(samples: number): Array<{ x: number; left: boolean }> {
    const L = this.el.L;
    const at: Array<{ x: number; left: boolean }> = Array.from({ length: samples }, (_, k) => ({ x: (L * k) / (samples - 1), left: false }));
    if (!this.points.length && !this.dists.length) return at;
    for (const p of this.points) {
      if (p.a > 0 && p.a < L) at.push({ x: p.a, left: true }, { x: p.a, left: false });
    }
    for (const d of this.dists) for (const x of [d.a, d.b]) if (x > 0 && x < L) at.push({ x, left: false });
    // the left side of a jump before its right side; an evenly spaced sample at a load position stays the right side
    const seen = new Set<string>();
    return at
      .sort((p, q) => p.x - q.x || Number(q.left) - Number(p.left))
      .filter((p) => {
        const key = `${p.x}:${p.left}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }
}
