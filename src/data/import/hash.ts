// Content hash of a built data database: every row of every table in primary-key order, minus the meta keys that
// record when and how fast the import ran. Two imports of the same bundle must give the same hash.
import crypto from 'node:crypto';
import Database from 'better-sqlite3';

/** meta keys that describe the run rather than the data */
export const VOLATILE_META_KEYS = ['completed_at', 'duration_ms'];

export function contentHash(db: Database.Database): string {
  const hash = crypto.createHash('sha256');
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const t of tables) {
    hash.update(`\u0000table ${t}\u0000`);
    const where = t === 'meta' ? ` WHERE key NOT IN (${VOLATILE_META_KEYS.map(() => '?').join(', ')})` : '';
    const params = t === 'meta' ? VOLATILE_META_KEYS : [];
    // Keyset pages through .all() (much faster than .iterate() over a million rows); rowid order is insertion
    // order, which the import makes deterministic.
    const stmt = db.prepare(`SELECT rowid AS _r, * FROM ${t} WHERE rowid > ?${where.replace(' WHERE', ' AND')} ORDER BY rowid LIMIT 20000`).raw();
    for (let last = -Infinity; ; ) {
      const rows = stmt.all(last, ...params) as unknown[][];
      if (rows.length === 0) break;
      last = rows[rows.length - 1][0] as number;
      hash.update(JSON.stringify(rows));
    }
  }
  return hash.digest('hex');
}

/** contentHash of a database file, opened read-only. */
export function contentHashOfFile(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return contentHash(db);
  } finally {
    db.close();
  }
}
