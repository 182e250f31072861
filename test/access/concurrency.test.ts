// The quota is exact under concurrency over real HTTP: limit 20, 100 concurrent calls → exactly 20 × 200 and
// 80 × 429, in one process and across two server processes sharing the state database.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../src/access/keys.ts';
import { openStateDb } from '../../src/db/state.ts';
import { startTestApp } from '../helpers/app.ts';
import { tempDir } from '../helpers/context.ts';
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

describe('quota under concurrency', () => {
  it('one process on loopback: exactly 20 of 100 concurrent calls succeed', async () => {
    const t = await startTestApp({ listen: true, dailyLimit: 20 });
    try {
      const responses = await burst([t.url], t.key, 100);
      expect(tally(responses)).toEqual({ 200: 20, 429: 80 });
      const refused = responses.find((r) => r.status === 429)!;
      expect(refused.headers.get('x-should-retry')).toBe('false');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('daily_quota_exceeded');
      expect(t.ctx.stateDb().prepare('SELECT calls FROM key_usage_daily WHERE key_id = ?').pluck().get(t.keyId)).toBe(20);
    } finally {
      await t.close();
    }
  });

  it('two server processes sharing the state database: exactly 20 of 100 concurrent calls succeed', async () => {
    const stateDb = path.join(tempDir(), 'state.db');
    const db = openStateDb(stateDb);
    const { key, record } = issueKey(db, 'svc', { name: 'two-processes', daily_limit: 20 });
    const [a, b] = await Promise.all([startServerProcess({ STATE_DB: stateDb }), startServerProcess({ STATE_DB: stateDb })]);
    servers.push(a!, b!);
    const responses = await burst([a!.url, b!.url], key, 100);
    expect(tally(responses)).toEqual({ 200: 20, 429: 80 });
    // half the calls went to each process, all in flight together
    expect(responses.filter((r) => r.url.startsWith(a!.url))).toHaveLength(50);
    expect(db.prepare('SELECT calls FROM key_usage_daily WHERE key_id = ?').pluck().get(record.id)).toBe(20);
    // and a key disabled through one process's database connection is refused by both at once
    db.prepare("UPDATE api_keys SET status = 'disabled' WHERE id = ?").run(record.id);
    for (const s of [a!, b!]) {
      const r = await fetch(`${s.url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(401);
      expect((await r.json()).error.code).toBe('api_key_disabled');
    }
    db.close();
  });
});
