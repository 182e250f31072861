// The developer family /dev/api/: HTTP Basic with DEV_USER/DEV_PASSWORD (503 when unset), read-only usage per key
// per day and per-tool statistics per day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaDay } from '../../src/access/clock.ts';
import { issueKey } from '../../src/access/keys.ts';
import { consumeCall } from '../../src/access/quota.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';

const DEV = { DEV_USER: 'dev', DEV_PASSWORD: 'a long developer password' };
const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
const dev = basic(DEV.DEV_USER, DEV.DEV_PASSWORD);

forEachBackend('developer API', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { ...DEV, ADMIN_USER: 'root', ADMIN_PASSWORD: 'another secret' }, backend });
  });
  afterAll(async () => t.close());

  describe('developer credentials', () => {
    it('answers 503 naming DEV_USER and DEV_PASSWORD when unset, 401 with a Basic challenge when wrong', async () => {
      const bare = await startTestApp();
      try {
        const r = await bare.app.inject({ url: '/dev/api/usage', headers: dev });
        expect(r.statusCode).toBe(503);
        expect(r.json().error.message).toMatch(/DEV_USER.*DEV_PASSWORD/);
      } finally {
        await bare.close();
      }
      for (const headers of [{}, basic('dev', 'nope'), basic('root', 'another secret'), t.auth]) {
        const r = await t.app.inject({ url: '/dev/api/tools', headers });
        expect(r.statusCode).toBe(401);
        expect(r.headers['www-authenticate']).toMatch(/^Basic realm="developer"/);
      }
    });

    it('is read-only: no write methods exist', async () => {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const r = await t.app.inject({ method, url: '/dev/api/usage', headers: dev });
        expect(r.statusCode).toBe(404);
      }
    });
  });

  describe('usage history', () => {
    it('lists calls and tokens per key per day, newest first, filtered by key and range, paged', async () => {
      const db = t.ctx.state();
      const a = await issueKey(db, 'svc', { name: 'history-a', daily_limit: 50 });
      const b = await issueKey(db, 'svc', { name: 'history-b', daily_limit: 50 });
      const d1 = Date.parse('2026-04-01T04:00:00Z');
      const d2 = Date.parse('2026-04-02T04:00:00Z');
      for (let i = 0; i < 3; i++) await consumeCall(db, a.record, d1);
      await consumeCall(db, a.record, d2);
      await consumeCall(db, b.record, d2);
      const r = await t.app.inject({ url: '/dev/api/usage?from=2026-04-01&to=2026-04-02', headers: dev });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body).toMatchObject({ from: '2026-04-01', to: '2026-04-02', page: 1, has_more: false });
      const rows = body.items.map((i: { day: string; name: string; calls: number }) => [i.day, i.name, i.calls]);
      expect(rows).toHaveLength(3);
      expect(rows).toEqual(expect.arrayContaining([['2026-04-02', 'history-a', 1], ['2026-04-02', 'history-b', 1], ['2026-04-01', 'history-a', 3]]));
      expect(body.items.map((i: { day: string }) => i.day)).toEqual(['2026-04-02', '2026-04-02', '2026-04-01']);
      expect(r.body).not.toContain(a.key.slice(4));
      expect(body.items[0].key).toMatch(/^svc-…/);

      const onlyA = (await t.app.inject({ url: `/dev/api/usage?from=2026-04-01&to=2026-04-02&key_id=${a.record.id}`, headers: dev })).json();
      expect(onlyA.items.map((i: { calls: number }) => i.calls)).toEqual([1, 3]);
      const page1 = (await t.app.inject({ url: '/dev/api/usage?from=2026-04-01&to=2026-04-02&page_size=2', headers: dev })).json();
      expect(page1.items).toHaveLength(2);
      expect(page1.has_more).toBe(true);
      const page2 = (await t.app.inject({ url: '/dev/api/usage?from=2026-04-01&to=2026-04-02&page_size=2&page=2', headers: dev })).json();
      expect(page2.items).toHaveLength(1);
      expect(page2.has_more).toBe(false);
    });

    it('defaults to the last 30 days ending today (Asia/Shanghai)', async () => {
      const body = (await t.app.inject({ url: '/dev/api/usage', headers: dev })).json();
      expect(body.to).toBe(quotaDay());
      expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(29);
    });

    it('rejects bad ranges with a 400 naming the field', async () => {
      for (const [query, field] of [
        ['from=2026-13-01', 'from'],
        ['to=yesterday', 'to'],
        ['from=2026-05-02&to=2026-05-01', 'from'],
        ['from=2020-01-01&to=2026-01-01', 'from'],
        ['page=0', 'page'],
        ['page_size=101', 'page_size'],
      ]) {
        const r = await t.app.inject({ url: `/dev/api/usage?${query}`, headers: dev });
        expect(r.statusCode, query).toBe(400);
        expect(r.json().error.param).toBe(field);
      }
    });
  });

  describe('tool statistics', () => {
    it('counts calls, errors and latency per tool and transport from real tool calls', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: t.auth, payload: {} })).statusCode).toBe(200);
      }
      // a call that fails inside the tool (bad argument) is an error of that tool
      expect((await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: t.auth, payload: { colour: 'red' } })).statusCode).toBe(400);
      const r = await t.app.inject({ url: '/dev/api/tools?tool=site_about', headers: dev });
      expect(r.statusCode).toBe(200);
      const [row, ...rest] = r.json().items;
      expect(rest).toEqual([]);
      expect(row).toMatchObject({ day: quotaDay(), tool: 'site_about', transport: 'rest', calls: 4, errors: 1 });
      expect(row.mean_ms).toBeGreaterThanOrEqual(0);
      expect(row.max_ms).toBeGreaterThanOrEqual(row.mean_ms);
      expect(row.p50_ms_at_most).toBeGreaterThanOrEqual(1);
      expect(row.p95_ms_at_most === null || row.p95_ms_at_most >= row.p50_ms_at_most).toBe(true);
    });

    it('has an index of its endpoints and a masked key list', async () => {
      const index = await t.app.inject({ url: '/dev/api/', headers: dev });
      expect(index.json().endpoints.map((e: { path: string }) => e.path)).toEqual(['/dev/api/keys', '/dev/api/usage', '/dev/api/tools']);
      const keys = await t.app.inject({ url: '/dev/api/keys', headers: dev });
      expect(keys.json().items.some((k: { id: string }) => k.id === t.keyId)).toBe(true);
      expect(keys.body).not.toContain(t.key.slice(4));
    });
  });
});
