// Load cases, GB 55001-2021 combinations and their envelope, self-weight, partial and trapezoidal loads and the
// serviceability checks of the frame (issue 32), against closed forms derived in the comments.
import { describe, expect, it } from 'vitest';
import { analyseFrame } from '../../../../src/calc/steel/frame/index.ts';
import { combinations } from '../../../../src/calc/steel/frame/combinations.ts';

const close = (got: unknown, want: number, rel = 1e-4, abs = 1e-9) => expect(Math.abs(Number(got) - want)).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), abs));

// Fixed-base portal, h = L = 4 m, equal I in columns and beam (k = (Ib/L)/(Ic/h) = 1), members nearly rigid axially
// (A = 1e8 mm²) so that the slope-deflection closed forms of steel.md §8.8 hold:
//   UDL w on the beam: beam-end moment wL²/18 (tension outside at the corners), column base wL²/36 (tension inside)
//   lateral P at the beam level: |M_base| = Ph(1 + 3k)/(2(1 + 6k)) = 2Ph/7, |M_top| = 3Ph/14; Δ = 5Ph³/(84EI)
// Left column AB (i = A at the base): local −y is its right (inside) face, so M > 0 is tension inside.
//   G (w = 10): M_i = +4.4444, M_j = −8.8889; Q (w = 6): +2.6667, −5.3333
//   WL (P = 10 → +X at B): M_i = −80/7 = −11.4286, M_j = +120/14 = +8.5714; WR (P = 10 → −X at C): the opposite
// Basic combinations (γG 1.3 / 1.0, γQ 1.5, ψc: Q 0.7, W 0.6), M_i and M_j of AB:
//   1.3G                  5.7778  −11.5556      1.3G + 1.5WL          −11.3651   1.3016
//   1.3G + 1.5Q           9.7778  −19.5556      1.3G + 1.5WL + 1.05Q   −8.5651  −4.2984
//   1.3G + 1.5Q + 0.9WL  −0.5079  −11.8413      1.3G + 1.5WR          22.9206 −24.4127
//   1.3G + 1.5Q + 0.9WR  20.0635  −27.2698      1.3G + 1.5WR + 1.05Q  25.7206 −30.0127
//   1.0G + 1.5WL        −12.6984    3.9683      1.0G + 1.5WR          21.5873 −21.7460
// The column carries no load: M is linear, its extremes at the ends. Envelope: M⁺ = 25.7206 at the base and
// M⁻ = −30.0127 at the top, both 1.3G + 1.5WR + 0.7×1.5Q; the most negative base moment −12.6984 is 1.0G + 1.5WL.
const E = 206000;
const I = 1e8;
const portal = {
  nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 4 }, { id: 'C', x: 4, y: 4 }, { id: 'D', x: 4, y: 0 }],
  members: [
    { id: 'AB', i: 'A', j: 'B', A: 1e8, I },
    { id: 'BC', i: 'B', j: 'C', A: 1e8, I, loads: [{ type: 'udl', w: -10, case: 'G' }, { type: 'udl', w: -6, case: 'Q' }] },
    { id: 'DC', i: 'D', j: 'C', A: 1e8, I },
  ],
  supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }],
  nodal_loads: [{ node: 'B', fx: 10, case: 'WL' }, { node: 'C', fx: -10, case: 'WR' }],
  load_cases: [{ id: 'G', type: 'G' }, { id: 'Q', type: 'Q' }, { id: 'WL', type: 'W', name: '左风' }, { id: 'WR', type: 'W', name: '右风' }],
  self_weight: false,
};

describe('combinations by GB 55001-2021', () => {
  it('writes the issue\'s combinations with their factors', () => {
    const names = combinations([{ id: 'G', type: 'G' }, { id: 'Q', type: 'Q' }, { id: 'W', type: 'W' }]).map((c) => c.name);
    for (const n of ['1.3G + 1.5Q', '1.3G + 1.5Q + 0.6×1.5W', '1.3G + 1.5W + 0.7×1.5Q', '1.0G + 1.5W', 'G + Q']) expect(names).toContain(n);
    // wind in two directions never acts twice in one combination
    const two = combinations([{ id: 'G', type: 'G' }, { id: 'WL', type: 'W' }, { id: 'WR', type: 'W' }]);
    expect(two.every((c) => !(c.factors.WL && c.factors.WR))).toBe(true);
  });

  it('reproduces the hand envelope of a portal with G, Q and wind both ways, naming the governing combination', () => {
    const r = analyseFrame(portal);
    const ab = r.members.find((m) => m.id === 'AB')!;
    const env = ab.envelope!;
    const id = (name: string) => r.combinations!.find((c) => c.name === name && c.limit_state === 'uls')!.id;
    close(env.M_pos.value, 25.7206);
    close(env.M_pos.x, 0, 0, 1e-9);
    expect(env.M_pos.combination).toBe(id('1.3G + 1.5WR + 0.7×1.5Q'));
    close(env.M_neg.value, -30.0127);
    close(env.M_neg.x, 4);
    expect(env.M_neg.combination).toBe(id('1.3G + 1.5WR + 0.7×1.5Q'));
    // the reactions of every basic combination
    expect(Object.keys(r.reactions_by_combination!)).toHaveLength(r.combinations!.filter((c) => c.limit_state === 'uls').length);
    const G10 = r.reactions_by_combination![id('1.0G + 1.5WL')]!;
    // vertical equilibrium of 1.0G + 1.5WL: Σry = 10·4 = 40 kN
    close(G10.reduce((s, x) => s + x.ry, 0), 40);
    // the factors are written once, with clauses
    expect(r.factors!.find((f) => f.key === 'gamma_G')).toMatchObject({ value: 1.3 });
    expect(r.factors!.every((f) => f.clause.length > 0)).toBe(true);
  });

  it('counts the drift of each wind case against h/150 (single storey, B.2.1)', () => {
    const r = analyseFrame(portal);
    const d = r.serviceability!.drift.find((x) => (x as { case: string }).case === 'WL') as { delta_u: number; limit: number };
    // Δ = 5Ph³/(84EI) = 5·10e3·4000³/(84·206000·1e8) = 1.8492 mm; limit 4000/150 = 26.667 mm
    close(d.delta_u, (5 * 10e3 * 4000 ** 3) / (84 * E * I), 2e-4);
    close(d.limit, 4000 / 150);
  });
});

describe('self-weight', () => {
  it('adds ρ·A·g to the permanent case: Σ = 7850 kg/m³ · 9.81 m/s² · ΣA·L', () => {
    // HW300x300x10x15 (A = 11845 mm², spec §2.3) columns 4 m, HN400x200x8x13 (A = 8337) beam 6 m:
    // Σ = 7850·9.81e-9·(2·11845·4 + 8337·6) = 77.0085e-6·144782 = 11.1494 kN; 1.3G alone: Σry = 1.3·Σ
    const r = analyseFrame({
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 4 }, { id: 'C', x: 6, y: 4 }, { id: 'D', x: 6, y: 0 }],
      members: [
        { id: 'AB', i: 'A', j: 'B', section: { type: 'rolled_h', designation: 'HW300x300x10x15' }, grade: 'Q355' },
        { id: 'BC', i: 'B', j: 'C', section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q355', loads: [{ type: 'udl', w: -5, case: 'Q' }] },
        { id: 'DC', i: 'D', j: 'C', section: { type: 'rolled_h', designation: 'HW300x300x10x15' }, grade: 'Q355' },
      ],
      supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }],
      load_cases: [{ id: 'Q', type: 'Q' }],
    });
    close(r.self_weight!.total, 7850 * 9.81e-9 * (2 * 11845 * 4 + 8337 * 6), 2e-4);
    const g = r.combinations!.find((c) => c.name === '1.3G')!;
    close(r.reactions_by_combination![g.id]!.reduce((s, x) => s + x.ry, 0), 1.3 * r.self_weight!.total);
  });
});

describe('partial and trapezoidal loads', () => {
  it('gives the fixed-end moments of a triangular load: wL²/30 and wL²/20', () => {
    const r = analyseFrame({ nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 6, y: 0 }], members: [{ id: 'AB', i: 'A', j: 'B', A: 1e4, I: 1e8, loads: [{ type: 'udl', w: 0, w2: -10 }] }], supports: [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'fixed' }] });
    close(r.members[0]!.M_i, -(10 * 36) / 30, 1e-9);
    close(r.members[0]!.M_j, -(10 * 36) / 20, 1e-9);
  });
  it('finds the moment peak of a partial load: R_A = 22.5 kN, M = 25.3125 kN·m at 2.25 m', () => {
    // simply supported 6 m, 10 kN/m on [0, 3]: R_A = 30·4.5/6 = 22.5; V = 0 at x = 2.25; M = 22.5·2.25 − 5·2.25²
    const r = analyseFrame({ nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 6, y: 0 }], members: [{ id: 'AB', i: 'A', j: 'B', A: 1e4, I: 1e8, loads: [{ type: 'udl', w: -10, a: 0, b: 3 }, { type: 'point', p: -5, a: 4 }, { type: 'point', p: -5, a: 5 }] }], supports: [{ node: 'A', type: 'pinned' }, { node: 'B', type: 'roller' }] });
    // with the two point loads: R_A = 22.5 + 5·2/6 + 5·1/6 = 25; V = 0 at x = 2.5; M = 25·2.5 − 5·2.5² = 31.25
    close(r.reactions[0]!.ry, 25, 1e-9);
    close(r.members[0]!.M_max, 31.25, 1e-9);
    close(r.members[0]!.x_M_max, 2.5, 1e-9);
  });
});

describe('beam deflection from the standard combinations (Table B.1.1)', () => {
  it('checks vT and vQ of a simply supported beam against l/400 and l/500', () => {
    // HN400x200x8x13, Ix = 23457e4 mm⁴ (spec §2.3, 4 s.f.), L = 6 m, G 10 kN/m, Q 8 kN/m, no self-weight:
    // vT = 5·18·6000⁴/(384·206000·2.3457e8) = 6.287 mm (limit 15); vQ = 5·8·6000⁴/(384 E I) = 2.794 mm (limit 12)
    const r = analyseFrame({
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 6, y: 0 }],
      members: [{ id: 'AB', i: 'A', j: 'B', section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235', loads: [{ type: 'udl', w: -10, case: 'G' }, { type: 'udl', w: -8, case: 'Q' }] }],
      supports: [{ node: 'A', type: 'pinned' }, { node: 'B', type: 'roller' }],
      load_cases: [{ id: 'G', type: 'G' }, { id: 'Q', type: 'Q' }],
      self_weight: false,
    });
    const d = r.serviceability!.deflections[0] as { v_T: number; v_T_limit: number; v_Q: number; v_Q_limit: number };
    close(d.v_T, (5 * 18 * 6000 ** 4) / (384 * E * 2.3457e8), 1e-3);
    close(d.v_T_limit, 15);
    close(d.v_Q, (5 * 8 * 6000 ** 4) / (384 * E * 2.3457e8), 1e-3);
    close(d.v_Q_limit, 12);
    // the member check names its governing combination: 1.3G + 1.5Q
    expect(r.combinations!.find((c) => c.id === r.checks.AB!.combination)!.name).toBe('1.3G + 1.5Q');
  });
});
