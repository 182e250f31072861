// API keys: issued as `<prefix>-<secret>`, stored only as the SHA-256 of the whole key (unique index), looked up by
// that hash and compared in constant time. The plaintext exists only in the issue response.
//
// A lookup that finds an enabled key is cached per process (hash → record, at most a minute old). The cache is never
// the authority: the call-counting write re-checks status and expiry inside the same statement (quota.ts), and
// uncounted calls re-read the key by id (confirmKey), so a key disabled or revoked through another process or node
// stops working at its next call on every node; no cross-node invalidation message is needed.
import crypto, { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { compiled, type Slots } from '../db/compiled.ts';
import type { StateStore } from '../db/store.ts';
import { ServiceError } from '../errors.ts';
import { perStore } from './per-store.ts';
import type { AccessTables } from './schema.ts';

export type { KeyStatus } from './schema.ts';
export const DEFAULT_DAILY_LIMIT = 500;
export const MAX_DAILY_LIMIT = 1_000_000_000;
export const MAX_EXPIRES_DAYS = 36_500;

/** A key as the service handles it: its row without the hash. */
export type KeyRecord = Omit<AccessTables['api_keys'], 'key_hash'>;

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

const COLUMNS = ['id', 'name', 'status', 'daily_limit', 'created_at', 'expires_at', 'revoked_at', 'last_used_at', 'last4'] as const;

const byHash = compiled((db, p: Slots<{ hash: string }>) => db.selectFrom('api_keys').select(['key_hash', ...COLUMNS]).where('key_hash', '=', p.hash));
const byId = compiled((db, p: Slots<{ id: string }>) => db.selectFrom('api_keys').select(COLUMNS).where('id', '=', p.id));
const touch = compiled((db, p: Slots<{ id: string; at: string }>) =>
  db
    .updateTable('api_keys')
    .set({ last_used_at: p.at })
    .where('id', '=', p.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', p.at)])),
);

export async function issueKey(store: StateStore, prefix: string, input: IssueInput, now: Date = new Date()): Promise<{ key: string; record: KeyRecord }> {
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
  // Autocommit: once this resolves the row is committed (SQLite WAL or PostgreSQL), so an answered issue survives a
  // kill -9 of the process.
  await store.db.insertInto('api_keys').values({ ...record, key_hash: hashKey(key) }).execute();
  return { key, record };
}

export async function findKey(store: StateStore, id: string): Promise<KeyRecord | undefined> {
  return (await byId(store, { id }))[0];
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

const keyCache = perStore(() => new Map<string, CachedKey>());

/** Drops a key from this process's cache (after toggle/revoke, or when the database says it is no longer usable). */
export function forgetKey(store: StateStore, id: string): void {
  const cache = keyCache(store);
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
 * No message ever repeats the key. A key in this process's cache is answered synchronously (no promise on the hot
 * path); otherwise the answer is a promise of the database lookup. Malformed headers throw synchronously.
 */
export function authenticate(store: StateStore, prefix: string, header: string | undefined, now: Date | number = Date.now()): KeyRecord | Promise<KeyRecord> {
  if (!header) throw new AuthError(`missing API key: send "Authorization: Bearer ${prefix}-<secret>"`, 'missing_api_key');
  const key = BEARER.exec(header)?.[1] ?? '';
  if (key.length <= prefix.length + 1 || !key.startsWith(prefix) || key.charCodeAt(prefix.length) !== 45 /* - */ || !KEY_SECRET.test(key.slice(prefix.length + 1))) {
    throw new AuthError(`malformed API key: expected "Authorization: Bearer ${prefix}-<secret>"`, 'invalid_api_key_format');
  }
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const hex = hashKey(key);
  const digest = Buffer.from(hex, 'latin1');
  const cache = keyCache(store);
  const cached = cache.get(hex);
  if (cached && nowMs - cached.fetchedMs < CACHE_TTL_MS && timingSafeEqual(cached.hash, digest)) {
    if (cached.expiresMs <= nowMs) {
      cache.delete(hex);
      refuse(cached.record, nowMs);
    }
    return cached.record;
  }
  return lookup(store, cache, hex, digest, nowMs);
}

async function lookup(store: StateStore, cache: Map<string, CachedKey>, hex: string, digest: Buffer, nowMs: number): Promise<KeyRecord> {
  const row = (await byHash(store, { hash: hex }))[0];
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
export async function confirmKey(store: StateStore, key: KeyRecord, now: number = Date.now()): Promise<KeyRecord> {
  const row = await findKey(store, key.id);
  if (!row) {
    forgetKey(store, key.id);
    throw new AuthError('invalid API key', 'invalid_api_key');
  }
  try {
    refuse(row, now);
  } catch (err) {
    forgetKey(store, key.id);
    throw err;
  }
  return row;
}

// last_used_at is written at most once a minute per key and process (node): exact enough for an administrator's
// list, and it keeps the per-call path to the one counting write.
const TOUCH_EVERY_MS = 60_000;
const touched = perStore(() => new Map<string, number>());

/** Records the key's last use, at most once a minute per key and process: undefined when it is not due, else the
 * promise of the write. */
export function touchKey(store: StateStore, keyId: string, now: number = Date.now()): Promise<unknown> | undefined {
  const seen = touched(store);
  const last = seen.get(keyId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return undefined;
  if (seen.size >= CACHE_MAX) seen.clear();
  seen.set(keyId, now);
  return touch(store, { id: keyId, at: new Date(now).toISOString() });
}
