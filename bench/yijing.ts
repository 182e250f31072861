// Hexagram casting: the seeded generator's fast path (what the 10⁶-cast statistical test runs), a full cast with
// all texts in process, and POST /v1/yijing over loopback HTTP against the bare route.
import path from 'node:path';
import Database from 'better-sqlite3';
import { castHexagram, castLineValues, METHODS, yijingText, type LineValue } from '../src/calc/yijing/index.ts';
import { loadConfig } from '../src/config.ts';
import { importYijing } from '../src/data/import/yijing.ts';
import type { BenchHarness, BenchRow } from './harness.ts';
import fs from 'node:fs';
import os from 'node:os';

export default async function yijing(h: BenchHarness): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const out = new Array<LineValue>(6);
  for (const method of METHODS) {
    let i = 0;
    const rate = await h.ops(() => castLineValues(method, String(i++), out));
    rows.push({ name: `line values only (${method}), seeded`, figure: rate, unit: 'casts/s', better: 'higher', target: '10⁶ casts in a few seconds', pass: 1e6 / rate < 5 });
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-yijing-'));
  const file = path.join(dir, 'data.db');
  const db = new Database(file);
  importYijing(db, loadConfig().dataDir);
  const text = yijingText(db);
  let j = 0;
  const full = await h.ops(() => castHexagram(text, { method: 'coins', seed: String(j++) }));
  rows.push({ name: 'full cast with texts and reading (coins), in process', figure: full, unit: 'casts/s', better: 'higher' });
  db.close();

  const server = await h.startServer('app', { dataDb: file });
  try {
    const r = await h.http(`${server.url}/v1/yijing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'coins', seed: 'bench', question: '基准测试' }),
    });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors during the run`);
    rows.push({ name: 'POST /v1/yijing (key + quota + cast), 64 conns', figure: r.rps, unit: 'req/s', better: 'higher', baseline: { name: 'bare route', figure: h.bare.http.rps } });
    rows.push({ name: 'POST /v1/yijing p99 latency, 64 conns', figure: r.p99, unit: 'ms', better: 'lower' });
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
