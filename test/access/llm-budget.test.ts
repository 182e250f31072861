// The site-wide daily budget of the upstream model on both backends: the request count is checked and counted in one
// statement, so parallel rounds never overrun it; the token count closes the budget once reached; a new quota day
// (midnight Asia/Shanghai) starts afresh.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BudgetExhaustedError, budgetToday, chargeTokens, reserveRound, settleRound } from '../../src/access/llm-budget.ts';
import type { StateStore } from '../../src/db/store.ts';
import { forEachBackend, freshStore } from '../helpers/state.ts';

// 2026-11-24 10:00 and 2026-11-24 23:59 Asia/Shanghai, then 2026-11-25 00:00:01
const MORNING = Date.parse('2026-11-24T02:00:00Z');
const LATE = Date.parse('2026-11-24T15:59:00Z');
const NEXT_DAY = Date.parse('2026-11-24T16:00:01Z');

forEachBackend('upstream daily budget', (backend) => {
  let store: StateStore;
  beforeAll(async () => {
    store = await freshStore(backend);
  });
  afterAll(async () => store?.close());

  it('admits exactly the daily number of requests however many race for them', async () => {
    const limits = { requests: 7, tokens: 0 };
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => reserveRound(store, limits, { prompt: 0 }, MORNING)));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(7);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.length).toBe(18);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(BudgetExhaustedError);
      expect(r.reason.code).toBe('upstream_budget_exhausted');
      expect(Number(r.reason.headers['retry-after'])).toBe(14 * 3600); // until midnight Asia/Shanghai
    }
    expect((await budgetToday(store, limits, LATE)).requests).toEqual({ used: 7, limit: 7, remaining: 0 });
    // a new quota day starts afresh
    await reserveRound(store, limits, { prompt: 0 }, NEXT_DAY);
    expect((await budgetToday(store, limits, NEXT_DAY)).requests.used).toBe(1);
  });

  it("closes the budget once the day's tokens are spent", async () => {
    const s = await freshStore(backend);
    try {
      const limits = { requests: 0, tokens: 1000 };
      await settleRound(s, limits, await reserveRound(s, limits, { prompt: 100, maxTokens: 100 }, MORNING), 600);
      await chargeTokens(s, 600, MORNING); // spent outside a reserved round
      const err = await reserveRound(s, limits, { prompt: 10 }, MORNING).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BudgetExhaustedError);
      expect((err as Error).message).toContain('1000 tokens');
      expect(await budgetToday(s, limits, MORNING)).toMatchObject({ day: '2026-11-24', requests: { used: 1, limit: null }, tokens: { used: 1200, limit: 1000, remaining: 0 } });
    } finally {
      await s.close();
    }
  });

  it("clamps a round's completion to what is left, and settles the reservation with what the round used", async () => {
    const s = await freshStore(backend);
    try {
      const limits = { requests: 0, tokens: 20_000 };
      const first = await reserveRound(s, limits, { prompt: 100, maxTokens: 100_000 }, MORNING);
      expect(first).toMatchObject({ maxTokens: 19_900, tokens: 20_000 });
      // the whole day is reserved: nothing more until the round settles
      expect(await reserveRound(s, limits, { prompt: 100, maxTokens: 10 }, MORNING).catch((e: unknown) => e)).toBeInstanceOf(BudgetExhaustedError);
      await settleRound(s, limits, first, 100 + 400);
      expect((await budgetToday(s, limits, MORNING)).tokens.used).toBe(500);
      // no max_tokens from the caller: a bounded default is reserved and sent
      expect((await reserveRound(s, limits, { prompt: 100 }, MORNING)).maxTokens).toBe(4_096);
    } finally {
      await s.close();
    }
  });

  it('never reserves more than the day holds however many rounds race for it', async () => {
    const s = await freshStore(backend);
    try {
      const limits = { requests: 0, tokens: 20_000 };
      const results = await Promise.allSettled(Array.from({ length: 30 }, () => reserveRound(s, limits, { prompt: 100, maxTokens: 1_000 }, MORNING)));
      const granted = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ tokens: number }>).value.tokens);
      expect(granted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20_000);
      expect((await budgetToday(s, limits, MORNING)).tokens.used).toBeLessThanOrEqual(20_000);
      expect(granted.length).toBeGreaterThanOrEqual(18); // 1,100 each: 18 fit whole, a 19th clamped
    } finally {
      await s.close();
    }
  });

  it('gives anonymous callers a share of the day, never all of it', async () => {
    const s = await freshStore(backend);
    try {
      const limits = { requests: 10, tokens: 20_000, anonymousShare: 0.5 };
      const anon = await reserveRound(s, limits, { prompt: 100, maxTokens: 100_000, pool: 'anonymous' }, MORNING);
      expect(anon.maxTokens).toBe(9_900);
      await settleRound(s, limits, anon, 10_000);
      const refused = await reserveRound(s, limits, { prompt: 100, maxTokens: 10, pool: 'anonymous' }, MORNING).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BudgetExhaustedError);
      expect((refused as Error).message).toContain('without a key or account');
      // key holders and app users still have the rest of the day
      const keyed = await reserveRound(s, limits, { prompt: 100, maxTokens: 100_000 }, MORNING);
      expect(keyed.maxTokens).toBe(9_900);
      const today = await budgetToday(s, limits, MORNING);
      expect(today.anonymous).toMatchObject({ tokens: { used: 10_000, limit: 10_000 }, requests: { used: 1, limit: 5 } });
      expect(today.requests.used).toBe(2);
    } finally {
      await s.close();
    }
  });
});
