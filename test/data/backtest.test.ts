// The calibration claims of issue 13 on the real data (the same code `npm run backtest` runs), and the production
// noise model file being the fit of the data actually served.
import { beforeAll, describe, expect, it } from 'vitest';
import { brier, buildCases, pairsOf, reliability, runBacktest, type Case } from '../../src/data/backtest.ts';
import { fitSpread } from '../../src/data/simulate.ts';
import { spreadModel } from '../../src/data/spread-model.ts';
import { realDb } from './helpers.ts';

describe('backtest', () => {
  let cases: Case[] = [];
  beforeAll(() => {
    cases = buildCases(realDb());
  }, 120_000);

  it('covers at least 5 provinces and both exam systems in its held-out years', () => {
    const provinces = new Set(cases.map((c) => c.province));
    expect(provinces.size).toBeGreaterThanOrEqual(5);
    expect(new Set(cases.map((c) => c.system))).toEqual(new Set(['文理', '3+1+2', '3+3']));
    // A held-out year is never among its own history.
    for (const c of cases) for (const p of c.past) expect(p.year).toBeLessThan(c.year);
  });

  it('the model beats the naive baseline and every decile with ≥ 200 samples lies within 10 points of the diagonal', () => {
    const { samples, models } = runBacktest(cases, { perTarget: 2, draws: 100 });
    // No peeking: the noise used for a held-out year was fitted on pairs that end before it.
    for (const [year, m] of models) if (m.fittedThrough !== null) expect(m.fittedThrough).toBeLessThan(year);
    expect(samples.length).toBeGreaterThan(10_000);
    expect(brier(samples, 'p')).toBeLessThan(brier(samples, 'baseline'));
    for (const r of reliability(samples, 'p')) if (r.n >= 200) expect(Math.abs(r.observed - r.predicted), r.bin).toBeLessThanOrEqual(0.1);
  });

  it('holds out 2026 in the seven provinces whose 2026 lines the bundle has (lines_2026/), the model beating the baseline there', () => {
    const held = new Set(cases.filter((c) => c.year === 2026).map((c) => c.province));
    for (const p of ['山东', '浙江', '广东', '江苏', '湖北', '湖南', '山西']) expect(held, p).toContain(p);
    const samples = runBacktest(cases, { perTarget: 2, draws: 100 }).samples.filter((x) => x.year === 2026);
    expect(samples.length).toBeGreaterThan(5_000);
    expect(brier(samples, 'p')).toBeLessThan(brier(samples, 'baseline'));
  });

  it('src/data/spread-model.json is the fit of every year pair in the data (regenerate with npm run backtest -- --write)', () => {
    const pairs = pairsOf(cases);
    const fit = fitSpread(pairs, Math.max(...pairs.map((p) => p.year)));
    const stored = spreadModel();
    expect({ ...stored, bands: stored.bands.map((b) => ({ ...b, q: Array.from(b.q) })) }).toEqual(fit);
  });
});
