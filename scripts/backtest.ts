// `npm run backtest`: the calibration proof of the admission-probability model (src/data/backtest.ts) on the data
// database. Prints Markdown: the Brier scores of the model and of the naive baseline, both reliability tables, the
// figures per exam system and per held-out province-year, what could not be tested and why, and the two checks of
// issue 13 (model Brier below the baseline's; every decile with ≥ 200 samples within 10 points of the diagonal).
// `--write` also refits the production noise model on every year pair in the data and writes
// src/data/spread-model.json (test/data/simulate.test.ts fails while that file is stale).
import fs from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDataDb } from '../src/db/open.ts';
import { brier, buildCases, pairsOf, reliability, runBacktest, type Sample } from '../src/data/backtest.ts';
import { fitSpread } from '../src/data/simulate.ts';
import { SPREAD_MODEL_FILE } from '../src/data/spread-model.ts';

const pct = (v: number) => (Number.isNaN(v) ? '–' : `${(v * 100).toFixed(1)} %`);

function table(samples: Sample[], which: 'p' | 'baseline'): string[] {
  const rows = ['| predicted | samples | mean predicted | observed | gap (points) |', '|---|---:|---:|---:|---:|'];
  for (const r of reliability(samples, which)) {
    if (r.n === 0) continue;
    rows.push(`| ${r.bin} | ${r.n.toLocaleString('en-US')} | ${pct(r.predicted)} | ${pct(r.observed)} | ${((r.observed - r.predicted) * 100).toFixed(1)} |`);
  }
  return rows;
}

function main(): void {
  const write = process.argv.includes('--write');
  const db = openDataDb(loadConfig().dataDb);
  const t0 = performance.now();
  const cases = buildCases(db);
  const result = runBacktest(cases);
  const { samples } = result;
  const out: string[] = [];
  const bm = brier(samples, 'p');
  const bb = brier(samples, 'baseline');
  out.push(`Backtest of ${cases.length.toLocaleString('en-US')} (target, held-out year) cases, ${samples.length.toLocaleString('en-US')} sampled candidate ranks (6 per case, log-uniform within ±50 % of the last line).`);
  out.push('');
  out.push(`| | Brier score | samples |`, '|---|---:|---:|', `| model (${cases.length ? 'rank-history v1' : ''}) | ${bm.toFixed(4)} | ${samples.length.toLocaleString('en-US')} |`, `| baseline: admitted iff rank ≤ last line | ${bb.toFixed(4)} | ${samples.length.toLocaleString('en-US')} |`);
  for (const system of ['文理', '3+1+2', '3+3']) {
    const s = samples.filter((x) => x.system === system);
    if (s.length) out.push(`| ${system} held-out years: model / baseline | ${brier(s, 'p').toFixed(4)} / ${brier(s, 'baseline').toFixed(4)} | ${s.length.toLocaleString('en-US')} |`);
  }
  out.push('', 'Model reliability (predicted decile vs observed admission frequency):', '', ...table(samples, 'p'));
  out.push('', 'Baseline reliability:', '', ...table(samples, 'baseline'));
  // The newest held-out year (2026): its lines are the ones a candidate preparing for the next exam is compared with.
  const newest = samples.reduce((m, x) => Math.max(m, x.year), 0);
  const latest = samples.filter((x) => x.year === newest);
  if (latest.length) {
    out.push('', `Held-out year ${newest} only (${[...new Set(latest.map((x) => x.province))].sort().join('、')}): model Brier ${brier(latest, 'p').toFixed(4)}, baseline ${brier(latest, 'baseline').toFixed(4)}, ${latest.length.toLocaleString('en-US')} samples:`, '', ...table(latest, 'p'));
  }
  const old = samples.filter((x) => x.system === '文理');
  if (old.length) out.push('', `Model reliability, held-out years under the old 文/理 system only:`, '', ...table(old, 'p'));

  const groups = new Map<string, Sample[]>();
  for (const s of samples) {
    const k = `${s.province} ${s.family} ${s.year} (${s.system})`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(s);
  }
  out.push('', 'Per held-out province-family-year (those with ≥ 300 samples; the rest pooled):', '', '| held out | samples | model Brier | baseline Brier |', '|---|---:|---:|---:|');
  const small: Sample[] = [];
  let smallGroups = 0;
  for (const [k, s] of [...groups].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))) {
    if (s.length >= 300) out.push(`| ${k} | ${s.length.toLocaleString('en-US')} | ${brier(s, 'p').toFixed(3)} | ${brier(s, 'baseline').toFixed(3)} |`);
    else {
      small.push(...s);
      smallGroups++;
    }
  }
  if (small.length) out.push(`| ${smallGroups} smaller province-family-years | ${small.length.toLocaleString('en-US')} | ${brier(small, 'p').toFixed(3)} | ${brier(small, 'baseline').toFixed(3)} |`);
  const skippedTargets = result.skipped.reduce((a, s) => a + s.targets, 0);
  const skippedYears = [...new Set(result.skipped.map((s) => s.year))].sort();
  out.push('', `Not tested: ${skippedTargets} cases in ${result.skipped.length} province-family-years of ${skippedYears.join(', ')} — fewer than 300 year pairs end before those years, so the noise could not be fitted without peeking.`);

  const decileFail = reliability(samples, 'p').filter((r) => r.n >= 200 && Math.abs(r.observed - r.predicted) > 0.1);
  out.push('', '**Checks**', '');
  out.push(`- model Brier ${bm.toFixed(4)} ${bm < bb ? '<' : '≥'} baseline ${bb.toFixed(4)}: ${bm < bb ? 'pass' : 'FAIL'}`);
  out.push(`- every decile with ≥ 200 samples within 10 points of the diagonal: ${decileFail.length ? `FAIL (${decileFail.map((r) => r.bin).join(', ')})` : 'pass'}`);

  if (write) {
    const pairs = pairsOf(cases);
    const model = fitSpread(pairs, pairs.reduce((m, p) => Math.max(m, p.year), 0) || null);
    fs.writeFileSync(SPREAD_MODEL_FILE, `${JSON.stringify(model)}\n`);
    out.push('', `Wrote ${SPREAD_MODEL_FILE}: ${model.pairs} pairs through ${model.fittedThrough}, ${model.bands.length} bands.`);
  }
  out.push('', `(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log(out.join('\n'));
  process.exit(bm < bb && !decileFail.length ? 0 : 1);
}

main();
