// The cost of the access layer: an authenticated, quota-counted /v1/models call against the bare route.
import type { BenchHarness, BenchRow } from './harness.ts';

export default async function access(h: BenchHarness): Promise<BenchRow[]> {
  const server = await h.startServer('app');
  try {
    const r = await h.http(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${server.key}` } });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors during the run`);
    const costRatio = h.bare.http.rps / r.rps;
    return [
      { name: 'authenticated /v1/models (key + quota), 64 conns', figure: r.rps, unit: 'req/s', better: 'higher', baseline: { name: 'bare route', figure: h.bare.http.rps } },
      { name: 'time per authenticated call relative to bare route', figure: costRatio, unit: '×', better: 'lower', target: '≤ 1.5×', pass: costRatio <= 1.5 },
    ];
  } finally {
    await server.close();
  }
}
