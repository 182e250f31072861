// Issue 32 in the frame: the sign of the moment decides the compressed flange (items 2, 3), every horizontal load
// counts in θ (item 4). Expected figures derived in the comments from statics and the plates.
import { describe, expect, it } from 'vitest';
import { analyseFrame } from '../../../../src/calc/steel/frame/index.ts';

const close = (got: unknown, want: number, rel = 0.003) => expect(Math.abs(Number(got) - want)).toBeLessThanOrEqual(rel * Math.abs(want));

// Welded I, Q235: top flange 300×16, bottom flange 150×12, web 622×8, h = 650 (the singly symmetric section of
// ../unequal-flanges.test.ts): Ix = 7.5017e8 mm⁴, yc = 405.98 mm, W1 (top) = 3.0743e6, W2 (bottom) = 1.8478e6 mm³.
const SINGLY = { type: 'welded_i', h: 650, b: 300, tw: 8, tf: 16, b2: 150, tf2: 12 } as const;

describe('moment sign (issue 32 item 2)', () => {
  // Cantilever A (fixed, x = 0) → B (free, x = 3 m), P = 100 kN down at B: M_A = −300 kN·m (hogging: the bottom
  // flange is compressed). Strength with the compressed bottom flange: b/t = 71/12 = 5.92 (S1), web S3 → γx = 1.05;
  // σ = 300e6/(1.05·1.8478e6) = 154.62 N/mm² → 0.7192 (the top flange taken as compressed gave 300e6/(1.05·3.0743e6)
  // = 92.94 → 0.432). The compression flange is braced here so that strength alone is compared.
  it('checks a hogging cantilever with its compressed bottom flange', () => {
    const r = analyseFrame({
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 3, y: 0 }],
      members: [{ id: 'AB', i: 'A', j: 'B', section: SINGLY, grade: 'Q235', design: { braced: true } }],
      supports: [{ node: 'A', type: 'fixed' }],
      nodal_loads: [{ node: 'B', fy: -100 }],
    });
    const c = r.checks.AB!;
    expect(c.compressed_flange).toBe('bottom');
    close(c.M_bottom_compressed, 300);
    close(c.ratio_bending, 154.62 / 215);
  });
  // The same member drawn from B to A (right to left): local y points down, flange 1 is still the top flange.
  it('keeps flange 1 on top for a member drawn right to left', () => {
    const r = analyseFrame({
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 3, y: 0 }],
      members: [{ id: 'BA', i: 'B', j: 'A', section: SINGLY, grade: 'Q235', design: { braced: true } }],
      supports: [{ node: 'A', type: 'fixed' }],
      nodal_loads: [{ node: 'B', fy: -100 }],
    });
    expect(r.checks.BA!.compressed_flange).toBe('bottom');
    close(r.checks.BA!.ratio_bending, 154.62 / 215);
  });
  // Fixed-fixed beam, L = 6 m, w = 40 kN/m: ends −wL²/12 = −120 kN·m (bottom flange compressed), mid-span +60.
  //   hogging: 120e6/(1.05·1.8478e6) = 61.85 → 0.2877; sagging: tension fibre (bottom) 60e6/(1.05·1.8478e6) = 30.92
  //   → both signs checked, the hogging one governs.
  it('checks both signs of a continuous beam and keeps them apart', () => {
    const r = analyseFrame({
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 6, y: 0 }],
      members: [{ id: 'AB', i: 'A', j: 'B', section: SINGLY, grade: 'Q235', loads: [{ type: 'udl', w: -40 }], design: { braced: true } }],
      supports: [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'fixed' }],
    });
    const c = r.checks.AB!;
    close(c.M_bottom_compressed, 120);
    close(c.M_top_compressed, 60);
    expect((c.by_flange as unknown[]).length).toBe(2);
    close(c.ratio_bending, 61.85 / 215);
  });
});

describe('cantilevers use Table C.0.4 (issue 32 item 3)', () => {
  // HN400x200x8x13 Q235 cantilever, l = 4 m, P = 30 kN at the free end: M = 120 kN·m; ξ = 4000·13/(200·400) = 0.65,
  // βb = 0.21 + 0.67ξ = 0.6455, φb' = 0.8403 (derived in ../unequal-flanges.test.ts); 6.2.2: 120e6/(0.8403·1173e3·215)
  // = 0.5663. The simply supported table gave βb = 1.75 (item 10, M2/M1 = 0).
  it('takes βb = 0.6455, not 1.75', () => {
    const r = analyseFrame({
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 4, y: 0 }],
      members: [{ id: 'AB', i: 'A', j: 'B', section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235' }],
      supports: [{ node: 'A', type: 'fixed' }],
      nodal_loads: [{ node: 'B', fy: -30 }],
    });
    const c = r.checks.AB!;
    close(c.beta_b, 0.6455, 0.001);
    close(c.ratio_ltb, 0.5663, 0.006);
    expect(c.cantilever).toBe(true);
  });
});

describe('θ counts distributed horizontal loads (issue 32 item 4)', () => {
  // Fixed-base portal h = 4 m, wind w = 5 kN/m along +X on the left column, gravity on the beam. The storey's ΣH with
  // the column load lumped to the two levels: ∫0^h w·(y/h) dy = w·h/2 = 10 kN (the other half goes straight to the
  // base). θ = ΣN·|Δu|/(ΣH·h) is then computed, not 「无水平荷载」.
  it('computes θ for wind as a UDL on a column', () => {
    const r = analyseFrame({
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 4 }, { id: 'C', x: 6, y: 4 }, { id: 'D', x: 6, y: 0 }],
      members: [
        { id: 'AB', i: 'A', j: 'B', A: 11845, I: 2.0186e8, loads: [{ type: 'udl', w: 5, dir: 'global_x' }] },
        { id: 'BC', i: 'B', j: 'C', A: 8337, I: 2.3457e8, loads: [{ type: 'udl', w: -20 }] },
        { id: 'DC', i: 'D', j: 'C', A: 11845, I: 2.0186e8 },
      ],
      supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }],
    });
    const s = r.storeys[0]!;
    close(s.sum_H, 10, 1e-9);
    expect(s.theta).not.toBeNull();
    close(s.theta, (s.sum_N * Math.abs(s.delta_u)) / (s.sum_H * s.h), 1e-9);
    expect(r.warnings.map((w) => w.code)).not.toContain('theta_not_computed');
  });
});
