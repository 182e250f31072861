// A frozen PostgreSQL (SIGSTOP to the real server and every backend: the sockets stay open, nothing answers, as in
// a partition) no longer hangs requests: the node's own query timeout (statement timeout + 1 s) and connect timeout
// answer 503 state_unavailable with retry-after, /health answers within its own timeout, and once the server runs
// again the node serves without a restart. Before, /v1/usage and /health waited for as long as the server stayed
// frozen (32 s in the audit's partition). The default settings; the test allows each answer 20 s before it calls
// the request hung.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findPostgresBin, startPgCluster, type PgCluster } from '../../scripts/pg-cluster.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { describePostgres } from '../helpers/state.ts';

describePostgres('a frozen state database', () => {
  let cluster: PgCluster;
  let t: TestApp;
  beforeAll(async () => {
    if (!findPostgresBin()) return;
    cluster = await startPgCluster({ tcp: true, settings: { fsync: 'off', full_page_writes: 'off' } });
    t = await startTestApp({ listen: true, config: { STATE_DATABASE_URL: await cluster.createDatabase('svc_freeze') } });
  });
  afterAll(async () => {
    cluster?.thaw();
    await t?.close();
    await cluster?.stop();
  });

  const get = async (path: string) => {
    const r = await fetch(`${t.url}${path}`, { headers: t.auth, signal: AbortSignal.timeout(20_000) });
    const body = await r.json();
    return { status: r.status, retryAfter: r.headers.get('retry-after'), body };
  };

  it('answers 503 state_unavailable (and /health 503) instead of hanging, and recovers when the server runs again', async () => {
    expect((await get('/v1/usage')).status).toBe(200);
    cluster.freeze();
    try {
      // in flight together: more than one pooled connection gets stuck, and the later ones wait for the pool
      const answers = await Promise.all([get('/v1/usage'), get('/v1/models'), get('/v1/usage'), get('/health')]);
      for (const a of answers.slice(0, 3)) {
        expect(a.status).toBe(503);
        expect(a.body.error.code).toBe('state_unavailable');
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
      }
      const health = answers[3]!;
      expect(health.status).toBe(503);
      expect(health.body.status).toBe('degraded');
      expect(health.body.checks.state_db).not.toBe('ok');
      // a request arriving while the stuck ones hold the pool is answered too
      expect((await get('/v1/usage')).status).toBe(503);
    } finally {
      cluster.thaw();
    }
    let last = 0;
    for (let i = 0; i < 50 && last !== 200; i++) {
      last = (await get('/v1/usage')).status;
      if (last !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(last).toBe(200);
    expect((await get('/health')).status).toBe(200);
  });
});
