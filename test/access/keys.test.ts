// Keys: format, hash-only storage, the six 401 codes, administration state changes, and that a change made through
// another connection (another process or node) takes effect at the key's next call despite this process's cache.
// Runs on both state backends.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRevokedError, listKeys, revokeKey, toggleKey } from '../../src/access/admin.ts';
import { authenticate, AuthError, confirmKey, DEFAULT_DAILY_LIMIT, hashKey, issueKey, redactKeys } from '../../src/access/keys.ts';
import { consumeCall } from '../../src/access/quota.ts';
import { openStateStore } from '../../src/state.ts';
import type { StateStore } from '../../src/db/store.ts';
import { NotFoundError } from '../../src/errors.ts';
import { forEachBackend, settingsOf, stateOverrides } from '../helpers/state.ts';

async function code(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).status).toBe(401);
    return (err as AuthError).code;
  }
  throw new Error('expected a 401');
}

forEachBackend('keys', (backend) => {
  let db: StateStore;
  let other: StateStore; // a second connection to the same database, as another server process or node would have
  beforeAll(async () => {
    const settings = settingsOf(await stateOverrides(backend));
    db = await openStateStore(settings);
    other = await openStateStore(settings);
  });
  afterAll(async () => {
    await db.close();
    await other.close();
  });

  describe('issueKey', () => {
    it('issues <prefix>-<43 URL-safe chars> (32 random bytes) with the default limit of 500', async () => {
      const { key, record } = await issueKey(db, 'svc', { name: 'fmt' });
      expect(key).toMatch(/^svc-[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
      expect(record.daily_limit).toBe(DEFAULT_DAILY_LIMIT);
      expect(DEFAULT_DAILY_LIMIT).toBe(500); // interface.md part 5 and 8: default 500 calls per day
      expect(record.expires_at).toBeNull();
    });

    it('stores only the SHA-256 of the whole key: no column holds the key or its secret', async () => {
      const { key, record } = await issueKey(db, 'svc', { name: 'stored' });
      const row = (await db.db.selectFrom('api_keys').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow()) as Record<string, unknown>;
      expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      const secret = key.slice(4);
      for (const value of Object.values(row)) {
        if (typeof value !== 'string') continue;
        expect(value).not.toContain(secret);
        expect(value).not.toContain(secret.slice(0, 12));
      }
      const duplicate = { id: 'dup', name: 'dup', key_hash: hashKey(key), last4: 'xxxx', status: 'enabled' as const, daily_limit: 1, created_at: 'now' };
      await expect(db.db.insertInto('api_keys').values(duplicate).execute()).rejects.toThrow(/UNIQUE|unique/);
    });

    it('gives two issues different keys and ids', async () => {
      const a = await issueKey(db, 'svc', { name: 'a' });
      const b = await issueKey(db, 'svc', { name: 'b' });
      expect(a.key).not.toBe(b.key);
      expect(a.record.id).not.toBe(b.record.id);
    });

    it('sets expires_at expires_days after issue', async () => {
      const now = new Date('2026-03-01T00:00:00Z');
      const { record } = await issueKey(db, 'svc', { name: 'exp', expires_days: 30 }, now);
      expect(record.expires_at).toBe('2026-03-31T00:00:00.000Z');
    });
  });

  describe('authenticate', () => {
    it('distinguishes missing, malformed, unknown, disabled, revoked and expired keys', async () => {
      const live = await issueKey(db, 'svc', { name: 'live' });
      expect((await authenticate(db, 'svc', `Bearer ${live.key}`)).id).toBe(live.record.id);
      expect((await authenticate(db, 'svc', `bearer   ${live.key} `)).id).toBe(live.record.id);

      expect(await code(async () => await authenticate(db, 'svc', undefined))).toBe('missing_api_key');
      expect(await code(async () => await authenticate(db, 'svc', ''))).toBe('missing_api_key');
      // (the dashless form starts its secret with a letter: a random secret may itself begin with "-", which would
      // put the dash back)
      for (const bad of [live.key, `Basic ${live.key}`, 'Bearer svc-short', `Bearer other-${live.key.slice(4)}`, `Bearer svc${live.key.slice(4).replace(/^-/, 'A')}`, `Bearer ${live.key}!`]) {
        expect(await code(async () => await authenticate(db, 'svc', bad))).toBe('invalid_api_key_format');
      }
      // right shape, never issued: one character changed
      const last = live.key.at(-1) === 'A' ? 'B' : 'A';
      expect(await code(async () => await authenticate(db, 'svc', `Bearer ${live.key.slice(0, -1)}${last}`))).toBe('invalid_api_key');

      const disabled = await issueKey(db, 'svc', { name: 'disabled' });
      await toggleKey(db, disabled.record.id);
      expect(await code(async () => await authenticate(db, 'svc', `Bearer ${disabled.key}`))).toBe('api_key_disabled');

      const revoked = await issueKey(db, 'svc', { name: 'revoked' });
      await revokeKey(db, revoked.record.id);
      expect(await code(async () => await authenticate(db, 'svc', `Bearer ${revoked.key}`))).toBe('api_key_revoked');

      const expired = await issueKey(db, 'svc', { name: 'expired', expires_days: 1 }, new Date(Date.now() - 2 * 86_400_000));
      expect(await code(async () => await authenticate(db, 'svc', `Bearer ${expired.key}`))).toBe('api_key_expired');
    });

    it('never repeats the key in an error message', async () => {
      const { key } = await issueKey(db, 'svc', { name: 'quiet' });
      await revokeKey(db, (await authenticate(db, 'svc', `Bearer ${key}`)).id);
      for (const header of [`Bearer ${key}`, `Bearer ${key}x`, key, `Bearer ${key.slice(0, -2)}zz`]) {
        try {
          await authenticate(db, 'svc', header);
        } catch (err) {
          expect((err as Error).message).not.toContain(key.slice(4, 20));
        }
      }
    });

    it('a cached key disabled through another connection is refused at its next counted or uncounted call', async () => {
      const { key } = await issueKey(db, 'svc', { name: 'cached', daily_limit: 100 });
      const record = await authenticate(db, 'svc', `Bearer ${key}`); // now cached in this process
      await consumeCall(db, record);
      await toggleKey(other, record.id); // "another process" disables it
      const cached = await authenticate(db, 'svc', `Bearer ${key}`); // the cache may still answer…
      expect(await code(async () => await consumeCall(db, cached))).toBe('api_key_disabled'); // …but the counting write refuses
      expect(await code(async () => await authenticate(db, 'svc', `Bearer ${key}`))).toBe('api_key_disabled'); // and the cache forgot it
      await toggleKey(other, record.id); // re-enabled elsewhere
      const again = await authenticate(db, 'svc', `Bearer ${key}`);
      await consumeCall(db, again);
      expect((await listKeys(db, 'svc')).find((k) => k.id === record.id)!.calls_today).toBe(2);
      await revokeKey(other, record.id);
      expect(await code(async () => await confirmKey(db, again))).toBe('api_key_revoked');
    });
  });

  describe('administration', () => {
    it('toggle flips and returns the new state; revoke is final and stays listed; unknown ids are 404', async () => {
      const { key, record } = await issueKey(db, 'svc', { name: 'admin-cycle', daily_limit: 42 });
      expect(await toggleKey(db, record.id)).toEqual({ id: record.id, status: 'disabled' });
      expect(await toggleKey(db, record.id)).toEqual({ id: record.id, status: 'enabled' });
      const revoked = await revokeKey(db, record.id, Date.parse('2026-05-01T00:00:00Z'));
      expect(revoked).toEqual({ id: record.id, status: 'revoked', revoked_at: '2026-05-01T00:00:00.000Z' });
      await expect(toggleKey(db, record.id)).rejects.toThrow(KeyRevokedError);
      // revoking again keeps the first revocation time
      expect((await revokeKey(db, record.id)).revoked_at).toBe('2026-05-01T00:00:00.000Z');
      const listed = (await listKeys(db, 'svc')).find((k) => k.id === record.id)!;
      expect(listed).toMatchObject({ name: 'admin-cycle', status: 'revoked', daily_limit: 42, key: `svc-…${key.slice(-4)}` });
      expect(JSON.stringify(await listKeys(db, 'svc'))).not.toContain(key.slice(4, 20));
      await expect(toggleKey(db, 'no-such-id')).rejects.toThrow(NotFoundError);
      await expect(revokeKey(db, 'no-such-id')).rejects.toThrow(NotFoundError);
    });

    it('lists calls made today and marks expired keys', async () => {
      const { record } = await issueKey(db, 'svc', { name: 'counted', daily_limit: 10 });
      await consumeCall(db, record);
      await consumeCall(db, record);
      const expired = await issueKey(db, 'svc', { name: 'old', expires_days: 1 }, new Date(Date.now() - 3 * 86_400_000));
      const list = await listKeys(db, 'svc');
      expect(list.find((k) => k.id === record.id)).toMatchObject({ calls_today: 2, expired: false, status: 'enabled' });
      expect(list.find((k) => k.id === expired.record.id)).toMatchObject({ calls_today: 0, expired: true });
    });
  });

  describe('redactKeys', () => {
    it('masks key-shaped text (e.g. a key pasted into a URL) and leaves the rest', async () => {
      const { key } = await issueKey(db, 'svc', { name: 'redact' });
      expect(redactKeys(`/v1/models?api_key=${key}&x=1`, 'svc')).toBe(`/v1/models?api_key=svc-…${key.slice(-4)}&x=1`);
      expect(redactKeys('/v1/data/universities?q=svc-short', 'svc')).toBe('/v1/data/universities?q=svc-short');
    });
  });
});
