// Opening the read-only data database. It is built by the import on each node and only ever opened read-only, so
// no caller of the data API can write to it. What the service itself writes is in the state store (store.ts).
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
