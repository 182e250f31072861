// Import of the real bundle: wall time of `runImport` (issue 4 target ≤ 60 s on the 2-core machine) and
// idempotence on the full bundle (two imports into separate files → equal content hashes). Runs in this process,
// quiet, into a temp directory; the served data database is not touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { contentHashOfFile } from '../src/data/import/hash.ts';
import { runImport } from '../src/data/import/index.ts';
import type { BenchHarness, BenchRow } from './harness.ts';

export default async function importBench(h: Pick<BenchHarness, 'quick'>): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-import-'));
  try {
    const runs = h.quick ? 1 : 2;
    const seconds: number[] = [];
    const files: string[] = [];
    for (let i = 0; i < runs; i++) {
      const file = path.join(dir, `run${i}.db`);
      const config = loadConfig(process.env, { DATA_DB: file });
      const t = performance.now();
      await runImport(config, { quiet: true });
      seconds.push((performance.now() - t) / 1000);
      files.push(file);
    }
    const rows: BenchRow[] = [
      { name: 'import: real bundle → data database (wall time)', figure: seconds[0], unit: 's', better: 'lower', target: '≤ 60 s', pass: seconds[0] <= 60 },
    ];
    if (runs === 2) {
      rows.push({ name: 'import: second run (wall time)', figure: seconds[1], unit: 's', better: 'lower', target: '≤ 60 s', pass: seconds[1] <= 60 });
      const t = performance.now();
      const same = contentHashOfFile(files[0]) === contentHashOfFile(files[1]);
      rows.push({ name: 'import: content hash of one database', figure: (performance.now() - t) / 2000, unit: 's', better: 'lower' });
      rows.push({ name: 'import: two runs give the same content hash (1 = yes)', figure: same ? 1 : 0, unit: 'bool', better: 'higher', target: '= 1', pass: same });
    }
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/import.ts` runs this suite alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await importBench({ quick: process.env.BENCH_QUICK === '1' });
  for (const r of rows) console.log(`${r.name}: ${r.figure.toFixed(2)} ${r.unit}${r.target ? ` (target ${r.target}: ${r.pass ? 'pass' : 'FAIL'})` : ''}`);
}
