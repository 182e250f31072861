// Key administration over HTTP: HTTP Basic from the environment (503 when unset, 401 with a Basic challenge when
// wrong), issue once in plaintext, list masked, toggle, revoke for good, 404 for unknown ids, 400 naming fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'correct horse battery staple' };
const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
const admin = basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD);

forEachBackend('admin API', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: ADMIN, backend });
  });
  afterAll(async () => t.close());

  describe('admin credentials', () => {
    it('answers 503 naming ADMIN_USER and ADMIN_PASSWORD when none are configured', async () => {
      const bare = await startTestApp();
      try {
        for (const [method, url] of [['GET', '/v1/admin/keys'], ['POST', '/v1/admin/keys'], ['POST', '/v1/admin/keys/x/toggle'], ['DELETE', '/v1/admin/keys/x']] as const) {
          const r = await bare.app.inject({ method, url, headers: admin, payload: method === 'POST' ? { name: 'x' } : undefined });
          expect(r.statusCode).toBe(503);
          expect(r.json().error.code).toBe('admin_not_configured');
          expect(r.json().error.message).toMatch(/ADMIN_USER.*ADMIN_PASSWORD/);
        }
      } finally {
        await bare.close();
      }
    });

    it('rejects missing, wrong and Bearer credentials with 401 and a Basic challenge', async () => {
      for (const headers of [{}, basic('root', 'wrong'), basic('admin', ADMIN.ADMIN_PASSWORD), basic('root', `${ADMIN.ADMIN_PASSWORD}x`), t.auth, { authorization: 'Basic !!!' }]) {
        const r = await t.app.inject({ url: '/v1/admin/keys', headers });
        expect(r.statusCode).toBe(401);
        expect(r.headers['www-authenticate']).toMatch(/^Basic realm="admin"/);
        expect(r.json().error.type).toBe('authentication_error');
      }
    });

    it('is not reachable with a valid API key', async () => {
      const r = await t.app.inject({ method: 'POST', url: '/v1/admin/keys', headers: t.auth, payload: { name: 'sneaky' } });
      expect(r.statusCode).toBe(401);
    });
  });

  describe('key lifecycle', () => {
    it('issues a key once, lists it masked, toggles it, revokes it for good', async () => {
      const issued = await t.app.inject({ method: 'POST', url: '/v1/admin/keys', headers: admin, payload: { name: '  partner A ', daily_limit: 3, expires_days: 10 } });
      expect(issued.statusCode).toBe(201);
      const body = issued.json();
      expect(body.key).toMatch(/^svc-[A-Za-z0-9_-]{43}$/);
      expect(body).toMatchObject({ name: 'partner A', status: 'enabled', daily_limit: 3, masked: `svc-…${body.key.slice(-4)}` });
      expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(10 * 86_400_000);
      const bearer = { authorization: `Bearer ${body.key}` };

      // the key works and its call shows in the list
      expect((await t.app.inject({ url: '/v1/models', headers: bearer })).statusCode).toBe(200);
      const list = await t.app.inject({ url: '/v1/admin/keys', headers: admin });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(body.key.slice(4));
      expect(list.body).not.toContain(body.key.slice(4, 14));
      const row = list.json().items.find((k: { id: string }) => k.id === body.id);
      expect(row).toMatchObject({ name: 'partner A', key: body.masked, status: 'enabled', daily_limit: 3, calls_today: 1, expires_at: body.expires_at, revoked_at: null });
      // last_used_at is written after the answer, off the request's path (touchKey), so it lands shortly after
      const lastUsed = async () => {
        const l = await t.app.inject({ url: '/v1/admin/keys', headers: admin });
        return Date.parse(l.json().items.find((k: { id: string }) => k.id === body.id).last_used_at);
      };
      await expect.poll(lastUsed, { timeout: 5_000 }).toBeGreaterThanOrEqual(Date.parse(body.created_at));
      expect(list.json().count).toBe(list.json().items.length);

      // toggle flips and returns the new state; a disabled key gets its own 401 code
      const off = await t.app.inject({ method: 'POST', url: `/v1/admin/keys/${body.id}/toggle`, headers: admin });
      expect(off.json()).toEqual({ id: body.id, status: 'disabled' });
      const refused = await t.app.inject({ url: '/v1/models', headers: bearer });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('api_key_disabled');
      const on = await t.app.inject({ method: 'POST', url: `/v1/admin/keys/${body.id}/toggle`, headers: admin });
      expect(on.json()).toEqual({ id: body.id, status: 'enabled' });
      expect((await t.app.inject({ url: '/v1/models', headers: bearer })).statusCode).toBe(200);

      // revoke: final, listed as revoked, toggle is a 409, the key a 401 api_key_revoked
      const del = await t.app.inject({ method: 'DELETE', url: `/v1/admin/keys/${body.id}`, headers: admin });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ id: body.id, status: 'revoked' });
      const gone = await t.app.inject({ url: '/v1/models', headers: bearer });
      expect(gone.json().error.code).toBe('api_key_revoked');
      const toggleRevoked = await t.app.inject({ method: 'POST', url: `/v1/admin/keys/${body.id}/toggle`, headers: admin });
      expect(toggleRevoked.statusCode).toBe(409);
      expect(toggleRevoked.json().error.code).toBe('api_key_revoked');
      const after = (await t.app.inject({ url: '/v1/admin/keys', headers: admin })).json().items.find((k: { id: string }) => k.id === body.id);
      expect(after).toMatchObject({ status: 'revoked', revoked_at: del.json().revoked_at, calls_today: 2 });
    });

    it('defaults the daily limit to 500 and leaves the key without expiry', async () => {
      const r = await t.app.inject({ method: 'POST', url: '/v1/admin/keys', headers: admin, payload: { name: 'defaults' } });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ daily_limit: 500, expires_at: null });
    });

    it('answers 404 for unknown ids', async () => {
      for (const [method, url] of [['POST', '/v1/admin/keys/00000000-0000-0000-0000-000000000000/toggle'], ['DELETE', '/v1/admin/keys/nope']] as const) {
        const r = await t.app.inject({ method, url, headers: admin });
        expect(r.statusCode).toBe(404);
        expect(r.json().error.param).toBe('id');
      }
    });

    it('rejects bad issue bodies with a 400 naming the field', async () => {
      const cases: Array<[unknown, string]> = [
        [{}, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x', daily_limit: 0 }, 'daily_limit'],
        [{ name: 'x', daily_limit: 2.5 }, 'daily_limit'],
        [{ name: 'x', daily_limit: '100' }, 'daily_limit'],
        [{ name: 'x', expires_days: -1 }, 'expires_days'],
        [{ name: 'x', expires_days: 1e9 }, 'expires_days'],
        [{ name: 'x', colour: 'red' }, 'colour'],
      ];
      for (const [payload, field] of cases) {
        const r = await t.app.inject({ method: 'POST', url: '/v1/admin/keys', headers: admin, payload: payload as object });
        expect(r.statusCode, JSON.stringify(payload)).toBe(400);
        expect(r.json().error.param).toBe(field);
        expect(r.json().error.message).toContain(field);
      }
    });
  });

  describe('request bodies', () => {
    it('accepts an empty JSON body on toggle and DELETE, and refuses broken JSON or a missing issue body with 400', async () => {
      const issued = (await t.app.inject({ method: 'POST', url: '/v1/admin/keys', headers: admin, payload: { name: 'bodies' } })).json();
      const json = { ...admin, 'content-type': 'application/json' };
      expect((await t.app.inject({ method: 'POST', url: `/v1/admin/keys/${issued.id}/toggle`, headers: json, payload: '' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/v1/admin/keys/${issued.id}`, headers: json, payload: '' })).statusCode).toBe(200);
      const broken = await t.app.inject({ method: 'POST', url: '/v1/admin/keys', headers: json, payload: '{"name":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.message).toContain('not valid JSON');
      const empty = await t.app.inject({ method: 'POST', url: '/v1/admin/keys', headers: json, payload: '' });
      expect(empty.statusCode).toBe(400);
    });
  });
});
