// Four-pillar charts: the engine's full chart against calling tyme4ts directly for the pillars plus ten 大运 (its
// own baseline, same moments, same run, interleaved rounds). Figures are charts per CPU-second of this process
// (process.cpuUsage), i.e. per core, so other load on the machine does not skew the ratio. The differential tests
// (test/calc/sizhu/differential-*.test.ts) prove the two stay exactly equal; a spot check here repeats it.
import { ChildLimit, Gender, SolarTime } from 'tyme4ts';
import { computeChart } from '../src/calc/sizhu/index.ts';
import { fourPillars } from '../src/calc/sizhu/pillars.ts';
import { luckCore } from '../src/calc/sizhu/luck.ts';
import { toWallSeconds } from '../src/calc/sizhu/civil.ts';
import { sixtyName } from '../src/calc/sizhu/ganzhi.ts';
import { MAX_TERM_YEAR, MIN_TERM_YEAR, termYear } from '../src/calc/sizhu/terms.ts';
import { randomMoments } from '../test/calc/sizhu/random.ts';
import type { BenchHarness, BenchRow } from './harness.ts';

type Moment = ReturnType<typeof randomMoments>[number];

/** what "calling tyme4ts directly" means here: the eight characters and the first ten 大运 with start ages */
function tymeDirect(m: Moment): string[] {
  const st = SolarTime.fromYmdHms(m.year, m.month, m.day, m.hour, m.minute, 0);
  const cl = ChildLimit.fromSolarTime(st, m.sex === 'm' ? Gender.MAN : Gender.WOMAN);
  const out = [cl.getEightChar().getName()];
  let df = cl.getStartDecadeFortune();
  for (let k = 0; k < 10; k++, df = df.next(1)) out.push(`${df.getName()}@${df.getStartAge()}`);
  return out;
}

/** the engine's core for the same outputs (no analysis, no text) */
function engineCore(m: Moment): string[] {
  const t = toWallSeconds({ ...m, second: 0 });
  const p = fourPillars(t, t, 'day-changes-at-23');
  const l = luckCore(t, p.jie, p.month, p.year % 2 === 0, m.sex === 'm', 'tyme-default');
  const out = [[p.year, p.month, p.day, p.hour].map(sixtyName).join(' ')];
  for (let k = 0; k < 10; k++) out.push(`${sixtyName(l.cycle(k))}@${l.startAge + 10 * k}`);
  return out;
}

function cpuRate(fn: (m: Moment) => unknown, moments: Moment[], minSeconds: number): number {
  let n = 0;
  const c0 = process.cpuUsage();
  let used = 0;
  while (used < minSeconds) {
    for (const m of moments) fn(m);
    n += moments.length;
    const c = process.cpuUsage(c0);
    used = (c.user + c.system) / 1e6;
  }
  return n / used;
}

export default async function sizhu(h: BenchHarness): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const moments = randomMoments(42, 2000);
  const seconds = h.quick ? 0.3 : 2;

  const c0 = process.cpuUsage();
  for (let y = MIN_TERM_YEAR; y <= MAX_TERM_YEAR; y++) termYear(y);
  const c = process.cpuUsage(c0);
  rows.push({ name: '节 instant cache for 1899–2102 (one-time, per process)', figure: (c.user + c.system) / 1000, unit: 'ms', better: 'lower' });

  // spot check of equality on the measured moments (the differential tests cover 13,000 more)
  for (const m of moments.slice(0, 300)) {
    const a = tymeDirect(m).join('|');
    const b = engineCore(m).join('|');
    if (a !== b) throw new Error(`engine differs from tyme4ts for ${JSON.stringify(m)}: ${b} vs ${a}`);
  }

  // warm-up, then interleaved rounds so drift in machine load hits both sides alike
  cpuRate(tymeDirect, moments.slice(0, 200), 0.2);
  cpuRate((m) => computeChart(m), moments, 0.3);
  const tyme: number[] = [];
  const full: number[] = [];
  const core: number[] = [];
  for (let r = 0; r < 3; r++) {
    tyme.push(cpuRate(tymeDirect, moments, seconds / 2));
    full.push(cpuRate((m) => computeChart(m), moments, seconds / 2));
    core.push(cpuRate(engineCore, moments, seconds / 4));
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1];
  const base = { name: 'tyme4ts direct: pillars + ten 大运', figure: median(tyme) };
  rows.push({ name: 'tyme4ts direct: pillars + ten 大运 (per CPU-second)', figure: base.figure, unit: 'charts/s', better: 'higher' });
  rows.push({ name: 'engine full chart (all outputs + text, validated input), per CPU-second', figure: median(full), unit: 'charts/s', better: 'higher', baseline: base, target: '≥ 5× tyme4ts direct', pass: median(full) >= 5 * base.figure });
  rows.push({ name: 'engine core: pillars + ten 大运 only, per CPU-second', figure: median(core), unit: 'charts/s', better: 'higher', baseline: base });

  const server = await h.startServer('app');
  try {
    const r = await h.http(`${server.url}/v1/sizhu`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm', longitude: 116.4 }),
    });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors during the run`);
    rows.push({ name: 'POST /v1/sizhu (key + quota + full chart), 64 conns', figure: r.rps, unit: 'req/s', better: 'higher', baseline: { name: 'bare route', figure: h.bare.http.rps } });
    rows.push({ name: 'POST /v1/sizhu p99 latency, 64 conns', figure: r.p99, unit: 'ms', better: 'lower' });
  } finally {
    await server.close();
  }
  return rows;
}
