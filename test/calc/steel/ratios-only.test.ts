// calculate(body, { steps: false }) — what a plane frame rates its non-governing combinations with — must give the
// very checks, verdict and governing ratio of the full answer (the same kind function runs; only the steps, values
// and summary are left out). Checked over the independent cases and a grid of every member kind's branches.
import { describe, expect, it } from 'vitest';
import { calculate } from '../../../src/calc/steel/index.ts';
import { INDEPENDENT, memberRequest } from './independent.ts';

const rolled = { type: 'rolled_h', designation: 'HW300x300x10x15' };
const welded = { type: 'welded_i', h: 900, b: 400, tw: 10, tf: 20, flange_edge: 'flame_cut', b2: 240, tf2: 18 };

function grid(): Array<{ kind: string; params: Record<string, unknown> }> {
  const out: Array<{ kind: string; params: Record<string, unknown> }> = [];
  for (const section of [rolled, welded]) {
    for (const grade of ['Q235', 'Q355']) {
      for (const N of [50, 800, 3000]) {
        out.push({ kind: 'tension', params: { section, grade, N } });
        out.push({ kind: 'tension', params: { section, grade, N, n: 8, n1: 2 } });
        out.push({ kind: 'compression', params: { section, grade, N, l0x: 6, l0y: 3 } });
        for (const Mx of [40, 400]) {
          for (const moments of [
            { sway: true, transverse: 'none' },
            { sway: false, transverse: 'none', m2_m1: -0.4 },
            { sway: false, transverse: 'udl', m2_m1: 0.5, Mqx: Mx / 2, M1: Mx * 0.8 },
            { sway: false, transverse: 'point_mid' },
          ]) {
            out.push({ kind: 'beam_column', params: { section, grade, N, Mx, l0x: 6, l0y: 3, moments } });
          }
          out.push({ kind: 'beam_column', params: { section, grade, N, Mx, l0x: 12, l0y: 9, phi_b_method: 'C.0.1' } });
        }
      }
      for (const Mx of [120, -120, 900, -900]) {
        out.push({ kind: 'beam', params: { section, grade, Mx, V: 300, ltb: { braced: true } } });
        out.push({ kind: 'beam', params: { section, grade, Mx, V: 300, ltb: { l1: 6, item: 1 } } });
        out.push({ kind: 'beam', params: { section, grade, Mx, ltb: { l1: 6, item: 10, m2_m1: -0.5 } } });
        out.push({ kind: 'beam', params: { section, grade, Mx, My: 20, ltb: { l1: 3, cantilever_item: 3 } } });
      }
    }
  }
  return out;
}

// the member checks (phi and section compute no ratio: their answer is their steps)
const CHECKS = new Set(['tension', 'compression', 'beam', 'beam_column']);
const requests = [...INDEPENDENT.map(memberRequest).filter((r) => r !== null && CHECKS.has(r.kind)), ...grid()];

describe('ratios only (steps: false)', () => {
  it(`gives the full answer's checks, verdict and governing ratio (${requests.length} requests)`, () => {
    let compared = 0;
    for (const body of requests) {
      let full;
      try {
        full = calculate(body);
      } catch (err) {
        // a refused input is refused alike, naming the same field
        expect(() => calculate(body, { steps: false })).toThrow((err as Error).message);
        continue;
      }
      const lean = calculate(body, { steps: false });
      const label = JSON.stringify(body);
      expect(lean.checks, label).toEqual(full.checks);
      expect([lean.verdict, lean.governing, lean.governing_ratio], label).toEqual([full.verdict, full.governing, full.governing_ratio]);
      expect(full.steps.length).toBeGreaterThan(0);
      expect([lean.steps, lean.summary], label).toEqual([[], '']);
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });
});
