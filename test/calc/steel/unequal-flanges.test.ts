// Issue 32, member checks a checking engineer signs: both extreme fibres of a singly symmetric section (6.1.1,
// 8.1.1), α0 from the real neutral axis (Table 3.5.1), gross-section compression strength (7.1.1/7.1.2), the
// relaxed slenderness limit (7.4.6), warned overrides, C.0.4 for cantilevers. Every expected figure is derived in
// the comment from the plates (hand arithmetic, not the engine).
import { describe, expect, it } from 'vitest';
import { calculate } from '../../../src/calc/steel/index.ts';

const close = (got: unknown, want: number, rel = 0.002) => expect(Math.abs(Number(got) - want)).toBeLessThanOrEqual(rel * Math.abs(want));

// Welded I, Q235, h = 650, top flange 300×16, bottom flange 150×12, web 622×8 (hw = 650 − 16 − 12).
//   A  = 4800 + 4976 + 1800 = 11 576 mm²
//   yc = (4800·642 + 4976·323 + 1800·6)/11 576 = 4 699 648/11 576 = 405.98 mm from the bottom
//   Ix = Σ(I0 + A d²) = 102 400 + 4800·236.02² + 160 432 235 + 4976·82.98² + 21 600 + 1800·399.98² = 7.5017e8 mm⁴
//   W1 (top) = Ix/(650 − 405.98) = 3.0743e6 mm³ ; W2 (bottom) = Ix/405.98 = 1.8478e6 mm³
//   top flange b/t = 146/16 = 9.125 (S2: 9 < 9.125 ≤ 11), web 622/8 = 77.75 (S3: 72 < 77.75 ≤ 93) → γx = 1.05
//   f = 215 (thicker flange 16 mm)
const SINGLY = { type: 'welded_i', h: 650, b: 300, tw: 8, tf: 16, b2: 150, tf2: 12 };

describe('6.1.1 at both extreme fibres (issue 32 item 1)', () => {
  it('fails a beam whose smaller tension flange is overstressed', () => {
    // Mx = 480 kN·m: σc = 480e6/(1.05·3.0743e6) = 148.70 N/mm² (0.692); σt = 480e6/(1.05·1.8478e6) = 247.40 (1.151)
    const r = calculate({ kind: 'beam', params: { section: SINGLY, grade: 'Q235', Mx: 480 } });
    close(r.values.sigma_bending_c, 148.70);
    close(r.values.sigma_bending_t, 247.40);
    close(r.values.sigma_bending, 247.40);
    close(r.values.ratio_bending, 247.40 / 215);
    expect(r.verdict).toBe('fail');
  });
  it('leaves a doubly symmetric beam as it was (one fibre)', () => {
    const r = calculate({ kind: 'beam', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235', Mx: 100 } });
    expect(r.values.sigma_bending_t).toBeUndefined();
  });
  it('checks the tension side of a beam-column (8.1.1)', () => {
    // N = 100 kN, Mx = 400 kN·m, A = 11 576: N/A = 8.639; Mx/(γx W2) = 400e6/(1.05·1.8478e6) = 206.17
    // tension fibre |8.639 − 206.17| = 197.53 > compression fibre 8.639 + 400e6/(1.05·3.0743e6) = 132.55
    const r = calculate({ kind: 'beam_column', params: { section: SINGLY, grade: 'Q235', N: 100, Mx: 400, l0x: 3, l0y: 3, gamma_x: 1.05 } });
    close(r.values.sigma_strength, 197.53);
  });
});

describe('α0 from the real neutral axis (issue 32 item 5)', () => {
  // Welded I, Q235, h = 600, top (compression) flange 160×12, bottom 320×16, web 572×10 (h0/tw = 57.2).
  //   A = 1920 + 5720 + 5120 = 12 760; yc = (1920·594 + 5720·302 + 5120·8)/12 760 = 227.97 mm; Ix = 6.9242e8 mm⁴
  //   N = 300 kN, Mx = 60 kN·m: N/A = 23.511; web top edge y = 588 − 227.97 = 360.03 → σmax = 23.511 + 60e6·360.03/Ix
  //   = 54.71; web bottom edge y = 227.97 − 16 = 211.97 → σmin = 23.511 − 18.367 = 5.144; α0 = (54.71 − 5.144)/54.71
  //   = 0.9060 → S3 web limit (40 + 18·0.906^1.5)εk = 55.52 < 57.2 → S4 → γx = 1.0.
  //   (The mid-web assumption gave α0 = 1.026, S3 limit 58.7 and γx = 1.05: unconservative.)
  it('gives γx = 1.0 where the mid-web assumption gave 1.05', () => {
    const r = calculate({ kind: 'beam_column', params: { section: { type: 'welded_i', h: 600, b: 160, tw: 10, tf: 12, b2: 320, tf2: 16 }, grade: 'Q235', N: 300, Mx: 60, l0x: 3, l0y: 3 } });
    close(r.values.alpha0, 0.906, 0.001);
    expect(r.values.web_class).toBe(4);
    expect(r.values.gamma_x).toBe(1);
  });
  // h = 900, top 200×12, bottom 400×20, web 868×8 (h0/tw = 108.5), N = 50 kN, Mx = 120 kN·m:
  //   A = 2400 + 6944 + 8000 = 17 344; yc = (2400·894 + 6944·454 + 8000·10)/17 344 = 310.08; Ix = 2.3575e9 mm⁴ (Σ)
  //   σ top edge = 2.883 + 120e6·(888 − 310.08)/Ix = 32.30; bottom edge = 2.883 − 120e6·(310.08 − 20)/Ix = −11.88
  //   α0 = (32.30 + 11.88)/32.30 = 1.368…1.38 → S4 limit 45 + 25α0^1.66 ≈ 87.7 < 108.5 → S5: the warning must show.
  it('warns S5 where the mid-web assumption hid it', () => {
    const r = calculate({ kind: 'beam_column', params: { section: { type: 'welded_i', h: 900, b: 200, tw: 8, tf: 12, b2: 400, tf2: 20 }, grade: 'Q235', N: 50, Mx: 120, l0x: 3, l0y: 3 } });
    expect(Number(r.values.alpha0)).toBeGreaterThan(1.36);
    expect(Number(r.values.alpha0)).toBeLessThan(1.40);
    expect(r.warnings.map((w) => w.code)).toContain('s5_section');
  });
});

describe('compression strength, slenderness, overrides (issue 32 item 6)', () => {
  // HN400x200x8x13 (A = 8337 by spec §2.3), Q235 f = 215, fu = 370. N = 1000 kN, An = 6000 mm² at the bolt holes:
  //   7.1.1-1 gross: 1000e3/8337 = 119.95 N/mm² → 0.558;  7.1.1-2 net at the holes: 1000e3/(6000·0.7·370) = 0.6435
  //   (the 2003 rule N/An ≤ f gave 166.7/215 = 0.775)
  it('uses the gross section for 7.1.1-1 and 0.7fu on the net section', () => {
    const r = calculate({ kind: 'compression', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235', N: 1000, l0x: 1, l0y: 1, An: 6000 } });
    close(r.values.sigma_strength, 1000e3 / 8337, 0.003);
    close(r.values.ratio_net, 1000e3 / (6000 * 0.7 * 370));
  });
  // HN400x200x8x13, l0y = 7.8 m: λy = 7800/45.63 = 171 > 150; a small N keeps N/(φAf) below 0.5 → [λ] = 200, no warning
  it('relaxes the slenderness limit to 200 at ≤ 50 % utilisation (7.4.6)', () => {
    const light = calculate({ kind: 'compression', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235', N: 50, l0x: 7.8, l0y: 7.8 } });
    expect(light.values.lambda_limit).toBe(200);
    expect(light.warnings.map((w) => w.code)).not.toContain('slenderness');
    const given = calculate({ kind: 'compression', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235', N: 50, l0x: 7.8, l0y: 7.8, lambda_limit: 150 } });
    expect(given.warnings.map((w) => w.code)).toContain('slenderness');
  });
  it('warns on γx above the table and f above the grade', () => {
    // HN400x200x8x13 Q235: f = 215 (t = 13); γx table 1.05
    const r = calculate({ kind: 'beam', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235', Mx: 100, gamma_x: 1.2, f: 235 } });
    const codes = r.warnings.map((w) => w.code);
    expect(codes).toContain('gamma_x_above_table');
    expect(codes).toContain('f_above_grade');
  });
});

describe('cantilever φb by C.0.4 (issue 32 item 3)', () => {
  // HN400x200x8x13, Q235, cantilever l1 = 4 m, point load at the free end on the top flange (item 1).
  //   ξ = l1 t1/(b1 h) = 4000·13/(200·400) = 0.65 → βb = 0.21 + 0.67·0.65 = 0.6455 (Table C.0.4, 0.60 ≤ ξ ≤ 1.24)
  //   spec §2.3: A = 8337, Iy = 1736e4 → iy = 45.63, Wx = 1173e3; λy = 4000/45.63 = 87.66
  //   φb = 0.6455·(4320/87.66²)·(8337·400/1173e3)·√(1 + (87.66·13/(4.4·400))²) = 0.6455·0.5622·2.843·1.1897 = 1.2275
  //   > 0.6 → φb' = 1.07 − 0.282/1.2275 = 0.8403
  it('takes βb from Table C.0.4', () => {
    const r = calculate({ kind: 'beam', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235', Mx: 120, ltb: { l1: 4, cantilever_item: 1 } } });
    close(r.values.beta_b, 0.6455, 0.001);
    close(r.values.phi_b, 0.8403, 0.005);
  });
});
