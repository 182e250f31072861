// A node survives its PostgreSQL going away: a real server is stopped without warning (`pg_ctl stop -m immediate`,
// every connection of the node dropped mid-query) and started again while the node is under steady load. The node's
// process stays up, every answer during the outage is its usual answer or a 503 state_unavailable with retry-after
// (never another 5xx), and once the database is back every route serves again without restarting the node. Run
// over TCP and over a Unix socket (the socket disappears with the server, which fails differently from a refused
// port).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueKey } from '../../src/access/keys.ts';
import { openStateStore } from '../../src/state.ts';
import { findPostgresBin, startPgCluster, type PgCluster } from '../../scripts/pg-cluster.ts';
import { describePostgres } from '../helpers/state.ts';
import { startServerProcess, type ServerProcess } from '../access/server-process.ts';

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'outage-test password' };
const adminHeaders = { authorization: `Basic ${Buffer.from(`${ADMIN.ADMIN_USER}:${ADMIN.ADMIN_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
const json = { 'content-type': 'application/json' };

interface Answer {
  route: string;
  status: number;
  retryAfter: string | null;
  code: string | null;
}

/** One request of each kind the audit saw fail: a keyed API call, registration, login, a forum page, an admin key issue. */
function routes(url: string, key: string, n: number): Array<{ name: string; ok: number; send: () => Promise<Response> }> {
  return [
    { name: 'GET /v1/models', ok: 200, send: () => fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } }) },
    { name: 'POST /api/v1/auth/register', ok: 201, send: () => fetch(`${url}/api/v1/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ username: `outage_${n}`, password: 'a long pass phrase here' }) }) },
    { name: 'POST /api/auth/login', ok: 200, send: () => fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'outage_reader', password: 'a long pass phrase here' }) }) },
    { name: 'GET /forum', ok: 200, send: () => fetch(`${url}/forum`) },
    { name: 'GET /api/v1/forum/posts', ok: 200, send: () => fetch(`${url}/api/v1/forum/posts`) },
    { name: 'POST /v1/admin/keys', ok: 201, send: () => fetch(`${url}/v1/admin/keys`, { method: 'POST', headers: adminHeaders, body: JSON.stringify({ name: `outage ${n}` }) }) },
  ];
}

async function answer(route: string, send: () => Promise<Response>): Promise<Answer> {
  const r = await send();
  const text = await r.text();
  let code: string | null = null;
  try {
    code = JSON.parse(text)?.error?.code ?? null;
  } catch {
    // an HTML page
  }
  return { route, status: r.status, retryAfter: r.headers.get('retry-after'), code };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const transport of ['tcp', 'unix socket'] as const) {
  describePostgres(`the database going away under load (${transport})`, () => {
    let cluster: PgCluster;
    let node: ServerProcess;
    let key: string;
    beforeAll(async () => {
      if (!findPostgresBin()) return;
      cluster = await startPgCluster({ tcp: transport === 'tcp', settings: { fsync: 'off', full_page_writes: 'off' } });
      const url = await cluster.createDatabase('svc_outage');
      const setup = await openStateStore({ stateDb: '', stateDatabaseUrl: url });
      key = (await issueKey(setup, 'svc', { name: 'load', daily_limit: 1_000_000 })).key;
      await setup.close();
      // a short statement timeout and connection timeout keep the outage's requests from waiting long
      node = await startServerProcess({ ...ADMIN, STATE_DATABASE_URL: url, STATE_DB_POOL_SIZE: '4', STATE_DB_STATEMENT_TIMEOUT_MS: '3000', REGISTER_RATE_LIMIT: '1000000' });
      const reader = await fetch(`${node.url}/api/v1/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'outage_reader', password: 'a long pass phrase here' }) });
      expect(reader.status).toBe(201);
    });
    afterAll(async () => {
      await node?.stop();
      await cluster?.stop();
    });

    it('stays up, answers 503 state_unavailable with retry-after while the database is down, and recovers by itself', async () => {
      let stop = false;
      let n = 0;
      const answers: Answer[] = [];
      const failures: string[] = [];
      const worker = async () => {
        while (!stop) {
          for (const route of routes(node.url, key, n++)) {
            if (stop) return;
            try {
              answers.push(await answer(route.name, route.send));
            } catch (err) {
              failures.push(`${route.name}: ${(err as Error).message}`);
              await sleep(50);
            }
          }
        }
      };
      const running = Array.from({ length: 6 }, worker);
      const seen = (status: number) => answers.filter((a) => a.status === status).length;
      // steady load first, then the server stops without warning while requests are in flight
      const alive = () => node.child.exitCode === null && node.child.signalCode === null;
      const until = async (cond: () => boolean, ms: number) => {
        const deadline = Date.now() + ms;
        while (!cond() && alive() && Date.now() < deadline) await sleep(20);
      };
      await until(() => answers.length >= 60, 30_000);
      const before = answers.length;
      await cluster.stopImmediate();
      await until(() => answers.length >= before + 40 && seen(503) >= 10, 20_000);
      const duringOutage = answers.length;
      await cluster.start();
      // recovery: every route answers its usual status again, on the same process
      const recovered = new Set<string>();
      const deadline = Date.now() + 45_000;
      let probe = 10_000;
      while (recovered.size < routes('', '', 0).length && alive() && Date.now() < deadline) {
        for (const route of routes(node.url, key, probe++)) {
          const a = await answer(route.name, route.send).catch(() => null);
          if (a?.status === route.ok) recovered.add(route.name);
        }
        await sleep(100);
      }
      stop = true;
      await Promise.all(running);

      expect(node.child.exitCode, node.output()).toBeNull();
      expect(node.child.signalCode, node.output()).toBeNull();
      expect(failures, 'requests that got no HTTP answer at all').toEqual([]);
      expect(duringOutage - before).toBeGreaterThanOrEqual(40);
      const bad5xx = answers.filter((a) => a.status >= 500 && a.status !== 503);
      expect(bad5xx.map((a) => `${a.route} ${a.status} ${a.code}`), 'a 5xx other than 503').toEqual([]);
      const unavailable = answers.filter((a) => a.status === 503);
      expect(unavailable.length).toBeGreaterThanOrEqual(10);
      for (const a of unavailable) {
        expect(a.retryAfter, `${a.route}: 503 without retry-after`).toMatch(/^\d+$/);
        if (a.route !== 'GET /forum') expect(a.code, a.route).toBe('state_unavailable');
      }
      // every route was seen failing as unavailable during the outage, not just the keyed one
      expect(new Set(unavailable.map((a) => a.route)).size).toBeGreaterThanOrEqual(4);
      expect([...recovered].sort()).toEqual(routes('', '', 0).map((r) => r.name).sort());
    }, 180_000);
  });
}
