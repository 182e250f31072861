// Quota days start at midnight Asia/Shanghai. China has had no daylight saving time since 1991, so the zone is a
// fixed UTC+8 offset and plain arithmetic is exact.
const OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The quota day (YYYY-MM-DD in Asia/Shanghai) containing the instant `now` (ms since epoch). */
export function quotaDay(now: number = Date.now()): string {
  return shanghaiDate(now);
}

/** The calendar date (YYYY-MM-DD) in Asia/Shanghai at the instant `now`. */
export function shanghaiDate(now: number = Date.now()): string {
  return new Date(now + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant as Shanghai wall-clock time with its offset, 2026-07-02T09:30:00+08:00 (text order is time order). */
export function shanghaiTimestamp(now: number = Date.now()): string {
  return `${new Date(now + OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** The instant (ms since epoch) at which the next quota day starts. */
export function nextQuotaDayStart(now: number = Date.now()): number {
  return Math.floor((now + OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - OFFSET_MS;
}

/** Whole seconds until the next quota day (at least 1), for `retry-after`. */
export function secondsToNextQuotaDay(now: number = Date.now()): number {
  return Math.max(1, Math.ceil((nextQuotaDayStart(now) - now) / 1000));
}
