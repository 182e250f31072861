// Every write path of the app has per-address and per-account limits with retry-after: one address can no longer
// create hundreds of accounts a second, nor one account (or address) flood forum posts and knowledge-base chunks.
// The signed-in write routes are found in the route catalog, so a write route added later is covered by this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const password = 'a long pass phrase for limits';

describe('write limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { REGISTER_RATE_LIMIT: '3', REGISTER_REFUSED_RATE_LIMIT: '5', WRITE_RATE_LIMIT: '2' } });
  });
  afterAll(async () => t?.close());

  const register = (username: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress, payload: { username, password } });
  const signIn = async (username: string, remoteAddress: string) => {
    expect((await register(username, remoteAddress)).statusCode).toBe(201);
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password } });
    return { authorization: `Bearer ${r.json().data.token}` };
  };

  it('registers at most REGISTER_RATE_LIMIT accounts an hour from one address, on both registration paths', async () => {
    for (let i = 0; i < 3; i++) expect((await register(`limit_reg_${i}`, '203.0.113.50')).statusCode).toBe(201);
    for (const url of ['/api/v1/auth/register', '/api/auth/app-register']) {
      const r = await t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.50', payload: { username: 'limit_reg_x', password } });
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ code: 429, data: null, error: { code: 'write_rate_limited' } });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(3000); // the hour's window
    }
    expect((await register('limit_reg_y', '203.0.113.51')).statusCode).toBe(201);
  });

  it('counts only sign-ups that succeeded: refused attempts (a password against the rule, a taken name) have their own, higher limit', async () => {
    const ip = '203.0.113.60';
    // a family mistyping the password rule four times still gets its 3 accounts
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: ip, payload: { username: `typo_${i}`, password: 'short' } });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('weak_password');
    }
    for (let i = 0; i < 3; i++) expect((await register(`family_${i}`, ip)).statusCode).toBe(201);
    const fourth = await register('family_3', ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toContain('registrations');
    // refused attempts: a taken name counts too; the fifth refusal fills that window, the sixth attempt is a 429
    const otherIp = '203.0.113.61';
    for (let i = 0; i < 4; i++) expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: otherIp, payload: { username: `typo_b${i}`, password: 'short' } })).statusCode).toBe(400);
    expect((await register('family_0', otherIp)).statusCode).toBe(409);
    const shut = await register('family_new', otherIp);
    expect(shut.statusCode).toBe(429);
    expect(shut.json()).toMatchObject({ code: 429, error: { code: 'write_rate_limited' } });
    expect(shut.json().message).toContain('refused registration attempts');
    expect(Number(shut.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('limits every signed-in write route per account, then per address', async () => {
    const alice = await signIn('limit_alice', '198.51.100.1');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/kb', remoteAddress: '198.51.100.1', headers: alice, payload: { id: 'limit-kb', name: 'x' } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/kb/limit-kb/chunks', remoteAddress: '198.51.100.1', headers: alice, payload: { title: '一', body: '第一段' } })).statusCode).toBe(201);
    const writeRoutes = t.app.routeCatalog().filter((r) => r.auth === 'user' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(writeRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /api/v1/kb/:kb_id/chunks', 'POST /api/v1/forum/:agent_name/post', 'POST /api/v1/kb']));
    for (const route of writeRoutes) {
      const r = await t.app.inject({ method: route.method as 'POST', url: route.url.replace(/:(\w+)/g, 'limit-kb'), remoteAddress: '198.51.100.1', headers: alice, payload: {} });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(429);
      expect(r.json().error.code).toBe('write_rate_limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // reads go on
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/kb', remoteAddress: '198.51.100.1', headers: alice })).statusCode).toBe(200);
    // another account on another address writes; a second account on the same address shares the address's 2×2
    const bob = await signIn('limit_bob', '198.51.100.2');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/kb', remoteAddress: '198.51.100.2', headers: bob, payload: { id: 'limit-bob', name: 'x' } })).statusCode).toBe(201);
    const carol = await signIn('limit_carol', '198.51.100.1');
    const dave = await signIn('limit_dave', '198.51.100.1');
    const create = (headers: { authorization: string }, id: string) => t.app.inject({ method: 'POST', url: '/api/v1/kb', remoteAddress: '198.51.100.1', headers, payload: { id, name: 'x' } });
    // the address allows twice an account's writes: alice's 2 and carol's 2, then nobody there
    expect([(await create(carol, 'limit-carol-1')).statusCode, (await create(carol, 'limit-carol-2')).statusCode]).toEqual([201, 201]);
    const full = await create(dave, 'limit-dave');
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toContain('this address');
  });
});
