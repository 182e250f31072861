// The site-wide daily budget of the upstream model: the operator pays for every round the upstream answers,
// whichever caller caused it (the pages' /llm proxy, the app, a key holder's /v1/chat/completions, A2A), so every
// round is counted in one row per quota day in the state database, shared by every node. A round is admitted only
// while both counts are under their limits (LLM_DAILY_REQUESTS, LLM_DAILY_TOKENS; 0 = no limit): one conditional
// upsert counts the request and checks the limits atomically, as the key quota does; the round's tokens (the
// upstream's usage, else counted with the tokenizer) are added when it ends. Past the budget every upstream round
// answers 429 `upstream_budget_exhausted` until midnight Asia/Shanghai.
import { sql } from 'kysely';
import type { StateStore } from '../db/store.ts';
import { ServiceError } from '../errors.ts';
import { tokensOf } from '../agent/tokens.ts';
import type { RoundResult, Upstream } from '../agent/upstream.ts';
import { nextQuotaDayStart, quotaDay, secondsToNextQuotaDay } from './clock.ts';

export interface BudgetLimits {
  /** upstream rounds a day, 0 = no limit */
  requests: number;
  /** upstream tokens (prompt + completion) a day, 0 = no limit */
  tokens: number;
}

export class BudgetExhaustedError extends ServiceError {
  constructor(what: 'requests' | 'tokens', limit: number, now: number) {
    const retry = secondsToNextQuotaDay(now);
    super(
      `the site's daily budget for the upstream model is spent (${limit} ${what}); it resets at ${new Date(nextQuotaDayStart(now)).toISOString()} (midnight Asia/Shanghai)`,
      429,
      'rate_limit_error',
      'upstream_budget_exhausted',
      null,
      { 'retry-after': String(retry), 'x-should-retry': 'false' },
    );
  }
}

/** Counts one upstream request against today's budget, or throws BudgetExhaustedError when it is spent. */
export async function reserveRound(store: StateStore, limits: BudgetLimits, now = Date.now()): Promise<void> {
  const day = quotaDay(now);
  const requestsFit = limits.requests > 0 ? sql<boolean>`llm_budget_daily.requests < ${limits.requests}` : sql<boolean>`true`;
  const tokensFit = limits.tokens > 0 ? sql<boolean>`llm_budget_daily.tokens < ${limits.tokens}` : sql<boolean>`true`;
  const row = await store.db
    .insertInto('llm_budget_daily')
    .values({ day, requests: 1, tokens: 0 })
    .onConflict((oc) =>
      oc
        .column('day')
        .doUpdateSet({ requests: sql`llm_budget_daily.requests + 1` })
        .where(sql<boolean>`${requestsFit} and ${tokensFit}`),
    )
    .returning('requests')
    .executeTakeFirst();
  if (row && (limits.requests === 0 || row.requests <= limits.requests)) return;
  const spent = await budgetToday(store, limits, now);
  throw new BudgetExhaustedError(limits.requests > 0 && spent.requests.used >= limits.requests ? 'requests' : 'tokens', limits.requests > 0 && spent.requests.used >= limits.requests ? limits.requests : limits.tokens, now);
}

/** Adds a finished round's tokens to today's budget. */
export async function chargeTokens(store: StateStore, tokens: number, now = Date.now()): Promise<void> {
  if (!(tokens > 0)) return;
  await store.db
    .insertInto('llm_budget_daily')
    .values({ day: quotaDay(now), requests: 0, tokens })
    .onConflict((oc) => oc.column('day').doUpdateSet({ tokens: sql`llm_budget_daily.tokens + ${tokens}` }))
    .execute();
}

/** Today's use of the budget, for the administrator. */
export async function budgetToday(store: StateStore, limits: BudgetLimits, now = Date.now()) {
  const day = quotaDay(now);
  const row = await store.db.selectFrom('llm_budget_daily').select(['requests', 'tokens']).where('day', '=', day).executeTakeFirst();
  const part = (used: number, limit: number) => ({ used, limit: limit || null, remaining: limit ? Math.max(0, limit - used) : null });
  return {
    day,
    resets_at: new Date(nextQuotaDayStart(now)).toISOString(),
    requests: part(Number(row?.requests ?? 0), limits.requests),
    tokens: part(Number(row?.tokens ?? 0), limits.tokens),
  };
}

/** The upstream client with every round counted against the site's daily budget (refused with 429 once spent). */
export function budgeted(upstream: Upstream, state: () => StateStore, limits: BudgetLimits): Upstream {
  return {
    model: upstream.model,
    async round(req, opts) {
      await reserveRound(state(), limits);
      let result: RoundResult | null = null;
      try {
        result = await upstream.round(req, opts);
        return result;
      } finally {
        // a failed or aborted round was still sent: its prompt is charged
        const prompt = result?.usage?.prompt_tokens ?? tokensOf(JSON.stringify(req.messages));
        const completion = result?.usage?.completion_tokens ?? tokensOf(result?.content ?? '');
        await chargeTokens(state(), prompt + completion).catch(() => undefined);
      }
    },
  };
}
