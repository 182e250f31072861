// Member checks inside the frame (steel.md §8.6): the frame reads the check's inputs off its own analysis and hands
// them to the steel engine. Two member cases of steel.json are rebuilt as frames whose analysis gives exactly the
// case's N, Mx and end-moment ratio; the frame's check must then agree with the case's figures, and the role
// selection (beam-column, beam, tension, compression), the μ = 1.0 warning and the overall verdict are checked.
import { describe, expect, it } from 'vitest';
import { calculate } from '../../../../src/calc/steel/index.ts';
import { analyseFrame, type FrameInput } from '../../../../src/calc/steel/frame/index.ts';
import { MEMBER_VECTORS, mismatches } from '../vectors.ts';

const vector = (id: string) => MEMBER_VECTORS.find((v) => v.id === id)!;
const HN400 = { type: 'rolled_h', designation: 'HN400x200x8x13' } as const;
const HW300 = { type: 'rolled_h', designation: 'HW300x300x10x15' } as const;

describe('member checks in the frame', () => {
  it('bc-HN400-udl-nonsway as a simply supported beam under UDL and end thrust: the same check as the case', () => {
    const v = vector('bc-HN400-udl-nonsway');
    // Mx = wL²/8 = 110 kN·m on L = 6 m; N = 300 kN pushed in at the roller; l0y = 3 m as the case
    const w = (110 * 8) / 36;
    const frame: FrameInput = {
      nodes: [
        { id: 'A', x: 0, y: 0 },
        { id: 'B', x: 6, y: 0 },
      ],
      members: [{ id: 'AB', i: 'A', j: 'B', section: HN400, grade: 'Q235', loads: [{ type: 'udl', w: -w }], design: { l0y: 3 } }],
      supports: [
        { node: 'A', type: 'pinned' },
        { node: 'B', type: 'roller' },
      ],
      nodal_loads: [{ node: 'B', fx: -300 }],
      steps: true, // the whole check, section properties included (the default answer leaves them to the section)
    };
    const r = analyseFrame(frame);
    const c = r.checks.AB!;
    expect(c.kind).toBe('beam_column');
    expect(c.params.N).toBeCloseTo(300, 9);
    expect(c.params.Mx).toBeCloseTo(110, 9);
    expect(c.params).toMatchObject({ l0x: 6, l0y: 3, grade: 'Q235', moments: { sway: false, transverse: 'udl' } });
    expect(mismatches(v, c)).toEqual([]);
    const direct = calculate({ kind: 'beam_column', params: v.params });
    expect(c.verdict).toBe(direct.verdict);
    expect(c.governing).toBe(direct.governing);
    expect(Math.abs(c.ratio! - direct.governing_ratio!)).toBeLessThanOrEqual(1e-9);
    expect(r.verdict).toBe(direct.verdict);
  });

  it('bc-HW300-Q355-sway as a column with end moments −150 and +75 kN·m (reverse curvature, M2/M1 = −0.5)', () => {
    const v = vector('bc-HW300-Q355-sway');
    // a cantilever column of 4.5 m: at the top N = 900 kN down, H = 50 kN and 75 kN·m give M = −150 at the base
    const frame: FrameInput = {
      nodes: [
        { id: 'A', x: 0, y: 0 },
        { id: 'B', x: 0, y: 4.5 },
      ],
      members: [{ id: 'AB', i: 'A', j: 'B', section: HW300, grade: 'Q355', design: { l0x: 9 } }],
      supports: [{ node: 'A', type: 'fixed' }],
      nodal_loads: [{ node: 'B', fx: 50, fy: -900, mz: 75 }],
      steps: true,
    };
    const r = analyseFrame(frame);
    const m = r.members[0]!;
    expect(m.M_i).toBeCloseTo(-150, 9);
    expect(m.M_j).toBeCloseTo(75, 9);
    const c = r.checks.AB!;
    expect(c.kind).toBe('beam_column');
    expect(c.params).toMatchObject({ l0x: 9, l0y: 4.5, moments: { sway: true, transverse: 'none' } });
    expect((c.params.moments as { m2_m1: number }).m2_m1).toBeCloseTo(-0.5, 12);
    expect(mismatches(v, c)).toEqual([]);
    // l0x was given: no μ warning
    expect(r.warnings.map((w) => w.code)).not.toContain('mu_assumed');
  });

  it('chooses the kind by §8.6 and takes a sway column\'s μ from Appendix E', () => {
    const r = analyseFrame({
      nodes: [
        { id: 'A', x: 0, y: 0 },
        { id: 'B', x: 0, y: 4.5 },
        { id: 'C', x: 6, y: 4.5 },
        { id: 'D', x: 6, y: 0 },
        { id: 'E', x: 3, y: 7 },
      ],
      members: [
        { id: 'AB', i: 'A', j: 'B', section: HW300, grade: 'Q355' },
        { id: 'BC', i: 'B', j: 'C', section: HN400, grade: 'Q355', loads: [{ type: 'udl', w: -20 }] },
        { id: 'DC', i: 'D', j: 'C', section: HW300, grade: 'Q355', design: { l0x: 7 } },
        // a pin-ended tie and strut over the beam: axial members
        { id: 'BE', i: 'B', j: 'E', section: HN400, grade: 'Q235', release_i: true, release_j: true },
        { id: 'EC', i: 'E', j: 'C', section: HN400, release_i: true, release_j: true },
      ],
      supports: [
        { node: 'A', type: 'fixed' },
        { node: 'D', type: 'fixed' },
      ],
      nodal_loads: [
        { node: 'B', fx: 15 },
        { node: 'E', fy: -100 },
      ],
    });
    expect(r.checks.AB!.kind).toBe('beam_column');
    expect(r.checks.BE!.kind).toBe('compression');
    expect(r.checks.EC).toBeUndefined(); // no grade: analysed, not checked
    expect(r.warnings.filter((w) => w.code === 'not_checked').map((w) => w.member)).toEqual(['EC']);
    // AB: K1 at B = (Ib/lb)/(Ic/lc) = (23457e4/6)/(20186e4/4.5) = 0.8715 (the pinned strut BE counts nothing),
    // K2 = 10 (fixed base); Table E.0.2 brackets μ between 1.17 (K1 = 1) and 1.28 (K1 = 0.5) on its K2 ≥ 10 row
    expect(r.warnings.filter((w) => w.code === 'mu_assumed')).toEqual([]);
    expect(r.checks.AB!.K1 as number).toBeCloseTo(23457 / 6 / (20186 / 4.5), 2);
    expect(r.checks.AB!.K2).toBe(10);
    expect(r.checks.AB!.mu as number).toBeGreaterThan(1.17);
    expect(r.checks.AB!.mu as number).toBeLessThan(1.28);
    // the params carry six significant figures, as every figure of the check
    expect(Math.abs((r.checks.AB!.params.l0x as number) / ((r.checks.AB!.mu as number) * 4.5) - 1)).toBeLessThan(2e-6);
    // the beam's compression is below 0.01·A·f of HN400 in Q355 (0.01 × 8337 × 305 N = 25.4 kN): a beam
    const bc = r.members.find((m) => m.id === 'BC')!;
    const nc = -(bc.N_i + bc.N_j) / 2;
    expect(r.checks.BC!.kind).toBe(nc > 25.4285 ? 'beam_column' : 'beam');
    // the compression in the strut is what its check received
    const be = r.members.find((m) => m.id === 'BE')!;
    expect(Math.abs((r.checks.BE!.params.N as number) / -Math.min(be.N_i, be.N_j) - 1)).toBeLessThan(1e-6); // six figures
    for (const c of Object.values(r.checks)) {
      // the params are a valid POST /v1/calc/steel body; a beam in tension adds its 8.1.1 combination on top
      const direct = calculate({ kind: c.kind, params: c.params });
      if (c.governing !== 'ratio_tension_bending') expect(direct.governing_ratio).toBe(c.ratio);
      else expect(c.ratio).toBeCloseTo(Number(direct.values.ratio_bending) + Number(calculate({ kind: 'tension', params: { section: c.params.section, grade: c.params.grade, N: c.N_tension } }).values.ratio_gross), 12);
    }
    const worst = Object.entries(r.checks).reduce((p, q) => (q[1].ratio! > p[1].ratio! ? q : p));
    expect(r.governing).toBe(`${worst[0]}: ${worst[1].governing}`);
    expect(r.summary).toContain('构件验算');
  });

  it('a truss member in tension is checked as tension; a failing member fails the frame', () => {
    const r = analyseFrame({
      nodes: [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 4, y: 0 },
        { id: 'c', x: 2, y: 1 },
      ],
      members: [
        { id: 'ab', i: 'a', j: 'b', section: { type: 'props', A: 500, Ix: 1e6, Iy: 1e6, t_for_f: 10 }, grade: 'Q235', release_i: true, release_j: true },
        { id: 'ac', i: 'a', j: 'c', A: 5000, I: 1e7, release_i: true, release_j: true },
        { id: 'cb', i: 'c', j: 'b', A: 5000, I: 1e7, release_i: true, release_j: true },
      ],
      supports: [
        { node: 'a', type: 'pinned' },
        { node: 'b', type: 'roller' },
      ],
      nodal_loads: [{ node: 'c', fy: -200 }],
    });
    // statics: the tie carries P·(L/2)/(2h) = 200 × 2 / 2 = 200 kN; 500 mm² × 215 = 107.5 kN
    expect(r.members.find((m) => m.id === 'ab')!.N_i).toBeCloseTo(200, 9);
    expect(r.checks.ab!.kind).toBe('tension');
    expect(r.checks.ab!.verdict).toBe('fail');
    expect(r.verdict).toBe('fail');
    expect(r.summary).toContain('不满足');
  });

  it('a frame without sections is analysed and not checked', () => {
    const r = analyseFrame({
      nodes: [
        { id: 'A', x: 0, y: 0 },
        { id: 'B', x: 5, y: 0 },
      ],
      members: [{ id: 'AB', i: 'A', j: 'B', A: 1e4, I: 1e8, loads: [{ type: 'udl', w: -10 }] }],
      supports: [
        { node: 'A', type: 'fixed' },
        { node: 'B', type: 'fixed' },
      ],
    });
    expect(r.checks).toEqual({});
    expect(r.verdict).toBe('not_checked');
    expect(r.governing).toBeNull();
  });
});
