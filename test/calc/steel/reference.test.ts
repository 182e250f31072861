// Every member case of the reference file through the engine: the source's printed figures (published cases) and
// the figures under Part B (all cases) within each case's tolerance, the verdict and the governing check.
import { describe, expect, it } from 'vitest';
import { calculate } from '../../../src/calc/steel/index.ts';
import { MEMBER_VECTORS, mismatches, targets } from './vectors.ts';

describe('steel reference cases (engine)', () => {
  it('covers the 23 member cases', () => {
    expect(MEMBER_VECTORS).toHaveLength(23);
    expect(new Set(MEMBER_VECTORS.map((v) => v.kind))).toEqual(new Set(['phi', 'section', 'tension', 'compression', 'beam', 'beam_column']));
  });

  it.each(MEMBER_VECTORS.map((v) => [v.id, v] as const))('%s', (_id, v) => {
    const r = calculate({ kind: v.kind, params: v.params });
    expect(mismatches(v, r.values)).toEqual([]);
    expect(Object.keys(targets(v)).length).toBeGreaterThan(0);
    for (const s of r.steps) {
      expect(s.clause, s.key).toBeTruthy();
      expect(typeof s.unit, s.key).toBe('string');
    }
    expect(r.summary).toMatch(/[\u4e00-\u9fff]/);
    if (r.governing) expect(r.summary).toContain(r.checks.find((c) => c.key === r.governing)!.name);
    expect(JSON.stringify(r)).not.toMatch(/NaN|Infinity/);
  });
});
