// HTTP Basic of the administrator and developer families backs off exponentially per (address, user name) and per
// address after a few failures (429 with retry-after, before the password is even compared), so guessing at thousands
// a second is over; guesses at one name from many addresses are capped; and no one can lock a name out: the right
// password from an address that has not failed is admitted, also on a node that has just started (before: six wrong
// passwords for the administrator's name from anywhere held every address that had not signed in on that node).
// Failures are logged once per burst, not per guess.
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
    // the name itself is not locked: not for the administrator's usual address, nor for one that never signed in
    expect((await keys('192.0.2.10', basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD))).statusCode).toBe(200);
    expect((await keys('198.51.100.23', basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD))).statusCode).toBe(200);
  });

  it('a node that has just started cannot be made to refuse the administrator from any new address', async () => {
    const fresh = await startTestApp({ config: { ...ADMIN, ...DEV } });
    try {
      const call = (url: string, remoteAddress: string, headers: Record<string, string>) => fresh.app.inject({ method: 'GET', url, remoteAddress, headers });
      for (let i = 0; i < 3 * BACKOFF.free; i++) {
        await call('/v1/admin/keys', `203.0.113.${100 + (i % 3)}`, basic(ADMIN.ADMIN_USER, `guess ${i}`));
        await call('/dev/api/keys', `203.0.113.${100 + (i % 3)}`, basic(DEV.DEV_USER, `guess ${i}`));
      }
      expect((await call('/v1/admin/keys', '198.51.100.1', basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD))).statusCode).toBe(200);
      expect((await call('/dev/api/keys', '198.51.100.2', basic(DEV.DEV_USER, DEV.DEV_PASSWORD))).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
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

  it('caps guesses at one name from many addresses without refusing the right password from a new one', () => {
    const b = new BasicBackoff();
    // a guess from each of nameCap addresses: none of them is held after one failure
    for (let i = 0; i < BACKOFF.nameCap; i++) b.failed('root', `10.1.${i >> 8}.${i & 255}`, T0 + i);
    expect(b.waitMs('root', '10.1.0.0', T0 + BACKOFF.nameCap)).toBe(0);
    // past the cap, one failure holds its address for the longest wait (for that name)
    const now = T0 + BACKOFF.nameCap + 1;
    expect(b.failed('root', '10.2.0.1', now)).toBe('name_capped');
    expect(b.waitMs('root', '10.2.0.1', now)).toBe(BACKOFF.maxMs);
    b.failed('root', '10.2.0.2', now);
    expect(b.waitMs('root', '10.2.0.2', now)).toBe(BACKOFF.maxMs);
    // an address that has not failed may still try (and the right password is admitted by the caller)
    expect(b.waitMs('root', '10.3.0.1', now)).toBe(0);
    // the cap's window passes
    b.failed('root', '10.4.0.1', now + BACKOFF.nameWindowMs + 1);
    expect(b.waitMs('root', '10.4.0.1', now + BACKOFF.nameWindowMs + 1)).toBe(0);
  });

  it('forgets the oldest subjects past its bound', () => {
    const b = new BasicBackoff();
    for (let i = 0; i <= BACKOFF.maxSubjects; i++) b.failed('x', `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, T0);
    expect(b.failuresOf('10.0.0.0', T0)).toBe(0); // each failure remembers a pair and an address
    expect(b.failuresOf(`10.0.${(BACKOFF.maxSubjects >> 8) & 255}.${BACKOFF.maxSubjects & 255}`, T0)).toBe(1);
  });
});
