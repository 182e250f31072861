// Properties that hold for any input: monotonic responses and verdicts that flip exactly at the code limits.
// Limits are recomputed here from the formulas of concrete.md (not read back from the engine's output).
import { describe, expect, it } from 'vitest';
import { calculate } from '../../../src/calc/concrete/index.ts';
import { phiOf } from '../../../src/calc/concrete/column.ts';

/** Small deterministic generator so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T,>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();

const GRADES = [20, 25, 30, 35, 40, 45, 50] as const;
const STEELS = [300, 360, 435] as const;
const FC: Record<number, number> = { 20: 9.6, 25: 11.9, 30: 14.3, 35: 16.7, 40: 19.1, 45: 21.1, 50: 23.1 };
const FT: Record<number, number> = { 20: 1.1, 25: 1.27, 30: 1.43, 35: 1.57, 40: 1.71, 45: 1.8, 50: 1.89 };
const FTK: Record<number, number> = { 20: 1.54, 25: 1.78, 30: 2.01, 35: 2.2, 40: 2.39, 45: 2.51, 50: 2.64 };
const FY: Record<number, number> = { 300: 270, 360: 360, 435: 435 };
const FYC: Record<number, number> = { 300: 270, 360: 360, 435: 400 };
const ES: Record<number, number> = { 300: 2.1e5, 360: 2e5, 435: 2e5 };

const num = (v: unknown) => v as number;

describe('beam', () => {
  it('As grows with the moment', () => {
    const r = rng(1);
    for (let trial = 0; trial < 40; trial++) {
      const base = { concrete_grade: pick(r, GRADES), steel_grade: pick(r, STEELS), b: Math.round(between(r, 150, 400)), h: Math.round(between(r, 300, 900)), cover: 20 };
      let prevCalc = -1;
      let prevAs = -1;
      for (let m = 5; m < 2000; m *= 1.15) {
        const res = calculate({ kind: 'beam', params: { ...base, moment: m } });
        if (res.verdict !== 'ok') break;
        expect(num(res.values.As_calc)).toBeGreaterThan(prevCalc);
        expect(num(res.values.As)).toBeGreaterThanOrEqual(prevAs);
        prevCalc = num(res.values.As_calc);
        prevAs = num(res.values.As);
      }
      expect(prevCalc).toBeGreaterThan(0);
    }
  });

  it('flips to over_reinforced just past Mu,max and to section_insufficient at αs = 0.5', () => {
    for (const g of GRADES) {
      for (const k of STEELS) {
        const b = 250, h = 600, h0 = h - 40;
        const xib = 0.8 / (1 + FY[k]! / (ES[k]! * 0.0033));
        const muMax = (FC[g]! * b * h0 * h0 * xib * (1 - 0.5 * xib)) / 1e6;
        const p = { concrete_grade: g, steel_grade: k, b, h, cover: 20 };
        expect(calculate({ kind: 'beam', params: { ...p, moment: muMax } }).verdict).toBe('ok');
        const over = calculate({ kind: 'beam', params: { ...p, moment: muMax * (1 + 1e-6) } });
        expect(over.verdict).toBe('over_reinforced');
        expect(over.values.As).toBeNull();
        const mHalf = (0.5 * FC[g]! * b * h0 * h0) / 1e6;
        expect(calculate({ kind: 'beam', params: { ...p, moment: mHalf * (1 - 1e-6) } }).verdict).toBe('over_reinforced');
        const insufficient = calculate({ kind: 'beam', params: { ...p, moment: mHalf } });
        expect(insufficient.verdict).toBe('section_insufficient');
        expect(insufficient.values.xi).toBeUndefined();
      }
    }
  });

  it('the minimum-steel warning appears exactly when As,calc < ρmin b h', () => {
    // C30/HRB400, 250×500: As,min = 0.002·250·500 = 250 mm²; As,calc = 250 at M = fy·250·(h0 − x/2), x = fy·250/(fc b)
    const x = (360 * 250) / (14.3 * 250);
    const mAtMin = (360 * 250 * (460 - x / 2)) / 1e6;
    const p = { concrete_grade: 30, steel_grade: 360, b: 250, h: 500, cover: 20 };
    const below = calculate({ kind: 'beam', params: { ...p, moment: mAtMin * 0.999 } });
    const above = calculate({ kind: 'beam', params: { ...p, moment: mAtMin * 1.001 } });
    expect(below.warnings.map((w) => w.code)).toContain('minimum_steel_governs');
    expect(below.values.As).toBe(250);
    expect(above.warnings.map((w) => w.code)).not.toContain('minimum_steel_governs');
    expect(num(above.values.As)).toBeGreaterThan(250);
  });
});

describe('column', () => {
  it('φ falls with l0/b and matches Table 6.2.15 at its rows', () => {
    let prev = 1.0;
    for (let ratio = 0.5; ratio <= 50; ratio += 0.25) {
      const phi = phiOf(ratio);
      if (ratio <= 8) expect(phi).toBe(1.0);
      else expect(phi).toBeLessThan(prev);
      prev = phi;
    }
    // rows of Table 6.2.15 (concrete.md §3)
    expect(phiOf(12)).toBeCloseTo(0.95, 12);
    expect(phiOf(28)).toBeCloseTo(0.56, 12);
    expect(phiOf(50)).toBeCloseTo(0.19, 12);
    // worked interpolations quoted in concrete.md §3
    expect(phiOf(9)).toBeCloseTo(0.99, 12);
    expect(phiOf(11.9)).toBeCloseTo(0.9515, 12);
    expect(phiOf(17.5)).toBeCloseTo(0.825, 12);
  });

  it('φ through the API falls with l0 and is taken on the short side', () => {
    const p = { concrete_grade: 30, steel_grade: 360, N: 1000, b: 500, h: 300, As: 1500 };
    let prev = Infinity;
    for (let l0 = 1; l0 <= 15; l0 += 0.5) {
      const r = calculate({ kind: 'column', params: { ...p, l0 } });
      expect(num(r.values.l0_over_b) / ((l0 * 1000) / 300)).toBeCloseTo(1, 5);
      expect(num(r.values.Nu)).toBeLessThanOrEqual(prev);
      prev = num(r.values.Nu);
    }
  });

  it('fails just past Nu, and switches to A − As′ just past ρ′ = 3 %', () => {
    for (const k of STEELS) {
      const p = { concrete_grade: 25, steel_grade: k, b: 400, h: 400, l0: 5.6, As: 2000 };
      const phi = 0.92; // l0/b = 14
      const nu = (0.9 * phi * (11.9 * 160000 + FYC[k]! * 2000)) / 1e3;
      expect(calculate({ kind: 'column', params: { ...p, N: nu } }).verdict).toBe('ok');
      expect(calculate({ kind: 'column', params: { ...p, N: nu * (1 + 1e-6) } }).verdict).toBe('fail');
    }
    const q = { concrete_grade: 30, steel_grade: 360, N: 1000, b: 400, h: 400, l0: 3 };
    const at = calculate({ kind: 'column', params: { ...q, As: 0.03 * 160000 } });
    const past = calculate({ kind: 'column', params: { ...q, As: 0.03 * 160000 + 1 } });
    expect(at.values.Ac).toBe(160000);
    expect(past.values.Ac).toBe(160000 - 4801);
  });
});

describe('shear', () => {
  const base = { concrete_grade: 30, steel_grade: 360, b: 250, h: 600, dia: 8, legs: 2, spacing: 150 };
  const h0 = 560;
  it('flips to section_too_small just past the 6.3.1 limit and to fail just past Vcs', () => {
    const vmax = (0.25 * 14.3 * 250 * h0) / 1e3;
    expect(calculate({ kind: 'shear', params: { ...base, spacing: 50, dia: 12, V: vmax } }).verdict).toBe('ok');
    expect(calculate({ kind: 'shear', params: { ...base, spacing: 50, dia: 12, V: vmax * (1 + 1e-6) } }).verdict).toBe('section_too_small');
    const vcs = (0.7 * 1.43 * 250 * h0 + (360 * 2 * Math.PI * 16 * h0) / 150) / 1e3;
    expect(calculate({ kind: 'shear', params: { ...base, V: vcs } }).verdict).toBe('ok');
    expect(calculate({ kind: 'shear', params: { ...base, V: vcs * (1 + 1e-6) } }).verdict).toBe('fail');
  });

  it('needs only detailing up to αcv ft b h0, and the stricter spacing just past 0.7 ft b h0', () => {
    const vc = (0.7 * 1.43 * 250 * h0) / 1e3;
    const at = calculate({ kind: 'shear', params: { ...base, V: vc } });
    const past = calculate({ kind: 'shear', params: { ...base, V: vc * (1 + 1e-6) } });
    expect(at.values.constructionalOnly).toBe(true);
    expect(at.values.smax).toBe(350);
    expect(past.values.constructionalOnly).toBe(false);
    expect(past.values.smax).toBe(250);
  });

  it('interpolates the section coefficient between hw/b = 4 and 6', () => {
    const coef = (b: number) => num(calculate({ kind: 'shear', params: { ...base, b, V: 10 } }).values.coef);
    expect(coef(h0 / 4)).toBe(0.25);
    expect(coef(h0 / 5)).toBeCloseTo(0.225, 12);
    expect(coef(h0 / 6)).toBe(0.2);
    expect(coef(h0 / 7)).toBe(0.2);
  });

  it('Vcs grows as the spacing shrinks', () => {
    let prev = 0;
    for (let s = 400; s >= 50; s -= 25) {
      const v = num(calculate({ kind: 'shear', params: { ...base, spacing: s, V: 100 } }).values.Vcs);
      expect(v).toBeGreaterThan(prev);
      prev = v;
    }
  });
});

describe('crack', () => {
  it('the crack width grows with the moment', () => {
    const r = rng(7);
    for (let trial = 0; trial < 30; trial++) {
      const p = {
        concrete_grade: pick(r, GRADES), steel_grade: pick(r, STEELS), b: Math.round(between(r, 150, 400)), h: Math.round(between(r, 300, 900)),
        As: Math.round(between(r, 300, 3000)), cover: Math.round(between(r, 15, 80)), dia: pick(r, [12, 16, 20, 25] as const),
      };
      let prev = 0;
      for (let m = 5; m < 1500; m *= 1.2) {
        const w = num(calculate({ kind: 'crack', params: { ...p, moment: m } }).values.wmax);
        expect(w).toBeGreaterThan(prev);
        prev = w;
      }
    }
  });

  it('flips to fail just below the computed width', () => {
    for (const k of STEELS) {
      const p = { concrete_grade: 30, steel_grade: k, moment: 120, b: 250, h: 550, As: 1256, cover: 30, dia: 20 };
      const h0 = 550 - 30 - 10;
      const sigma = 120e6 / (0.87 * h0 * 1256);
      const rte = 1256 / (0.5 * 250 * 550);
      const psi = Math.min(1, Math.max(0.2, 1.1 - (0.65 * FTK[30]!) / (rte * sigma)));
      const nu = k === 300 ? 0.7 : 1.0;
      const w = 1.9 * psi * (sigma / ES[k]!) * (1.9 * 30 + (0.08 * (20 / nu)) / rte);
      const ok = calculate({ kind: 'crack', params: { ...p, w_lim: w } });
      expect(num(ok.values.wmax)).toBeCloseTo(w, 5);
      expect(ok.verdict).toBe('ok');
      const fail = calculate({ kind: 'crack', params: { ...p, w_lim: w * (1 - 1e-6) } });
      expect(fail.verdict).toBe('fail');
      expect(fail.warnings.map((x) => x.code)).toContain('crack_width_exceeded');
    }
  });

  it('clamps ρte at 0.01, ψ at 0.2…1.0 and cs at 20…65', () => {
    const p = { concrete_grade: 30, steel_grade: 360, moment: 20, b: 300, h: 800, As: 600, cover: 10, dia: 16 };
    const r = calculate({ kind: 'crack', params: p });
    expect(num(r.values.rho_te_raw)).toBeLessThan(0.01);
    expect(r.values.rho_te).toBe(0.01);
    expect(r.values.cs).toBe(20);
    expect(r.values.psi).toBe(0.2);
    expect(calculate({ kind: 'crack', params: { ...p, cover: 80 } }).values.cs).toBe(65);
  });
});

it('FT table used by the shear limit tests is the engine’s', () => {
  // guards the constants above: Vc of C30 250×560 with αcv 0.7
  const r = calculate({ kind: 'shear', params: { concrete_grade: 30, steel_grade: 360, b: 250, h: 600, dia: 8, legs: 2, spacing: 150, V: 100 } });
  expect(num(r.values.Vc)).toBeCloseTo((0.7 * FT[30]! * 250 * 560) / 1e3, 3);
});
