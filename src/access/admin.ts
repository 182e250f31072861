// What an administrator does with keys after issuing them: list (masked), toggle enabled/disabled, revoke for good.
// Each change is one statement, so two administrators (or the CLI and the HTTP API) cannot interleave badly.
import { sql } from 'kysely';
import type { StateStore } from '../db/store.ts';
import { NotFoundError, ServiceError } from '../errors.ts';
import { quotaDay } from './clock.ts';
import { findKey, forgetKey, maskKey, type KeyStatus } from './keys.ts';

/** 409: the key is revoked, which is final. */
export class KeyRevokedError extends ServiceError {
  constructor(id: string) {
    super(`key ${id} has been revoked; a revoked key can never be re-enabled (issue a new key instead)`, 409, 'invalid_request_error', 'api_key_revoked');
  }
}

export interface ListedKey {
  id: string;
  name: string;
  key: string;
  status: KeyStatus;
  daily_limit: number;
  created_at: string;
  expires_at: string | null;
  expired: boolean;
  revoked_at: string | null;
  last_used_at: string | null;
  calls_today: number;
}

function notFound(id: string): NotFoundError {
  return new NotFoundError(`no key with id ${JSON.stringify(id)}; GET /v1/admin/keys lists the ids`, 'id');
}

export async function listKeys(store: StateStore, prefix: string, now: number = Date.now()): Promise<ListedKey[]> {
  const rows = await store.db
    .selectFrom('api_keys as k')
    .leftJoin('key_usage_daily as u', (join) => join.onRef('u.key_id', '=', 'k.id').on('u.day', '=', quotaDay(now)))
    .select(['k.id', 'k.name', 'k.status', 'k.daily_limit', 'k.created_at', 'k.expires_at', 'k.revoked_at', 'k.last_used_at', 'k.last4'])
    .select((eb) => eb.fn.coalesce('u.calls', sql<number>`0`).as('calls_today'))
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id')
    .execute();
  return rows.map(({ last4, ...r }) => ({
    id: r.id,
    name: r.name,
    key: maskKey(prefix, last4),
    status: r.status,
    daily_limit: r.daily_limit,
    created_at: r.created_at,
    expires_at: r.expires_at,
    expired: r.expires_at !== null && Date.parse(r.expires_at) <= now,
    revoked_at: r.revoked_at,
    last_used_at: r.last_used_at,
    calls_today: r.calls_today,
  }));
}

/** Flips enabled ↔ disabled and returns the new state; 404 for an unknown id, 409 for a revoked key. */
export async function toggleKey(store: StateStore, id: string): Promise<{ id: string; status: KeyStatus }> {
  const row = await store.db
    .updateTable('api_keys')
    .set((eb) => ({ status: eb.case('status').when('enabled').then(sql.lit<KeyStatus>('disabled')).else(sql.lit<KeyStatus>('enabled')).end() }))
    .where('id', '=', id)
    .where('status', '<>', 'revoked')
    .returning('status')
    .executeTakeFirst();
  if (!row) {
    if (await findKey(store, id)) throw new KeyRevokedError(id);
    throw notFound(id);
  }
  forgetKey(store, id);
  return { id, status: row.status };
}

/** Revokes for good (idempotent: revoking again keeps the first revocation time); 404 for an unknown id. */
export async function revokeKey(store: StateStore, id: string, now: number = Date.now()): Promise<{ id: string; status: 'revoked'; revoked_at: string }> {
  const row = await store.db
    .updateTable('api_keys')
    .set((eb) => ({ status: 'revoked', revoked_at: eb.fn.coalesce('revoked_at', eb.val(new Date(now).toISOString())) }))
    .where('id', '=', id)
    .returning(['status', 'revoked_at'])
    .executeTakeFirst();
  if (!row) throw notFound(id);
  forgetKey(store, id);
  return { id, status: 'revoked', revoked_at: row.revoked_at! };
}
