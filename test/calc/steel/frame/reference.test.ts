// The five frame cases of steel.json through the engine: the source's figures (`expected`) within each case's
// tolerance, and every figure the independent script computed under Part B (`recomputed_api`) within the same.
import { describe, expect, it } from 'vitest';
import { analyseFrame } from '../../../../src/calc/steel/frame/index.ts';
import { at, FRAME_VECTORS, recomputedPaths, within } from './vectors.ts';

describe('frame reference cases (steel.json)', () => {
  it('has the five frame cases', () => {
    expect(FRAME_VECTORS.map((v) => v.id)).toEqual(['frame-fixed-fixed-udl', 'frame-propped-cantilever', 'frame-portal-lateral', 'frame-3span-continuous', 'frame-3bar-truss']);
  });

  for (const v of FRAME_VECTORS) {
    it(`${v.id}: the source's figures`, () => {
      const r = analyseFrame(v.params);
      for (const [p, want] of Object.entries(v.expected)) expect(within(at(r, p), want, v.tolerance), `${p}: ${String(at(r, p))} vs ${want}`).toBe(true);
    });

    it(`${v.id}: every recomputed figure`, () => {
      const r = analyseFrame(v.params);
      for (const [p, want] of recomputedPaths(v)) {
        // the position of an extreme is meaningless where the moment is constant along the member (a truss bar)
        const key = p.split('.')[2]!;
        if (key.startsWith('x_M_')) {
          const m = at(r, p.replace(/x_M_(max|min)$/, 'M_max')) as number;
          const n = at(r, p.replace(/x_M_(max|min)$/, 'M_min')) as number;
          if (m === n) continue;
        }
        // v extremes: the script sampled 21 points, the engine refines between samples (never less extreme)
        if (key === 'v_min' || key === 'v_max') {
          const got = at(r, p) as number;
          expect(key === 'v_min' ? got <= want + v.tolerance.abs : got >= want - v.tolerance.abs, `${p}: ${got} vs ${want}`).toBe(true);
          expect(within(got, want, { rel: 0.01, abs: v.tolerance.abs }), `${p}: ${got} vs ${want}`).toBe(true);
          continue;
        }
        expect(within(at(r, p), want, v.tolerance), `${p}: ${String(at(r, p))} vs ${want}`).toBe(true);
      }
      const nulls = v.recomputed_api.nodes.filter((n) => n.rz === null).map((n) => n.id);
      expect(r.nodes.filter((n) => n.rz === null).map((n) => n.id)).toEqual(nulls);
      for (const s of v.recomputed_api.storeys ?? []) {
        const got = r.storeys.find((x) => x.storey === s.storey)!;
        for (const k of ['h', 'sum_N', 'sum_H', 'delta_u', 'theta', 'alpha_II'] as const) {
          if (s[k] === null) expect(got[k], `${v.id} storey ${s.storey} ${k}`).toBeNull();
          else expect(within(got[k], s[k]!, v.tolerance), `${v.id} storey ${s.storey} ${k}: ${got[k]} vs ${s[k]}`).toBe(true);
        }
      }
      if (v.recomputed_api.storeys === undefined) expect(r.storeys).toEqual([]);
    });
  }

  it('names θ not computed when the storey has no horizontal load (the truss)', () => {
    const r = analyseFrame(FRAME_VECTORS.find((v) => v.id === 'frame-3bar-truss')!.params);
    expect(r.theta_max).toBeNull();
    expect(r.warnings.map((w) => w.code)).toContain('theta_not_computed');
  });
});
