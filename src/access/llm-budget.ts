// The site-wide daily budget of the upstream model: the operator pays for every round the upstream answers,
// whichever caller caused it (the pages' /llm proxy, the app, a key holder's /v1/chat/completions, A2A, the
// knowledge base's embeddings), so every round is counted in one row per quota day in the state database, shared by
// every node (LLM_DAILY_REQUESTS, LLM_DAILY_TOKENS; 0 = no limit).
//
// A round is paid for before it is sent: `reserveRound` counts the request and reserves its prompt's tokens plus the
// completion it may write, clamping the round's max_tokens to what is left of the day (a caller asking for 100,000
// of a 20,000-token budget gets what remains), in one conditional statement per row, so parallel rounds never
// reserve more than the budget holds. When the round ends `settleRound` replaces the reservation with what the
// upstream reports it used (else what the tokenizer counts). Anonymous callers (the /llm proxy: no key, no account)
// draw on a share of the day (LLM_ANONYMOUS_SHARE), counted in a row of their own beside the day's, so they can
// never spend what key holders and app users need. Past the budget every round answers 429
// `upstream_budget_exhausted` until midnight Asia/Shanghai.
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { exclusive, type StateStore } from '../db/store.ts';
import { ServiceError } from '../errors.ts';
import { tokensOf } from '../agent/tokens.ts';
import type { RoundResult, Upstream } from '../agent/upstream.ts';
import { nextQuotaDayStart, quotaDay, secondsToNextQuotaDay } from './clock.ts';

/** The limits the configuration sets (LLM_DAILY_REQUESTS, LLM_DAILY_TOKENS, LLM_ANONYMOUS_SHARE). */
export function budgetLimitsOf(llm: Config['llm']): BudgetLimits {
  return { requests: llm.dailyRequests, tokens: llm.dailyTokens, anonymousShare: llm.anonymousShare };
}

export interface BudgetLimits {
  /** upstream rounds a day, 0 = no limit */
  requests: number;
  /** upstream tokens (prompt + completion) a day, 0 = no limit */
  tokens: number;
  /** the fraction of both that anonymous callers may use (1: all of it); default 1 */
  anonymousShare?: number;
}

/** Who a round is for: anonymous callers draw on their share of the day. */
export type BudgetPool = 'anonymous' | 'identified';

/** A round's completion when its caller sets no max_tokens and the day has a token limit: the reservation needs a bound. */
export const DEFAULT_ROUND_COMPLETION = 4_096;

export class BudgetExhaustedError extends ServiceError {
  constructor(what: 'requests' | 'tokens', limit: number, now: number, pool: BudgetPool = 'identified') {
    const retry = secondsToNextQuotaDay(now);
    super(
      `the site's daily budget for the upstream model is spent (${limit} ${what}${pool === 'anonymous' ? ', the share of callers without a key or account' : ''}); it resets at ${new Date(nextQuotaDayStart(now)).toISOString()} (midnight Asia/Shanghai)`,
      429,
      'rate_limit_error',
      'upstream_budget_exhausted',
      null,
      { 'retry-after': String(retry), 'x-should-retry': 'false' },
    );
  }
}

interface Row {
  key: string;
  requests: number;
  tokens: number;
}

/** The rows a round of this pool counts in, each with its limits: the day's, and the anonymous share's. */
function rowsOf(limits: BudgetLimits, pool: BudgetPool, now: number): Row[] {
  const day = quotaDay(now);
  const rows: Row[] = [{ key: day, requests: limits.requests, tokens: limits.tokens }];
  const share = limits.anonymousShare ?? 1;
  if (pool === 'anonymous' && share < 1) rows.push({ key: `${day}/anonymous`, requests: Math.floor(limits.requests * share), tokens: Math.floor(limits.tokens * share) });
  return rows;
}

export interface Reservation {
  /** tokens reserved (settled later against what the round used) */
  tokens: number;
  /** the max_tokens the round may be sent with; null: as the caller asked (no token limit) */
  maxTokens: number | null;
  pool: BudgetPool;
  now: number;
}

export interface RoundAsk {
  /** the prompt's tokens (counted before sending) */
  prompt: number;
  /** the completion the caller asked for (max_tokens), null for none; 0 for a round that writes none (embeddings) */
  maxTokens?: number | null;
  pool?: BudgetPool;
}

/**
 * Counts one upstream request and reserves its tokens against today's budget (and the anonymous share), clamping its
 * completion to what remains; throws BudgetExhaustedError when the day (or the share) is spent.
 */
export async function reserveRound(store: StateStore, limits: BudgetLimits, ask: RoundAsk, now = Date.now()): Promise<Reservation> {
  const pool = ask.pool ?? 'identified';
  const rows = rowsOf(limits, pool, now);
  for (let attempt = 0; attempt < 8; attempt++) {
    const used = await Promise.all(rows.map((r) => store.db.selectFrom('llm_budget_daily').select(['requests', 'tokens']).where('day', '=', r.key).executeTakeFirst()));
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      if (r.requests > 0 && Number(used[i]?.requests ?? 0) >= r.requests) throw new BudgetExhaustedError('requests', r.requests, now, i ? 'anonymous' : 'identified');
    }
    const limited = rows.filter((r) => r.tokens > 0);
    let maxTokens: number | null = ask.maxTokens ?? null;
    let reserve = ask.prompt + (ask.maxTokens ?? 0);
    if (limited.length) {
      const left = Math.min(...rows.map((r, i) => (r.tokens > 0 ? r.tokens - Number(used[i]?.tokens ?? 0) : Infinity)));
      const room = left - ask.prompt;
      const wanted = ask.maxTokens ?? DEFAULT_ROUND_COMPLETION;
      if (room < (wanted === 0 ? 0 : 1)) {
        const i = rows.findIndex((r, j) => r.tokens > 0 && r.tokens - Number(used[j]?.tokens ?? 0) === left);
        throw new BudgetExhaustedError('tokens', rows[i]!.tokens, now, i ? 'anonymous' : 'identified');
      }
      maxTokens = wanted === 0 ? 0 : Math.min(wanted, room);
      reserve = ask.prompt + maxTokens;
    }
    const counted = await exclusive(store, async (db) => {
      for (const r of rows) {
        const requestsFit = r.requests > 0 ? sql<boolean>`llm_budget_daily.requests < ${r.requests}` : sql<boolean>`true`;
        const tokensFit = r.tokens > 0 ? sql<boolean>`llm_budget_daily.tokens + ${reserve} <= ${r.tokens}` : sql<boolean>`true`;
        const row = await db
          .insertInto('llm_budget_daily')
          .values({ day: r.key, requests: 1, tokens: reserve })
          .onConflict((oc) =>
            oc
              .column('day')
              .doUpdateSet({ requests: sql`llm_budget_daily.requests + 1`, tokens: sql`llm_budget_daily.tokens + ${reserve}` })
              .where(sql<boolean>`${requestsFit} and ${tokensFit}`),
          )
          .returning('requests')
          .executeTakeFirst();
        if (!row) throw new Contended();
      }
      return true;
    }).catch((err: unknown) => {
      if (err instanceof Contended) return false;
      throw err;
    });
    // another round took part of what was left between the read and the write: read again and clamp again
    if (counted) return { tokens: reserve, maxTokens, pool, now };
  }
  throw new BudgetExhaustedError('tokens', rows[0]!.tokens, now, pool);
}

class Contended extends Error {}

/** Replaces a round's reservation with the tokens it used (fewer: the rest goes back; more: charged as reported). */
export async function settleRound(store: StateStore, limits: BudgetLimits, reservation: Reservation, used: number): Promise<void> {
  const delta = Math.round((Number.isFinite(used) ? Math.max(0, used) : 0) - reservation.tokens);
  if (delta === 0) return;
  for (const r of rowsOf(limits, reservation.pool, reservation.now)) {
    await store.db
      .updateTable('llm_budget_daily')
      .set({ tokens: sql`case when llm_budget_daily.tokens + ${delta} < 0 then 0 else llm_budget_daily.tokens + ${delta} end` })
      .where('day', '=', r.key)
      .execute();
  }
}

/** Adds tokens spent outside a reserved round (kept for callers that only report). */
export async function chargeTokens(store: StateStore, tokens: number, now = Date.now()): Promise<void> {
  if (!(tokens > 0)) return;
  await store.db
    .insertInto('llm_budget_daily')
    .values({ day: quotaDay(now), requests: 0, tokens })
    .onConflict((oc) => oc.column('day').doUpdateSet({ tokens: sql`llm_budget_daily.tokens + ${tokens}` }))
    .execute();
}

/** Today's use of the budget, for the administrator (with the anonymous share's). */
export async function budgetToday(store: StateStore, limits: BudgetLimits, now = Date.now()) {
  const day = quotaDay(now);
  const [total, anon] = rowsOf(limits, 'anonymous', now);
  const read = (key: string) => store.db.selectFrom('llm_budget_daily').select(['requests', 'tokens']).where('day', '=', key).executeTakeFirst();
  const row = await read(total!.key);
  const part = (used: number, limit: number) => ({ used, limit: limit || null, remaining: limit ? Math.max(0, limit - used) : null });
  const anonymous = anon ? await read(anon.key) : undefined;
  return {
    day,
    resets_at: new Date(nextQuotaDayStart(now)).toISOString(),
    requests: part(Number(row?.requests ?? 0), limits.requests),
    tokens: part(Number(row?.tokens ?? 0), limits.tokens),
    ...(anon ? { anonymous: { requests: part(Number(anonymous?.requests ?? 0), anon.requests), tokens: part(Number(anonymous?.tokens ?? 0), anon.tokens) } } : {}),
  };
}

/** The tokens a round's request will be charged for before the upstream reports: its messages and tools. */
export function requestTokens(req: { messages: unknown[]; tools?: unknown[] }): number {
  return tokensOf(JSON.stringify(req.messages)) + (req.tools?.length ? tokensOf(JSON.stringify(req.tools)) : 0);
}

/** The upstream client with every round reserved against the site's daily budget (refused with 429 once spent). */
export function budgeted(upstream: Upstream, state: () => StateStore, limits: BudgetLimits): Upstream {
  return {
    model: upstream.model,
    async round(req, opts) {
      const prompt = requestTokens(req);
      const reservation = await reserveRound(state(), limits, { prompt, maxTokens: req.max_tokens ?? null, pool: opts.pool });
      let result: RoundResult | null = null;
      try {
        result = await upstream.round(reservation.maxTokens === null ? req : { ...req, max_tokens: reservation.maxTokens }, opts);
        return result;
      } finally {
        // a failed or aborted round was still sent: its prompt is charged
        const used = (result?.usage?.prompt_tokens ?? prompt) + (result?.usage?.completion_tokens ?? tokensOf(result?.content ?? ''));
        await settleRound(state(), limits, reservation, used).catch(() => undefined);
      }
    },
  };
}
