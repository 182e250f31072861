// Queries for the per-request paths, built and compiled once per dialect instead of once per call. Building a Kysely
// query (builder objects, then compiling the tree to SQL) costs more per call than a key lookup on SQLite; here the
// builder runs once with named slots in place of the values, and each call only substitutes the values into the
// compiled parameter list. The SQL is the same as the builder's, so the query is still written once for both
// dialects; on SQLite the store's statement cache then prepares it once too.
//
//   const byId = compiled((db, p: Slots<{ id: string }>) => db.selectFrom('api_keys').selectAll().where('id', '=', p.id));
//   const rows = await byId(store, { id });
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { StateTables } from './tables.ts';
import type { StateStore } from './store.ts';

class Slot {
  constructor(readonly name: string) {}
}

/** Stand-ins for a query's values while it is built: `p.id` is typed as the value it stands for. */
export type Slots<P> = { readonly [K in keyof P]: P[K] };

interface Prepared {
  query: CompiledQuery;
  /** per compiled parameter: the slot it takes its value from, or null for a constant of the builder */
  slots: Array<string | null>;
}

export function compiled<P extends Record<string, unknown>, R>(
  build: (db: Kysely<StateTables>, p: Slots<P>) => Compilable<R>,
): (store: StateStore | Kysely<StateTables>, args: P) => Promise<R[]> {
  const slots = new Proxy({}, { get: (_t, name) => new Slot(String(name)) }) as Slots<P>;
  // The SQL depends only on the dialect, so one compilation serves every store and transaction of that dialect.
  const perDialect = new Map<unknown, Prepared>();
  return async (target, args) => {
    const db = 'dialect' in target ? target.db : target;
    const dialect = db.getExecutor().adapter.constructor;
    let prepared = perDialect.get(dialect);
    if (!prepared) {
      const query = build(db, slots).compile();
      prepared = { query, slots: query.parameters.map((v) => (v instanceof Slot ? v.name : null)) };
      perDialect.set(dialect, prepared);
    }
    const { query, slots: names } = prepared;
    const parameters = names.map((name, i) => {
      if (name === null) return query.parameters[i];
      const value = args[name];
      if (value === undefined) throw new Error(`compiled query: no value for slot "${name}"`);
      return value;
    });
    const result = await db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>);
    return result.rows;
  };
}
