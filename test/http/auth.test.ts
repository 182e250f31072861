// Key authentication over HTTP: every key-family route refuses bad keys with a distinct 401 code; each call counts
// once (also HEAD); a spent quota is a 429 the openai SDK does not retry.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey, toggleKey } from '../../src/access/admin.ts';
import { issueKey } from '../../src/access/keys.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { countedCalls, forEachBackend } from '../helpers/state.ts';

forEachBackend('key authentication', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ listen: true, backend });
  });
  afterAll(async () => t.close());

  const calls = (keyId: string) => countedCalls(t.ctx.state(), keyId);

  describe('401 codes', () => {
    it('distinguishes missing, malformed, unknown, disabled, revoked and expired keys, with a Bearer challenge', async () => {
      const db = t.ctx.state();
      const disabled = await issueKey(db, 'svc', { name: 'd' });
      await toggleKey(db, disabled.record.id);
      const revoked = await issueKey(db, 'svc', { name: 'r' });
      await revokeKey(db, revoked.record.id);
      const expired = await issueKey(db, 'svc', { name: 'e', expires_days: 1 }, new Date(Date.now() - 2 * 86_400_000));
      const cases: Array<[Record<string, string>, string]> = [
        [{}, 'missing_api_key'],
        [{ authorization: 'Bearer nonsense' }, 'invalid_api_key_format'],
        [{ authorization: `Token ${t.key}` }, 'invalid_api_key_format'],
        [{ authorization: `Bearer svc-${'A'.repeat(43)}` }, 'invalid_api_key'],
        [{ authorization: `Bearer ${disabled.key}` }, 'api_key_disabled'],
        [{ authorization: `Bearer ${revoked.key}` }, 'api_key_revoked'],
        [{ authorization: `Bearer ${expired.key}` }, 'api_key_expired'],
      ];
      // the key families of interface.md part 5 that exist in this app, including /mcp (MCP_AUTH=key)
      const routes = t.app.routeCatalog().filter((r) => r.auth === 'key' && r.method !== 'HEAD');
      expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/v1/models', '/v1/usage', '/v1/capabilities', '/v1/yijing', '/mcp']));
      for (const route of routes) {
        for (const [headers, code] of cases) {
          const r = await t.app.inject({ method: route.method as 'GET', url: route.url.replace(/:(\w+)/g, 'x'), headers, payload: route.method === 'POST' ? {} : undefined });
          expect(r.statusCode, `${route.method} ${route.url} ${code}`).toBe(401);
          expect(r.json().error.code).toBe(code);
          expect(r.headers['www-authenticate']).toBe('Bearer');
        }
      }
    });
  });

  describe('counting', () => {
    it('counts a GET and its HEAD twin once each, and not a refused or invalid call', async () => {
      const { key, record } = await issueKey(t.ctx.state(), 'svc', { name: 'head' });
      const headers = { authorization: `Bearer ${key}` };
      expect((await t.app.inject({ method: 'GET', url: '/v1/models', headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'HEAD', url: '/v1/models', headers })).statusCode).toBe(200);
      expect(await calls(record.id)).toBe(2);
      // a body that fails validation is refused before counting
      const bad = await t.app.inject({ method: 'POST', url: '/v1/yijing', headers, payload: { method: 'tea-leaves' } });
      expect(bad.statusCode).toBe(400);
      expect(await calls(record.id)).toBe(2);
    });

    it('a spent quota reaches the openai SDK as a RateLimitError after a single request (x-should-retry: false)', async () => {
      const { key, record } = await issueKey(t.ctx.state(), 'svc', { name: 'sdk', daily_limit: 1 });
      let requests = 0;
      const client = new OpenAI({
        apiKey: key,
        baseURL: `${t.url}/v1`,
        maxRetries: 2,
        fetch: (input, init) => {
          requests++;
          return fetch(input, init);
        },
      });
      expect((await client.models.list()).data[0]!.id).toBe(t.ctx.config.brand);
      const started = Date.now();
      const err = await client.models.list().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.RateLimitError);
      expect((err as InstanceType<typeof OpenAI.RateLimitError>).code).toBe('daily_quota_exceeded');
      expect(requests).toBe(2); // one success, one refusal, no retry
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await calls(record.id)).toBe(1); // the refused request was not counted
    });
  });
});
