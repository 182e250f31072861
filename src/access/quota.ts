// Daily call quota per key. One conditional upsert counts the call only while it is under the limit, so the
// count is exact however many requests or processes race (SQLite serialises writers).
import type { DB } from '../db/open.ts';
import { ServiceError } from '../errors.ts';
import { nextQuotaDayStart, quotaDay, secondsToNextQuotaDay } from './clock.ts';
import type { KeyRecord } from './keys.ts';

export class QuotaError extends ServiceError {
  constructor(limit: number, now: number) {
    const retry = secondsToNextQuotaDay(now);
    super(
      `daily quota of ${limit} calls exceeded for this key; it resets at ${new Date(nextQuotaDayStart(now)).toISOString()} (midnight Asia/Shanghai)`,
      429,
      'rate_limit_error',
      'daily_quota_exceeded',
      null,
      { 'retry-after': String(retry), 'x-should-retry': 'false' },
    );
  }
}

/** Counts one call for the key, or throws QuotaError (429) when today's limit is reached. */
export function consumeCall(db: DB, key: KeyRecord, now: number = Date.now()): { calls: number } {
  const day = quotaDay(now);
  const row = db
    .prepare(
      `INSERT INTO key_usage_daily (key_id, day, calls) VALUES (?, ?, 1)
       ON CONFLICT (key_id, day) DO UPDATE SET calls = calls + 1 WHERE calls < ?
       RETURNING calls`,
    )
    .get(key.id, day, key.daily_limit) as { calls: number } | undefined;
  if (!row) throw new QuotaError(key.daily_limit, now);
  return row;
}

/** Adds tokens used by the chat endpoint to today's row (never refused: the call was already counted). */
export function addTokens(db: DB, keyId: string, tokens: number, now: number = Date.now()): void {
  if (!(tokens > 0)) return;
  db.prepare(
    `INSERT INTO key_usage_daily (key_id, day, calls, tokens) VALUES (?, ?, 0, ?)
     ON CONFLICT (key_id, day) DO UPDATE SET tokens = tokens + excluded.tokens`,
  ).run(keyId, quotaDay(now), Math.round(tokens));
}
