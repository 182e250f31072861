// The linear solvers of the frame analysis. The stiffness matrix of a frame is symmetric, positive definite once the
// supports are removed, and banded when the equations are numbered node by node along a bandwidth-reducing order
// (ordering.ts): BandMatrix stores only the lower band and factors it as L·D·Lᵀ in O(n·b²) instead of the O(n³) of a
// dense solve. DenseMatrix (Gaussian elimination with partial pivoting) solves the very same system the textbook way;
// the benchmark measures the two against each other and the tests use it as an independent check.

/** What the assembly writes into: either storage takes the same calls. */
export interface StiffnessSink {
  readonly n: number;
  /** adds v at (i, j); the assembly calls it for both triangles, a band store keeps j ≤ i only */
  add(i: number, j: number, v: number): void;
}

/** The equation at which the factorisation found no stiffness (a mechanism), in the solver's numbering. */
export class SingularError extends Error {
  constructor(readonly equation: number) {
    super(`no stiffness at equation ${equation}`);
  }
}

// A pivot that lost all but ten digits of its own diagonal term means the equation's displacement is free: the
// criterion of steel.md §8.4 (pivot < 1e-10 × the largest diagonal term) applied to the diagonally scaled matrix, so
// that rotations (N·mm/rad) and translations (N/mm) are not compared across their different units.
const PIVOT_RATIO = 1e-10;

/** Lower band of a symmetric matrix: row i holds columns i − b … i. */
export class BandMatrix implements StiffnessSink {
  readonly data: Float64Array;
  private readonly w: number;

  constructor(
    readonly n: number,
    /** half-bandwidth: the largest |i − j| of a non-zero term */
    readonly b: number,
  ) {
    this.w = b + 1;
    this.data = new Float64Array(n * this.w);
  }

  private at(i: number, j: number): number {
    // column j of row i sits at offset b − (i − j): the diagonal is the last entry of the row
    return i * this.w + this.b - (i - j);
  }

  add(i: number, j: number, v: number): void {
    if (j > i) return;
    if (i - j > this.b) throw new Error(`term (${i}, ${j}) outside the half-bandwidth ${this.b}`);
    this.data[this.at(i, j)]! += v;
  }

  get(i: number, j: number): number {
    if (j > i) [i, j] = [j, i];
    return i - j > this.b ? 0 : this.data[this.at(i, j)]!;
  }

  /** Factors in place and solves for one right-hand side. */
  solve(rhs: Float64Array): Float64Array {
    this.factor();
    return this.substitute(rhs);
  }

  /** Factors in place as L·D·Lᵀ (unit L below the diagonal, D on it); once, for any number of load vectors. */
  factor(): void {
    const { n, b, data, w } = this;
    const diag0 = new Float64Array(n);
    for (let i = 0; i < n; i++) diag0[i] = data[i * w + b]!;
    const tmp = new Float64Array(b);
    for (let i = 0; i < n; i++) {
      const row = i * w;
      const j0 = Math.max(0, i - b);
      // L(i, j) = (A(i, j) − Σ_k L(i, k)·D(k)·L(j, k)) / D(j), k < j, within both bands
      for (let j = j0; j < i; j++) {
        const rowJ = j * w;
        let s = data[row + b - (i - j)]!;
        const k0 = Math.max(j0, j - b);
        for (let k = k0; k < j; k++) s -= tmp[k - j0]! * data[rowJ + b - (j - k)]!;
        // tmp holds L(i, k)·D(k) for the row being factored
        tmp[j - j0] = s;
        data[row + b - (i - j)] = s / data[rowJ + b]!;
      }
      let d = data[row + b]!;
      for (let k = j0; k < i; k++) d -= tmp[k - j0]! * data[row + b - (i - k)]!;
      if (!(d > PIVOT_RATIO * diag0[i]!) || !(diag0[i]! > 0)) throw new SingularError(i);
      data[row + b] = d;
    }
  }

  /** Forward and back substitution with the factors of factor(). */
  substitute(rhs: Float64Array): Float64Array {
    const { n, b, data, w } = this;
    const x = Float64Array.from(rhs);
    for (let i = 0; i < n; i++) {
      const row = i * w;
      let s = x[i]!;
      for (let k = Math.max(0, i - b); k < i; k++) s -= data[row + b - (i - k)]! * x[k]!;
      x[i] = s;
    }
    for (let i = 0; i < n; i++) x[i]! /= data[i * w + b]!;
    for (let i = n - 1; i >= 0; i--) {
      let s = x[i]!;
      for (let k = i + 1; k <= Math.min(n - 1, i + b); k++) s -= data[k * w + b - (k - i)]! * x[k]!;
      x[i] = s;
    }
    return x;
  }
}

/** The full square matrix, solved by Gaussian elimination with partial pivoting (the benchmark's baseline). */
export class DenseMatrix implements StiffnessSink {
  readonly data: Float64Array;

  constructor(readonly n: number) {
    this.data = new Float64Array(n * n);
  }

  add(i: number, j: number, v: number): void {
    this.data[i * this.n + j]! += v;
  }

  solve(rhs: Float64Array): Float64Array {
    const { n } = this;
    const a = this.data;
    const x = Float64Array.from(rhs);
    let scale = 0;
    for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(a[i * n + i]!));
    for (let c = 0; c < n; c++) {
      let p = c;
      for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]!) > Math.abs(a[p * n + c]!)) p = r;
      if (!(Math.abs(a[p * n + c]!) > PIVOT_RATIO * 1e-6 * scale)) throw new SingularError(c);
      if (p !== c) {
        for (let k = 0; k < n; k++) [a[c * n + k], a[p * n + k]] = [a[p * n + k]!, a[c * n + k]!];
        [x[c], x[p]] = [x[p]!, x[c]!];
      }
      const piv = a[c * n + c]!;
      for (let r = c + 1; r < n; r++) {
        const f = a[r * n + c]! / piv;
        if (f === 0) continue;
        for (let k = c; k < n; k++) a[r * n + k]! -= f * a[c * n + k]!;
        x[r]! -= f * x[c]!;
      }
    }
    for (let r = n - 1; r >= 0; r--) {
      let s = x[r]!;
      for (let k = r + 1; k < n; k++) s -= a[r * n + k]! * x[k]!;
      x[r] = s / a[r * n + r]!;
    }
    return x;
  }
}
