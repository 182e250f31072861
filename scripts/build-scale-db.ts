// `npx tsx scripts/build-scale-db.ts [rows]`: builds data/build/scale-score-lines.db, a copy of the data database
// whose score_lines table is grown from the real rows to production scale (default 2,500,000 rows) for
// bench/data-scale.ts. It is never served: the service only opens DATA_DB.
//
// How the rows are grown: copy 0 is the real table; copy k (k ≥ 1) repeats the real rows with the province moved
// k×7 places along the province list (ids offset by k×10^7). Years, scores, ranks, line kinds, cleaning flags and
// universities keep their real distribution, while every province-year bucket grows to about rows/real-rows times
// its real size — a harder case for province+year and university queries than spreading copies over new years.
// All other tables are copied unchanged, so name resolution and joins behave as in production.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { PROVINCE_NAMES } from '../src/data/normalize.ts';
import { TABLES, createIndexesSql, createTablesSql } from '../src/data/schema.ts';

export const SCALE_DB = path.join(REPO_ROOT, 'data/build/scale-score-lines.db');
const DEFAULT_ROWS = 2_500_000;
const ID_STRIDE = 10_000_000;
const PROVINCE_STEP = 7;

export function buildScaleDb(source: string, target: string, rows = DEFAULT_ROWS, log: (s: string) => void = () => {}): void {
  if (!fs.existsSync(source)) throw new Error(`the data database ${source} does not exist; run \`npm run import\` first`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.building-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  const db = new Database(tmp);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -262144');
    db.exec(createTablesSql());
    db.prepare('ATTACH DATABASE ? AS src').run(source);
    const cols = TABLES.find((t) => t.name === 'score_lines')!.columns.map((c) => c.name);
    const real = db.prepare('SELECT COUNT(*) FROM src.score_lines').pluck().get() as number;
    if (real === 0) throw new Error('the source has no score lines');
    if (real * Math.ceil(rows / real) > ID_STRIDE * 100) throw new Error('too many copies for the id stride');

    db.exec('BEGIN');
    for (const t of TABLES) {
      if (t.name === 'score_lines') continue;
      db.exec(`INSERT INTO main.${t.name} SELECT ${t.columns.map((c) => c.name).join(', ')} FROM src.${t.name}`);
    }
    // Province rotation as a small lookup table, so the copy runs inside SQLite.
    db.exec('CREATE TEMP TABLE rot (k INTEGER, province TEXT, moved TEXT, PRIMARY KEY (k, province))');
    const insRot = db.prepare('INSERT INTO rot VALUES (?, ?, ?)');
    const copies = Math.ceil(rows / real);
    for (let k = 0; k < copies; k++) {
      PROVINCE_NAMES.forEach((p, i) => insRot.run(k, p, PROVINCE_NAMES[(i + k * PROVINCE_STEP) % PROVINCE_NAMES.length]));
    }
    let left = rows;
    for (let k = 0; k < copies && left > 0; k++) {
      const take = Math.min(real, left);
      const select = cols.map((c) => (c === 'id' ? `s.id + ${k * ID_STRIDE}` : c === 'province' ? 'COALESCE(r.moved, s.province)' : `s.${c}`)).join(', ');
      db.exec(
        `INSERT INTO main.score_lines (${cols.join(', ')})
         SELECT ${select} FROM src.score_lines s LEFT JOIN rot r ON r.k = ${k} AND r.province = s.province ORDER BY s.id LIMIT ${take}`,
      );
      left -= take;
      log(`score_lines copy ${k}: ${take.toLocaleString('en-US')} rows`);
    }
    db.exec('COMMIT');
    db.exec('DETACH DATABASE src');
    log('creating indexes, ANALYZE …');
    db.exec(createIndexesSql());
    db.exec('ANALYZE');
    const n = db.prepare('SELECT COUNT(*) FROM score_lines').pluck().get() as number;
    if (n !== rows) throw new Error(`built ${n} score lines, expected ${rows}`);
    db.close();
    fs.renameSync(tmp, target);
  } catch (err) {
    if (db.open) db.close();
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = process.argv[2] ? Number(process.argv[2]) : DEFAULT_ROWS;
  if (!Number.isSafeInteger(rows) || rows < 1) {
    console.error(`rows must be a positive integer, got ${process.argv[2]}`);
    process.exit(2);
  }
  const started = Date.now();
  buildScaleDb(loadConfig().dataDb, SCALE_DB, rows, (s) => console.error(s));
  console.error(`built ${path.relative(REPO_ROOT, SCALE_DB)} (${rows.toLocaleString('en-US')} score lines) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
