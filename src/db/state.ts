// Opening the state database: everything the service writes (keys, usage, statistics, users, tokens, forum posts,
// knowledge chunks, agents). SQLite file STATE_DB by default; PostgreSQL when STATE_DATABASE_URL is set, shared by
// every node. This layer knows no area: the composition root (src/state.ts) hands it the areas' migrations and
// SQLite connection setup. See docs on state and several nodes.
import type Database from 'better-sqlite3';
import { migrate, type Migration } from './migrate.ts';
import { openPostgresStore, openSqliteStore, type StateStore } from './store.ts';

/** What the areas that store state bring: their migrations and what a new SQLite connection needs first. */
export interface StateSchema {
  migrations: readonly Migration[];
  /** run on each new SQLite state connection before the migrations, e.g. loading an extension an area needs */
  sqliteSetup: ReadonlyArray<(db: Database.Database) => void>;
}
export interface StateSettings {
  /** SQLite file (STATE_DB), used when no URL is given */
  stateDb: string;
  /** PostgreSQL URL (STATE_DATABASE_URL); empty for SQLite */
  stateDatabaseUrl: string;
  stateDbPoolSize?: number;
  /** PostgreSQL statement_timeout in ms (STATE_DB_STATEMENT_TIMEOUT_MS); 0 or absent: none */
  stateDbStatementTimeoutMs?: number;
  /** PostgreSQL: waiting for a connection at most this long (STATE_DB_CONNECT_TIMEOUT_MS) */
  stateDbConnectTimeoutMs?: number;
}

/** The state database could not be opened or migrated; the message names where it is (never a password). */
export class StateOpenError extends Error {}

/** Opens the configured backend and applies pending migrations (safe while other nodes do the same). */
export async function openStore(settings: StateSettings, schema: StateSchema, opts: { onError?: (err: Error) => void } = {}): Promise<StateStore> {
  let store: StateStore;
  try {
    store = settings.stateDatabaseUrl
      ? openPostgresStore(settings.stateDatabaseUrl, { poolSize: settings.stateDbPoolSize, statementTimeoutMs: settings.stateDbStatementTimeoutMs, connectTimeoutMs: settings.stateDbConnectTimeoutMs, onError: opts.onError })
      : openSqliteStore(settings.stateDb, schema.sqliteSetup);
  } catch (err) {
    // an unwritable directory or file: one line naming the variable and the path, not a stack trace
    throw new StateOpenError(`cannot open the state database STATE_DB=${settings.stateDb}: ${(err as Error).message}`, { cause: err });
  }
  try {
    await migrate(store, schema.migrations);
  } catch (err) {
    await store.close().catch(() => undefined);
    throw new StateOpenError(`cannot open the state database ${settings.stateDatabaseUrl ? 'STATE_DATABASE_URL=' : 'STATE_DB='}${store.location}: ${(err as Error).message}`, { cause: err });
  }
  return store;
}
