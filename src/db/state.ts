// The state database: everything the service writes (keys, usage, statistics; later users, tokens, forum posts,
// knowledge chunks, agents). SQLite file STATE_DB by default; PostgreSQL when STATE_DATABASE_URL is set, shared by
// every node. Each area that stores state owns one schema module (its table types and its migrations) and is
// listed twice below: its tables in StateTables, its migrations in STATE_MIGRATIONS. See README "Running several
// nodes" and "State tables (for contributors)".
import type { AccessTables } from '../access/schema.ts';
import { accessMigrations } from '../access/schema.ts';
import { forumMigrations, type ForumTables } from '../site/forum-store.ts';
import { userMigrations, type UserTables } from '../users/schema.ts';
import { kbMigrations, type KbTables } from '../kb/schema.ts';
import { agentMigrations, type AgentTables } from '../agents/registry.ts';
import { migrate, type Migration } from './migrate.ts';
import type Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { openPostgresStore, openSqliteStore, type StateStore } from './store.ts';

/** Every state table, as Kysely sees it: the union of the areas' table interfaces. */
export interface StateTables extends AccessTables, ForumTables, UserTables, KbTables, AgentTables {}

/** Every state migration; each area keeps its own id block (access 100–199, forum 200–299). */
export const STATE_MIGRATIONS: readonly Migration[] = [...accessMigrations, ...forumMigrations, ...userMigrations, ...kbMigrations, ...agentMigrations];

/** Run on each new SQLite state connection before the migrations, e.g. `(db) => sqliteVec.load(db)` for an area
 * whose tables need an extension (its PostgreSQL counterpart is created by that area's migration). */
export const SQLITE_SETUP: ReadonlyArray<(db: Database.Database) => void> = [
  // vec0 virtual tables: the knowledge base's vector index (src/kb/vectors.ts)
  (db) => sqliteVec.load(db),
];

export interface StateSettings {
  /** SQLite file (STATE_DB), used when no URL is given */
  stateDb: string;
  /** PostgreSQL URL (STATE_DATABASE_URL); empty for SQLite */
  stateDatabaseUrl: string;
  stateDbPoolSize?: number;
  /** PostgreSQL statement_timeout in ms (STATE_DB_STATEMENT_TIMEOUT_MS); 0 or absent: none */
  stateDbStatementTimeoutMs?: number;
}

/** The state database could not be opened or migrated; the message names where it is (never a password). */
export class StateOpenError extends Error {}

/** Opens the configured backend and applies pending migrations (safe while other nodes do the same). */
export async function openStateStore(settings: StateSettings, opts: { onError?: (err: Error) => void } = {}): Promise<StateStore> {
  const store = settings.stateDatabaseUrl
    ? openPostgresStore(settings.stateDatabaseUrl, { poolSize: settings.stateDbPoolSize, statementTimeoutMs: settings.stateDbStatementTimeoutMs, onError: opts.onError })
    : openSqliteStore(settings.stateDb, SQLITE_SETUP);
  try {
    await migrate(store, STATE_MIGRATIONS);
  } catch (err) {
    await store.close().catch(() => undefined);
    throw new StateOpenError(`cannot open the state database ${store.location}: ${(err as Error).message}`, { cause: err });
  }
  return store;
}
