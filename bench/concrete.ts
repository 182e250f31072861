// Concrete calculator: calcs/s of the engine per kind in process (validation included, as every caller gets it),
// POST /v1/calc/concrete over loopback HTTP against the bare route, and the one-off cost of bundling engine.js for
// the page (paid by the first page request after a start).
import { calculate } from '../src/calc/concrete/index.ts';
import type { BenchHarness, BenchRow } from './harness.ts';

const BODIES = {
  beam: { kind: 'beam', params: { concrete_grade: 30, steel_grade: 360, moment: 150, b: 250, h: 500, cover: 20 } },
  column: { kind: 'column', params: { concrete_grade: 30, steel_grade: 360, N: 2250, b: 400, h: 400, l0: 7, As: 2513 } },
  shear: { kind: 'shear', params: { concrete_grade: 20, steel_grade: 300, V: 180, b: 250, h: 500, dia: 8, legs: 2, spacing: 150 } },
  crack: { kind: 'crack', params: { concrete_grade: 20, steel_grade: 300, moment: 139.32, b: 250, h: 500, As: 1388, cover: 25, dia: 20, w_lim: 0.3 } },
} as const;

export default async function concrete(h: BenchHarness): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [kind, body] of Object.entries(BODIES)) {
    const rate = await h.ops(() => calculate(body));
    rows.push({ name: `calculate ${kind} (validate + compute + steps + summary), in process`, figure: rate, unit: 'calcs/s', better: 'higher' });
  }

  const server = await h.startServer('app');
  try {
    const started = performance.now();
    const first = await fetch(`${server.url}/tools/concrete/engine.js`);
    await first.text();
    const bundleMs = performance.now() - started;
    if (!first.ok) throw new Error(`engine.js answered ${first.status}`);
    rows.push({ name: 'first GET /tools/concrete/engine.js (esbuild bundle, once per start)', figure: bundleMs, unit: 'ms', better: 'lower' });

    const r = await h.http(`${server.url}/v1/calc/concrete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(BODIES.beam),
    });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors during the run`);
    rows.push({ name: 'POST /v1/calc/concrete beam (key + quota + calc), 64 conns', figure: r.rps, unit: 'req/s', better: 'higher', baseline: { name: 'bare route', figure: h.bare.http.rps } });
    rows.push({ name: 'POST /v1/calc/concrete p99 latency, 64 conns', figure: r.p99, unit: 'ms', better: 'lower' });
  } finally {
    await server.close();
  }
  return rows;
}
