// API keys: issued as `<prefix>-<secret>`, stored only as the SHA-256 of the whole key (unique index), looked up by
// that hash and compared in constant time. The plaintext exists only in the issue response.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DB } from '../db/open.ts';
import { ServiceError } from '../errors.ts';

export const DEFAULT_DAILY_LIMIT = 500;
export type KeyStatus = 'enabled' | 'disabled' | 'revoked';

export interface KeyRecord {
  id: string;
  name: string;
  status: KeyStatus;
  daily_limit: number;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last4: string;
}

export class AuthError extends ServiceError {
  constructor(message: string, code: string) {
    super(message, 401, 'authentication_error', code, null, { 'www-authenticate': 'Bearer' });
  }
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function maskKey(prefix: string, last4: string): string {
  return `${prefix}-…${last4}`;
}

export interface IssueInput {
  name: string;
  daily_limit?: number;
  expires_days?: number;
}

export function issueKey(db: DB, prefix: string, input: IssueInput, now: Date = new Date()): { key: string; record: KeyRecord } {
  // 32 random bytes, base64url: 43 URL-safe characters.
  const key = `${prefix}-${randomBytes(32).toString('base64url')}`;
  const record: KeyRecord = {
    id: randomUUID(),
    name: input.name,
    status: 'enabled',
    daily_limit: input.daily_limit ?? DEFAULT_DAILY_LIMIT,
    created_at: now.toISOString(),
    expires_at: input.expires_days ? new Date(now.getTime() + input.expires_days * 86_400_000).toISOString() : null,
    revoked_at: null,
    last_used_at: null,
    last4: key.slice(-4),
  };
  db.prepare(
    `INSERT INTO api_keys (id, name, key_hash, last4, status, daily_limit, created_at, expires_at)
     VALUES (@id, @name, @hash, @last4, @status, @daily_limit, @created_at, @expires_at)`,
  ).run({ ...record, hash: hashKey(key) });
  return { key, record };
}

const KEY_SECRET = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * Resolves an Authorization header to an enabled, unexpired key, or throws a 401 whose code says why:
 * missing_api_key, invalid_api_key_format, invalid_api_key, api_key_disabled, api_key_revoked, api_key_expired.
 */
export function authenticate(db: DB, prefix: string, header: string | undefined, now: Date = new Date()): KeyRecord {
  if (!header) throw new AuthError(`missing API key: send "Authorization: Bearer ${prefix}-<secret>"`, 'missing_api_key');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const key = match?.[1] ?? '';
  if (!key.startsWith(`${prefix}-`) || !KEY_SECRET.test(key.slice(prefix.length + 1))) {
    throw new AuthError(`malformed API key: expected "Authorization: Bearer ${prefix}-<secret>"`, 'invalid_api_key_format');
  }
  const hash = hashKey(key);
  const row = db.prepare('SELECT key_hash, id, name, status, daily_limit, created_at, expires_at, revoked_at, last_used_at, last4 FROM api_keys WHERE key_hash = ?').get(hash) as
    | (KeyRecord & { key_hash: string })
    | undefined;
  // The lookup is by hash; the constant-time compare guards against any timing difference in how a match is confirmed.
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) {
    throw new AuthError('invalid API key', 'invalid_api_key');
  }
  if (row.status === 'revoked') throw new AuthError('this API key has been revoked', 'api_key_revoked');
  if (row.status === 'disabled') throw new AuthError('this API key is disabled', 'api_key_disabled');
  if (row.expires_at && row.expires_at <= now.toISOString()) throw new AuthError(`this API key expired at ${row.expires_at}`, 'api_key_expired');
  const { key_hash: _omit, ...record } = row;
  return record;
}
