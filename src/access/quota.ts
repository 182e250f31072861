// Daily call quota per key. One conditional upsert counts calls only while the key is enabled, unexpired and the
// calls fit under its limit — `INSERT … SELECT … FROM api_keys WHERE usable ON CONFLICT DO UPDATE … WHERE calls + n
// <= limit RETURNING calls` — so the count-and-check is one atomic statement on either backend: SQLite serialises
// writers; PostgreSQL locks the conflicting row and re-evaluates the WHERE on its latest version. The count is exact
// however many requests, processes or nodes race, and a key disabled through another node is refused at its next
// call whatever this process has cached. The caller answers only once the statement has committed, so an answered
// call survives a kill -9 (SQLite WAL; PostgreSQL's commit).
//
// queueCall is the HTTP path (group commit): calls of one key that arrive while that key's previous write is in
// flight are counted together by one statement for all n of them; when not all n fit, they are counted one at a
// time until the first refusal, so arrival order decides who gets the last calls of the day. A busy server thus pays
// about one write per key and round trip instead of one per call, and each call still gets its own answer (200, 401
// or 429) only after the commit.
import { sql } from 'kysely';
import { compiled, type Slots } from '../db/compiled.ts';
import type { StateStore } from '../db/store.ts';
import { ServiceError } from '../errors.ts';
import { nextQuotaDayStart, quotaDay, secondsToNextQuotaDay } from './clock.ts';
import { confirmKey, type KeyRecord } from './keys.ts';
import { perStore } from './per-store.ts';

export class QuotaError extends ServiceError {
  constructor(limit: number, now: number, asked = 1) {
    const retry = secondsToNextQuotaDay(now);
    super(
      `${asked > 1 ? `this request makes ${asked} calls (one per tools/call of the batch) and not all of them fit in what is left of ` : ''}daily quota of ${limit} calls ${asked > 1 ? '' : 'exceeded '}for this key; it resets at ${new Date(nextQuotaDayStart(now)).toISOString()} (midnight Asia/Shanghai)`,
      429,
      'rate_limit_error',
      'daily_quota_exceeded',
      null,
      { 'retry-after': String(retry), 'x-should-retry': 'false' },
    );
  }
}

// The row is inserted only when the key is usable and n fits under its limit; an existing row is updated only when
// calls + n still fits. No row back: nothing was counted. The limit is read from the key row, not the caller's copy.
const consume = compiled((db, p: Slots<{ id: string; day: string; now: string; n: number }>) =>
  db
    .insertInto('key_usage_daily')
    .columns(['key_id', 'day', 'calls'])
    .expression((eb) =>
      eb
        .selectFrom('api_keys')
        .select(['id', sql<string>`cast(${p.day} as text)`.as('day'), sql<number>`cast(${p.n} as integer)`.as('calls')])
        .where('id', '=', p.id)
        .where('status', '=', 'enabled')
        .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', p.now)]))
        .where('daily_limit', '>=', p.n),
    )
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'day'])
        .doUpdateSet((eb) => ({ calls: eb('key_usage_daily.calls', '+', eb.ref('excluded.calls')) }))
        .where((eb) =>
          eb(eb('key_usage_daily.calls', '+', eb.ref('excluded.calls')), '<=', eb.selectFrom('api_keys').select('daily_limit').whereRef('api_keys.id', '=', 'excluded.key_id')),
        ),
    )
    .returning('key_usage_daily.calls'),
);

const addTokensQuery = compiled((db, p: Slots<{ id: string; day: string; tokens: number }>) =>
  db
    .insertInto('key_usage_daily')
    .values({ key_id: p.id, day: p.day, calls: 0, tokens: p.tokens })
    .onConflict((oc) => oc.columns(['key_id', 'day']).doUpdateSet((eb) => ({ tokens: eb('key_usage_daily.tokens', '+', eb.ref('excluded.tokens')) }))),
);

// The day string changes once a day; computing it per call would format a date per request.
let dayCache = { day: '', until: 0 };
function currentDay(now: number): string {
  if (now >= dayCache.until || now < dayCache.until - 86_400_000) dayCache = { day: quotaDay(now), until: nextQuotaDayStart(now) };
  return dayCache.day;
}

/**
 * Counts up to n calls of one key and returns how many were counted (0..n): all n when they fit under today's limit,
 * else one at a time until the first refusal. Throws AuthError (401) when nothing was counted because the key is no
 * longer usable. Every count has committed when this resolves.
 */
export async function consumeCalls(store: StateStore, key: KeyRecord, n: number, now: number = Date.now()): Promise<number> {
  const args = { id: key.id, day: currentDay(now), now: new Date(now).toISOString(), n };
  if ((await consume(store, args)).length) return n;
  let granted = 0;
  if (n > 1) {
    const one = { ...args, n: 1 };
    while (granted < n && (await consume(store, one)).length) granted++;
  }
  if (granted === 0) await confirmKey(store, key, now); // throws the 401 if the key is the reason
  return granted;
}

/** Counts one call for the key, or throws QuotaError (429) when today's limit is reached, AuthError (401) when the
 * key is no longer usable. Committed when it resolves. */
export async function consumeCall(store: StateStore, key: KeyRecord, now: number = Date.now()): Promise<void> {
  if (await consumeCalls(store, key, 1, now)) return;
  const current = await confirmKey(store, key, now);
  throw new QuotaError(current.daily_limit, now);
}

/**
 * Counts n calls of one request (an MCP batch: one per tools/call) all together or none: throws QuotaError when they
 * do not all fit in what is left today (nothing counted), AuthError when the key is no longer usable.
 */
export async function consumeAll(store: StateStore, key: KeyRecord, n: number, now: number = Date.now()): Promise<void> {
  if ((await consume(store, { id: key.id, day: currentDay(now), now: new Date(now).toISOString(), n })).length) return;
  const current = await confirmKey(store, key, now);
  throw new QuotaError(current.daily_limit, now, n);
}

type Counted = (err: Error | null) => void;

class CallBatch {
  /** calls waiting to be counted, per key id, in arrival order */
  private pending = new Map<string, { key: KeyRecord; calls: Counted[] }>();
  /** keys whose write is in flight: their new calls wait for it and then go together */
  private inFlight = new Set<string>();
  private scheduled = false;
  constructor(private readonly store: StateStore) {}

  add(key: KeyRecord, done: Counted): void {
    let group = this.pending.get(key.id);
    if (!group) this.pending.set(key.id, (group = { key, calls: [] }));
    group.calls.push(done);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const now = Date.now();
    for (const [id, group] of this.pending) {
      if (this.inFlight.has(id)) continue;
      this.pending.delete(id);
      this.inFlight.add(id);
      void this.count(group.key, group.calls, now);
    }
  };

  private async count(key: KeyRecord, calls: Counted[], now: number): Promise<void> {
    const errors: Array<Error | null> = new Array(calls.length).fill(null);
    try {
      const granted = await consumeCalls(this.store, key, calls.length, now);
      for (let i = granted; i < calls.length; i++) errors[i] = new QuotaError(key.daily_limit, now);
    } catch (err) {
      // a refusal (401) or a database failure: none of these calls was counted
      errors.fill(err as Error);
    }
    this.inFlight.delete(key.id);
    if (this.pending.has(key.id)) this.schedule();
    // Only now, with the counts committed, may any of these calls be answered.
    for (let i = 0; i < calls.length; i++) calls[i]!(errors[i]!);
  }
}

const batches = perStore((store) => new CallBatch(store));

/** Counting with group commit: `done` runs after the count has committed (or with the 401/429 refusing it). */
export function queueCall(store: StateStore, key: KeyRecord, done: Counted): void {
  batches(store).add(key, done);
}

/** Adds tokens used by the chat endpoint to today's row (never refused: the call was already counted). */
export async function addTokens(store: StateStore, keyId: string, tokens: number, now: number = Date.now()): Promise<void> {
  if (!(tokens > 0) || !Number.isFinite(tokens)) return;
  await addTokensQuery(store, { id: keyId, day: currentDay(now), tokens: Math.round(tokens) });
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
export async function usageOf(store: StateStore, key: KeyRecord, now: number = Date.now()): Promise<KeyUsage> {
  const day = currentDay(now);
  const totals = await store.db
    .selectFrom('key_usage_daily')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('calls'), sql<number>`0`).as('calls'),
      eb.fn.coalesce(eb.fn.sum<number>('tokens'), sql<number>`0`).as('tokens'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('day', '=', day).then(eb.ref('calls')).else(0).end()), sql<number>`0`).as('calls_today'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('day', '=', day).then(eb.ref('tokens')).else(0).end()), sql<number>`0`).as('tokens_today'),
    ])
    .where('key_id', '=', key.id)
    .executeTakeFirstOrThrow();
  return {
    day,
    calls_today: totals.calls_today,
    daily_limit: key.daily_limit,
    remaining: Math.max(0, key.daily_limit - totals.calls_today),
    tokens_today: totals.tokens_today,
    calls_total: totals.calls,
    tokens_total: totals.tokens,
    resets_at: new Date(nextQuotaDayStart(now)).toISOString(),
    resets_in_seconds: secondsToNextQuotaDay(now),
  };
}
