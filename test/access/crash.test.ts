// kill -9 during load loses no issued key and no counted call that was answered: a server process under load
// (calls and key issues in flight) is SIGKILLed; reopening its state database shows every answered call counted
// and every issued key present.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashKey, issueKey } from '../../src/access/keys.ts';
import { openStateDb } from '../../src/db/state.ts';
import { tempDir } from '../helpers/context.ts';
import { startServerProcess } from './server-process.ts';

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'crash-test password' };
const admin = { authorization: `Basic ${Buffer.from(`${ADMIN.ADMIN_USER}:${ADMIN.ADMIN_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
const WORKERS = 16;

describe('kill -9 under load', () => {
  it('keeps every answered call counted and every issued key', async () => {
    const stateDb = path.join(tempDir(), 'state.db');
    const setup = openStateDb(stateDb);
    const { key, record } = issueKey(setup, 'svc', { name: 'load', daily_limit: 1_000_000 });
    setup.close();
    const server = await startServerProcess({ STATE_DB: stateDb, ...ADMIN });

    let answered = 0;
    const issued: string[] = [];
    let stop = false;
    const worker = async (i: number) => {
      while (!stop) {
        try {
          if (i === 0) {
            const r = await fetch(`${server.url}/v1/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ name: `k${issued.length}` }) });
            if (r.status === 201) issued.push((await r.json()).key);
          } else {
            const r = await fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
            if (r.status === 200) answered++;
          }
        } catch {
          return; // the server is gone: this request was never answered
        }
      }
    };
    const running = Array.from({ length: WORKERS }, (_, i) => worker(i));
    // let the load run until enough has been answered, then kill without warning
    const deadline = Date.now() + 20_000;
    while ((answered < 300 || issued.length < 5) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    stop = true;
    await Promise.all(running);
    expect(answered).toBeGreaterThanOrEqual(300);
    expect(issued.length).toBeGreaterThanOrEqual(5);

    const db = openStateDb(stateDb);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const counted = db.prepare('SELECT coalesce(sum(calls), 0) FROM key_usage_daily WHERE key_id = ?').pluck().get(record.id) as number;
      expect(counted).toBeGreaterThanOrEqual(answered); // nothing answered was lost
      expect(counted).toBeLessThanOrEqual(answered + WORKERS); // at most the calls in flight were counted unanswered
      const stored = db.prepare('SELECT 1 FROM api_keys WHERE key_hash = ?').pluck();
      for (const k of issued) expect(stored.get(hashKey(k))).toBe(1);
    } finally {
      db.close();
    }
  });
});
