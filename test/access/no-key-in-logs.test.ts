// No log line contains a key: a real server process logging at debug level (its stdout and stderr captured) issues
// keys, serves good and bad keys, toggles and revokes; then the captured log is searched for every secret.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/context.ts';
import { startServerProcess } from './server-process.ts';

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'log-test admin password' };
const DEV = { DEV_USER: 'dev', DEV_PASSWORD: 'log-test developer password' };
const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

describe('logs', () => {
  it('never contain a key, a key secret or a password, at debug level', async () => {
    const server = await startServerProcess({ STATE_DB: path.join(tempDir(), 'state.db'), LOG_LEVEL: 'debug', ...ADMIN, ...DEV });
    const secrets: string[] = [ADMIN.ADMIN_PASSWORD, DEV.DEV_PASSWORD];
    try {
      const call = (url: string, init: RequestInit = {}) => fetch(`${server.url}${url}`, init);
      const adminHeaders = { authorization: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD), 'content-type': 'application/json' };
      const keys: Array<{ id: string; key: string }> = [];
      for (const name of ['first', 'second', 'third']) {
        const r = await call('/v1/admin/keys', { method: 'POST', headers: adminHeaders, body: JSON.stringify({ name, daily_limit: 3 }) });
        expect(r.status).toBe(201);
        keys.push(await r.json());
      }
      secrets.push(...keys.map((k) => k.key.slice(4)));
      const [good, revoked, toggled] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];
      const bearer = (k: string) => ({ authorization: `Bearer ${k}` });

      expect((await call('/v1/models', { headers: bearer(good.key) })).status).toBe(200);
      expect((await call('/v1/usage', { headers: bearer(good.key) })).status).toBe(200);
      expect((await call('/v1/yijing', { method: 'POST', headers: { ...bearer(good.key), 'content-type': 'application/json' }, body: '{"method":"nope"}' })).status).toBe(400);
      for (let i = 0; i < 3; i++) await call('/v1/models', { headers: bearer(good.key) }); // into the 429
      expect((await call('/v1/models', { headers: bearer(good.key) })).status).toBe(429);
      const mcp = await call('/mcp', {
        method: 'POST',
        headers: { ...bearer(toggled.key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
      });
      expect(mcp.status).toBe(200);
      await mcp.text();

      expect((await call(`/v1/admin/keys/${revoked.id}`, { method: 'DELETE', headers: adminHeaders })).status).toBe(200);
      expect((await call('/v1/models', { headers: bearer(revoked.key) })).status).toBe(401);
      expect((await call(`/v1/admin/keys/${toggled.id}/toggle`, { method: 'POST', headers: adminHeaders })).status).toBe(200);
      expect((await call('/v1/models', { headers: bearer(toggled.key) })).status).toBe(401);

      // bad keys: unknown of the right shape, malformed, a key sent as admin credentials, a wrong password
      const unknown = `svc-${'Q'.repeat(43)}`;
      secrets.push(unknown.slice(4));
      expect((await call('/v1/models', { headers: bearer(unknown) })).status).toBe(401);
      expect((await call('/v1/models', { headers: bearer(`${good.key}!`) })).status).toBe(401);
      expect((await call('/v1/models', { headers: { authorization: good.key } })).status).toBe(401);
      expect((await call('/v1/admin/keys', { headers: { authorization: basic('root', good.key) } })).status).toBe(401);
      // a careless client that puts its key in the query string
      expect((await call(`/v1/models?api_key=${good.key}`, { headers: bearer(good.key) })).status).toBe(429);
      expect((await call(`/v1/nowhere?key=${good.key}`)).status).toBe(404);
      expect((await call('/dev/api/usage', { headers: { authorization: basic(DEV.DEV_USER, DEV.DEV_PASSWORD) } })).status).toBe(200);

      const list = await (await call('/v1/admin/keys', { headers: adminHeaders })).text();
      for (const k of keys) expect(list).not.toContain(k.key.slice(4));
    } finally {
      await server.stop();
    }
    const log = server.output();
    // logging really was on, at debug level, and saw these requests
    expect(log).toMatch(/"level":20/);
    expect(log).toContain('/v1/admin/keys');
    expect(log).toContain('issued API key');
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.slice(0, 16));
      expect(log).not.toContain(Buffer.from(secret).toString('base64').slice(0, 16));
    }
  });
});
