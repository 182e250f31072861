// What every source adapter gets: the database being built, the bundle location, progress output, the school
// resolver, and the per-file bookkeeping that becomes the import summary.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { columnNames } from '../schema.ts';
import { readCsvGz, type CsvFile } from './csv.ts';
import type { Progress } from './progress.ts';
import type { SchoolResolver } from './resolve.ts';
import type { Agreement, RankTableAgreement } from './agreement.ts';

export type Row = Record<string, string | number | null>;

export interface FileStats {
  file: string;
  dataset: string;
  sha256: string;
  read: number;
  /** rows folded into another row or joined into another table, by reason */
  merged: Record<string, number>;
  /** rows not inserted because they cannot be used, by reason */
  rejected: Record<string, number>;
}

/** What an adapter says about a row it did not insert. */
export type Outcome = void | { reject: string } | { merge: string };

export class ImportError extends Error {}

export class ImportContext {
  readonly files: FileStats[] = [];
  resolver!: SchoolResolver;
  /** cross-source agreement of score lines, filled when their duplicates are resolved */
  readonly agreement: Agreement = [];
  /** each served 一分一段 table against the other sources' copies, filled when the rank tables are chosen */
  readonly rankAgreement: RankTableAgreement[] = [];
  private readonly inserts = new Map<string, { stmt: Database.Statement; cols: string[] }>();

  constructor(
    readonly db: Database.Database,
    /** the bundle's gaokao/ folder */
    readonly root: string,
    readonly progress: Progress,
  ) {}

  /** Inserts a row into a schema table; columns not given are NULL. Returns the new row id. */
  insert(table: string, row: Row): number {
    // Ids are assigned by SQLite in insertion order unless the row brings its own (universities: the moe_code).
    const withId = row.id !== undefined;
    const cacheKey = withId ? `${table}#id` : table;
    let ins = this.inserts.get(cacheKey);
    if (!ins) {
      const cols = columnNames(table).filter((c) => withId || c !== 'id');
      ins = { cols, stmt: this.db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`) };
      this.inserts.set(cacheKey, ins);
    }
    const values = ins.cols.map((c) => {
      const v = row[c];
      return v === undefined ? (c === 'cleaned' ? 0 : null) : v;
    });
    return Number(ins.stmt.run(values).lastInsertRowid);
  }

  /**
   * Streams one bundle file (path relative to gaokao/) inside one transaction, with a progress bar; the
   * callback returns nothing for an inserted row, else why it was merged or rejected.
   */
  async eachRow(
    rel: string,
    dataset: string,
    onHeader: (csv: CsvFile) => void,
    onRow: (fields: string[], rowNumber: number) => Outcome,
  ): Promise<FileStats> {
    const file = path.join(this.root, rel);
    if (!fs.existsSync(file)) throw new ImportError(`bundle file missing: ${file}`);
    const bytes = fs.readFileSync(file);
    const stats: FileStats = { file: rel, dataset, sha256: crypto.createHash('sha256').update(bytes).digest('hex'), read: 0, merged: {}, rejected: {} };
    const bar = this.progress.bar(rel, bytes.length);
    this.db.exec('BEGIN');
    try {
      stats.read = await readCsvGz(file, onHeader, (fields, n) => {
        const out = onRow(fields, n);
        if (out) {
          if ('reject' in out) stats.rejected[out.reject] = (stats.rejected[out.reject] ?? 0) + 1;
          else stats.merged[out.merge] = (stats.merged[out.merge] ?? 0) + 1;
        }
      }, (done) => bar.update(done));
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
    const skipped = sum(stats.rejected) + sum(stats.merged);
    bar.finish(`${stats.read.toLocaleString('en')} rows${skipped ? `, ${skipped.toLocaleString('en')} merged/rejected` : ''}`);
    this.files.push(stats);
    return stats;
  }

  /** Counts rows merged after reading (e.g. folded at the end of a file) in a file's stats. */
  merged(rel: string, reason: string, count: number): void {
    const f = this.files.find((x) => x.file === rel);
    if (!f || count === 0) return;
    f.merged[reason] = (f.merged[reason] ?? 0) + count;
  }
}

/** Source reference for a row without an upstream id: its 1-based data-row number in the file. */
export function rowRef(n: number): string {
  return `row:${n}`;
}

/** '' → null, otherwise the trimmed text. */
export function text(s: string | undefined): string | null {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
}

export function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
