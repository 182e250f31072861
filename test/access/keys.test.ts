// Keys: format, hash-only storage, the six 401 codes, administration state changes, and that a change made through
// another connection (another process) takes effect at the key's next call despite this process's cache.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyRevokedError, listKeys, revokeKey, toggleKey } from '../../src/access/admin.ts';
import { authenticate, AuthError, confirmKey, DEFAULT_DAILY_LIMIT, hashKey, issueKey, redactKeys } from '../../src/access/keys.ts';
import { consumeCall } from '../../src/access/quota.ts';
import { openStateDb } from '../../src/db/state.ts';
import { NotFoundError } from '../../src/errors.ts';
import { tempDir } from '../helpers/context.ts';

const file = path.join(tempDir(), 'state.db');
const db = openStateDb(file);
const other = openStateDb(file); // a second connection, as another server process would have
afterAll(() => {
  db.close();
  other.close();
});

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).status).toBe(401);
    return (err as AuthError).code;
  }
  throw new Error('expected a 401');
}

describe('issueKey', () => {
  it('issues <prefix>-<43 URL-safe chars> (32 random bytes) with the default limit of 500', () => {
    const { key, record } = issueKey(db, 'svc', { name: 'fmt' });
    expect(key).toMatch(/^svc-[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
    expect(record.daily_limit).toBe(DEFAULT_DAILY_LIMIT);
    expect(DEFAULT_DAILY_LIMIT).toBe(500); // interface.md part 5 and 8: default 500 calls per day
    expect(record.expires_at).toBeNull();
  });

  it('stores only the SHA-256 of the whole key: no column holds the key or its secret', () => {
    const { key, record } = issueKey(db, 'svc', { name: 'stored' });
    const row = db.prepare('SELECT * FROM api_keys WHERE id = ?').get(record.id) as Record<string, unknown>;
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    const secret = key.slice(4);
    for (const value of Object.values(row)) {
      if (typeof value !== 'string') continue;
      expect(value).not.toContain(secret);
      expect(value).not.toContain(secret.slice(0, 12));
    }
    expect(() => db.prepare('INSERT INTO api_keys (id, name, key_hash, last4, status, daily_limit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run('dup', 'dup', hashKey(key), 'xxxx', 'enabled', 1, 'now')).toThrow(/UNIQUE/);
  });

  it('gives two issues different keys and ids', () => {
    const a = issueKey(db, 'svc', { name: 'a' });
    const b = issueKey(db, 'svc', { name: 'b' });
    expect(a.key).not.toBe(b.key);
    expect(a.record.id).not.toBe(b.record.id);
  });

  it('sets expires_at expires_days after issue', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const { record } = issueKey(db, 'svc', { name: 'exp', expires_days: 30 }, now);
    expect(record.expires_at).toBe('2026-03-31T00:00:00.000Z');
  });
});

describe('authenticate', () => {
  it('distinguishes missing, malformed, unknown, disabled, revoked and expired keys', () => {
    const live = issueKey(db, 'svc', { name: 'live' });
    expect(authenticate(db, 'svc', `Bearer ${live.key}`).id).toBe(live.record.id);
    expect(authenticate(db, 'svc', `bearer   ${live.key} `).id).toBe(live.record.id);

    expect(code(() => authenticate(db, 'svc', undefined))).toBe('missing_api_key');
    expect(code(() => authenticate(db, 'svc', ''))).toBe('missing_api_key');
    for (const bad of [live.key, `Basic ${live.key}`, 'Bearer svc-short', `Bearer other-${live.key.slice(4)}`, `Bearer svc${live.key.slice(4)}`, `Bearer ${live.key}!`]) {
      expect(code(() => authenticate(db, 'svc', bad))).toBe('invalid_api_key_format');
    }
    // right shape, never issued: one character changed
    const last = live.key.at(-1) === 'A' ? 'B' : 'A';
    expect(code(() => authenticate(db, 'svc', `Bearer ${live.key.slice(0, -1)}${last}`))).toBe('invalid_api_key');

    const disabled = issueKey(db, 'svc', { name: 'disabled' });
    toggleKey(db, disabled.record.id);
    expect(code(() => authenticate(db, 'svc', `Bearer ${disabled.key}`))).toBe('api_key_disabled');

    const revoked = issueKey(db, 'svc', { name: 'revoked' });
    revokeKey(db, revoked.record.id);
    expect(code(() => authenticate(db, 'svc', `Bearer ${revoked.key}`))).toBe('api_key_revoked');

    const expired = issueKey(db, 'svc', { name: 'expired', expires_days: 1 }, new Date(Date.now() - 2 * 86_400_000));
    expect(code(() => authenticate(db, 'svc', `Bearer ${expired.key}`))).toBe('api_key_expired');
  });

  it('never repeats the key in an error message', () => {
    const { key } = issueKey(db, 'svc', { name: 'quiet' });
    revokeKey(db, authenticate(db, 'svc', `Bearer ${key}`).id);
    for (const header of [`Bearer ${key}`, `Bearer ${key}x`, key, `Bearer ${key.slice(0, -2)}zz`]) {
      try {
        authenticate(db, 'svc', header);
      } catch (err) {
        expect((err as Error).message).not.toContain(key.slice(4, 20));
      }
    }
  });

  it('a cached key disabled through another connection is refused at its next counted or uncounted call', () => {
    const { key } = issueKey(db, 'svc', { name: 'cached', daily_limit: 100 });
    const record = authenticate(db, 'svc', `Bearer ${key}`); // now cached in this process
    consumeCall(db, record);
    toggleKey(other, record.id); // "another process" disables it
    const cached = authenticate(db, 'svc', `Bearer ${key}`); // the cache may still answer…
    expect(code(() => consumeCall(db, cached))).toBe('api_key_disabled'); // …but the counting write refuses
    expect(code(() => authenticate(db, 'svc', `Bearer ${key}`))).toBe('api_key_disabled'); // and the cache forgot it
    toggleKey(other, record.id); // re-enabled elsewhere
    const again = authenticate(db, 'svc', `Bearer ${key}`);
    expect(consumeCall(db, again).calls).toBe(2);
    revokeKey(other, record.id);
    expect(code(() => confirmKey(db, again))).toBe('api_key_revoked');
  });
});

describe('administration', () => {
  it('toggle flips and returns the new state; revoke is final and stays listed; unknown ids are 404', () => {
    const { key, record } = issueKey(db, 'svc', { name: 'admin-cycle', daily_limit: 42 });
    expect(toggleKey(db, record.id)).toEqual({ id: record.id, status: 'disabled' });
    expect(toggleKey(db, record.id)).toEqual({ id: record.id, status: 'enabled' });
    const revoked = revokeKey(db, record.id, Date.parse('2026-05-01T00:00:00Z'));
    expect(revoked).toEqual({ id: record.id, status: 'revoked', revoked_at: '2026-05-01T00:00:00.000Z' });
    expect(() => toggleKey(db, record.id)).toThrow(KeyRevokedError);
    // revoking again keeps the first revocation time
    expect(revokeKey(db, record.id).revoked_at).toBe('2026-05-01T00:00:00.000Z');
    const listed = listKeys(db, 'svc').find((k) => k.id === record.id)!;
    expect(listed).toMatchObject({ name: 'admin-cycle', status: 'revoked', daily_limit: 42, key: `svc-…${key.slice(-4)}` });
    expect(JSON.stringify(listKeys(db, 'svc'))).not.toContain(key.slice(4, 20));
    expect(() => toggleKey(db, 'no-such-id')).toThrow(NotFoundError);
    expect(() => revokeKey(db, 'no-such-id')).toThrow(NotFoundError);
  });

  it('lists calls made today and marks expired keys', () => {
    const { record } = issueKey(db, 'svc', { name: 'counted', daily_limit: 10 });
    consumeCall(db, record);
    consumeCall(db, record);
    const expired = issueKey(db, 'svc', { name: 'old', expires_days: 1 }, new Date(Date.now() - 3 * 86_400_000));
    const list = listKeys(db, 'svc');
    expect(list.find((k) => k.id === record.id)).toMatchObject({ calls_today: 2, expired: false, status: 'enabled' });
    expect(list.find((k) => k.id === expired.record.id)).toMatchObject({ calls_today: 0, expired: true });
  });
});

describe('redactKeys', () => {
  it('masks key-shaped text (e.g. a key pasted into a URL) and leaves the rest', () => {
    const { key } = issueKey(db, 'svc', { name: 'redact' });
    expect(redactKeys(`/v1/models?api_key=${key}&x=1`, 'svc')).toBe(`/v1/models?api_key=svc-…${key.slice(-4)}&x=1`);
    expect(redactKeys('/v1/data/universities?q=svc-short', 'svc')).toBe('/v1/data/universities?q=svc-short');
  });
});
