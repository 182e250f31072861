// Opening the two databases. The data database is built by the import and only ever opened read-only, so no
// caller of the data API can write to it; the state database holds what the service itself writes.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { UnavailableError } from '../errors.ts';

export type DB = Database.Database;

export function openDataDb(file: string): DB {
  if (!fs.existsSync(file)) {
    throw new UnavailableError(`the data database ${path.basename(file)} has not been built yet; run \`npm run import\``, 'data_not_imported');
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  return db;
}

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Opens (creating if needed) a read-write database in WAL mode and applies the migrations it has not seen. */
export function openWritableDb(file: string, migrations: Migration[]): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL: a committed transaction survives the process being killed (it is in the WAL, in the OS cache);
  // only a power cut could lose the last commits. kill -9 therefore loses no answered call.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 10000');
  db.pragma('foreign_keys = ON');
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as number[]);
  for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(m.id)) continue;
    // Two processes may start together; IMMEDIATE makes the second wait and then see the migration applied.
    db.exec('BEGIN IMMEDIATE');
    try {
      const done = db.prepare('SELECT 1 FROM schema_migrations WHERE id = ?').get(m.id);
      if (!done) {
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(m.id, m.name, new Date().toISOString());
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  }
  return db;
}
