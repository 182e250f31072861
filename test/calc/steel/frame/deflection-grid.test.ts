// The serviceability deflections combine per-case grids and refine only the combinations within 2 % of the best
// sample (service.ts). This checks each beam's served v_T and v_Q against a dense oracle: every standard combination
// superposed member by member and sampled at 4,000 points, relative to the chord (a cantilever: its root tangent).
import { describe, expect, it } from 'vitest';
import { analyseFrame, memberContexts, type FrameInput } from '../../../../src/calc/steel/frame/index.ts';
import { analyseMany, combineMember } from '../../../../src/calc/steel/frame/analyse.ts';
import { frameForCase, selfWeight } from '../../../../src/calc/steel/frame/cases.ts';
import { combinations, type LoadCase } from '../../../../src/calc/steel/frame/combinations.ts';
import { frameRequest } from '../../../../src/calc/steel/frame/schema.ts';

function oracle(body: FrameInput): Map<string, { T: number; Q: number }> {
  const frame = frameRequest.parse(body);
  const cases = frame.load_cases! as LoadCase[];
  const g = cases.find((c) => c.type === 'G')!;
  const weight = frame.self_weight === false ? null : selfWeight(frame);
  const analyses = analyseMany(cases.map((c) => frameForCase(frame, c, false, c === g ? weight : null)));
  const sls = combinations(cases).filter((c) => c.limit_state === 'sls');
  const contexts = memberContexts(frame);
  const out = new Map<string, { T: number; Q: number }>();
  frame.members.forEach((m, k) => {
    let T = 0;
    let Q = 0;
    for (const c of sls) {
      for (const part of ['T', 'Q'] as const) {
        const f = cases.map((x) => (part === 'Q' && x.type === 'G' ? 0 : c.factors[x.id] ?? 0));
        if (f.every((v) => v === 0)) continue;
        const a = combineMember(analyses, f, k);
        const L = a.model.el.L;
        const free = contexts[k]!.freeEnd;
        const v0 = a.field.v(0);
        const vL = a.field.v(L);
        for (let s = 0; s <= 4000; s++) {
          const x = (L * s) / 4000;
          const ref = free === 'j' ? v0 + a.u[2]! * x : free === 'i' ? vL + a.u[5]! * (x - L) : v0 + ((vL - v0) * x) / L;
          const d = Math.abs(a.field.v(x) - ref);
          if (part === 'T') T = Math.max(T, d);
          else Q = Math.max(Q, d);
        }
      }
    }
    out.set(m.id, { T, Q });
  });
  return out;
}

const HN = { type: 'rolled_h' as const, designation: 'HN400x200x8x13' };
const HW = { type: 'rolled_h' as const, designation: 'HW300x300x10x15' };
// a portal with an overhang: point loads near the supports, a partial trapezoid, wind both ways
const body: FrameInput = {
  nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 4 }, { id: 'C', x: 8, y: 4 }, { id: 'D', x: 8, y: 0 }, { id: 'E', x: 10.5, y: 4 }],
  members: [
    { id: 'AB', i: 'A', j: 'B', section: HW, grade: 'Q355' },
    { id: 'BC', i: 'B', j: 'C', section: HN, grade: 'Q355', loads: [{ type: 'udl', w: -8, case: 'G' }, { type: 'point', p: -40, a: 0.5, case: 'Q' }, { type: 'point', p: -25, a: 7.2, case: 'G' }, { type: 'udl', w: -4, w2: -12, a: 1, b: 6, case: 'Q' }] },
    { id: 'DC', i: 'D', j: 'C', section: HW, grade: 'Q355' },
    { id: 'CE', i: 'C', j: 'E', section: HN, grade: 'Q355', loads: [{ type: 'point', p: -15, a: 2.5, case: 'Q' }, { type: 'udl', w: -6, case: 'G' }] },
  ],
  supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'pinned' }],
  nodal_loads: [{ node: 'B', fx: 12, case: 'WL' }, { node: 'C', fx: -12, case: 'WR' }],
  load_cases: [{ id: 'G', type: 'G' }, { id: 'Q', type: 'Q' }, { id: 'WL', type: 'W' }, { id: 'WR', type: 'W' }],
};

describe('deflections from per-case grids', () => {
  it('equal the dense maximum over every standard combination', () => {
    const want = oracle(body);
    const served = analyseFrame(body).serviceability!.deflections;
    expect(served.map((d) => d.member).sort()).toEqual(['BC', 'CE']);
    for (const d of served) {
      const w = want.get(d.member)!;
      // the dense grid is within (L/8000)²·|v''|/2 of the true peak: far below 1e-4 relative
      expect(Math.abs(d.v_T - w.T) / w.T).toBeLessThan(1e-4);
      if (d.v_Q !== null) expect(Math.abs(d.v_Q - w.Q) / w.Q).toBeLessThan(1e-4);
    }
  });
});
