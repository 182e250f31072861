// The probability engine on synthetic inputs whose answers follow from the model's definition.
import { describe, expect, it } from 'vitest';
import { fitSpread, labelFor, noiseCdf, pointChance, predictLine, simulateChance, SPREAD_FLOOR, uniformStream, usableModel, type Pair } from '../../src/data/simulate.ts';

/** Year pairs whose change of ln(rank) is normal with sd `sd` around `drift` (Box–Muller on a seeded stream). */
function pairs(n: number, sd: number, drift = 0, level = 4): Pair[] {
  const u = uniformStream('test', `pairs/${sd}/${drift}`);
  return Array.from({ length: n }, () => ({ level, d: drift + sd * Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()) }));
}

describe('simulate', () => {
  const model = usableModel(fitSpread(pairs(4000, 0.2, 0.05), 2025));

  it('fits the noise as d/√2 around the median drift (IQR of a normal is 1.349σ)', () => {
    const b = model.bands[0];
    expect(model.bands.length).toBe(1);
    expect(b.drift).toBeCloseTo(0.05, 1);
    const iqr = b.q[150] - b.q[50];
    expect(iqr / 1.349).toBeCloseTo(0.2 / Math.SQRT2, 1);
    expect(noiseCdf(b.q, 0)).toBeCloseTo(0.5, 1);
  });

  it('a calm band is stretched up to the spread floor', () => {
    const calm = fitSpread(pairs(1000, 0.001), 2025).bands[0];
    expect((calm.q[150] - calm.q[50]) / 1.349).toBeCloseTo(SPREAD_FLOOR, 3);
  });

  it('a rank exactly at the predicted line is an even chance; better ranks have higher chances; same seed, same answer', () => {
    const pred = predictLine(model, [{ year: 2025, rank: 10_000, ratio: 1 }], 2026);
    expect(pred.rank).toBeCloseTo(10_000 * Math.exp(model.bands[0].drift), -1);
    const at = simulateChance(pred, pred.rank, pred.rank, 20_000, uniformStream('t', '1'));
    expect(at.probability).toBeGreaterThan(0.46);
    expect(at.probability).toBeLessThan(0.54);
    let last = 0;
    for (const r of [30_000, 15_000, 10_000, 8_000, 5_000]) {
      const c = simulateChance(pred, r, r, 5_000, uniformStream('t', 'same'));
      expect(c.probability).toBeGreaterThanOrEqual(last);
      expect(Math.abs(c.probability - pointChance(pred, r))).toBeLessThan(0.03);
      last = c.probability;
    }
    expect(simulateChance(pred, 9_000, 9_500, 3_000, uniformStream('t', 'x'))).toEqual(simulateChance(pred, 9_000, 9_500, 3_000, uniformStream('t', 'x')));
  });

  it('more past years narrow the interval (less doubt about the target level)', () => {
    const one = predictLine(model, [{ year: 2025, rank: 10_000, ratio: 1 }], 2026);
    const three = predictLine(model, [2023, 2024, 2025].map((year) => ({ year, rank: 10_000, ratio: 1 })), 2026);
    const r = 9_000;
    const c1 = simulateChance(one, r, r, 10_000, uniformStream('t', 'n'));
    const c3 = simulateChance(three, r, r, 10_000, uniformStream('t', 'n'));
    expect(c3.interval[1] - c3.interval[0]).toBeLessThan(c1.interval[1] - c1.interval[0]);
  });

  it('labels follow the documented cut-offs', () => {
    expect([0.1, 0.2, 0.49, 0.5, 0.79, 0.8, 0.99, 0.995].map(labelFor)).toEqual([null, '冲', '冲', '稳', '稳', '保', '保', null]);
  });
});
