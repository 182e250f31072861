// Daily call quota per key. One conditional upsert counts the call only while the key is enabled, unexpired and
// under its limit, so the count is exact however many requests or processes race (SQLite serialises writers), and a
// key disabled by another process is refused at its next call whatever this process has cached. When the write
// has committed (WAL), the count survives a kill -9 of the process; the caller answers only after that.
//
// queueCall is the HTTP path: calls that arrive in the same turn of the event loop are counted in one IMMEDIATE
// transaction (group commit), and the calls of one key in that batch with one conditional write that adds as many
// as fit under the limit, so a busy server pays one commit per batch and one write per key instead of one per call.
// The transaction holds SQLite's write lock, so the count stays exact across processes, and each call still gets its
// own answer (200, 401 or 429) only after the commit.
import type { DB } from '../db/open.ts';
import { ServiceError } from '../errors.ts';
import { nextQuotaDayStart, quotaDay, secondsToNextQuotaDay } from './clock.ts';
import { confirmKey, type KeyRecord } from './keys.ts';
import { perDb } from './prepared.ts';

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

const statements = perDb((db) => ({
  // The SELECT yields no row for a key that is not enabled or has expired: nothing is inserted or updated and
  // RETURNING is empty. The limit is read from the key row, not from the caller's copy.
  consume: db.prepare(
    `INSERT INTO key_usage_daily (key_id, day, calls)
       SELECT id, ?, 1 FROM api_keys WHERE id = ? AND status = 'enabled' AND (expires_at IS NULL OR expires_at > ?)
     ON CONFLICT (key_id, day) DO UPDATE SET calls = calls + 1
       WHERE calls < (SELECT daily_limit FROM api_keys WHERE id = excluded.key_id)
     RETURNING calls`,
  ),
  // n calls of one key at once: counts as many as fit under the limit (see consumeCalls).
  consumeMany: db.prepare(
    `INSERT INTO key_usage_daily (key_id, day, calls)
       SELECT id, @day, min(@n, daily_limit) FROM api_keys
        WHERE id = @id AND status = 'enabled' AND (expires_at IS NULL OR expires_at > @now)
     ON CONFLICT (key_id, day) DO UPDATE SET calls = min(calls + @n, (SELECT daily_limit FROM api_keys WHERE id = excluded.key_id))
       WHERE calls < (SELECT daily_limit FROM api_keys WHERE id = excluded.key_id)
     RETURNING calls`,
  ),
  addTokens: db.prepare(
    `INSERT INTO key_usage_daily (key_id, day, calls, tokens) VALUES (?, ?, 0, ?)
     ON CONFLICT (key_id, day) DO UPDATE SET tokens = tokens + excluded.tokens`,
  ),
  today: db.prepare('SELECT calls, tokens FROM key_usage_daily WHERE key_id = ? AND day = ?'),
  totals: db.prepare('SELECT coalesce(sum(calls), 0) AS calls, coalesce(sum(tokens), 0) AS tokens FROM key_usage_daily WHERE key_id = ?'),
}));

// The day string changes once a day; computing it per call would format a date per request.
let dayCache = { day: '', until: 0 };
function currentDay(now: number): string {
  if (now >= dayCache.until || now < dayCache.until - 86_400_000) dayCache = { day: quotaDay(now), until: nextQuotaDayStart(now) };
  return dayCache.day;
}

/** Counts one call for the key, or throws QuotaError (429) when today's limit is reached, AuthError (401) when the
 * key is no longer usable. Commits before it returns. */
export function consumeCall(db: DB, key: KeyRecord, now: number = Date.now()): { calls: number } {
  const row = statements(db).consume.get(currentDay(now), key.id, new Date(now).toISOString()) as { calls: number } | undefined;
  if (row) return row;
  // Refused: say why. A key that is no longer usable is a 401; otherwise the limit was reached.
  const current = confirmKey(db, key, now);
  throw new QuotaError(current.daily_limit, now);
}

/**
 * Counts up to n calls of one key at once and returns how many fitted under today's limit (0..n); throws AuthError
 * when the key is no longer usable. Runs in an IMMEDIATE transaction (a savepoint inside an outer one), so reading the
 * count before and writing it after is atomic across processes.
 */
export function consumeCalls(db: DB, key: KeyRecord, n: number, now: number = Date.now()): number {
  if (n === 1) {
    try {
      consumeCall(db, key, now);
      return 1;
    } catch (err) {
      if (err instanceof QuotaError) return 0;
      throw err;
    }
  }
  return consumeManyTx(db).immediate(key, n, now);
}

const consumeManyTx = perDb((db) => {
  const s = statements(db);
  return db.transaction((key: KeyRecord, n: number, now: number): number => {
    const day = currentDay(now);
    const before = (s.today.get(key.id, day) as { calls: number } | undefined)?.calls ?? 0;
    const row = s.consumeMany.get({ day, id: key.id, now: new Date(now).toISOString(), n }) as { calls: number } | undefined;
    if (row) return row.calls - before;
    confirmKey(db, key, now); // throws the 401 if the key is the reason
    return 0;
  });
});

type Counted = (err: Error | null) => void;

class CallBatch {
  private queue: Array<{ key: KeyRecord; done: Counted }> = [];
  private scheduled = false;
  constructor(private readonly db: DB) {}

  add(key: KeyRecord, done: Counted): void {
    this.queue.push({ key, done });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    const now = Date.now();
    // Calls of the same key are counted together: one read and one write per key and batch, however many calls.
    const byKey = new Map<string, { key: KeyRecord; calls: Array<{ done: Counted; err: Error | null }> }>();
    for (const { key, done } of batch) {
      let group = byKey.get(key.id);
      if (!group) byKey.set(key.id, (group = { key, calls: [] }));
      group.calls.push({ done, err: null });
    }
    const countAll = () => {
      for (const { key, calls } of byKey.values()) {
        let granted: number;
        try {
          granted = consumeCalls(this.db, key, calls.length, now);
        } catch (err) {
          // A refusal (401) concerns that key's calls only; a database failure aborts the whole transaction.
          if (!(err instanceof ServiceError)) throw err;
          for (const c of calls) c.err = err;
          continue;
        }
        // Arrival order decides who gets the last calls of the day.
        for (let i = granted; i < calls.length; i++) calls[i]!.err = new QuotaError(key.daily_limit, now);
      }
    };
    try {
      if (byKey.size === 1) countAll();
      else this.db.transaction(countAll).immediate();
    } catch (err) {
      for (const { calls } of byKey.values()) for (const c of calls) c.err = err as Error;
    }
    // Only now, with the counts committed, may any of these calls be answered.
    for (const { calls } of byKey.values()) for (const c of calls) c.done(c.err);
  };
}

const batches = perDb((db) => new CallBatch(db));

/** Counting with group commit: `done` runs after the count has committed (or with the 401/429 refusing it). */
export function queueCall(db: DB, key: KeyRecord, done: Counted): void {
  batches(db).add(key, done);
}

/** Adds tokens used by the chat endpoint to today's row (never refused: the call was already counted). */
export function addTokens(db: DB, keyId: string, tokens: number, now: number = Date.now()): void {
  if (!(tokens > 0) || !Number.isFinite(tokens)) return;
  statements(db).addTokens.run(keyId, currentDay(now), Math.round(tokens));
}

export interface KeyUsage {
  day: string;
  calls_today: number;
  daily_limit: number;
  remaining: number;
  tokens_today: number;
  calls_total: number;
  tokens_total: number;
  resets_at: string;
  resets_in_seconds: number;
}

/** Usage of one key as its holder sees it (GET /v1/usage). */
export function usageOf(db: DB, key: KeyRecord, now: number = Date.now()): KeyUsage {
  const s = statements(db);
  const day = currentDay(now);
  const today = (s.today.get(key.id, day) as { calls: number; tokens: number } | undefined) ?? { calls: 0, tokens: 0 };
  const totals = s.totals.get(key.id) as { calls: number; tokens: number };
  return {
    day,
    calls_today: today.calls,
    daily_limit: key.daily_limit,
    remaining: Math.max(0, key.daily_limit - today.calls),
    tokens_today: today.tokens,
    calls_total: totals.calls,
    tokens_total: totals.tokens,
    resets_at: new Date(nextQuotaDayStart(now)).toISOString(),
    resets_in_seconds: secondsToNextQuotaDay(now),
  };
}
