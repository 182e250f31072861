// Versioned migrations of the state database, for both backends. A migration is a numbered step written once with
// Kysely's schema builder (dialect-neutral DDL); where a dialect needs something of its own it asks `dialect`.
// Each area owns a block of ids (access 100–199, …) and its own module; src/state.ts (the composition root) lists the modules.
//
// Applying is safe from several processes at once: each pending migration runs inside `exclusive()` — on SQLite a
// BEGIN IMMEDIATE transaction (the database's single write lock), on PostgreSQL a transaction holding an advisory
// lock — and re-checks `schema_migrations` under that lock, so exactly one process applies it and the others then
// see it applied. DDL is transactional on both, so a failed migration leaves nothing half done.
import { sql, type Kysely } from 'kysely';
import { exclusive, type StateDialect, type StateStore } from './store.ts';

export interface Migration {
  /** unique and increasing within an area's block (access: 100–199); never renumber an applied migration */
  id: number;
  name: string;
  up(db: Kysely<any>, dialect: StateDialect): Promise<void>;
}

/** Advisory-lock key (PostgreSQL) serialising migrations across nodes. */
const MIGRATION_LOCK = 'svc.schema_migrations';

async function appliedIds(db: Kysely<any>): Promise<Set<number>> {
  const rows = await db.selectFrom('schema_migrations').select('id').execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Applies the migrations this database has not seen, in id order; returns the ids it applied. */
export async function migrate(store: StateStore, migrations: readonly Migration[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`two state migrations share id ${m.id} (${m.name})`);
    ids.add(m.id);
  }
  let applied: Set<number>;
  try {
    applied = await appliedIds(store.db as unknown as Kysely<any>);
  } catch {
    applied = new Set(); // a fresh database: the table is created under the lock below
  }
  const done: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(m.id)) continue;
    await exclusive(
      store,
      async (trx) => {
        const db = trx as unknown as Kysely<any>; // migrations see the tables as they are, not as StateTables types them
        await db.schema
          .createTable('schema_migrations')
          .ifNotExists()
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('applied_at', 'text', (c) => c.notNull())
          .execute();
        if ((await appliedIds(db)).has(m.id)) return; // another process was first
        // A migration may rebuild a large table: it runs once, at start, and is not a stuck query.
        if (store.dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
        await m.up(db, store.dialect);
        await db.insertInto('schema_migrations').values({ id: m.id, name: m.name, applied_at: new Date().toISOString() }).execute();
        done.push(m.id);
      },
      MIGRATION_LOCK,
    );
  }
  return done;
}

/** SQLite's WITHOUT ROWID for tables keyed by their primary key (PostgreSQL tables have no rowid to drop). */
export function withoutRowid<T extends { modifyEnd(node: ReturnType<typeof sql>): T }>(builder: T, dialect: StateDialect): T {
  return dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder;
}
