// The daily quota: exact counting (also with group commit), the quota day boundary at midnight Asia/Shanghai
// (UTC+8, no daylight saving time since 1991), the 429's retry headers, tokens and the usage summary. The counting
// runs on both state backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextQuotaDayStart, quotaDay, secondsToNextQuotaDay } from '../../src/access/clock.ts';
import { issueKey } from '../../src/access/keys.ts';
import { addTokens, consumeCall, consumeCalls, QuotaError, queueCall, usageOf } from '../../src/access/quota.ts';
import type { StateStore } from '../../src/db/store.ts';
import { countedCalls, forEachBackend, freshStore } from '../helpers/state.ts';

// 2026-03-01 00:00 in Shanghai is 2026-02-28 16:00 UTC (UTC+8).
const MIDNIGHT_SHANGHAI = Date.parse('2026-02-28T16:00:00Z');

describe('quota day', () => {
  it('changes at midnight Asia/Shanghai, not at midnight UTC', () => {
    expect(quotaDay(MIDNIGHT_SHANGHAI - 1)).toBe('2026-02-28');
    expect(quotaDay(MIDNIGHT_SHANGHAI)).toBe('2026-03-01');
    expect(quotaDay(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(nextQuotaDayStart(MIDNIGHT_SHANGHAI - 60_000)).toBe(MIDNIGHT_SHANGHAI);
    expect(nextQuotaDayStart(MIDNIGHT_SHANGHAI)).toBe(MIDNIGHT_SHANGHAI + 86_400_000);
    expect(secondsToNextQuotaDay(MIDNIGHT_SHANGHAI - 60_000)).toBe(60);
    expect(secondsToNextQuotaDay(MIDNIGHT_SHANGHAI - 1)).toBe(1);
  });
});


forEachBackend('quota', (backend) => {
  let db: StateStore;
  beforeAll(async () => {
    db = await freshStore(backend);
  });
  afterAll(async () => db.close());
  const callsOn = (keyId: string, day?: string) => countedCalls(db, keyId, day);

  describe('consumeCall', () => {
    it('allows exactly daily_limit calls, then 429 with retry-after to the next Shanghai midnight and x-should-retry false', async () => {
      const { record } = await issueKey(db, 'svc', { name: 'limit3', daily_limit: 3 });
      const now = MIDNIGHT_SHANGHAI - 90_000; // 23:58:30 Shanghai
      for (let i = 0; i < 3; i++) await consumeCall(db, record, now);
      expect(await callsOn(record.id, '2026-02-28')).toBe(3);
      let err: unknown;
      try {
        await consumeCall(db, record, now);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(QuotaError);
      const q = err as QuotaError;
      expect(q.status).toBe(429);
      expect(q.code).toBe('daily_quota_exceeded');
      expect(q.headers).toEqual({ 'retry-after': '90', 'x-should-retry': 'false' });
      expect(q.message).toContain('2026-02-28T16:00:00.000Z');
      // a refused call is not counted
      expect(await callsOn(record.id, '2026-02-28')).toBe(3);
      // the next quota day starts from zero
      await consumeCall(db, record, MIDNIGHT_SHANGHAI);
      expect(await callsOn(record.id, '2026-03-01')).toBe(1);
    });

    it('group commit: 100 calls queued in one turn give exactly 20 successes and 80 refusals', async () => {
      const { record } = await issueKey(db, 'svc', { name: 'batched', daily_limit: 20 });
      const results = await Promise.all(
        Array.from({ length: 100 }, () => new Promise<number>((resolve) => queueCall(db, record, (err) => resolve(err ? (err as QuotaError).status : 200)))),
      );
      expect(results.filter((s) => s === 200)).toHaveLength(20);
      expect(results.filter((s) => s === 429)).toHaveLength(80);
      expect(await callsOn(record.id)).toBe(20);
    });

    it('consumeCalls counts as many of n calls as fit under the limit, and refuses an unusable key', async () => {
      const { record } = await issueKey(db, 'svc', { name: 'many', daily_limit: 5 });
      expect(await consumeCalls(db, record, 3)).toBe(3);
      expect(await consumeCalls(db, record, 4)).toBe(2);
      expect(await consumeCalls(db, record, 2)).toBe(0);
      expect(await consumeCalls(db, record, 1)).toBe(0);
      expect(await callsOn(record.id)).toBe(5);
      const fresh = (await issueKey(db, 'svc', { name: 'many-fresh', daily_limit: 4 })).record;
      expect(await consumeCalls(db, fresh, 10)).toBe(4); // the first write of the day is capped too
      await db.db.updateTable('api_keys').set({ status: 'revoked' }).where('id', '=', fresh.id).execute();
      await expect(consumeCalls(db, fresh, 3)).rejects.toThrow(/revoked/);
    });

    it('a batch holding a disabled key refuses only that key’s calls', async () => {
      const good = (await issueKey(db, 'svc', { name: 'good', daily_limit: 5 })).record;
      const bad = (await issueKey(db, 'svc', { name: 'bad', daily_limit: 5 })).record;
      await db.db.updateTable('api_keys').set({ status: 'disabled' }).where('id', '=', bad.id).execute();
      const one = (key: typeof good) => new Promise<string>((resolve) => queueCall(db, key, (err) => resolve(err ? (err as QuotaError).code : 'ok')));
      expect(await Promise.all([one(good), one(bad), one(good)])).toEqual(['ok', 'api_key_disabled', 'ok']);
      // several keys in one batch, over the limit: arrival order decides, each key on its own
      const other = (await issueKey(db, 'svc', { name: 'other', daily_limit: 2 })).record;
      const mixed = await Promise.all([one(good), one(other), one(good), one(bad), one(other), one(good), one(other), one(good)]);
      expect(mixed).toEqual(['ok', 'ok', 'ok', 'api_key_disabled', 'ok', 'ok', 'daily_quota_exceeded', 'daily_quota_exceeded']);
    });
  });

  describe('usage', () => {
    it('reports calls, remaining, tokens today and in total, and the reset instant', async () => {
      const { record } = await issueKey(db, 'svc', { name: 'usage', daily_limit: 10 });
      const yesterday = MIDNIGHT_SHANGHAI - 3_600_000;
      await consumeCall(db, record, yesterday);
      await addTokens(db, record.id, 1000, yesterday);
      const now = MIDNIGHT_SHANGHAI + 3_600_000;
      await consumeCall(db, record, now);
      await consumeCall(db, record, now);
      await addTokens(db, record.id, 250, now);
      await addTokens(db, record.id, 0, now);
      await addTokens(db, record.id, Number.NaN, now);
      expect(await usageOf(db, record, now)).toEqual({
        day: '2026-03-01',
        calls_today: 2,
        daily_limit: 10,
        remaining: 8,
        tokens_today: 250,
        calls_total: 3,
        tokens_total: 1250,
        resets_at: '2026-03-01T16:00:00.000Z',
        resets_in_seconds: 23 * 3600,
      });
    });

    it('a key never used has zero usage', async () => {
      const { record } = await issueKey(db, 'svc', { name: 'fresh', daily_limit: 7 });
      expect(await usageOf(db, record, MIDNIGHT_SHANGHAI)).toMatchObject({ calls_today: 0, remaining: 7, tokens_total: 0, calls_total: 0 });
    });
  });
});
