// Login tokens: 32 random bytes (base64url) after the fixed marker `ut-`, so they are told apart from API keys at a
// glance and by secret scanners. Only their SHA-256 is stored; a lookup is by that hash and confirmed with a
// constant-time compare. A token lives for the configured lifetime (APP_TOKEN_TTL_HOURS) from login, and logout
// revokes it at once on every node (each request reads the row; there is no per-process cache to invalidate).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashKey } from '../access/keys.ts';
import { compiled, type Slots } from '../db/compiled.ts';
import type { StateStore } from '../db/store.ts';
import { ServiceError } from '../errors.ts';

export const TOKEN_MARK = 'ut-';
const TOKEN_SHAPE = /^ut-[A-Za-z0-9_-]{43}$/;

export class TokenError extends ServiceError {
  constructor(message: string, code: string) {
    super(message, 401, 'authentication_error', code, null, { 'www-authenticate': 'Bearer realm="app"' });
  }
}

export interface AppUser {
  id: string;
  username: string;
  display_name: string;
  created_at: string;
}

export interface Session {
  user: AppUser;
  /** the token's hash: what logout revokes */
  tokenHash: string;
  expires_at: string;
}

const byHash = compiled((db, p: Slots<{ hash: string }>) =>
  db
    .selectFrom('app_tokens as t')
    .innerJoin('app_users as u', 'u.id', 't.user_id')
    .select(['t.token_hash', 't.expires_at', 't.revoked_at', 'u.id', 'u.username', 'u.display_name', 'u.created_at'])
    .where('t.token_hash', '=', p.hash),
);

export async function issueToken(store: StateStore, userId: string, ttlHours: number, now = new Date()): Promise<{ token: string; expires_at: string }> {
  const token = TOKEN_MARK + randomBytes(32).toString('base64url');
  const expires_at = new Date(now.getTime() + ttlHours * 3_600_000).toISOString();
  // Committed before the login answers, so a token the client holds survives a crash of this node.
  await store.db.insertInto('app_tokens').values({ token_hash: hashKey(token), user_id: userId, created_at: now.toISOString(), expires_at, revoked_at: null }).execute();
  return { token, expires_at };
}

/** Replaces anything shaped like a login token in free text (a logged URL) by `ut-…` and its last four characters. */
export function redactTokens(text: string): string {
  return text.replace(/ut-[A-Za-z0-9_-]{20,}/g, (t) => `ut-…${t.slice(-4)}`);
}

/** The user behind an `Authorization: Bearer ut-…` header, or a 401 saying why (never repeating the token). */
export async function resolveToken(store: StateStore, header: string | undefined, now = Date.now()): Promise<Session> {
  if (!header) throw new TokenError('login required: send "Authorization: Bearer <token>" with the token from POST /api/auth/login', 'missing_token');
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
  if (!TOKEN_SHAPE.test(token)) throw new TokenError('malformed token: expected "Authorization: Bearer ut-<43 characters>" from POST /api/auth/login', 'invalid_token_format');
  const hex = hashKey(token);
  const row = (await byHash(store, { hash: hex }))[0];
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'latin1'), Buffer.from(hex, 'latin1'))) throw new TokenError('invalid token; log in again', 'invalid_token');
  if (row.revoked_at) throw new TokenError('this token was revoked by logout; log in again', 'token_revoked');
  if (Date.parse(row.expires_at) <= now) throw new TokenError(`this token expired at ${row.expires_at}; log in again`, 'token_expired');
  return { user: { id: row.id, username: row.username, display_name: row.display_name, created_at: row.created_at }, tokenHash: row.token_hash, expires_at: row.expires_at };
}

/** Revokes one token (logout); true when it was still active. */
export async function revokeToken(store: StateStore, tokenHash: string, now = new Date()): Promise<boolean> {
  const r = await store.db.updateTable('app_tokens').set({ revoked_at: now.toISOString() }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
