// Prepared statements cached per database handle. Preparing a statement costs several times more than running it,
// so the per-request paths (key lookup, call counting) must never prepare anew. Keyed weakly by the handle, so a
// closed and dropped database takes its statements with it.
import type { DB } from '../db/open.ts';

export function perDb<T>(build: (db: DB) => T): (db: DB) => T {
  const cache = new WeakMap<DB, T>();
  return (db) => {
    let value = cache.get(db);
    if (value === undefined) {
      value = build(db);
      cache.set(db, value);
    }
    return value;
  };
}
