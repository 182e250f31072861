// Backtest of the admission-probability model (simulate.ts) on the real data: for every province-family-year Y
// whose lines can be compared with lines of Y−1…Y−3, predict each target's chance for sampled candidate ranks from the
// earlier lines only, with the noise distribution fitted on year pairs that end before Y (no peeking at the held-out
// year), and score the predictions against whether Y's line actually admitted that rank. The naive baseline says
// "admitted" (probability 1) exactly when the rank beats the most recent past line.
import type { DB } from '../db/open.ts';
import { examSystem, type SubjectFamily } from './normalize.ts';
import { cohortRatio, yearBasis, lineYears, yearTargets, type Basis } from './line-history.ts';
import { prepared } from './paging.ts';
import { fitSpread, predictLine, usableModel, simulateChance, uniformStream, type Pair, type PastLine, type SpreadModel } from './simulate.ts';

export interface Case {
  province: string;
  family: SubjectFamily;
  year: number;
  basis: Basis;
  system: string;
  key: string;
  past: PastLine[];
  /** the target's line rank in the held-out year */
  outcome: number;
}

/** Every (target, held-out year) with a ranked line in that year and at least one ranked line in the 3 years before. */
export function buildCases(db: DB): Case[] {
  const groups = prepared(
    db,
    "SELECT DISTINCT province, subject_family FROM score_lines WHERE cleaned = 0 AND subject_family IN ('物理', '历史', '综合') ORDER BY province, subject_family",
  ).all() as Array<{ province: string; subject_family: SubjectFamily }>;
  const cases: Case[] = [];
  for (const { province, subject_family: family } of groups) {
    const years = lineYears(db, province, family);
    for (const y of years) {
      const pastYears = years.filter((t) => t < y && t >= y - 3);
      if (!pastYears.length) continue;
      const basis = yearBasis(db, province, y, family, {});
      if (!basis) continue;
      const now = yearTargets(db, province, y, family, basis);
      const past = pastYears.flatMap((t) => {
        const b = yearBasis(db, province, t, family, {});
        return b ? [{ t, lines: yearTargets(db, province, t, family, b).lines, ratio: cohortRatio(db, province, family, t, y) ?? 1 }] : [];
      });
      for (const [key, line] of now.lines) {
        if (line.min_rank === null) continue;
        const hist: PastLine[] = [];
        for (const p of past) {
          const l = p.lines.get(key);
          if (l?.min_rank != null) hist.push({ year: p.t, rank: l.min_rank, ratio: p.ratio });
        }
        if (hist.length) cases.push({ province, family, year: y, basis, system: examSystem(province, y), key, past: hist, outcome: line.min_rank });
      }
    }
  }
  return cases;
}

/** Year-over-year pairs (line of Y−1 → line of Y) of the cases, for fitting the noise. */
export function pairsOf(cases: Case[]): Array<Pair & { year: number }> {
  const out: Array<Pair & { year: number }> = [];
  for (const c of cases) {
    const prev = c.past.find((p) => p.year === c.year - 1);
    if (!prev) continue;
    const base = prev.rank * prev.ratio;
    out.push({ year: c.year, level: Math.log10(base), d: Math.log(c.outcome) - Math.log(base) });
  }
  return out;
}

/** The production fit: every pair in the data. */
export function fitAll(db: DB): SpreadModel {
  const pairs = pairsOf(buildCases(db));
  return fitSpread(pairs, pairs.reduce((m, p) => Math.max(m, p.year), 0) || null);
}

export interface Sample {
  province: string;
  family: SubjectFamily;
  year: number;
  system: string;
  p: number;
  baseline: number;
  admitted: boolean;
}

export interface BacktestOptions {
  /** candidate ranks sampled per target (default 6) */
  perTarget?: number;
  /** draws per probability (default 200) */
  draws?: number;
  /** a held-out year needs at least this many earlier pairs to fit on (default 300) */
  minPairs?: number;
  seed?: string;
}

export interface BacktestResult {
  samples: Sample[];
  /** held-out years skipped for want of earlier pairs to calibrate on */
  skipped: Array<{ province: string; family: SubjectFamily; year: number; targets: number; reason: string }>;
  models: Map<number, SpreadModel>;
}

/**
 * Sampled candidate ranks per case: log-uniform within ±50 % (in ln terms ±0.5) of the most recent past line, the
 * region where the decision is open; both the model and the baseline are scored on the same samples.
 */
export function runBacktest(cases: Case[], opts: BacktestOptions = {}): BacktestResult {
  const perTarget = opts.perTarget ?? 6;
  const draws = opts.draws ?? 200;
  const minPairs = opts.minPairs ?? 300;
  const pairs = pairsOf(cases);
  const models = new Map<number, SpreadModel>();
  const samples: Sample[] = [];
  const skipped: BacktestResult['skipped'] = [];
  const next = uniformStream('backtest', opts.seed ?? 'v1');
  const skippedKey = new Map<string, BacktestResult['skipped'][number]>();
  for (const c of cases) {
    let model = models.get(c.year);
    if (!model) {
      const earlier = pairs.filter((p) => p.year < c.year);
      model = usableModel(fitSpread(earlier, earlier.reduce((m, p) => Math.max(m, p.year), 0) || null));
      models.set(c.year, model);
    }
    if (model.pairs < minPairs) {
      const k = `${c.province}|${c.family}|${c.year}`;
      const s = skippedKey.get(k) ?? { province: c.province, family: c.family, year: c.year, targets: 0, reason: `only ${model.pairs} year pairs end before ${c.year} (need ${minPairs})` };
      s.targets++;
      skippedKey.set(k, s);
      continue;
    }
    const pred = predictLine(model, c.past, c.year);
    const last = c.past.reduce((a, b) => (b.year > a.year ? b : a));
    for (let i = 0; i < perTarget; i++) {
      const r = Math.max(1, Math.round(last.rank * last.ratio * Math.exp(next() - 0.5)));
      const chance = simulateChance(pred, r, r, draws, next);
      samples.push({ province: c.province, family: c.family, year: c.year, system: c.system, p: chance.probability, baseline: r <= last.rank ? 1 : 0, admitted: r <= c.outcome });
    }
  }
  skipped.push(...skippedKey.values());
  return { samples, skipped, models };
}

export function brier(samples: Sample[], which: 'p' | 'baseline'): number {
  let s = 0;
  for (const x of samples) s += (x[which] - (x.admitted ? 1 : 0)) ** 2;
  return samples.length ? s / samples.length : NaN;
}

export interface ReliabilityRow {
  bin: string;
  n: number;
  predicted: number;
  observed: number;
}

/** Predicted-probability deciles against the observed admission frequency. */
export function reliability(samples: Sample[], which: 'p' | 'baseline'): ReliabilityRow[] {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, o: 0 }));
  for (const x of samples) {
    const i = Math.min(9, Math.floor(x[which] * 10));
    bins[i].n++;
    bins[i].p += x[which];
    bins[i].o += x.admitted ? 1 : 0;
  }
  return bins.map((b, i) => ({ bin: `${i * 10}–${i * 10 + 10}%`, n: b.n, predicted: b.n ? b.p / b.n : NaN, observed: b.n ? b.o / b.n : NaN }));
}
