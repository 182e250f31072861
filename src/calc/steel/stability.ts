// The stability coefficients: φ of axially compressed members (D.0.5, exact π, steel.md Part B §3) and φb of beams
// and beam-columns (Appendix C, C.0.1 and C.0.5), with the plate classes of Table 3.5.1 that set γx.
import type { ResolvedCurve } from './sections.ts';
import { E } from './materials.ts';

const ALPHA: Record<ResolvedCurve, { a1: number; low: [number, number]; high: [number, number] }> = {
  a: { a1: 0.41, low: [0.986, 0.152], high: [0.986, 0.152] },
  b: { a1: 0.65, low: [0.965, 0.3], high: [0.965, 0.3] },
  c: { a1: 0.73, low: [0.906, 0.595], high: [1.216, 0.302] },
  d: { a1: 1.35, low: [0.868, 0.915], high: [1.375, 0.432] },
};

/** λn = (λ/εk)/π · √(235/E) (D.0.5). */
export function lambdaN(lambda: number, epsK: number): number {
  return (lambda / epsK / Math.PI) * Math.sqrt(235 / E);
}

/** φ by D.0.5-1/-2 for a resolved curve. */
export function phiOf(lambdaNorm: number, curve: ResolvedCurve): number {
  const c = ALPHA[curve];
  if (lambdaNorm <= 0.215) return 1 - c.a1 * lambdaNorm ** 2;
  const [a2, a3] = lambdaNorm <= 1.05 ? c.low : c.high;
  const l2 = lambdaNorm * lambdaNorm;
  const s = a2 + a3 * lambdaNorm + l2;
  return (s - Math.sqrt(s * s - 4 * l2)) / (2 * l2);
}

export function alphaCoefficients(lambdaNorm: number, curve: ResolvedCurve): { a1: number; a2: number; a3: number } {
  const c = ALPHA[curve];
  const [a2, a3] = lambdaNorm <= 1.05 ? c.low : c.high;
  return { a1: c.a1, a2, a3 };
}

/** Table C.0.1: βb by item (1–10), ξ = l1 t1/(b1 h), M2/M1 for item 10. */
export function betaB(item: number, xi: number, m2m1: number): { value: number; formula: string } {
  switch (item) {
    case 1:
      return xi <= 2 ? { value: 0.69 + 0.13 * xi, formula: 'βb = 0.69 + 0.13ξ' } : { value: 0.95, formula: 'βb = 0.95（ξ > 2.0）' };
    case 2:
      return xi <= 2 ? { value: 1.73 - 0.2 * xi, formula: 'βb = 1.73 − 0.20ξ' } : { value: 1.33, formula: 'βb = 1.33（ξ > 2.0）' };
    case 3:
      return xi <= 2 ? { value: 0.73 + 0.18 * xi, formula: 'βb = 0.73 + 0.18ξ' } : { value: 1.09, formula: 'βb = 1.09（ξ > 2.0）' };
    case 4:
      return xi <= 2 ? { value: 2.23 - 0.28 * xi, formula: 'βb = 2.23 − 0.28ξ' } : { value: 1.67, formula: 'βb = 1.67（ξ > 2.0）' };
    case 5:
      return { value: 1.15, formula: 'βb = 1.15' };
    case 6:
      return { value: 1.4, formula: 'βb = 1.40' };
    case 7:
      return { value: 1.75, formula: 'βb = 1.75' };
    case 8:
      return { value: 1.2, formula: 'βb = 1.20' };
    case 9:
      return { value: 1.4, formula: 'βb = 1.40' };
    default: {
      const v = Math.min(1.75 - 1.05 * m2m1 + 0.3 * m2m1 ** 2, 2.3);
      return { value: v, formula: 'βb = 1.75 − 1.05(M2/M1) + 0.3(M2/M1)² ≤ 2.3' };
    }
  }
}

/**
 * Table C.0.4 (doubly symmetric I cantilevers, fixed at the support; ξ as in Table C.0.1 with l1 the overhang):
 * item 1 point load at the free end on the top flange, 2 on the bottom flange, 3 UDL on the top flange. The table
 * covers 0.60 ≤ ξ ≤ 3.10; outside it the smaller of the nearest range's line and its end value is taken (the
 * conservative of extrapolating and clamping), with `outside` set so the caller can warn.
 */
export function betaBC04(item: number, xi: number): { value: number; formula: string; outside: boolean } {
  const rows: Record<number, Array<[number, number, string]>> = {
    1: [[0.21, 0.67, '0.21 + 0.67ξ'], [0.72, 0.26, '0.72 + 0.26ξ'], [1.17, 0.03, '1.17 + 0.03ξ']],
    2: [[2.94, -0.65, '2.94 − 0.65ξ'], [2.64, -0.4, '2.64 − 0.40ξ'], [2.15, -0.15, '2.15 − 0.15ξ']],
    3: [[0.62, 0.82, '0.62 + 0.82ξ'], [1.25, 0.31, '1.25 + 0.31ξ'], [1.66, 0.1, '1.66 + 0.10ξ']],
  };
  const r = rows[item]!;
  const k = xi <= 1.24 ? 0 : xi <= 1.96 ? 1 : 2;
  const [a, b, text] = r[k]!;
  const outside = xi < 0.6 || xi > 3.1;
  const clamped = Math.min(Math.max(xi, 0.6), 3.1);
  const value = outside ? Math.min(a + b * xi, a + b * clamped) : a + b * xi;
  return { value, formula: `βb = ${text}${outside ? `（ξ = ${xi.toFixed(3)} 超出表列 0.60–3.10，取外推与端值的较小者）` : ''}`, outside };
}

/** Note 6 of Table C.0.1: factors on βb for an enlarged compression flange (αb > 0.8). */
export function betaBFactor(item: number, xi: number, alphaB: number): number {
  if (alphaB <= 0.8) return 1;
  if (item === 1 && xi <= 1) return 0.95;
  if (item === 3 && xi <= 0.5) return 0.9;
  if (item === 3 && xi <= 1) return 0.95;
  return 1;
}

/** ηb of C.0.1: 0 doubly symmetric, 0.8(2αb − 1) enlarged compression flange, 2αb − 1 enlarged tension flange. */
export function etaB(alphaB: number): number {
  if (alphaB === 0.5) return 0;
  return alphaB > 0.5 ? 0.8 * (2 * alphaB - 1) : 2 * alphaB - 1;
}

/** C.0.1-1: φb before the C.0.1-7 correction. */
export function phiBC01(p: { betaB: number; lambdaY: number; A: number; h: number; Wx: number; t1: number; etaB: number; epsK: number }): number {
  return (
    p.betaB *
    (4320 / p.lambdaY ** 2) *
    ((p.A * p.h) / p.Wx) *
    (Math.sqrt(1 + ((p.lambdaY * p.t1) / (4.4 * p.h)) ** 2) + p.etaB) *
    p.epsK ** 2
  );
}

/** C.0.1-7: φb' = 1.07 − 0.282/φb ≤ 1.0 when φb > 0.6. */
export function phiBCorrected(raw: number): number {
  return raw > 0.6 ? Math.min(1.07 - 0.282 / raw, 1) : raw;
}

/** C.0.5-1 (doubly symmetric) and C.0.5-2 (singly symmetric), both ≤ 1.0. */
export function phiBC05(p: { lambdaY: number; epsK: number; doubly: boolean; Wx: number; alphaB: number; A: number; h: number }): number {
  const v = p.doubly
    ? 1.07 - p.lambdaY ** 2 / (44000 * p.epsK ** 2)
    : 1.07 - (p.Wx / ((2 * p.alphaB + 0.1) * p.A * p.h)) * (p.lambdaY ** 2 / (14000 * p.epsK ** 2));
  return Math.min(v, 1);
}

/** Table 3.5.1: S1…S5 from the four limits and the S5 limit; `beyond` when past S5. */
export function plateClass(ratio: number, limits: readonly number[]): { cls: number; beyond: boolean } {
  for (let i = 0; i < limits.length; i++) if (ratio <= limits[i]! * (1 + 1e-12)) return { cls: i + 1, beyond: false };
  return { cls: 5, beyond: true };
}

/** Beam (受弯构件) limits of Table 3.5.1 for an I/H section: flange b/t and web h0/tw, S1…S5. */
export function beamLimits(epsK: number): { flange: number[]; web: number[] } {
  return { flange: [9 * epsK, 11 * epsK, 13 * epsK, 15 * epsK, 20], web: [65 * epsK, 72 * epsK, 93 * epsK, 124 * epsK, 250] };
}

/** Beam-column (压弯构件) limits of Table 3.5.1 for an H section, web limits by α0. */
export function columnLimits(epsK: number, alpha0: number): { flange: number[]; web: number[] } {
  const a = alpha0;
  return {
    flange: [9 * epsK, 11 * epsK, 13 * epsK, 15 * epsK, 20],
    web: [(33 + 13 * a ** 1.3) * epsK, (38 + 13 * a ** 1.39) * epsK, (40 + 18 * a ** 1.5) * epsK, (45 + 25 * a ** 1.66) * epsK, 250],
  };
}
