// What an administrator does with keys after issuing them: list (masked), toggle enabled/disabled, revoke for good.
// Each change is one statement, so two administrators (or the CLI and the HTTP API) cannot interleave badly.
import type { DB } from '../db/open.ts';
import { NotFoundError, ServiceError } from '../errors.ts';
import { quotaDay } from './clock.ts';
import { findKey, forgetKey, maskKey, type KeyRecord, type KeyStatus } from './keys.ts';
import { perDb } from './prepared.ts';

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

const statements = perDb((db) => ({
  list: db.prepare(
    `SELECT k.id, k.name, k.status, k.daily_limit, k.created_at, k.expires_at, k.revoked_at, k.last_used_at, k.last4,
            coalesce(u.calls, 0) AS calls_today
       FROM api_keys k LEFT JOIN key_usage_daily u ON u.key_id = k.id AND u.day = ?
      ORDER BY k.created_at DESC, k.id`,
  ),
  toggle: db.prepare(
    `UPDATE api_keys SET status = CASE status WHEN 'enabled' THEN 'disabled' ELSE 'enabled' END
      WHERE id = ? AND status <> 'revoked' RETURNING status`,
  ),
  revoke: db.prepare(`UPDATE api_keys SET status = 'revoked', revoked_at = coalesce(revoked_at, ?) WHERE id = ? RETURNING status, revoked_at`),
}));

function notFound(id: string): NotFoundError {
  return new NotFoundError(`no key with id ${JSON.stringify(id)}; GET /v1/admin/keys lists the ids`, 'id');
}

export function listKeys(db: DB, prefix: string, now: number = Date.now()): ListedKey[] {
  const rows = statements(db).list.all(quotaDay(now)) as Array<KeyRecord & { calls_today: number }>;
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
export function toggleKey(db: DB, id: string): { id: string; status: KeyStatus } {
  const row = statements(db).toggle.get(id) as { status: KeyStatus } | undefined;
  if (!row) {
    if (findKey(db, id)) throw new KeyRevokedError(id);
    throw notFound(id);
  }
  forgetKey(db, id);
  return { id, status: row.status };
}

/** Revokes for good (idempotent: revoking again keeps the first revocation time); 404 for an unknown id. */
export function revokeKey(db: DB, id: string, now: number = Date.now()): { id: string; status: 'revoked'; revoked_at: string } {
  const row = statements(db).revoke.get(new Date(now).toISOString(), id) as { status: 'revoked'; revoked_at: string } | undefined;
  if (!row) throw notFound(id);
  forgetKey(db, id);
  return { id, status: row.status, revoked_at: row.revoked_at };
}
