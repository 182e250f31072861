import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, RRF_K } from '../../src/kb/fusion.ts';

describe('reciprocal rank fusion', () => {
  it('sums 1/(k+rank) over the lists (Cormack et al. 2009)', () => {
    const fused = reciprocalRankFusion([['a', 'b', 'c'], ['c', 'a']]);
    const a = fused.find((f) => f.id === 'a')!;
    expect(a.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2), 12);
    expect(a.ranks).toEqual([1, 2]);
    expect(fused.map((f) => f.id)).toEqual(['a', 'c', 'b']);
  });

  it('lets an item found by both lists beat one found first by only one', () => {
    const fused = reciprocalRankFusion([['x', 'y'], ['z', 'y']]);
    expect(fused[0].id).toBe('y');
  });

  it('counts an id named twice in one list at its best rank', () => {
    const [only] = reciprocalRankFusion([['a', 'a']]);
    expect(only.score).toBeCloseTo(1 / (RRF_K + 1), 12);
  });
});
