// STATE_DB_STATEMENT_TIMEOUT_MS on PostgreSQL: a state query stuck behind a lock is cancelled by the server and the
// request answers 503 state_unavailable with retry-after instead of hanging; waiting for another node's cross-node
// lock and running migrations are exempt; the query under the lock has the limit again.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { exclusive, isStateUnavailable, openPostgresStore, type StateStore } from '../../src/db/store.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createPostgresDatabase, describePostgres } from '../helpers/state.ts';

const LIMIT_MS = 300;
const stores: StateStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

async function store(url?: string): Promise<{ store: StateStore; url: string }> {
  url ??= await createPostgresDatabase();
  const s = openPostgresStore(url, { statementTimeoutMs: LIMIT_MS });
  stores.push(s);
  return { store: s, url };
}

describePostgres('statement timeout', () => {
  it('cancels a query running past the limit, as an error that means "unavailable, retry"', async () => {
    const { store: s } = await store();
    const started = Date.now();
    const err = await sql`select pg_sleep(3)`.execute(s.db).then(
      () => null,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(2_500);
    expect((err as { code?: string }).code).toBe('57014'); // query_canceled
    expect(isStateUnavailable(err)).toBe(true);
    expect(isStateUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isStateUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });

  it("waits for another node's lock past the limit, then runs its own work under the limit again", async () => {
    const { store: a, url } = await store();
    const { store: b } = await store(url);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const isHolding = new Promise<void>((r) => (holding = r));
    const first = exclusive(
      a,
      async () => {
        holding();
        await held;
      },
      'svc.test.timeout',
    );
    await isHolding;
    const started = Date.now();
    const second = exclusive(b, async (trx) => (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(trx)).rows[0]!.statement_timeout, 'svc.test.timeout');
    setTimeout(release, LIMIT_MS * 3);
    await first;
    expect(await second).toBe(`${LIMIT_MS}ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMIT_MS * 3 - 50);
  });

  it('runs a migration that takes longer than the limit', async () => {
    const { store: s } = await store();
    const done = await migrate(s, [{ id: 9001, name: 'slow', up: async (db) => void (await sql`select pg_sleep(${(LIMIT_MS * 2) / 1000})`.execute(db)) }]);
    expect(done).toEqual([9001]);
  });

  it('answers a request stuck behind a table lock with 503 state_unavailable and retry-after, then serves again', async () => {
    const url = await createPostgresDatabase();
    const t: TestApp = await startTestApp({ config: { STATE_DATABASE_URL: url, STATE_DB_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) } });
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table app_users in access exclusive mode');
      const started = Date.now();
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'stuck_reader', password: 'a long pass phrase here' } });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json()).toMatchObject({ code: 503, data: null, error: { code: 'state_unavailable', type: 'server_error' } });
      expect(r.body).not.toMatch(/app_users|canceling statement|pg_/); // no internals
      await locker.query('rollback');
      const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'stuck_reader', password: 'a long pass phrase here' } });
      expect(again.statusCode).toBe(201); // nothing was half written by the cancelled attempt
    } finally {
      await locker.end();
      await t.close();
    }
  });
});
