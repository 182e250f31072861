// μ of Appendix E from the stability equations against printed entries of GB 50017-2017 Tables E.0.1 (non-sway)
// and E.0.2 (sway), which are the equations' roots to 3 figures.
import { describe, expect, it } from 'vitest';
import { muOf } from '../../../../src/calc/steel/frame/effective.ts';

describe('Appendix E', () => {
  it.each([
    // [K1, K2, sway, printed μ]
    [0, 10, true, 2.03],
    [0.1, 0.1, true, 3.01],
    [1, 1, true, 1.32],
    [10, 10, true, 1.03],
    [0, 0, false, 1.0],
    [0, 10, false, 0.732],
    [10, 10, false, 0.549],
  ] as const)('K1 = %s, K2 = %s, sway %s → %s', (K1, K2, sway, mu) => {
    expect(Math.abs((muOf(sway, K1, K2) ?? 1) - mu)).toBeLessThanOrEqual(0.005 + 1e-9);
  });
  it('has no μ for a sway column free at both ends', () => {
    expect(muOf(true, 0, 0)).toBeNull();
  });
});
