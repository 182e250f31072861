// Units of the engine against the code's own tables and the spec's figures: Table 4.4.1 rows, εk, the fillet
// constants of §2.2, the built-in H table's printed properties, D.0.5 against printed table rows, plate classes and γx,
// βb of Table C.0.1, βmx/βtx of 8.2.1.
import { describe, expect, it } from 'vitest';
import { calculate, epsK, findRolled, lambdaN, phiOf, ROLLED_H, sectionProperties, strength } from '../../../src/calc/steel/index.ts';
import { FILLET_CONSTANTS } from '../../../src/calc/steel/sections.ts';
import { betaB, betaBFactor, beamLimits, columnLimits, etaB, plateClass } from '../../../src/calc/steel/stability.ts';

const close = (got: number, want: number, rel = 0.005) => expect(Math.abs(got - want)).toBeLessThanOrEqual(rel * Math.abs(want));

describe('materials (Table 4.4.1, GB 55006 for Q355)', () => {
  it('picks the thickness group', () => {
    expect(strength('Q235', 16)).toMatchObject({ f: 215, fv: 125, fy: 235, fu: 370 });
    expect(strength('Q235', 16.5)).toMatchObject({ f: 205, fv: 120, fy: 225 });
    expect(strength('Q235', 41)).toMatchObject({ f: 200, fv: 115 });
    expect(strength('Q355', 14)).toMatchObject({ f: 305, fv: 175, fy: 355, fu: 470 });
    expect(strength('Q345', 14)).toMatchObject({ f: 305, fy: 345 });
    expect(strength('Q355', 70)).toMatchObject({ f: 280, fv: 160, fy: 325 });
    expect(strength('Q390', 50)).toMatchObject({ f: 310, fv: 180, fy: 350 });
    expect(strength('Q420', 100)).toMatchObject({ f: 305, fv: 175, fy: 360 });
    expect(() => strength('Q235', 101)).toThrow(RangeError);
  });
  it('εk from the nominal grade (1.3)', () => {
    close(epsK('Q235'), 1);
    expect(epsK('Q355')).toBeCloseTo(0.8136, 4);
    expect(epsK('Q390')).toBeCloseTo(0.7762, 3);
    expect(epsK('Q420')).toBeCloseTo(0.748, 4);
  });
});

describe('sections (§2.2, §2.3)', () => {
  it('derives the root-fillet constants of §2.2', () => {
    expect(FILLET_CONSTANTS.area).toBeCloseTo(0.214602, 6);
    expect(FILLET_CONSTANTS.centroid).toBeCloseTo(0.223368, 5);
    expect(FILLET_CONSTANTS.I).toBeCloseTo(0.007545, 5);
  });
  it('reproduces the printed properties of every built-in H section (the §2.3 table, to its printed figures)', () => {
    // A, Ix (10⁴), Iy (10⁴), Wx (10³) as printed in the table of steel.md §2.3
    const printed: Record<string, [number, number, number, number]> = {
      HW100x100x6x8: [2159, 378, 134, 76], HW200x200x8x12: [6353, 4716, 1602, 472], HW300x300x10x15: [11845, 20186, 6753, 1346],
      HW400x400x13x21: [21869, 66621, 22413, 3331], HM294x200x8x12: [7105, 11114, 1602, 756], HM588x300x12x20: [18721, 114350, 9009, 3889],
      'HN200x100x5.5x8': [2667, 1806, 134, 181], HN400x200x8x13: [8337, 23457, 1736, 1173], HN600x200x11x17: [13171, 75557, 2274, 2519],
    };
    for (const [d, [A, Ix, Iy, Wx]] of Object.entries(printed)) {
      const s = sectionProperties({ type: 'rolled_h', designation: d });
      // the table prints 3–5 significant figures: agreement within half a unit of the last printed digit
      expect(Math.abs(s.A - A)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(s.Ix / 1e4 - Ix)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(s.Iy / 1e4 - Iy)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(s.Wx1! / 1e3 - Wx)).toBeLessThanOrEqual(0.5);
    }
    expect(ROLLED_H).toHaveLength(26);
  });
  it('accepts designations with x, × or * in any case', () => {
    for (const d of ['hn400*200*8*13', 'HN400×200×8×13', ' HN400x200x8x13 ']) expect(findRolled(d)?.designation).toBe('HN400x200x8x13');
    expect(findRolled('HN401x200x8x13')).toBeUndefined();
  });
  it('treats a welded I with unequal flanges as singly symmetric', () => {
    const s = sectionProperties({ type: 'welded_i', h: 600, b: 300, tw: 10, tf: 16, b2: 200, tf2: 12, flange_edge: 'flame_cut' });
    expect(s.doublySymmetric).toBe(false);
    expect(s.alphaB!).toBeCloseTo((16 * 300 ** 3) / (16 * 300 ** 3 + 12 * 200 ** 3), 10);
    expect(s.Wx1!).toBeGreaterThan(s.Wx2!); // the neutral axis sits nearer the larger (top) flange
  });
});

describe('φ by D.0.5', () => {
  it('resolves a* and b* by the grade (Table 7.2.1-1 note 1)', () => {
    const q235 = calculate({ kind: 'phi', params: { lambda: 80, class: 'a*', grade: 'Q235' } });
    const q355 = calculate({ kind: 'phi', params: { lambda: 80, class: 'b*', grade: 'Q355' } });
    expect(q235.values.class_resolved).toBe('b');
    expect(q355.values.class_resolved).toBe('b');
    expect(q355.values.lambda_over_eps_k as number).toBeCloseTo(80 / epsK('Q355'), 3);
  });
  it('is 1 at λ = 0 and decreasing in λ', () => {
    expect(phiOf(0, 'd')).toBe(1);
    for (const c of ['a', 'b', 'c', 'd'] as const) {
      let last = 1;
      for (let l = 1; l <= 300; l++) {
        const p = phiOf(lambdaN(l, 1), c);
        expect(p).toBeLessThanOrEqual(last + 1e-12);
        last = p;
      }
    }
  });
});

describe('plate classes and γx (Table 3.5.1, 6.1.2)', () => {
  it('classifies by the beam and beam-column limits', () => {
    const b = beamLimits(1);
    expect(plateClass(9, b.flange).cls).toBe(1);
    expect(plateClass(13.01, b.flange).cls).toBe(4);
    expect(plateClass(21, b.flange)).toEqual({ cls: 5, beyond: true });
    const c = columnLimits(1, 0);
    expect(c.web[0]).toBeCloseTo(33, 10);
    expect(columnLimits(1, 2).web[1]).toBeCloseTo(38 + 13 * 2 ** 1.39, 10);
  });
  it('takes γx = 1.0 for an S4 flange and when fatigue is checked', () => {
    const s4 = calculate({ kind: 'beam', params: { section: { type: 'welded_i', h: 500, b: 400, tw: 8, tf: 14 }, Mx: 300, grade: 'Q235' } });
    expect(s4.values).toMatchObject({ flange_class: 4, gamma_x: 1 });
    const fat = calculate({ kind: 'beam', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, Mx: 100, grade: 'Q235', fatigue: true } });
    expect(fat.values.gamma_x).toBe(1);
  });
  it('warns about S5 sections and says the result is unconservative', () => {
    const r = calculate({ kind: 'beam', params: { section: { type: 'welded_i', h: 1400, b: 300, tw: 5, tf: 16 }, Mx: 500, grade: 'Q235' } });
    expect(r.values.class).toBe(5);
    expect(r.warnings.map((w) => w.code)).toContain('s5_section');
  });
});

describe('Table C.0.1 βb and 8.2.1 βmx/βtx', () => {
  it('gives the table values', () => {
    expect(betaB(1, 1, 0).value).toBeCloseTo(0.82, 10);
    expect(betaB(1, 2.5, 0).value).toBe(0.95);
    expect(betaB(4, 1, 0).value).toBeCloseTo(1.95, 10);
    expect(betaB(10, 0, -1).value).toBe(2.3); // 1.75 + 1.05 + 0.3 = 3.1, capped
    expect(betaB(10, 0, 1).value).toBeCloseTo(1.0, 10);
    expect(betaBFactor(1, 0.8, 0.9)).toBe(0.95);
    expect(betaBFactor(3, 0.4, 0.9)).toBe(0.9);
    expect(etaB(0.5)).toBe(0);
    expect(etaB(0.9)).toBeCloseTo(0.64, 10);
    expect(etaB(0.2)).toBeCloseTo(-0.6, 10);
  });
  const base = { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, N: 300, Mx: 110, l0x: 6, l0y: 3, grade: 'Q235' };
  it('non-sway end moments: βmx = 0.6 + 0.4M2/M1, βtx = 0.65 + 0.35M2/M1', () => {
    const r = calculate({ kind: 'beam_column', params: { ...base, moments: { m2_m1: -0.5 } } });
    expect(r.values.beta_mx).toBeCloseTo(0.4, 10);
    expect(r.values.beta_tx).toBeCloseTo(0.475, 10);
  });
  it('point load at mid-span: βmqx = 1 − 0.36N/Ncr; end moments with transverse load in reverse curvature: βtx = 0.85', () => {
    const r = calculate({ kind: 'beam_column', params: { ...base, moments: { transverse: 'point_mid' } } });
    expect(r.values.beta_mx as number).toBeCloseTo(1 - (0.36 * 300) / (r.values.Ncr as number), 5);
    const both = calculate({ kind: 'beam_column', params: { ...base, moments: { transverse: 'udl', m2_m1: -1, Mqx: 60, M1: 50 } } });
    expect(both.values.beta_tx).toBe(0.85);
    const bq = 1 - (0.18 * 300) / (both.values.Ncr as number);
    expect(both.values.beta_mx as number).toBeCloseTo((bq * 60 + 0.2 * 50) / 110, 5);
  });
  it('cantilever: βmx = 1 − 0.36(1 − m)N/Ncr; overrides are echoed', () => {
    const r = calculate({ kind: 'beam_column', params: { ...base, moments: { cantilever: true, m: 0.5 } } });
    expect(r.values.beta_mx as number).toBeCloseTo(1 - (0.36 * 0.5 * 300) / (r.values.Ncr as number), 5);
    const o = calculate({ kind: 'beam_column', params: { ...base, beta_mx: 0.85, beta_tx: 0.9 } });
    expect(o.values).toMatchObject({ beta_mx: 0.85, beta_tx: 0.9 });
    expect(o.steps.find((s) => s.key === 'beta_mx')!.name).toContain('override');
  });
  it('defaults βmx = βtx = 1.0 with a warning when no moment distribution is given', () => {
    const r = calculate({ kind: 'beam_column', params: base });
    expect(r.values).toMatchObject({ beta_mx: 1, beta_tx: 1 });
    expect(r.warnings.map((w) => w.code)).toContain('moments_default');
  });
  it('switches φb to C.0.1 with βb = 1.0 beyond λy = 120εk (Part B §6)', () => {
    const r = calculate({ kind: 'beam_column', params: { ...base, l0y: 6 } });
    expect(r.values.lambda_y as number).toBeGreaterThan(120);
    expect(r.steps.find((s) => s.key === 'phi_b')!.clause).toBe('C.0.1');
    const forced = calculate({ kind: 'beam_column', params: { ...base, l0y: 6, phi_b_method: 'C.0.5' } });
    expect(forced.steps.find((s) => s.key === 'phi_b')!.clause).toBe('C.0.5-1');
    expect(forced.warnings.map((w) => w.code)).toContain('c05_out_of_range');
  });
});

describe('verdicts', () => {
  it('passes a ratio of exactly 1.0 and fails anything above it, even below the shown precision (Part B §9)', () => {
    const plate = { section: { type: 'props', A: 4800, Ix: 1e7, Iy: 1e7, tf: 12, tw: 12 }, grade: 'Q235' };
    const at = calculate({ kind: 'tension', params: { ...plate, N: 1032 } }); // A f = 4800 × 215 N
    expect(at.values.ratio_gross).toBe(1);
    expect(at.verdict).toBe('ok');
    const over = calculate({ kind: 'tension', params: { ...plate, N: 1032.0001 } });
    expect(over.values.ratio_gross).toBe(1); // 1.0000001 shown to 6 significant figures
    expect(over.verdict).toBe('fail');
    expect(over.summary).toContain('不满足');
  });
  it('fails local buckling of a compression member as fail_local', () => {
    const r = calculate({ kind: 'compression', params: { section: { type: 'welded_i', h: 500, b: 500, tw: 6, tf: 10 }, N: 100, l0x: 3, l0y: 3, grade: 'Q235' } });
    expect(r.verdict).toBe('fail_local');
    expect(r.values.local_ok).toBe(false);
  });
  it('names the governing check and fails above 1.0', () => {
    const r = calculate({ kind: 'compression', params: { section: { type: 'rolled_h', designation: 'HW300x300x10x15' }, N: 1500, l0x: 6, l0y: 6, grade: 'Q235' } });
    expect(r).toMatchObject({ verdict: 'fail', governing: 'ratio_stability' });
    expect(r.summary).toContain('不满足');
  });
  it('never writes NaN or Infinity past 1.25 N′Ex', () => {
    const r = calculate({ kind: 'beam_column', params: { section: { type: 'rolled_h', designation: 'HN200x100x5.5x8' }, N: 500, Mx: 10, l0x: 20, l0y: 3, grade: 'Q235' } });
    expect(JSON.stringify(r)).not.toMatch(/NaN|Infinity/);
    expect(r.verdict).toBe('fail');
    expect(r.warnings.map((w) => w.code)).toContain('beyond_euler');
  });
});
