// App accounts over HTTP on both state backends: registration and its policy, login → token, me, logout, the
// lock-out, and the security properties (no name/password oracle, injection, oversized bodies, token reuse, nothing
// secret at rest in plaintext).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';
import { LIMITS } from '../../src/users/throttle.ts';

const PASSWORD = 'correct horse battery';

forEachBackend('app accounts', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // these checks register many accounts from one address; the registration limit has its own test (write-limit)
    t = await startTestApp({ backend, config: { REGISTER_RATE_LIMIT: '100000' } });
  });
  afterAll(async () => t?.close());

  const post = (url: string, body: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: body as object, headers, remoteAddress: ip });
  const register = (username: string, password = PASSWORD) => post('/api/v1/auth/register', { username, password });
  const login = (username: string, password = PASSWORD, ip = '10.0.0.1') => post('/api/auth/login', { username, password }, {}, ip);
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('registers, logs in, answers me, and logs out for good', async () => {
    const r = await register('Alice_01');
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({ code: 200, message: 'success', data: { user: { username: 'Alice_01', display_name: 'Alice_01' } } });
    expect(JSON.stringify(body)).not.toContain(PASSWORD);

    const l = await login('alice_01'); // case-insensitive name
    expect(l.statusCode).toBe(200);
    const { token, token_type, expires_in, expires_at } = l.json().data;
    expect(token_type).toBe('Bearer');
    expect(token).toMatch(/^ut-[A-Za-z0-9_-]{43}$/);
    expect(expires_in).toBe(t.ctx.config.appTokenTtlHours * 3600);
    expect(Math.abs(Date.parse(expires_at) - Date.now() - expires_in * 1000)).toBeLessThan(60_000);

    const m = await me(token);
    expect(m.statusCode).toBe(200);
    expect(m.json().data.user.username).toBe('Alice_01');

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.json().data).toEqual({ revoked: true });
    // token reuse after logout
    const again = await me(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 401, data: null, error: { code: 'token_revoked' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('logs out when the client sends a JSON content type with an empty body (as many HTTP libraries do)', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'empty_body_logout', password: 'correct horse battery' } });
    const token = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'empty_body_logout', password: 'correct horse battery' } })).json().data.token;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '' });
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toEqual({ revoked: true });
    expect((await me(token)).json().error.code).toBe('token_revoked');
    // a body that is there is still parsed as JSON
    const second = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'empty_body_logout', password: 'correct horse battery' } })).json().data.token;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${second}`, 'content-type': 'application/json' }, payload: '{not json' })).statusCode).toBe(400);
  });

  it('serves the same handler on /api/auth/app-register and refuses a taken name in any case with 409', async () => {
    expect((await post('/api/auth/app-register', { username: 'bob.b', password: PASSWORD })).statusCode).toBe(201);
    const dup = await register('BOB.B');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'username_taken', param: 'username' });
  });

  it('states the password policy and names the field', async () => {
    for (const [password, why] of [
      ['short', '10–128 characters'],
      ['x'.repeat(129), '10–128 characters'],
      ['carol-the-great-1', 'user name'],
      ['aaaaaaaaaaaa', 'repeated'],
      ['password123', 'commonly used'],
    ] as const) {
      const r = await register('carol', password);
      expect(r.statusCode, password).toBe(400);
      expect(r.json().error.param).toBe('password');
      expect(r.json().error.message).toContain(why);
      expect(r.json().error.message).toContain('not a commonly used password'); // the whole policy, every time
    }
    const bad = await register('a b', PASSWORD);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('username');
    const extra = await post('/api/v1/auth/register', { username: 'dave1', password: PASSWORD, admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toContain('allowed: username, password, display_name');
  });

  it('gives one answer for an unknown name and a wrong password', async () => {
    await register('erin_e');
    const wrongPassword = await login('erin_e', 'not the password', '10.0.1.1');
    const unknownName = await login('nobody_here', PASSWORD, '10.0.1.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownName.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownName.json());
  });

  it('locks an account out after the limit, says when to retry, and holds even for the right password', async () => {
    await register('frank_f');
    const n = LIMITS.account.attempts;
    // parallel guesses from different addresses: the count is atomic, so no more than n get their password checked
    const guesses = await Promise.all(Array.from({ length: n + 5 }, (_, i) => login('frank_f', `wrong guess ${i}`, `10.2.0.${i}`)));
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(n);
    const locked = guesses.filter((r) => r.statusCode === 429);
    expect(locked).toHaveLength(5);
    expect(Number(locked[0]!.headers['retry-after'])).toBeGreaterThan(LIMITS.account.lockMs / 1000 - 60);
    expect(locked[0]!.json().error).toMatchObject({ code: 'login_locked' });
    expect(locked[0]!.json().error.message).toMatch(/try again after \d{4}-\d\d-\d\dT.*Z \(in \d+ s\)/);
    const right = await login('frank_f', PASSWORD, '10.3.0.1');
    expect(right.statusCode).toBe(429);
    // a name that does not exist locks the same way (the lock-out tells nothing about which names exist)
    for (let i = 0; i < n; i++) expect((await login('ghost_g', `guess ${i}`, `10.4.0.${i}`)).statusCode).toBe(401);
    expect((await login('ghost_g', 'one more', '10.4.1.1')).statusCode).toBe(429);
  });

  it('locks out an address trying many names', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < LIMITS.ip.attempts; i++) expect((await login(`name_${i}`, 'wrong password', ip)).statusCode).toBe(401);
    const r = await login('alice_01', PASSWORD, ip);
    expect(r.statusCode).toBe(429);
    expect(r.json().error.message).toContain('this address');
  });

  it('treats SQL in every field as text', async () => {
    const injections = ["x' OR '1'='1", "admin'--", "'; DROP TABLE app_users; --", '1; SELECT * FROM app_tokens'];
    for (const s of injections) {
      const r = await register(s);
      expect(r.statusCode).toBe(400); // not a valid name
      expect(r.json().error.param).toBe('username');
      expect((await login(s, s, '10.5.0.1')).statusCode).toBeOneOf([401, 429]);
      expect((await post('/api/v1/auth/register', { username: 'inject_ok', password: `${s} long enough`, display_name: s })).statusCode).toBeOneOf([201, 409]);
    }
    const stored = await t.ctx.state().db.selectFrom('app_users').select('display_name').where('username_key', '=', 'inject_ok').executeTakeFirstOrThrow();
    expect(stored.display_name).toBe(injections[0]);
    expect((await login('inject_ok', `${injections[0]} long enough`, '10.5.0.2')).statusCode).toBe(200);
    expect(await t.ctx.state().db.selectFrom('app_users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toBeTruthy();
  });

  it('refuses oversized bodies and fields with a 4xx, never a 500', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    expect((await post('/api/v1/auth/register', { username: 'big', password: huge })).statusCode).toBe(413);
    const long = await register('biggie', 'y'.repeat(100_000));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.param).toBe('password');
    expect((await login('biggie', 'y'.repeat(100_000), '10.6.0.1')).statusCode).toBe(400);
    expect((await register('u'.repeat(10_000))).statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe(400);
  });

  it("keeps each user to their own account: another user's token shows that user, a forged one nothing", async () => {
    await register('henry_h');
    await register('irene_i');
    const h = (await login('henry_h', PASSWORD, '10.7.0.1')).json().data.token;
    const i = (await login('irene_i', PASSWORD, '10.7.0.2')).json().data.token;
    expect((await me(h)).json().data.user.username).toBe('henry_h');
    expect((await me(i)).json().data.user.username).toBe('irene_i');
    expect((await me(`${h.slice(0, -1)}${h.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(401);
    expect((await me(t.key)).json().error.code).toBe('invalid_token_format'); // an API key is not a login token
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).json().error.code).toBe('missing_token');
  });

  it('keeps neither passwords nor tokens in plaintext at rest', async () => {
    await register('julia_j', 'julia secret phrase');
    const token = (await login('julia_j', 'julia secret phrase', '10.8.0.1')).json().data.token as string;
    const db = t.ctx.state().db;
    const rows = JSON.stringify([await db.selectFrom('app_users').selectAll().execute(), await db.selectFrom('app_tokens').selectAll().execute()]);
    expect(rows).not.toContain('julia secret phrase');
    expect(rows).not.toContain(token);
    expect(rows).not.toContain(token.slice(3));
    const user = await db.selectFrom('app_users').select('password_hash').where('username_key', '=', 'julia_j').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('app account routes in OpenAPI', () => {
  it('document request fields and the token security', async () => {
    const t = await startTestApp();
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: t.auth })).json();
      const reg = doc.paths['/api/v1/auth/register'].post;
      expect(Object.keys(reg.requestBody.content['application/json'].schema.properties)).toEqual(['username', 'password', 'display_name']);
      expect(doc.paths['/api/auth/me'].get.security).toEqual([{ appToken: [] }]);
      expect(doc.paths['/api/auth/login'].post.responses['200']).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
