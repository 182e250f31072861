// Steel calculator (GB 50017 member checks): checks/s of the engine per kind in process, validation included (as
// every caller gets it), each beside the same kind computed from params parsed once (the engine's own floor, so the
// ratio is what validation costs); POST /v1/calc/steel over loopback HTTP against the bare route; the one-off cost
// of bundling engine.js for the page; then the plane-frame timings (steel-frame.ts).
import { beamColumn, calculate, compression, PARAM_SCHEMAS, tension, beam, phiKind, sectionKind, type Kind } from '../src/calc/steel/index.ts';
import type { BenchHarness, BenchRow } from './harness.ts';
import { frameRows } from './steel-frame.ts';

const HN400 = { type: 'rolled_h', designation: 'HN400x200x8x13' };
// inputs of reference cases of ../shared/reference/steel.json (phi-b-64, col-welded-flamecut, beam-HN400-udl-top,
// bc-HW300-Q355-sway, ten-Q235-net, sec-HN400x200-designation)
const BODIES: Record<Kind, Record<string, unknown>> = {
  phi: { lambda: 64, class: 'b', grade: 'Q235' },
  section: { section: HN400, grade: 'Q235' },
  tension: { section: { type: 'props', A: 4800, Ix: 1e7, Iy: 1e7, tf: 12, tw: 12 }, An: 4080, N: 900, grade: 'Q235' },
  compression: { section: { type: 'welded_i', h: 274, b: 250, tw: 8, tf: 12, flange_edge: 'flame_cut' }, N: 1200, l0x: 6, l0y: 3, grade: 'Q235' },
  beam: { section: HN400, Mx: 120, V: 80, grade: 'Q235', ltb: { l1: 6, item: 1 }, service: { span: 6, qk: 20, qqk: 12, limit_T: 250, limit_Q: 300 } },
  beam_column: { section: { type: 'rolled_h', designation: 'HW300x300x10x15' }, N: 900, Mx: 150, l0x: 9, l0y: 4.5, grade: 'Q355', moments: { sway: true, transverse: 'none', m2_m1: -0.5 } },
};
const COMPUTE: Record<Kind, (p: never) => unknown> = { phi: phiKind, section: sectionKind, tension, compression, beam, beam_column: beamColumn };

export default async function steel(h: BenchHarness): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of Object.keys(BODIES) as Kind[]) {
    const body = { kind, params: BODIES[kind] };
    const parsed = PARAM_SCHEMAS[kind].parse(BODIES[kind]) as never;
    const floor = await h.ops(() => COMPUTE[kind](parsed));
    const rate = await h.ops(() => calculate(body));
    rows.push({
      name: `calculate ${kind} (validate + compute + steps + summary), in process`,
      figure: rate,
      unit: 'checks/s',
      better: 'higher',
      baseline: { name: 'compute only, params parsed once', figure: floor },
      target: '≥ 20,000/s',
      pass: rate >= 20000,
    });
  }

  const server = await h.startServer('app');
  try {
    const started = performance.now();
    const first = await fetch(`${server.url}/tools/steel/engine.js`);
    await first.text();
    if (!first.ok) throw new Error(`engine.js answered ${first.status}`);
    rows.push({ name: 'first GET /tools/steel/engine.js (esbuild bundle, once per start)', figure: performance.now() - started, unit: 'ms', better: 'lower' });

    const r = await h.http(`${server.url}/v1/calc/steel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'beam_column', params: BODIES.beam_column }),
    });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors during the run`);
    rows.push({ name: 'POST /v1/calc/steel beam_column (key + quota + calc), 64 conns', figure: r.rps, unit: 'req/s', better: 'higher', baseline: { name: 'bare route', figure: h.bare.http.rps } });
    rows.push({ name: 'POST /v1/calc/steel p99 latency, 64 conns', figure: r.p99, unit: 'ms', better: 'lower' });
  } finally {
    await server.close();
  }
  rows.push(...(await frameRows(h)));
  return rows;
}
