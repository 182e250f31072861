// HTTP Basic of the administrator and developer families backs off exponentially per user name and per address after
// a few failures (429 with retry-after, before the password is even compared), so guessing at thousands a second is
// over; a third party guessing the administrator's name cannot shut the administrator out of an address it has
// signed in from; failures are logged once per burst, not per guess.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFF, BasicBackoff } from '../../src/http/plugins/basic-backoff.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'basic auth test admin password' };
const DEV = { DEV_USER: 'dev', DEV_PASSWORD: 'basic auth test developer password' };
const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

describe('HTTP Basic back-off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { ...ADMIN, ...DEV } });
  });
  afterAll(async () => t?.close());
  const keys = (remoteAddress: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/admin/keys', remoteAddress, headers });

  it('refuses guesses past the free ones with 429 and retry-after, even the right password, from that address and for that name', async () => {
    expect((await keys('192.0.2.10', basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD))).statusCode).toBe(200); // the administrator's usual address
    for (let i = 0; i < BACKOFF.free + 1; i++) expect((await keys('203.0.113.66', basic('root', `guess ${i}`))).statusCode).toBe(401);
    const held = await keys('203.0.113.66', basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD));
    expect(held.statusCode).toBe(429);
    expect(held.json().error.code).toBe('admin_auth_backoff');
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the name is backed off for an address that never signed in as it…
    expect((await keys('198.51.100.23', basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD))).statusCode).toBe(429);
    // …but not for the administrator's own address: a third party cannot lock the administrator out
    expect((await keys('192.0.2.10', basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD))).statusCode).toBe(200);
  });

  it('holds an address that sprays user names, and the developer family alike', async () => {
    for (let i = 0; i < BACKOFF.free + 1; i++) {
      const r = await t.app.inject({ method: 'GET', url: '/dev/api/keys', remoteAddress: '203.0.113.77', headers: basic(`user${i}`, 'x') });
      expect(r.statusCode).toBe(401);
    }
    const held = await t.app.inject({ method: 'GET', url: '/dev/api/keys', remoteAddress: '203.0.113.77', headers: basic(DEV.DEV_USER, DEV.DEV_PASSWORD) });
    expect(held.statusCode).toBe(429);
    expect(held.json().error.code).toBe('developer_auth_backoff');
    expect((await t.app.inject({ method: 'GET', url: '/dev/api/keys', remoteAddress: '203.0.113.78', headers: basic(DEV.DEV_USER, DEV.DEV_PASSWORD) })).statusCode).toBe(200);
  });
});

describe('the back-off itself (clock given)', () => {
  const T0 = Date.parse('2026-11-24T00:00:00Z');

  it('doubles the wait with each failure past the free ones, up to the cap, and counts no refused request', () => {
    const b = new BasicBackoff();
    for (let i = 0; i < BACKOFF.free; i++) {
      expect(b.waitMs('root', '203.0.113.1', T0)).toBe(0);
      b.failed('root', '203.0.113.1', T0);
    }
    expect(b.waitMs('root', '203.0.113.1', T0)).toBe(0);
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      b.failed('root', '203.0.113.1', now);
      const wait = b.waitMs('root', '203.0.113.1', now);
      waits.push(wait);
      now += wait; // the attacker waits exactly as long as told
    }
    expect(waits.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(Math.max(...waits)).toBe(BACKOFF.maxMs);
    // refused requests are not attempts: asking again during the wait does not grow it
    const during = b.waitMs('root', '203.0.113.1', now - 1);
    expect(b.waitMs('root', '203.0.113.1', now - 1)).toBe(during);
  });

  it('logs a burst once when it starts and once when the back-off engages, never per guess', () => {
    const b = new BasicBackoff();
    const logs = Array.from({ length: 40 }, (_, i) => b.failed('root', '203.0.113.2', T0 + i)).filter(Boolean);
    expect(logs).toEqual(['burst', 'backoff']);
    // a quiet address starts a new burst
    expect(b.failed('root', '203.0.113.2', T0 + 40 + BACKOFF.maxMs + BACKOFF.forgetMs + 1)).toBe('burst');
  });

  it('forgets the oldest subjects past its bound', () => {
    const b = new BasicBackoff();
    for (let i = 0; i <= BACKOFF.maxSubjects; i++) b.failed('x', `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, T0);
    expect(b.failuresOf('10.0.0.0', T0)).toBe(0);
    expect(b.failuresOf(`10.0.${(BACKOFF.maxSubjects >> 8) & 255}.${BACKOFF.maxSubjects & 255}`, T0)).toBe(1);
  });
});
