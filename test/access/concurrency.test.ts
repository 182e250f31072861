// The quota is exact under concurrency over real HTTP: limit 20, 100 concurrent calls → exactly 20 × 200 and
// 80 × 429 in one process and across two server processes sharing the state database, on both backends; and on
// PostgreSQL the multi-node case: three service processes on one database, a key with limit 50 and 300 concurrent
// calls spread over them → exactly 50 successes.
import { afterAll, expect, it } from 'vitest';
import { issueKey } from '../../src/access/keys.ts';
import { openStateStore } from '../../src/state.ts';
import type { StateStore } from '../../src/db/store.ts';
import { startTestApp } from '../helpers/app.ts';
import { countedCalls, describePostgres, forEachBackend, settingsOf, stateOverrides } from '../helpers/state.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

async function burst(urls: string[], key: string, n: number): Promise<Response[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => fetch(`${urls[i % urls.length]}/v1/models`, { headers: { authorization: `Bearer ${key}` } })));
}

function tally(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const callsOf = (db: StateStore, keyId: string) => countedCalls(db, keyId);

/** n server processes on one state database (the overrides' backend), and a store on it for the test. */
async function nodes(n: number, overrides: Record<string, string>): Promise<{ db: StateStore; urls: string[] }> {
  const db = await openStateStore(settingsOf(overrides));
  const started = await Promise.all(Array.from({ length: n }, () => startServerProcess(overrides))); // they migrate at once
  servers.push(...started);
  return { db, urls: started.map((s) => s.url) };
}

forEachBackend('quota under concurrency', (backend) => {
  it('one process on loopback: exactly 20 of 100 concurrent calls succeed', async () => {
    const t = await startTestApp({ listen: true, dailyLimit: 20, backend });
    try {
      const responses = await burst([t.url], t.key, 100);
      expect(tally(responses)).toEqual({ 200: 20, 429: 80 });
      const refused = responses.find((r) => r.status === 429)!;
      expect(refused.headers.get('x-should-retry')).toBe('false');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('daily_quota_exceeded');
      expect(await callsOf(t.ctx.state(), t.keyId)).toBe(20);
    } finally {
      await t.close();
    }
  });

  it('two server processes sharing the state database: exactly 20 of 100 concurrent calls succeed', async () => {
    const { db, urls } = await nodes(2, await stateOverrides(backend));
    const [a, b] = urls as [string, string];
    const { key, record } = await issueKey(db, 'svc', { name: 'two-processes', daily_limit: 20 });
    const responses = await burst([a, b], key, 100);
    expect(tally(responses)).toEqual({ 200: 20, 429: 80 });
    // half the calls went to each process, all in flight together
    expect(responses.filter((r) => r.url.startsWith(a))).toHaveLength(50);
    expect(await callsOf(db, record.id)).toBe(20);
    // and a key disabled through another connection is refused by both at once, although both have it cached
    await db.db.updateTable('api_keys').set({ status: 'disabled' }).where('id', '=', record.id).execute();
    for (const url of [a, b]) {
      const r = await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(401);
      expect((await r.json()).error.code).toBe('api_key_disabled');
    }
    await db.close();
  });
});

// Several machines share a PostgreSQL state database, not a SQLite file.
describePostgres('several nodes', () => {
  const backend = 'postgres';
  it('three service processes on one PostgreSQL: limit 50, 300 concurrent calls spread over them → exactly 50 succeed', async () => {
    const { db, urls } = await nodes(3, await stateOverrides(backend));
    const { key, record } = await issueKey(db, 'svc', { name: 'three-nodes', daily_limit: 50 });
    const responses = await burst(urls, key, 300);
    expect(tally(responses)).toEqual({ 200: 50, 429: 250 });
    for (const url of urls) expect(responses.filter((r) => r.url.startsWith(url))).toHaveLength(100);
    expect(await callsOf(db, record.id)).toBe(50);
    // a key revoked through another connection is refused by the other two at its next call, although they have it cached
    const usable = await fetch(`${urls[0]}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect(usable.status).toBe(200);
    await db.db.updateTable('api_keys').set({ status: 'revoked', revoked_at: new Date().toISOString() }).where('id', '=', record.id).execute();
    for (const url of urls) {
      const r = await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(401);
      expect((await r.json()).error.code).toBe('api_key_revoked');
    }
    await db.close();
  });
});

