// The site-wide daily budget of the upstream model on both backends: the request count is checked and counted in one
// statement, so parallel rounds never overrun it; the token count closes the budget once reached; a new quota day
// (midnight Asia/Shanghai) starts afresh.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BudgetExhaustedError, budgetToday, chargeTokens, reserveRound } from '../../src/access/llm-budget.ts';
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
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => reserveRound(store, limits, MORNING)));
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
    await reserveRound(store, limits, NEXT_DAY);
    expect((await budgetToday(store, limits, NEXT_DAY)).requests.used).toBe(1);
  });

  it("closes the budget once the day's tokens are spent", async () => {
    const s = await freshStore(backend);
    try {
      const limits = { requests: 0, tokens: 1000 };
      await reserveRound(s, limits, MORNING);
      await chargeTokens(s, 600, MORNING);
      await reserveRound(s, limits, MORNING);
      await chargeTokens(s, 600, MORNING);
      const err = await reserveRound(s, limits, MORNING).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BudgetExhaustedError);
      expect((err as Error).message).toContain('1000 tokens');
      expect(await budgetToday(s, limits, MORNING)).toMatchObject({ day: '2026-11-24', requests: { used: 2, limit: null }, tokens: { used: 1200, limit: 1000, remaining: 0 } });
    } finally {
      await s.close();
    }
  });
});
