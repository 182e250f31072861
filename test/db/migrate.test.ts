// State migrations on both backends: applied once, in order, recorded in schema_migrations; safe when several
// processes start together on a fresh database; a failing migration leaves nothing behind; and a SQLite state file
// written by the previous release (JSON latency histograms) is upgraded with its statistics carried over.
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, type Migration } from '../../src/db/migrate.ts';
import { openStateStore, STATE_MIGRATIONS } from '../../src/state.ts';
import { openPostgresStore, openSqliteStore, type StateStore } from '../../src/db/store.ts';
import { tempDir } from '../helpers/context.ts';
import { forEachBackend, stateOverrides } from '../helpers/state.ts';

const stores: StateStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

/** A store of this backend on a fresh database, not migrated; `open()` gives further connections to it. */
async function fresh(backend: 'sqlite' | 'postgres'): Promise<{ store: StateStore; open(): StateStore }> {
  const o = await stateOverrides(backend);
  const open = () => {
    const s = o.STATE_DATABASE_URL ? openPostgresStore(o.STATE_DATABASE_URL) : openSqliteStore(o.STATE_DB!);
    stores.push(s);
    return s;
  };
  return { store: open(), open };
}

const appliedIds = async (store: StateStore) =>
  (await (store.db as unknown as Kysely<any>).selectFrom('schema_migrations').select('id').orderBy('id').execute()).map((r) => Number(r.id));

forEachBackend('state migrations', (backend) => {
  it('applies every migration once, in id order, and nothing on the next start', async () => {
    const { store } = await fresh(backend);
    const ids = STATE_MIGRATIONS.map((m) => m.id).sort((a, b) => a - b);
    expect(await migrate(store, STATE_MIGRATIONS)).toEqual(ids);
    expect(await appliedIds(store)).toEqual(ids);
    expect(await migrate(store, STATE_MIGRATIONS)).toEqual([]);
    // the tables are there and usable through the typed layer
    expect(await store.db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
    expect(await store.db.selectFrom('tool_latency_daily').selectAll().execute()).toEqual([]);
  });

  it('four processes starting together on a fresh database apply each migration exactly once', async () => {
    const { open } = await fresh(backend);
    const connections = [open(), open(), open(), open()];
    const results = await Promise.all(connections.map((c) => migrate(c, STATE_MIGRATIONS)));
    const all = results.flat().sort((a, b) => a - b);
    expect(all).toEqual(STATE_MIGRATIONS.map((m) => m.id).sort((a, b) => a - b));
    expect(await appliedIds(connections[0]!)).toEqual(all);
  });

  it('a failing migration leaves neither its tables nor its record, and the earlier ones stay applied', async () => {
    const { store } = await fresh(backend);
    const broken: Migration = {
      id: 9001,
      name: 'creates a table, then fails',
      async up(db) {
        await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
        await sql`select no_such_column from half_done`.execute(db);
      },
    };
    await expect(migrate(store, [...STATE_MIGRATIONS, broken])).rejects.toThrow(/no_such_column/);
    expect(await appliedIds(store)).toEqual(STATE_MIGRATIONS.map((m) => m.id).sort((a, b) => a - b));
    await expect(sql`select * from half_done`.execute(store.db)).rejects.toThrow();
  });

  it('refuses two migrations with one id', async () => {
    const { store } = await fresh(backend);
    const twin = { ...STATE_MIGRATIONS[0]!, name: 'twin' };
    await expect(migrate(store, [...STATE_MIGRATIONS, twin])).rejects.toThrow(/share id 100/);
  });
});

describe('upgrading a SQLite state file of the previous release', () => {
  it('moves the JSON latency histograms into tool_latency_daily and keeps keys and usage', async () => {
    const file = path.join(tempDir(), 'state.db');
    // The schema exactly as the previous release (migrations 100 and 101, better-sqlite3) wrote it.
    const old = new Database(file);
    old.exec(`
      CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
      CREATE TABLE api_keys (id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL UNIQUE, last4 TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('enabled', 'disabled', 'revoked')), daily_limit INTEGER NOT NULL CHECK (daily_limit >= 1),
        created_at TEXT NOT NULL, expires_at TEXT, revoked_at TEXT, last_used_at TEXT);
      CREATE TABLE key_usage_daily (key_id TEXT NOT NULL REFERENCES api_keys(id), day TEXT NOT NULL, calls INTEGER NOT NULL DEFAULT 0,
        tokens INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (key_id, day)) WITHOUT ROWID;
      CREATE INDEX key_usage_daily_day ON key_usage_daily (day);
      CREATE TABLE tool_stats_daily (day TEXT NOT NULL, tool TEXT NOT NULL, transport TEXT NOT NULL, calls INTEGER NOT NULL DEFAULT 0,
        errors INTEGER NOT NULL DEFAULT 0, total_ms REAL NOT NULL DEFAULT 0, max_ms REAL NOT NULL DEFAULT 0,
        histogram TEXT NOT NULL DEFAULT '[]', PRIMARY KEY (day, tool, transport)) WITHOUT ROWID;
      INSERT INTO schema_migrations VALUES (100, 'api keys and daily usage', '2026-01-01T00:00:00Z'), (101, 'per-tool daily call statistics; usage by day', '2026-01-01T00:00:00Z');
      INSERT INTO api_keys VALUES ('k1', 'old key', 'hash', 'abcd', 'enabled', 500, '2026-01-01T00:00:00Z', NULL, NULL, NULL);
      INSERT INTO key_usage_daily VALUES ('k1', '2026-01-02', 7, 30);
      INSERT INTO tool_stats_daily VALUES ('2026-01-02', 'site_about', 'rest', 6, 1, 42.5, 20, '[3,0,2,0,1,0,0,0,0,0,0,0,0,0]');
      INSERT INTO tool_stats_daily VALUES ('2026-01-02', 'yijing', 'mcp', 1, 0, 1, 1, 'not json');
    `);
    old.close();
    const store = await openStateStore({ stateDb: file, stateDatabaseUrl: '' });
    stores.push(store);
    expect(await appliedIds(store)).toEqual(STATE_MIGRATIONS.map((m) => m.id).sort((a, b) => a - b));
    const buckets = await store.db.selectFrom('tool_latency_daily').select(['tool', 'bucket', 'calls']).orderBy('tool').orderBy('bucket').execute();
    expect(buckets).toEqual([
      { tool: 'site_about', bucket: 0, calls: 3 },
      { tool: 'site_about', bucket: 2, calls: 2 },
      { tool: 'site_about', bucket: 4, calls: 1 },
    ]);
    expect(await store.db.selectFrom('tool_stats_daily').selectAll().where('tool', '=', 'site_about').executeTakeFirst()).toEqual({
      day: '2026-01-02', tool: 'site_about', transport: 'rest', calls: 6, errors: 1, total_ms: 42.5, max_ms: 20,
    });
    expect(await store.db.selectFrom('key_usage_daily').select(['calls', 'tokens']).executeTakeFirst()).toEqual({ calls: 7, tokens: 30 });
  });
});
