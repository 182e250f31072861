// GET /v1/usage: the calling key's own usage; not counted, and answered when the quota is spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextQuotaDayStart, quotaDay } from '../../src/access/clock.ts';
import { addTokens } from '../../src/access/quota.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';

forEachBackend('GET /v1/usage', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ dailyLimit: 2, backend });
  });
  afterAll(async () => t.close());

  describe('GET /v1/usage', () => {
    it('counts calls, is not counted itself, and still answers once the quota is spent', async () => {
      const before = Date.now();
      const first = await t.app.inject({ url: '/v1/usage', headers: t.auth });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ object: 'usage', calls_today: 0, daily_limit: 2, remaining: 2, tokens_total: 0 });
      expect(first.json().key).toMatchObject({ id: t.keyId, masked: `svc-…${t.key.slice(-4)}` });
      expect(first.body).not.toContain(t.key.slice(4));

      expect((await t.app.inject({ url: '/v1/models', headers: t.auth })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/v1/models', headers: t.auth })).statusCode).toBe(200);
      const over = await t.app.inject({ url: '/v1/models', headers: t.auth });
      expect(over.statusCode).toBe(429);
      expect(over.headers['x-should-retry']).toBe('false');

      const spent = await t.app.inject({ url: '/v1/usage', headers: t.auth });
      expect(spent.statusCode).toBe(200);
      const u = spent.json();
      expect(u).toMatchObject({ calls_today: 2, daily_limit: 2, remaining: 0, calls_total: 2, day: quotaDay() });
      // the reset is the next midnight in Asia/Shanghai
      expect(u.resets_at).toBe(new Date(nextQuotaDayStart(before)).toISOString());
      // Both count down to the same instant; the two requests may straddle a second boundary.
      expect(Math.abs(Number(over.headers['retry-after']) - u.resets_in_seconds)).toBeLessThanOrEqual(1);
    });

    it('reports cumulative tokens recorded by the chat endpoint', async () => {
      await addTokens(t.ctx.state(), t.keyId, 120);
      await addTokens(t.ctx.state(), t.keyId, 30);
      const u = (await t.app.inject({ url: '/v1/usage', headers: t.auth })).json();
      expect(u.tokens_today).toBe(150);
      expect(u.tokens_total).toBe(150);
    });

    it('needs a key like every /v1 endpoint', async () => {
      const r = await t.app.inject({ url: '/v1/usage' });
      expect(r.statusCode).toBe(401);
      expect(r.json().error.code).toBe('missing_api_key');
    });
  });
});
