// βtx of 8.2.1-3 for a member cantilevered in the plane of bending: item 2 (βtx = 1.0) is for a member that is a
// cantilever OUT of the plane; one held out of plane at both ends takes item 1 from its segment's moments
// (0.65 + 0.35·M2/M1 without transverse load). The wave-5 independent case m5-bc-cantilever-free-end-moment was
// served 1.0 where 0.79 is due.
import { describe, expect, it } from 'vitest';
import { calculate } from '../../../src/calc/steel/index.ts';

const base = { section: { type: 'rolled_h', designation: 'HN350x175x7x11' }, grade: 'Q235', N: 250, Mx: 90, l0x: 6 };
const moments = { sway: true, cantilever: true, m: 0.4, m2_m1: 0.4, transverse: 'none' };
const btx = (params: object) => Number(calculate({ kind: 'beam_column', params }).values.beta_tx);

describe('βtx of an in-plane cantilever (8.2.1-3)', () => {
  it('held out of plane at both ends (l0y < l0x): item 1, 0.65 + 0.35·0.4 = 0.79', () => {
    expect(btx({ ...base, l0y: 3, moments })).toBeCloseTo(0.79, 12);
  });
  it('free out of plane as well (l0y = l0x = 2l): item 2, 1.0', () => {
    expect(btx({ ...base, l0y: 6, moments })).toBe(1);
  });
  it('said explicitly either way', () => {
    expect(btx({ ...base, l0y: 3, moments: { ...moments, out_of_plane: 'cantilever' } })).toBe(1);
    expect(btx({ ...base, l0y: 6, moments: { ...moments, out_of_plane: 'held' } })).toBeCloseTo(0.79, 12);
  });
});
