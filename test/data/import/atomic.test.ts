// Idempotence and atomicity of the import, on a reduced copy of the real bundle (every file cut to its first rows,
// so the whole pipeline runs in seconds). The full-bundle double import with its content hashes is in bench/import.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../src/config.ts';
import { contentHashOfFile } from '../../../src/data/import/hash.ts';
import { isImported, runImport } from '../../../src/data/import/index.ts';

const real = loadConfig();
let dir: string;
let bundle: string;

function configFor(dataDb: string, dataDir = bundle): Config {
  return loadConfig(process.env, { SITE_DATA_DIR: dataDir, DATA_DB: dataDb });
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-import-'));
  bundle = path.join(dir, 'bundle');
  // A reduced bundle: the header and first 3,000 lines of every gaokao file, the yijing text as is.
  for (const sub of fs.readdirSync(path.join(real.dataDir, 'gaokao'))) {
    const from = path.join(real.dataDir, 'gaokao', sub);
    if (!fs.statSync(from).isDirectory()) continue;
    fs.mkdirSync(path.join(bundle, 'gaokao', sub), { recursive: true });
    for (const f of fs.readdirSync(from)) {
      if (!f.endsWith('.csv.gz')) continue;
      const lines = zlib.gunzipSync(fs.readFileSync(path.join(from, f))).toString('utf8').split('\n');
      fs.writeFileSync(path.join(bundle, 'gaokao', sub, f), zlib.gzipSync(lines.slice(0, 3001).join('\n') + '\n'));
    }
  }
  fs.cpSync(path.join(real.dataDir, 'yijing'), path.join(bundle, 'yijing'), { recursive: true });
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('import', () => {
  it('is idempotent: two imports of the same bundle give the same content hash', async () => {
    const a = path.join(dir, 'a.db');
    const b = path.join(dir, 'b.db');
    const ra = await runImport(configFor(a), { quiet: true });
    const rb = await runImport(configFor(b), { quiet: true });
    expect(ra.dataVersion).toBe(rb.dataVersion);
    const ha = contentHashOfFile(a);
    expect(ha).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHashOfFile(b)).toBe(ha);
    // and the data is really there: the reduced bundle's universities (3,000 lines cover all 2,919)
    const db = new Database(a, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) FROM universities').pluck().get()).toBe(2919);
    expect((db.prepare('SELECT COUNT(*) FROM score_lines').pluck().get() as number) > 0).toBe(true);
    db.close();
  }, 240_000); // two imports of the reduced bundle: seconds on an idle machine, over a minute at load 20

  it('is atomic: a failing import leaves the previous database intact and no temp file behind', async () => {
    const target = path.join(dir, 'atomic.db');
    await runImport(configFor(target), { quiet: true });
    const before = contentHashOfFile(target);
    const beforeMtime = fs.statSync(target).mtimeMs;

    // A broken copy of the bundle: the last file the import reads is not gzip, so every table is already written.
    const broken = path.join(dir, 'broken');
    fs.cpSync(bundle, broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'gaokao', 'rankings_evaluations', 'first_class_undergrad_majors_swyc.csv.gz'), 'not gzip at all');
    await expect(runImport(configFor(target, broken), { quiet: true })).rejects.toThrow(/first_class_undergrad_majors_swyc/);

    expect(fs.statSync(target).mtimeMs).toBe(beforeMtime);
    expect(contentHashOfFile(target)).toBe(before);
    expect(isImported(configFor(target))).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.building-'))).toEqual([]);
  });

  it('fails naming the missing file when the bundle lacks one', async () => {
    const partial = path.join(dir, 'partial');
    fs.cpSync(bundle, partial, { recursive: true });
    fs.rmSync(path.join(partial, 'gaokao', 'batch_lines', 'luanche_province_control_lines_2014_2024.csv.gz'));
    const target = path.join(dir, 'partial.db');
    await expect(runImport(configFor(target, partial), { quiet: true })).rejects.toThrow(/luanche_province_control_lines_2014_2024/);
    expect(fs.existsSync(target)).toBe(false);
    expect(isImported(configFor(target))).toBe(false);
  });
});

describe('abandoned builds', () => {
  it('removes the temp files of an import whose process is gone, and keeps a live one', async () => {
    const target = path.join(dir, 'swept.db');
    const deadPid = 2 ** 22 + 12345; // above Linux's pid_max default, so no such process exists
    const dead = `${target}.building-${deadPid}`;
    const live = `${target}.building-1`; // pid 1 is always alive
    fs.writeFileSync(dead, 'partial');
    fs.writeFileSync(`${dead}-journal`, 'partial');
    fs.writeFileSync(live, 'in progress');
    await runImport(configFor(target), { quiet: true });
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(`${dead}-journal`)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(isImported(configFor(target))).toBe(true);
  });
});
