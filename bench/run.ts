// `npm run bench`: measures a bare Fastify route first, then every suite, and prints each figure with its ratio to
// the bare route and to the suite's own baseline. `npm run bench -- NAME…` runs only the named suites;
// BENCH_QUICK=1 shortens every run (smoke check only, figures not meaningful).
import type { BenchHarness, BenchRow } from './harness.ts';
import { http, latency, ops, startServer } from './harness.ts';
import access from './access.ts';
import yijing from './yijing.ts';
import concrete from './concrete.ts';
import steel from './steel.ts';
import dataScale from './data-scale.ts';
import dataImport from './import.ts';
import sizhu from './sizhu.ts';
import chat from './chat.ts';
import admission from './admission.ts';
import kb from './kb.ts';
import siteSearch from './site-search.ts';
import load from './load.ts';

type Suite = (h: BenchHarness) => Promise<BenchRow[]>;

/** Every benchmark suite; each capability adds its own. */
const SUITES: Record<string, Suite> = {
  access,
  yijing,
  concrete,
  steel,
  'data-scale': dataScale,
  import: dataImport,
  sizhu,
  chat,
  admission,
  kb,
  'site-search': siteSearch,
  load,
};

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  return n.toPrecision(3);
}

async function main(): Promise<void> {
  const quick = process.env.BENCH_QUICK === '1';
  const only = process.argv.slice(2);
  const seconds = quick ? 1 : 5;
  const bareServer = await startServer('bare');
  const bareHttp = await http(`${bareServer.url}/bare`, { connections: 64, seconds });
  const harness: BenchHarness = {
    ops: (fn, s) => ops(fn, quick ? 0.3 : (s ?? 2)),
    latency: (fn, n) => latency(fn, quick ? Math.min(n ?? 2000, 200) : n),
    http: (url, o) => http(url, { ...o, seconds: quick ? 1 : (o?.seconds ?? seconds) }),
    startServer,
    bare: { http: bareHttp, url: bareServer.url },
    quick,
  };
  console.log(`baseline: bare Fastify route, 64 connections on loopback: ${fmt(bareHttp.rps)} req/s (p50 ${bareHttp.p50} ms, p99 ${bareHttp.p99} ms)`);
  console.log('');
  console.log(['suite', 'benchmark', 'figure', 'unit', 'vs bare route', 'vs own baseline', 'target', 'ok'].join('\t'));
  let failures = 0;
  for (const [name, suite] of Object.entries(SUITES)) {
    if (only.length && !only.includes(name)) continue;
    let rows: BenchRow[];
    try {
      rows = await suite(harness);
    } catch (err) {
      console.log(`${name}\t(failed: ${(err as Error).message})`);
      failures++;
      continue;
    }
    for (const row of rows) {
      // For throughputs the ratio is figure / bare req/s; for times it is figure / the bare route's time per request.
      // A row that is itself a ratio (unit ×) has no meaningful ratio to the bare route.
      const bareFigure = row.unit.endsWith('/s') ? bareHttp.rps : row.unit === 'ms' ? 1000 / bareHttp.rps : NaN;
      const vsBare = Number.isNaN(bareFigure) ? '' : `${fmt(row.figure / bareFigure)}×`;
      const vsOwn = row.baseline ? `${fmt(row.figure / row.baseline.figure)}× ${row.baseline.name} (${fmt(row.baseline.figure)})` : '';
      if (row.pass === false) failures++;
      console.log([name, row.name, fmt(row.figure), row.unit, vsBare, vsOwn, row.target ?? '', row.pass === undefined ? '' : row.pass ? 'yes' : 'NO'].join('\t'));
    }
  }
  await bareServer.close();
  process.exit(failures ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
