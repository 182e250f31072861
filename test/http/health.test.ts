// GET /health: which state backend the node uses and which data it serves (the data database's data_version,
// importer version and import time from its meta table), so operators can compare nodes; 503 when the state
// database is unreachable.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORTER_VERSION } from '../../src/data/schema.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';

forEachBackend('GET /health', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(async () => t.close());

  it('reports the state backend and the data version, importer version and import time of the data database', async () => {
    const r = await t.app.inject({ url: '/health' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ status: 'ok', checks: { state_db: 'ok', data_db: 'ok' }, state: { backend } });
    // read the same facts straight from the data database the test setup built
    const data = new Database(t.ctx.config.dataDb, { readonly: true });
    const meta = Object.fromEntries((data.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((m) => [m.key, m.value]));
    data.close();
    expect(body.data).toEqual({ data_version: meta.data_version, importer_version: IMPORTER_VERSION, imported_at: meta.completed_at });
    expect(body.data.data_version).toMatch(/^[0-9a-f]{64}$/);
    // no credentials anywhere in the answer
    expect(r.body).not.toMatch(/postgres:\/\//);
  });

  it('answers 503 degraded once the state database is gone', async () => {
    await t.ctx.state().close();
    const r = await t.app.inject({ url: '/health' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ status: 'degraded', checks: { state_db: 'unavailable' }, state: null });
    // and a key call (its key still in this node's cache) is a 503 to retry, not a 500 and not an answer uncounted
    const call = await t.app.inject({ url: '/v1/models', headers: t.auth });
    expect(call.statusCode).toBe(503);
    expect(call.json().error.code).toBe('state_unavailable');
    expect(call.body).not.toMatch(/sqlite|postgres|ECONN|destroyed/i);
  });
});
