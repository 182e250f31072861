// The read-write state store on either backend: an embedded SQLite file (the default) or a PostgreSQL server shared
// by several service nodes. Both are one Kysely instance, so every query is written once; the few places where the
// two dialects must differ are in this file, side by side (`exclusive` below, the connection setup), or next to the
// query that needs them with a `store.dialect` switch (migration 102 in access/schema.ts). The upserts (ON CONFLICT …
// DO UPDATE … WHERE), RETURNING and CASE the access layer uses are written once: both dialects speak them alike.
//
// SQLite: Kysely's SqliteDialect prepares every statement anew, which costs more than running it; the database it is
// handed here caches prepared statements by their SQL text, so a query built once (compiled.ts) is prepared once.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { StateTables } from './tables.ts';

export type StateDialect = 'sqlite' | 'postgres';

export interface StateStore {
  dialect: StateDialect;
  db: Kysely<StateTables>;
  /** where the state lives, without credentials: a file path or postgres://user@host:port/db */
  location: string;
  close(): Promise<void>;
}

const STATEMENT_CACHE_MAX = 500;

/** A better-sqlite3 handle as Kysely's SqliteDialect sees it, with prepared statements cached by SQL text. */
function cachingDatabase(db: Database.Database): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(text: string): SqliteStatement {
      let stmt = statements.get(text);
      if (!stmt) {
        stmt = db.prepare(text);
        if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value!);
        statements.set(text, stmt);
      }
      return stmt as unknown as SqliteStatement;
    },
    close() {
      statements.clear();
      db.close();
    },
  };
}

// Stores opened on the same file in one process share one connection. Kysely runs SQLite queries one at a time on
// its connection, and a transaction stays open across awaits; a second connection of the same process would block
// the event loop in SQLite's busy handler while the first waits for that very loop to commit. Separate processes
// have separate event loops, and their connections wait for each other as SQLite intends.
const openFiles = new Map<string, { db: Kysely<StateTables>; refs: number }>();

/** `setup` runs once on a newly opened SQLite connection (e.g. loading an extension such as sqlite-vec). */
export function openSqliteStore(file: string, setup: ReadonlyArray<(db: Database.Database) => void> = []): StateStore {
  const shared = file === ':memory:' ? undefined : openFiles.get(path.resolve(file));
  let entry = shared;
  if (!entry) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const raw = new Database(file);
    raw.pragma('busy_timeout = 10000'); // first: the other pragmas may wait for another process's lock
    raw.pragma('journal_mode = WAL');
    // WAL + NORMAL: a committed transaction survives the process being killed (it is in the WAL, in the OS cache);
    // only a power cut could lose the last commits. kill -9 therefore loses no answered call.
    raw.pragma('synchronous = NORMAL');
    raw.pragma('foreign_keys = ON');
    for (const step of setup) step(raw);
    entry = { db: new Kysely<StateTables>({ dialect: new SqliteDialect({ database: cachingDatabase(raw) }) }), refs: 0 };
    if (file !== ':memory:') openFiles.set(path.resolve(file), entry);
  }
  entry.refs++;
  const opened = entry;
  let closed = false;
  return {
    dialect: 'sqlite',
    db: opened.db,
    location: file,
    async close() {
      if (closed) return;
      closed = true;
      if (--opened.refs > 0) return;
      if (openFiles.get(path.resolve(file)) === opened) openFiles.delete(path.resolve(file));
      await opened.db.destroy();
    },
  };
}

/** postgres://user:secret@host/db?password=… → postgres://user@host/db, for logs and error messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1@').replace(/([?&]password=)[^&]*/gi, '$1…');
}

// COUNT and SUM of integers are bigint (int8) in PostgreSQL, which pg returns as strings; every count here fits a
// double exactly (< 2^53), so they are parsed as numbers, for this pool only (pg's global parsers stay untouched).
const INT8 = 20;
const NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export interface PostgresOptions {
  poolSize?: number;
  /** server-side statement_timeout; the client gives up STATEMENT_GRACE_MS later (a server that does not answer) */
  statementTimeoutMs?: number;
  /** waiting for a connection (a new one, or a free one of the pool) at most this long */
  connectTimeoutMs?: number;
  onError?: (err: Error) => void;
}

/** How much longer than the server's statement_timeout the client waits before it gives up on a query itself. */
export const STATEMENT_GRACE_MS = 1_000;

// Waits exempt from the client-side query timeout, as they are from statement_timeout: another node's cross-node
// lock (a migration, a seed), and the statements that switch the limit around it.
const EXEMPT = /pg_advisory_xact_lock|^\s*set local statement_timeout/i;

/**
 * A client-side limit on every query of a connection: a frozen or partitioned server answers nothing, so neither
 * statement_timeout (the server's) nor TCP notices for minutes. Past the limit the connection's socket is destroyed:
 * the query fails as "Connection terminated" (isStateUnavailable: 503), and the pool discards the connection.
 */
function guardQueries(client: pg.PoolClient, timeoutMs: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    if (!(result instanceof Promise) || EXEMPT.test(text)) return result;
    const timer = setTimeout(() => {
      (client as unknown as { connection?: { stream?: { destroy(err?: Error): void } } }).connection?.stream?.destroy();
    }, timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    result.then(clear, clear);
    return result;
  };
}

export function openPostgresStore(url: string, opts: PostgresOptions = {}): StateStore {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    // Sent at connection start, so it is each session's default: a query stuck behind a lock or running away is
    // cancelled by the server (57014) and the request fails as unavailable instead of holding a connection forever.
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    types: pgTypes as pg.CustomTypesConfig,
    application_name: 'svc',
    // An unreachable or frozen server fails the request (503) after the connect timeout instead of leaving it
    // hanging, also when every pooled connection is stuck (the wait for a free one has the same limit); TCP
    // keepalive notices a dead server behind an idle connection.
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 3_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection dropped by the server (restart, failover, `stop -m immediate`) must not take the process down. The
  // pool's own handler covers only idle connections; a connection checked out by a query emits 'error' with no
  // listener, which Node turns into an uncaught exception. Every connection gets a listener of its own from the
  // start: the query it was running fails (503 to the caller), the pool discards the connection, and the next query
  // opens a new one once the server is back.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.onError?.(err));
    if (opts.statementTimeoutMs) guardQueries(client, opts.statementTimeoutMs + STATEMENT_GRACE_MS);
  });
  pool.on('error', (err) => opts.onError?.(err));
  const db = new Kysely<StateTables>({ dialect: new PostgresDialect({ pool }) });
  return { dialect: 'postgres', db, location: redactUrl(url), close: () => db.destroy() };
}

const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '53100', '53200']); // cancelled (timeout), shut down, too many connections, disk full, out of memory
// SQLite: the disk is full, the file cannot be written or read, or another process holds the lock past busy_timeout
const UNAVAILABLE_SQLITE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/** Whether an error is the state database not answering (a statement timeout, a lost or refused connection) rather
 * than a fault of the query: the request may be retried, so it answers 503, not 500. */
export function isStateUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code) || UNAVAILABLE_SQLITE.test(code)) return true;
  // A Unix-socket URL: the socket file goes away with the server, so connecting fails with ENOENT.
  if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
  return typeof e.message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(e.message);
}

/** A stable 64-bit advisory-lock key from a name (PostgreSQL's advisory locks take a bigint). */
function lockKey(name: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(name)) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return BigInt.asIntN(64, h);
}

/**
 * Runs `fn` in a write transaction that no other process can interleave with: on SQLite BEGIN IMMEDIATE (takes the
 * database's write lock up front, so a read followed by a write cannot fail with SQLITE_BUSY half way); on
 * PostgreSQL an ordinary transaction, plus a transaction-scoped advisory lock when `lock` names one. Use only the
 * handle `fn` is given: on SQLite the store's single connection is held by this transaction.
 */
export async function exclusive<T>(store: StateStore, fn: (db: Kysely<StateTables>) => Promise<T>, lock?: string): Promise<T> {
  if (store.dialect === 'postgres') {
    return store.db.transaction().execute(async (trx) => {
      if (lock) {
        // Waiting for another node to finish (a migration, a seed) is not a stuck query: the wait is exempt from
        // statement_timeout, and the work under the lock has the session's limit again.
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`select pg_advisory_xact_lock(${lockKey(lock).toString()}::bigint)`.execute(trx);
        await sql`set local statement_timeout to default`.execute(trx);
      }
      return fn(trx);
    });
  }
  return store.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}
