// The admission-probability model (pure: no database, no I/O). Used by match_by_score, POST /api/simulation/mirofish
// and the backtest, so what the backtest measures is what users get.
//
// Model ("rank-history v1"). Work with z = ln(line rank), the rank scaled into the candidate's year by the change in
// the number of candidates when both years' 一分一段 tables allow it (line-history.ts cohortRatio). A target's line
// moves around a stable level μ from year to year: z_t = μ + s·e_t, with e_t independent draws of a noise
// distribution and s a per-target scale. The noise distribution is not assumed: it is the empirical distribution of
// the year-over-year changes d = z_t − z_{t−1} observed in the data, per band of line rank (top lines move more in
// relative terms), centred on its median (the drift, applied per year of gap) and divided by √2 (a difference of two
// independent noises has twice the variance). Its spread has a floor (SPREAD_FLOOR) so that a band fitted on calm
// years never claims certainty.
//
// With n past lines z_1…z_n (1 ≤ n ≤ 3) the level is unknown: μ = mean(z) − s·mean(e_1…e_n). One draw takes the mean of
// n past noises (the uncertainty about μ; its distribution tabulated once per band and n) and the candidate's rank (uniform over the ranks the score spans);
// given those, the chance that the line reaches the candidate, P(z_Y ≥ ln r) = 1 − F((ln r − μ)/s), is exact (F is
// the noise CDF), so each draw contributes a probability rather than a 0/1 (a Rao–Blackwellised simulation: same
// expectation, far less noise). The probability is the mean over draws; the interval is the 10th–90th percentile of
// the per-draw probabilities (widened to include the mean when the spread is skewed): how much the answer depends on where the target's level really is, which narrows as
// more past years are known. s = 1 with one past year; with two or three, the target's own year-to-year spread is
// blended with the band's (PRIOR_YEARS pseudo-years of the band), never below MIN_SCALE of it.
import crypto from 'node:crypto';
import { sfc32Next } from '../calc/yijing/generator.ts';

export const MODEL_VERSION = 'rank-history v1';
export const SPREAD_FLOOR = 0.04;
export const PRIOR_YEARS = 4;
export const MIN_SCALE = 0.6;
export const MAX_SCALE = 2.5;
/** Stored quantiles per band (the fitted noise distribution is kept as this many evenly spaced quantiles). */
const QUANTILES = 201;
/** Bands of log10(line rank); a band with fewer pairs than MIN_BAND is merged into its lower neighbour. */
const BAND_EDGES = [2, 2.5, 3, 3.5, 4, 4.5, 5];
const MIN_BAND = 150;

export interface SpreadBand {
  /** upper edge of the band in log10(rank); the last band is open (Infinity is stored as null in JSON) */
  upTo: number | null;
  /** median year-over-year change of ln(rank) (drift per year) */
  drift: number;
  /** quantiles of the noise e, evenly spaced from 0 to 1 (a Float64Array once prepared by usableModel) */
  q: ArrayLike<number>;
  pairs: number;
}

export interface SpreadModel {
  model: string;
  /** the last year whose lines went into the fit */
  fittedThrough: number | null;
  pairs: number;
  bands: SpreadBand[];
}

export interface Pair {
  /** log10 of the earlier line's rank */
  level: number;
  /** ln(later rank, cohort-scaled) − ln(earlier rank) */
  d: number;
}

function quantileOf(sorted: ArrayLike<number>, p: number): number {
  const x = p * (sorted.length - 1);
  const i = Math.floor(x);
  const f = x - i;
  return i + 1 < sorted.length ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[i];
}

/** Fits the noise distribution per band from year-over-year pairs. */
export function fitSpread(pairs: Pair[], fittedThrough: number | null): SpreadModel {
  const groups: Pair[][] = BAND_EDGES.map(() => []);
  groups.push([]);
  for (const p of pairs) {
    let i = BAND_EDGES.findIndex((e) => p.level < e);
    if (i < 0) i = BAND_EDGES.length;
    groups[i].push(p);
  }
  // Merge thin bands upwards-then-downwards until every band holds MIN_BAND pairs (or only one band is left).
  const merged: { upTo: number | null; pairs: Pair[] }[] = groups.map((g, i) => ({ upTo: i < BAND_EDGES.length ? BAND_EDGES[i] : null, pairs: g }));
  for (let i = 0; i < merged.length && merged.length > 1; ) {
    if (merged[i].pairs.length >= MIN_BAND) {
      i++;
      continue;
    }
    const j = i + 1 < merged.length ? i + 1 : i - 1;
    const [lo, hi] = j > i ? [i, j] : [j, i];
    merged.splice(lo, 2, { upTo: merged[hi].upTo, pairs: [...merged[lo].pairs, ...merged[hi].pairs] });
    i = Math.max(0, lo);
  }
  const bands: SpreadBand[] = merged
    .filter((b) => b.pairs.length > 0)
    .map((b) => {
      const d = b.pairs.map((p) => p.d).sort((x, y) => x - y);
      const drift = quantileOf(d, 0.5);
      let e = d.map((v) => (v - drift) / Math.SQRT2);
      // Robust spread (IQR / 1.349 ≈ σ for a normal); below the floor the noise is stretched up to it.
      const sigma = (quantileOf(e, 0.75) - quantileOf(e, 0.25)) / 1.349;
      if (sigma < SPREAD_FLOOR) e = e.map((v) => (sigma > 0 ? (v * SPREAD_FLOOR) / sigma : 0));
      const q = Array.from({ length: QUANTILES }, (_, k) => round6(quantileOf(e, k / (QUANTILES - 1))));
      if (sigma <= 0) for (let k = 0; k < QUANTILES; k++) q[k] = round6(SPREAD_FLOOR * normalQuantile((k + 0.5) / (QUANTILES + 0.0)));
      return { upTo: b.upTo, drift: round6(drift), q, pairs: b.pairs.length };
    });
  if (bands.length) bands[bands.length - 1].upTo = null;
  return { model: MODEL_VERSION, fittedThrough, pairs: pairs.length, bands };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** Acklam's rational approximation of the standard normal quantile (only for a degenerate band). */
function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const pl = 0.02425;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - pl) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** The model with its quantile tables as Float64Arrays (one array type keeps the hot loops monomorphic). */
export function usableModel(m: SpreadModel): SpreadModel {
  return { ...m, bands: m.bands.map((b) => ({ ...b, q: Float64Array.from(b.q) })) };
}

export function bandFor(model: SpreadModel, level: number): SpreadBand {
  for (const b of model.bands) if (b.upTo === null || level < b.upTo) return b;
  return model.bands[model.bands.length - 1];
}

/** F(x): the noise CDF, piecewise linear between the stored quantiles (0 below the first, 1 above the last). */
export function noiseCdf(q: ArrayLike<number>, x: number): number {
  const n = q.length;
  if (x < q[0]) return 0;
  if (x >= q[n - 1]) return 1;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (q[mid] <= x) lo = mid;
    else hi = mid;
  }
  const span = q[hi] - q[lo];
  const f = span > 0 ? (x - q[lo]) / span : 0;
  return (lo + f) / (n - 1);
}

/** F⁻¹(u): the noise quantile at u ∈ [0, 1). */
export function noiseQuantile(q: ArrayLike<number>, u: number): number {
  const x = u * (q.length - 1);
  const i = Math.floor(x);
  return i + 1 < q.length ? q[i] + (q[i + 1] - q[i]) * (x - i) : q[i];
}

export interface PastLine {
  year: number;
  /** the line's rank in its own year */
  rank: number;
  /** cohort scaling into the candidate's year (1 when unknown) */
  ratio: number;
}

export interface Prediction {
  /** centre of ln(line rank) in the candidate's year */
  center: number;
  /** the median line rank predicted for the candidate's year */
  rank: number;
  scale: number;
  years: number;
  band: SpreadBand;
  /** the tabulated distribution pointChance reads, attached on first use */
  point?: CdfGrid;
}

/** The predictive distribution of a target's line rank in `year` from its past lines (1–3 of them). */
export function predictLine(model: SpreadModel, past: PastLine[], year: number): Prediction {
  const z = past.map((p) => Math.log(p.rank * p.ratio));
  const meanZ = z.reduce((a, b) => a + b, 0) / z.length;
  const band = bandFor(model, meanZ / Math.LN10);
  const gap = past.reduce((a, p) => a + (year - p.year), 0) / past.length;
  const center = meanZ + band.drift * gap;
  let scale = 1;
  if (z.length >= 2) {
    const own = z.reduce((a, v) => a + (v - meanZ) ** 2, 0) / (z.length - 1);
    const bandVar = bandVariance(band);
    const blended = (PRIOR_YEARS * bandVar + (z.length - 1) * own) / (PRIOR_YEARS + z.length - 1);
    scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.sqrt(blended / bandVar)));
  }
  return { center, rank: Math.exp(center), scale, years: z.length, band };
}

const varianceCache = new WeakMap<SpreadBand, number>();
function bandVariance(b: SpreadBand): number {
  let v = varianceCache.get(b);
  if (v === undefined) {
    const q = Array.from(b.q);
    const m = q.reduce((a, x) => a + x, 0) / q.length;
    v = Math.max(SPREAD_FLOOR ** 2, q.reduce((a, x) => a + (x - m) ** 2, 0) / q.length);
    varianceCache.set(b, v);
  }
  return v;
}

/** A seeded uniform generator on [0, 1): sfc32 keyed by SHA-256 of the label and the seed. */
export function uniformStream(label: string, seed: string): () => number {
  const digest = crypto.createHash('sha256').update(`${label}\0${seed.normalize('NFC')}`, 'utf8').digest();
  const s = Uint32Array.of(digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12));
  for (let i = 0; i < 12; i++) sfc32Next(s);
  return () => sfc32Next(s) / 4294967296;
}

export interface Chance {
  probability: number;
  /** 10th and 90th percentile of the per-draw probabilities (widened to include the probability) */
  interval: [number, number];
  /** Monte Carlo standard error of the probability */
  se: number;
  draws: number;
}

const meanTables = new WeakMap<SpreadBand, Float64Array[]>();

/**
 * The distribution of the mean of n past noises as QUANTILES quantiles (for n = 1 the noise itself), tabulated once
 * per band from 20,000 seeded draws, so that a simulation draw costs one look-up whatever n is.
 */
function meanTable(band: SpreadBand, n: number): ArrayLike<number> {
  if (n <= 1) return band.q;
  let tables = meanTables.get(band);
  if (!tables) meanTables.set(band, (tables = []));
  let t = tables[n];
  if (!t) {
    const next = uniformStream('mean-of-noises', String(n));
    const all = new Float64Array(20_000);
    for (let i = 0; i < all.length; i++) {
      let m = 0;
      for (let k = 0; k < n; k++) m += noiseQuantile(band.q, next());
      all[i] = m / n;
    }
    all.sort();
    t = new Float64Array(QUANTILES);
    for (let k = 0; k < QUANTILES; k++) t[k] = quantileOf(all, k / (QUANTILES - 1));
    tables[n] = t;
  }
  return t;
}

/** Per draw, the mean of the n past noises (the doubt about the target's level). */
export function drawPast(band: SpreadBand, n: number, count: number, next: () => number, into?: Float64Array): Float64Array {
  // `into`: a buffer the caller reuses across targets (a 96-entry list need not allocate 96 of them)
  const pastMean = into && into.length >= count ? into : new Float64Array(count);
  const t = meanTable(band, n);
  for (let i = 0; i < count; i++) pastMean[i] = noiseQuantile(t, next());
  return pastMean;
}

/** Per draw, ln of the candidate's rank, uniform over [rankBest, rankWorst] (one set serves every target of a request). */
export function drawRanks(rankBest: number, rankWorst: number, count: number, next: () => number): Float64Array {
  const out = new Float64Array(count);
  const span = rankWorst - rankBest;
  for (let i = 0; i < count; i++) out[i] = Math.log(Math.max(1, rankBest + span * next()));
  return out;
}

/** The noise CDF on a fine even grid (linear between grid points): O(1) per look-up in the simulation's inner loop. */
interface CdfGrid {
  lo: number;
  step: number;
  f: Float64Array;
}
const CDF_CELLS = 4096;
const cdfGrids = new WeakMap<object, CdfGrid>();
function cdfGrid(q: ArrayLike<number>): CdfGrid {
  let g = cdfGrids.get(q as object);
  if (!g) {
    const lo = q[0];
    const step = (q[q.length - 1] - lo) / CDF_CELLS || 1e-9;
    const f = new Float64Array(CDF_CELLS + 1);
    for (let i = 0; i <= CDF_CELLS; i++) f[i] = noiseCdf(q, lo + i * step);
    f[0] = 0; // the ends exactly: chanceFromDraws clamps onto them
    f[CDF_CELLS] = 1;
    g = { lo, step, f };
    cdfGrids.set(q as object, g);
  }
  return g;
}
function gridCdf(g: CdfGrid, x: number): number {
  const t = (x - g.lo) / g.step;
  if (t <= 0) return 0;
  if (t >= CDF_CELLS) return 1;
  const i = t | 0;
  return g.f[i] + (g.f[i + 1] - g.f[i]) * (t - i);
}

const HIST_BINS = 1000;
const hist = new Uint32Array(HIST_BINS + 1);

/** The chance given the draws (see the header): per draw the exact probability given the level and the rank drawn.
 * `perDraw`, when given, receives each draw's chance (mirofish combines the targets of a list draw by draw). */
export function chanceFromDraws(pred: Prediction, pastMean: Float64Array, logRanks: Float64Array, perDraw?: Float64Array): Chance {
  const g = cdfGrid(pred.band.q);
  const s = pred.scale;
  const count = Math.min(pastMean.length, logRanks.length);
  hist.fill(0);
  let sum = 0;
  let sumSq = 0;
  // the grid position of (ln r − (centre − s·level))/s, written as one affine map: t = a·ln r + b·level + c
  const a = 1 / (s * g.step);
  const b = 1 / g.step;
  const c = (-pred.center / s - g.lo) / g.step;
  const f = g.f;
  // Clamped rather than branched: a list mixes entries far above and below the candidate, whose draws fall on both
  // sides of the grid at random, and a mispredicted branch per draw cost more than the look-up (f[0] = 0, f[CELLS] = 1)
  const top = CDF_CELLS - 1e-9;
  for (let i = 0; i < count; i++) {
    const t = Math.min(top, Math.max(0, a * logRanks[i]! + b * pastMean[i]! + c));
    const k = t | 0;
    const p = 1 - (f[k]! + (f[k + 1]! - f[k]!) * (t - k));
    if (perDraw) perDraw[i] = p;
    sum += p;
    sumSq += p * p;
    hist[(p * HIST_BINS + 0.5) | 0]++;
  }
  const mean = sum / count;
  // Percentiles from a 0.001-wide histogram: sorting 10,000 draws per target cost more than the draws themselves.
  const pct = (f: number) => {
    const want = f * (count - 1);
    let seen = 0;
    for (let b = 0; b <= HIST_BINS; b++) {
      seen += hist[b];
      if (seen > want) return b / HIST_BINS;
    }
    return 1;
  };
  // A skewed spread can put both percentiles on one side of the mean; the interval is widened to include it.
  return { probability: mean, interval: [Math.min(pct(0.1), mean), Math.max(pct(0.9), mean)], se: Math.sqrt(Math.max(0, sumSq / count - mean * mean) / count), draws: count };
}

/** The chance by simulation with `draws` draws from `next` (a seeded stream: same seed, same answer). */
export function simulateChance(pred: Prediction, rankBest: number, rankWorst: number, draws: number, next: () => number): Chance {
  const past = drawPast(pred.band, pred.years, draws, next);
  return chanceFromDraws(pred, past, drawRanks(rankBest, rankWorst, draws, next));
}

const POINT_GRID = 401;
const pointTables = new WeakMap<SpreadBand, Float64Array[]>();

/**
 * The same chance without simulation, for a single rank: 1 − F_D((ln r − centre)/s) with F_D the distribution of
 * e_Y − mean(e_1…e_n), tabulated once per band and n from the band's quantiles. Used to skip targets that are
 * plainly out of reach or certain before simulating the rest.
 */
export function pointChance(pred: Prediction, rank: number): number {
  const g = (pred.point ??= cdfGrid(pointTable(pred.band, pred.years)));
  return 1 - gridCdf(g, (Math.log(Math.max(1, rank)) - pred.center) / pred.scale);
}

/** F_D for a band and a number of past years, as POINT_GRID quantiles (built once from 400 level draws × the band's quantiles). */
function pointTable(band: SpreadBand, years: number): Float64Array {
  let tables = pointTables.get(band);
  if (!tables) pointTables.set(band, (tables = []));
  let t = tables[years];
  if (!t) {
    const past = drawPast(band, years, 400, uniformStream('point', String(years)));
    const q = band.q;
    const all = new Float64Array(past.length * q.length);
    let k = 0;
    for (const pm of past) for (let j = 0; j < q.length; j++) all[k++] = q[j] - pm;
    all.sort();
    t = new Float64Array(POINT_GRID);
    for (let i = 0; i < POINT_GRID; i++) t[i] = quantileOf(all, i / (POINT_GRID - 1));
    tables[years] = t;
  }
  return t;
}

/**
 * The exact chance (pointChance) for a candidate whose rank lies uniformly in [rankBest, rankWorst], by the
 * trapezoid rule over 5 ranks of the span: never lower for a better span, and the same every time.
 */
export function spanChance(pred: Prediction, rankBest: number, rankWorst: number, atBest = pointChance(pred, rankBest), atWorst = pointChance(pred, rankWorst)): number {
  if (rankWorst <= rankBest) return atWorst;
  let s = 0.5 * (atBest + atWorst);
  for (let k = 1; k <= 3; k++) s += pointChance(pred, rankBest + ((rankWorst - rankBest) * k) / 4);
  return s / 4;
}

/** Labels derived from the probability (documented in README and the tool description). */
export const LABEL_CUTOFFS = { 冲: [0.2, 0.5], 稳: [0.5, 0.8], 保: [0.8, 0.99] } as const;
export type ChanceLabel = keyof typeof LABEL_CUTOFFS;
export const LABEL_TEXT = '按录取概率 p 标注：冲 20%≤p<50%，稳 50%≤p<80%，保 80%≤p≤99%；p<20% 或 p>99% 的不列出（前者希望很小，后者过于稳妥）。';

export function labelFor(p: number): ChanceLabel | null {
  if (p < LABEL_CUTOFFS.冲[0] || p > LABEL_CUTOFFS.保[1]) return null;
  if (p < LABEL_CUTOFFS.稳[0]) return '冲';
  if (p < LABEL_CUTOFFS.保[0]) return '稳';
  return '保';
}

export interface Landing {
  /** per entry, in list order: the chance that this entry is the one that admits (the first whose line is reached) */
  land: number[];
  /** the chance that no entry admits (滑档) */
  none: number;
  /** Monte Carlo standard error of 1 − none */
  se: number;
}

/**
 * Where a list filled in this order lands (平行志愿: the candidate is admitted by the first entry whose line the
 * candidate's rank reaches). `perDraw[i][d]` is entry i's chance in draw d, given that draw's candidate rank and the
 * entries' levels; given those the entries' next-year lines are independent, so in draw d entry i admits with
 * p_i · Π_{j<i}(1 − p_j) and none does with Π(1 − p_i). Averaged over the draws: the draws share the candidate's
 * rank, which is what correlates the entries (a candidate who falls short of one line tends to fall short of the
 * next), so the result is not the product of the entries' own chances.
 */
export function landingFromDraws(perDraw: Float64Array[], draws: number): Landing {
  const acc = new LandingAccumulator(draws);
  for (const p of perDraw) acc.add(p);
  return acc.result();
}

/**
 * landingFromDraws one entry at a time, in list order, so that a caller need not keep every entry's draws: none[d]
 * is the chance that no entry added so far has admitted in draw d. The same operations in the same order as
 * landingFromDraws (it is built on this), so a seed gives the same figures either way.
 */
export class LandingAccumulator {
  private readonly none: Float64Array;
  readonly land: number[] = [];
  constructor(private readonly draws: number) {
    this.none = new Float64Array(draws).fill(1);
  }

  /** Adds the next entry (its chance per draw); returns the chance that it is the one that admits. */
  add(p: Float64Array): number {
    const none = this.none;
    const draws = this.draws;
    let sum = 0;
    for (let d = 0; d < draws; d++) {
      const n = none[d]!;
      const q = p[d]!;
      sum += n * q;
      none[d] = n - n * q;
    }
    const land = draws ? sum / draws : 0;
    this.land.push(land);
    return land;
  }

  result(): Landing {
    const { none, draws } = this;
    let sum = 0;
    let sumSq = 0;
    for (let d = 0; d < draws; d++) {
      sum += none[d]!;
      sumSq += none[d]! * none[d]!;
    }
    const meanNone = draws ? sum / draws : 1;
    return { land: [...this.land], none: meanNone, se: draws ? Math.sqrt(Math.max(0, sumSq / draws - meanNone * meanNone) / draws) : 0 };
  }
}
