// Closed-form cases, exact to 1e-9 relative: the direct stiffness method with the exact element is exact for these
// (axial and bending uncoupled, loads whose particular solutions the element carries). Formulas: steel.md §8.8 and
// the standard beam tables (e.g. Gere & Goodno, Mechanics of Materials, Appendix G: cantilever and simple-beam
// deflections; fixed-end moments Pab²/L²); the continuous beam by slope-deflection, solved here independently.
import { describe, expect, it } from 'vitest';
import { analyseFrame, type FrameInput } from '../../../../src/calc/steel/frame/index.ts';

const E = 206000;
const I = 1e8; // mm⁴
const A = 1e4; // mm²
const EI = E * I; // N·mm²
const REL = 1e-9;

function close(got: number | null | undefined, want: number, scale = Math.abs(want)): void {
  expect(got).not.toBeNull();
  expect(Math.abs((got as number) - want), `${got} vs ${want}`).toBeLessThanOrEqual(REL * Math.max(scale, 1e-300));
}

const beam = (L: number, supports: FrameInput['supports'], loads: NonNullable<FrameInput['members'][number]['loads']>, extra: Partial<FrameInput['members'][number]> = {}): FrameInput => ({
  nodes: [
    { id: 'A', x: 0, y: 0 },
    { id: 'B', x: L, y: 0 },
  ],
  members: [{ id: 'AB', i: 'A', j: 'B', A, I, E, loads, ...extra }],
  supports,
});

const member = (r: ReturnType<typeof analyseFrame>, id = 'AB') => r.members.find((m) => m.id === id)!;
const reaction = (r: ReturnType<typeof analyseFrame>, node: string) => r.reactions.find((x) => x.node === node)!;
const node = (r: ReturnType<typeof analyseFrame>, id: string) => r.nodes.find((x) => x.id === id)!;

describe('closed forms, 1e-9 relative', () => {
  const L = 6;
  const w = 10; // kN/m downward
  const Lmm = L * 1000;

  it('fixed-fixed beam, UDL: −wL²/12 at the ends, +wL²/24 at mid-span, wL/2, v = wL⁴/(384EI)', () => {
    const r = analyseFrame(beam(L, [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'fixed' }], [{ type: 'udl', w: -w }]));
    const m = member(r);
    close(m.M_i, (-w * L * L) / 12);
    close(m.M_j, (-w * L * L) / 12);
    close(m.M_max, (w * L * L) / 24);
    close(m.x_M_max, L / 2);
    close(m.V_i, (w * L) / 2);
    close(m.V_j, (-w * L) / 2);
    close(reaction(r, 'A').ry, (w * L) / 2);
    close(reaction(r, 'A').mz, (w * L * L) / 12);
    close(reaction(r, 'B').mz, (-w * L * L) / 12);
    close(m.v_min, (-w * Lmm ** 4) / (384 * EI));
    // where a smooth function is extreme is fixed only to about √ε by its values: 1e-6 here
    expect(Math.abs(m.x_v_min - L / 2)).toBeLessThanOrEqual(1e-6 * L);
  });

  it('propped cantilever, UDL: M_A = −wL²/8, R_A = 5wL/8, R_B = 3wL/8, M_max = 9wL²/128 at 3L/8 from B', () => {
    const r = analyseFrame(beam(L, [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'pinned' }], [{ type: 'udl', w: -w }]));
    const m = member(r);
    close(m.M_i, (-w * L * L) / 8);
    close(reaction(r, 'A').ry, (5 * w * L) / 8);
    close(reaction(r, 'B').ry, (3 * w * L) / 8);
    close(m.M_max, (9 * w * L * L) / 128);
    close(m.x_M_max, (5 * L) / 8);
    close(m.M_j, 0, w * L * L);
  });

  it('simple beam made of end hinges on two fixed supports: wL²/8 and 5wL⁴/(384EI); the same as pinned + roller', () => {
    const hinged = analyseFrame(beam(L, [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'fixed' }], [{ type: 'udl', w: -w }], { release_i: true, release_j: true }));
    const simple = analyseFrame(beam(L, [{ node: 'A', type: 'pinned' }, { node: 'B', type: 'roller' }], [{ type: 'udl', w: -w }]));
    for (const r of [hinged, simple]) {
      const m = member(r);
      close(m.M_max, (w * L * L) / 8);
      close(m.x_M_max, L / 2);
      close(m.v_min, (-5 * w * Lmm ** 4) / (384 * EI));
      close(reaction(r, 'A').ry, (w * L) / 2);
      close(reaction(r, 'A').mz, 0, w * L * L);
    }
    // end rotations of a simple beam: wL³/(24EI)
    close(node(simple, 'A').rz, (-w * Lmm ** 3) / (24 * EI));
    close(node(simple, 'B').rz, (w * Lmm ** 3) / (24 * EI));
  });

  it('cantilever, tip load: v = PL³/(3EI), θ = PL²/(2EI), M_A = −PL', () => {
    const P = 25;
    const r = analyseFrame({ ...beam(L, [{ node: 'A', type: 'fixed' }], []), nodal_loads: [{ node: 'B', fy: -P }] });
    close(node(r, 'B').uy, (-P * 1000 * Lmm ** 3) / (3 * EI));
    close(node(r, 'B').rz, (-P * 1000 * Lmm ** 2) / (2 * EI));
    close(member(r).M_i, -P * L);
    close(reaction(r, 'A').mz, P * L);
  });

  it('fixed-fixed beam, point load at a: −Pab²/L², −Pa²b/L², 2Pa²b²/L³ under the load', () => {
    const P = 40;
    const a = 2;
    const b = L - a;
    const r = analyseFrame(beam(L, [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'fixed' }], [{ type: 'point', p: -P, a }]));
    const m = member(r);
    close(m.M_i, (-P * a * b * b) / L ** 2);
    close(m.M_j, (-P * a * a * b) / L ** 2);
    close(m.M_max, (2 * P * a * a * b * b) / L ** 3);
    close(m.x_M_max, a);
    close(reaction(r, 'A').ry, (P * b * b * (3 * a + b)) / L ** 3);
  });

  it('axial bar: u = PL/(EA), N = P', () => {
    const P = 100;
    const r = analyseFrame({ ...beam(L, [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'roller' }], []), nodal_loads: [{ node: 'B', fx: P }] });
    close(node(r, 'B').ux, (P * 1000 * Lmm) / (E * A));
    close(member(r).N_i, P);
    close(member(r).N_j, P);
  });

  it('roller at an angle: the reaction is normal to the rolling surface (statics)', () => {
    const deg = 30;
    const t = Math.tan((deg * Math.PI) / 180);
    const r = analyseFrame(beam(L, [{ node: 'A', type: 'pinned' }, { node: 'B', type: 'roller', angle: deg }], [{ type: 'udl', w: -w }]));
    close(reaction(r, 'B').ry, (w * L) / 2);
    close(reaction(r, 'B').rx, (-w * L * t) / 2);
    close(reaction(r, 'A').rx, (w * L * t) / 2);
    close(reaction(r, 'A').ry, (w * L) / 2);
    close(member(r).N_i, (-w * L * t) / 2);
    // B moves along its surface only
    const b = node(r, 'B');
    close(-Math.sin((deg * Math.PI) / 180) * b.ux + Math.cos((deg * Math.PI) / 180) * b.uy, 0, Math.hypot(b.ux, b.uy));
  });

  it('three-span continuous beam (the cucdc example) equals slope-deflection solved independently', () => {
    // spans 8, 12, 8 m; I = 6e7, 2.4e8, 6e7 mm⁴; 10 kN at mid-span 1, 4 kN/m on span 2; both ends fixed.
    const spans = [
      { L: 8, I: 6e7, fem: (10 * 8) / 8 }, // PL/8
      { L: 12, I: 2.4e8, fem: (4 * 12 * 12) / 12 }, // wL²/12
      { L: 8, I: 6e7, fem: 0 },
    ];
    const k = spans.map((s) => (E * s.I) / (s.L * 1000) / 1e6); // EI/L in kN·m per rad
    // joint equilibrium at 2 and 3 (clockwise end moments positive, slope-deflection M = 2k(2θn + θf) ± FEM):
    // (4k1 + 4k2)θ2 + 2k2θ3 = FEM1 − FEM2 ;  2k2θ2 + (4k2 + 4k3)θ3 = FEM2 − FEM3
    const [k1, k2, k3] = k as [number, number, number];
    const a11 = 4 * k1 + 4 * k2;
    const a12 = 2 * k2;
    const a22 = 4 * k2 + 4 * k3;
    const b1 = spans[1]!.fem - spans[0]!.fem;
    const b2 = spans[2]!.fem - spans[1]!.fem;
    const det = a11 * a22 - a12 * a12;
    const th2 = (b1 * a22 - a12 * b2) / det;
    const th3 = (a11 * b2 - a12 * b1) / det;
    // clockwise-positive member-end moments
    const M12 = 2 * k1 * th2 - spans[0]!.fem;
    const M21 = 4 * k1 * th2 + spans[0]!.fem;
    const M32 = 4 * k2 * th3 + 2 * k2 * th2 + spans[1]!.fem;
    const M43 = 2 * k3 * th3;
    const r = analyseFrame({
      nodes: [
        { id: '1', x: 0, y: 0 },
        { id: '2', x: 8, y: 0 },
        { id: '3', x: 20, y: 0 },
        { id: '4', x: 28, y: 0 },
      ],
      members: [
        { id: 'e1', i: '1', j: '2', A, I: 6e7, loads: [{ type: 'point', p: -10, a: 4 }] },
        { id: 'e2', i: '2', j: '3', A, I: 2.4e8, loads: [{ type: 'udl', w: -4 }] },
        { id: 'e3', i: '3', j: '4', A, I: 6e7 },
      ],
      supports: [
        { node: '1', type: 'fixed' },
        { node: '2', type: 'roller' },
        { node: '3', type: 'roller' },
        { node: '4', type: 'fixed' },
      ],
    });
    // clockwise θ is negative rz; design M at end i = clockwise end moment (hogging negative), at end j = −clockwise
    close(node(r, '2').rz, -th2);
    close(node(r, '3').rz, -th3);
    close(member(r, 'e1').M_i, M12);
    close(member(r, 'e1').M_j, -M21);
    close(member(r, 'e2').M_j, -M32);
    close(member(r, 'e3').M_j, -M43);
  });
});
