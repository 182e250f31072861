// `npm run import`: builds the data database from the bundle into a temporary file next to the target and renames
// it over the target only when every step succeeded, so a failed import never replaces a good database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../../config.ts';
import { AGREEMENT_META_KEY, RANK_AGREEMENT_META_KEY, COVERAGE_MATRIX_META_KEY, COVERAGE_META_KEY, coverageMatrices, coverageRows } from '../overview.ts';
import { DATASET_TABLES, IMPORTER_VERSION, TABLE_BY_NAME, createIndexesSql, createTablesSql } from '../schema.ts';
import { ImportContext, ImportError, sum, type FileStats } from './context.ts';
import { createProgress } from './progress.ts';
import { flagRanksOutOfOrder } from './rank-order.ts';
import { cleanSpreadUnits } from './spread-units.ts';
import { SchoolResolver } from './resolve.ts';
import { loadReviewedNames } from './reviewed-names.ts';
import { importAdmissionPlans } from './sources/admission_plans.ts';
import { importBatchLines } from './sources/batch_lines.ts';
import { importMajors } from './sources/majors.ts';
import { importRankTables } from './sources/rank_tables.ts';
import { importRankings } from './sources/rankings.ts';
import { importScoreLines, resolveScoreLines } from './sources/score_lines.ts';
import { importUniversities } from './sources/universities.ts';
import { YIJING_FILE, importYijing } from './yijing.ts';

export interface DatasetSummary {
  dataset: string;
  files: number;
  read: number;
  kept: number;
  cleaned: number;
  merged: number;
  rejected: number;
  reasons: { cleaned: Record<string, number>; merged: Record<string, number>; rejected: Record<string, number> };
}

export interface ImportResult {
  file: string;
  durationMs: number;
  /** sha256 over the importer version and the bundle file hashes: the same bundle and importer give the same data */
  dataVersion: string;
  datasets: DatasetSummary[];
}

/** Builds the data database at config.dataDb from config.dataDir; throws (leaving the old file alone) on failure. */
export async function runImport(config: Config, opts: { quiet?: boolean } = {}): Promise<ImportResult> {
  const started = Date.now();
  const progress = createProgress(Boolean(opts.quiet));
  const root = path.join(config.dataDir, 'gaokao');
  if (!fs.existsSync(root)) throw new ImportError(`data bundle not found: ${root} (set SITE_DATA_DIR)`);
  fs.mkdirSync(path.dirname(config.dataDb), { recursive: true });
  sweepAbandonedBuilds(config.dataDb);
  const tmp = `${config.dataDb}.building-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  const db = new Database(tmp);
  try {
    // A private temp file that is thrown away on any failure: durability costs nothing here.
    // Larger pages: fewer page splits while bulk-inserting wide rows and building indexes (measured in bench/import.ts).
    db.pragma('page_size = 16384');
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -262144');
    db.exec(createTablesSql());
    const ctx = new ImportContext(db, root, progress);

    const universities = await importUniversities(ctx);
    ctx.resolver = new SchoolResolver(universities, loadReviewedNames());
    await importMajors(ctx);
    const scoreLineDuplicates = await importScoreLines(ctx);
    await importAdmissionPlans(ctx);
    await importRankTables(ctx);
    resolveScoreLines(ctx, scoreLineDuplicates);
    flagRanksOutOfOrder(ctx);
    cleanSpreadUnits(ctx);
    await importBatchLines(ctx);
    await importRankings(ctx);
    writeNames(ctx);
    const yijing = importYijing(db, config.dataDir);

    progress.line('creating indexes, ANALYZE …');
    db.exec(createIndexesSql());
    // Sampled statistics are enough for the planner to pick between the indexes and keep ANALYZE to a second.
    db.pragma('analysis_limit = 2000');
    db.exec('ANALYZE');

    const datasets = writeSummary(ctx, config, yijing);
    const version = dataVersion(db);
    const insertMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    insertMeta.run('data_version', version);
    insertMeta.run('completed_at', new Date().toISOString());
    insertMeta.run('duration_ms', String(Date.now() - started));
    insertMeta.run('status', 'complete');
    db.close();
    fs.renameSync(tmp, config.dataDb);
    const result = { file: config.dataDb, durationMs: Date.now() - started, dataVersion: version, datasets };
    if (!opts.quiet) process.stderr.write(formatSummary(result));
    return result;
  } catch (err) {
    if (db.open) db.close();
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An import killed midway leaves its temp file (hundreds of MB); remove those whose process is gone. */
function sweepAbandonedBuilds(target: string): void {
  const dir = path.dirname(target);
  const pattern = new RegExp(`^${path.basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.building-(\\d+)(-journal)?$`);
  for (const name of fs.readdirSync(dir)) {
    const m = pattern.exec(name);
    if (m && Number(m[1]) !== process.pid && !processAlive(Number(m[1]))) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function writeNames(ctx: ImportContext): void {
  const db = ctx.db;
  db.exec('BEGIN');
  for (const n of ctx.resolver.nameRows()) ctx.insert('school_names', n);
  for (const a of ctx.resolver.aliasRows()) ctx.insert('university_aliases', a);
  for (const c of ctx.resolver.conflicts()) ctx.insert('name_conflicts', { ...c });
  db.exec('COMMIT');
  if (ctx.resolver.droppedAliases.length) ctx.progress.line(`aliases whose target is not in the university list (dropped): ${ctx.resolver.droppedAliases.join(', ')}`);
}

/** Fills import_files and meta from the per-file bookkeeping and the rows actually stored. */
function writeSummary(ctx: ImportContext, config: Config, yijing: { read: number; kept: number }): DatasetSummary[] {
  const db = ctx.db;
  const perFile = new Map<string, { kept: number; cleaned: number; reasons: Record<string, number> }>();
  for (const t of DATASET_TABLES) {
    const hasClean = TABLE_BY_NAME.get(t)!.columns.some((c) => c.name === 'cleaned');
    const rows = db
      .prepare(
        hasClean
          ? `SELECT source_file AS file, cleaned, clean_reason AS reason, COUNT(*) AS n FROM ${t} GROUP BY 1, 2, 3`
          : `SELECT source_file AS file, 0 AS cleaned, NULL AS reason, COUNT(*) AS n FROM ${t} GROUP BY 1`,
      )
      .all() as Array<{ file: string; cleaned: number; reason: string | null; n: number }>;
    for (const r of rows) {
      const f = perFile.get(r.file) ?? { kept: 0, cleaned: 0, reasons: {} };
      if (r.cleaned) {
        f.cleaned += r.n;
        const reason = (r.reason ?? 'unknown').split(':')[0];
        f.reasons[reason] = (f.reasons[reason] ?? 0) + r.n;
      } else f.kept += r.n;
      perFile.set(r.file, f);
    }
  }
  const yijingFile = path.join(config.dataDir, YIJING_FILE);
  const files: Array<FileStats & { kept: number; cleaned: number; cleanedReasons: Record<string, number> }> = ctx.files.map((f) => {
    const p = perFile.get(f.file) ?? { kept: 0, cleaned: 0, reasons: {} };
    return { ...f, kept: p.kept, cleaned: p.cleaned, cleanedReasons: p.reasons };
  });
  files.push({
    file: `../${YIJING_FILE}`, dataset: 'yijing', sha256: crypto.createHash('sha256').update(fs.readFileSync(yijingFile)).digest('hex'),
    read: yijing.read, kept: yijing.kept, cleaned: 0, cleanedReasons: {}, merged: {}, rejected: {},
  });
  const insertFile = db.prepare('INSERT INTO import_files (file, dataset, sha256, rows_read, rows_kept, rows_cleaned, rows_merged, rows_rejected, reasons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const byDataset = new Map<string, DatasetSummary>();
  for (const f of files) {
    insertFile.run(f.file, f.dataset, f.sha256, f.read, f.kept, f.cleaned, sum(f.merged), sum(f.rejected), JSON.stringify({ cleaned: f.cleanedReasons, merged: f.merged, rejected: f.rejected }));
    const d = byDataset.get(f.dataset) ?? { dataset: f.dataset, files: 0, read: 0, kept: 0, cleaned: 0, merged: 0, rejected: 0, reasons: { cleaned: {}, merged: {}, rejected: {} } };
    d.files++;
    d.read += f.read;
    d.kept += f.kept;
    d.cleaned += f.cleaned;
    d.merged += sum(f.merged);
    d.rejected += sum(f.rejected);
    for (const [kind, src] of [['cleaned', f.cleanedReasons], ['merged', f.merged], ['rejected', f.rejected]] as const) {
      for (const [k, v] of Object.entries(src)) d.reasons[kind][k] = (d.reasons[kind][k] ?? 0) + v;
    }
    byDataset.set(f.dataset, d);
  }
  const counts: Record<string, { served: number; cleaned: number }> = {};
  for (const t of DATASET_TABLES) {
    const hasClean = TABLE_BY_NAME.get(t)!.columns.some((c) => c.name === 'cleaned');
    const row = db.prepare(hasClean ? `SELECT SUM(cleaned = 0) AS served, SUM(cleaned = 1) AS cleaned FROM ${t}` : `SELECT COUNT(*) AS served, 0 AS cleaned FROM ${t}`).get() as { served: number | null; cleaned: number | null };
    counts[t] = { served: row.served ?? 0, cleaned: row.cleaned ?? 0 };
  }
  const insertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  insertMeta.run('importer_version', String(IMPORTER_VERSION));
  insertMeta.run('bundle_sha256', JSON.stringify(Object.fromEntries(files.map((f) => [f.file, f.sha256]))));
  insertMeta.run('counts', JSON.stringify(counts));
  // The overview's coverage is one pass over 1.2M score lines; doing it here keeps the first overview call fast.
  insertMeta.run(COVERAGE_META_KEY, JSON.stringify(coverageRows(db)));
  insertMeta.run(COVERAGE_MATRIX_META_KEY, JSON.stringify(coverageMatrices(db)));
  insertMeta.run(AGREEMENT_META_KEY, JSON.stringify(ctx.agreement));
  insertMeta.run(RANK_AGREEMENT_META_KEY, JSON.stringify(ctx.rankAgreement));
  return [...byDataset.values()];
}

/**
 * Identifies the data: the importer version plus every bundle file's hash. Hashing the built rows themselves
 * (contentHash in hash.ts) costs more than the rest of the import, so tests and the benchmark do that instead.
 */
function dataVersion(db: Database.Database): string {
  const bundle = db.prepare("SELECT value FROM meta WHERE key = 'bundle_sha256'").pluck().get() as string;
  return crypto.createHash('sha256').update(`importer ${IMPORTER_VERSION}\n${bundle}`).digest('hex');
}

/** The per-dataset summary table the import prints. */
export function formatSummary(r: ImportResult): string {
  const n = (x: number) => x.toLocaleString('en');
  const lines = [
    '',
    `data database: ${r.file}  (${(r.durationMs / 1000).toFixed(1)} s, data version ${r.dataVersion.slice(0, 16)})`,
    '',
    `${'dataset'.padEnd(24)}${'files'.padStart(6)}${'read'.padStart(11)}${'kept'.padStart(11)}${'cleaned'.padStart(10)}${'merged'.padStart(10)}${'rejected'.padStart(10)}`,
  ];
  for (const d of r.datasets) {
    lines.push(`${d.dataset.padEnd(24)}${String(d.files).padStart(6)}${n(d.read).padStart(11)}${n(d.kept).padStart(11)}${n(d.cleaned).padStart(10)}${n(d.merged).padStart(10)}${n(d.rejected).padStart(10)}`);
    for (const kind of ['cleaned', 'merged', 'rejected'] as const) {
      for (const [reason, count] of Object.entries(d.reasons[kind]).sort((a, b) => b[1] - a[1])) {
        lines.push(`    ${kind.padEnd(9)} ${n(count).padStart(9)}  ${reason}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** True when the data database exists and was completed by this importer version. */
export function isImported(config: Config): boolean {
  if (!fs.existsSync(config.dataDb)) return false;
  try {
    const db = new Database(config.dataDb, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare("SELECT key, value FROM meta WHERE key IN ('status', 'importer_version')").all() as Array<{ key: string; value: string }>;
      const m = Object.fromEntries(rows.map((x) => [x.key, x.value]));
      return m.status === 'complete' && m.importer_version === String(IMPORTER_VERSION);
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}
