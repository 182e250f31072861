// API keys: issued as `<prefix>-<secret>`, stored only as the SHA-256 of the whole key (unique index), looked up by
// that hash and compared in constant time. The plaintext exists only in the issue response.
//
// A lookup that finds an enabled key is cached per process (hash → record). The cache is never the authority: the
// call-counting write re-checks status and expiry inside the same statement (quota.ts), and uncounted calls re-read
// the key by id (confirmKey), so a key disabled or revoked by another process stops working at its next call.
import crypto, { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DB } from '../db/open.ts';
import { ServiceError } from '../errors.ts';
import { perDb } from './prepared.ts';

export const DEFAULT_DAILY_LIMIT = 500;
export const MAX_DAILY_LIMIT = 1_000_000_000;
export const MAX_EXPIRES_DAYS = 36_500;
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

// crypto.hash (Node ≥ 20.12) is the one-shot form of createHash().update().digest(): the same digest at a fraction of
// the cost per call; older Node 20 releases get the long form.
const sha256Hex: (s: string) => string =
  typeof crypto.hash === 'function' ? (s) => crypto.hash('sha256', s, 'hex') : (s) => createHash('sha256').update(s, 'utf8').digest('hex');

export function hashKey(key: string): string {
  return sha256Hex(key);
}

/** The only form in which a key is ever shown after issue: prefix and the last four characters. */
export function maskKey(prefix: string, last4: string): string {
  return `${prefix}-…${last4}`;
}

/** Replaces anything shaped like a key in free text (a URL, a message) by its masked form, e.g. for log serializers. */
export function redactKeys(text: string, prefix: string): string {
  return text.replace(new RegExp(`${prefix}-[A-Za-z0-9_-]{20,}`, 'g'), (key) => maskKey(prefix, key.slice(-4)));
}

export interface IssueInput {
  name: string;
  daily_limit?: number;
  expires_days?: number;
}

const COLUMNS = 'id, name, status, daily_limit, created_at, expires_at, revoked_at, last_used_at, last4';

const statements = perDb((db) => ({
  insert: db.prepare(
    `INSERT INTO api_keys (id, name, key_hash, last4, status, daily_limit, created_at, expires_at)
     VALUES (@id, @name, @hash, @last4, @status, @daily_limit, @created_at, @expires_at)`,
  ),
  byHash: db.prepare(`SELECT key_hash, ${COLUMNS} FROM api_keys WHERE key_hash = ?`),
  byId: db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE id = ?`),
  touch: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)'),
}));

export function issueKey(db: DB, prefix: string, input: IssueInput, now: Date = new Date()): { key: string; record: KeyRecord } {
  const dailyLimit = input.daily_limit ?? DEFAULT_DAILY_LIMIT;
  if (!Number.isInteger(dailyLimit) || dailyLimit < 1 || dailyLimit > MAX_DAILY_LIMIT) {
    throw new RangeError(`daily_limit must be an integer from 1 to ${MAX_DAILY_LIMIT}`);
  }
  if (input.expires_days !== undefined && (!Number.isInteger(input.expires_days) || input.expires_days < 1 || input.expires_days > MAX_EXPIRES_DAYS)) {
    throw new RangeError(`expires_days must be an integer from 1 to ${MAX_EXPIRES_DAYS}`);
  }
  // 32 random bytes, base64url: 43 URL-safe characters.
  const key = `${prefix}-${randomBytes(32).toString('base64url')}`;
  const record: KeyRecord = {
    id: randomUUID(),
    name: input.name,
    status: 'enabled',
    daily_limit: dailyLimit,
    created_at: now.toISOString(),
    expires_at: input.expires_days ? new Date(now.getTime() + input.expires_days * 86_400_000).toISOString() : null,
    revoked_at: null,
    last_used_at: null,
    last4: key.slice(-4),
  };
  // Autocommit: once this returns the row is in the WAL, so an answered issue survives a kill -9.
  statements(db).insert.run({ ...record, hash: hashKey(key) });
  return { key, record };
}

export function findKey(db: DB, id: string): KeyRecord | undefined {
  return statements(db).byId.get(id) as KeyRecord | undefined;
}

// ---- per-process cache of enabled keys -------------------------------------------------------------------------

interface CachedKey {
  record: KeyRecord;
  /** the hex digest as bytes, for the constant-time confirmation */
  hash: Buffer;
  expiresMs: number;
  fetchedMs: number;
}

/** Cached records are refreshed after this long (name or limit changes show up); correctness never depends on it. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

const keyCache = perDb(() => new Map<string, CachedKey>());

/** Drops a key from this process's cache (after toggle/revoke, or when the database says it is no longer usable). */
export function forgetKey(db: DB, id: string): void {
  const cache = keyCache(db);
  for (const [hash, entry] of cache) if (entry.record.id === id) cache.delete(hash);
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const KEY_SECRET = /^[A-Za-z0-9_-]{20,200}$/;

function refuse(record: Pick<KeyRecord, 'status' | 'expires_at'>, nowMs: number): void {
  if (record.status === 'revoked') throw new AuthError('this API key has been revoked', 'api_key_revoked');
  if (record.status === 'disabled') throw new AuthError('this API key is disabled', 'api_key_disabled');
  if (record.expires_at && Date.parse(record.expires_at) <= nowMs) throw new AuthError(`this API key expired at ${record.expires_at}`, 'api_key_expired');
}

/**
 * Resolves an Authorization header to an enabled, unexpired key, or throws a 401 whose code says why:
 * missing_api_key, invalid_api_key_format, invalid_api_key, api_key_disabled, api_key_revoked, api_key_expired.
 * No message ever repeats the key.
 */
export function authenticate(db: DB, prefix: string, header: string | undefined, now: Date | number = Date.now()): KeyRecord {
  if (!header) throw new AuthError(`missing API key: send "Authorization: Bearer ${prefix}-<secret>"`, 'missing_api_key');
  const key = BEARER.exec(header)?.[1] ?? '';
  if (key.length <= prefix.length + 1 || !key.startsWith(prefix) || key.charCodeAt(prefix.length) !== 45 /* - */ || !KEY_SECRET.test(key.slice(prefix.length + 1))) {
    throw new AuthError(`malformed API key: expected "Authorization: Bearer ${prefix}-<secret>"`, 'invalid_api_key_format');
  }
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const hex = hashKey(key);
  const digest = Buffer.from(hex, 'latin1');
  const cache = keyCache(db);
  const cached = cache.get(hex);
  if (cached && nowMs - cached.fetchedMs < CACHE_TTL_MS && timingSafeEqual(cached.hash, digest)) {
    if (cached.expiresMs <= nowMs) {
      cache.delete(hex);
      refuse(cached.record, nowMs);
    }
    return cached.record;
  }
  const row = statements(db).byHash.get(hex) as (KeyRecord & { key_hash: string }) | undefined;
  // The lookup is by hash; the constant-time compare guards against any timing difference in how a match is confirmed.
  if (!row || row.key_hash.length !== hex.length || !timingSafeEqual(Buffer.from(row.key_hash, 'latin1'), digest)) {
    cache.delete(hex);
    throw new AuthError('invalid API key', 'invalid_api_key');
  }
  const { key_hash: _omit, ...record } = row;
  refuse(record, nowMs);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(hex, { record, hash: digest, expiresMs: record.expires_at ? Date.parse(record.expires_at) : Infinity, fetchedMs: nowMs });
  return record;
}

/**
 * The authoritative check for a call that is not counted (counted calls are checked inside the counting write):
 * re-reads the key by id and throws the 401 its current state calls for.
 */
export function confirmKey(db: DB, key: KeyRecord, now: number = Date.now()): KeyRecord {
  const row = findKey(db, key.id);
  if (!row) {
    forgetKey(db, key.id);
    throw new AuthError('invalid API key', 'invalid_api_key');
  }
  try {
    refuse(row, now);
  } catch (err) {
    forgetKey(db, key.id);
    throw err;
  }
  return row;
}

// last_used_at is written at most once a minute per key and process: exact enough for an administrator's list, and
// it keeps the per-call path to the one counting write.
const TOUCH_EVERY_MS = 60_000;
const touched = perDb(() => new Map<string, number>());

export function touchKey(db: DB, keyId: string, now: number = Date.now()): void {
  const seen = touched(db);
  const last = seen.get(keyId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
  if (seen.size >= CACHE_MAX) seen.clear();
  seen.set(keyId, now);
  const iso = new Date(now).toISOString();
  statements(db).touch.run(iso, keyId, iso);
}
