// Per-caller request limit of the chat endpoints that spend the upstream model without an API key (/llm/* per client
// address, /api/ai/chat per app account): a fixed one-minute window per caller. Per node, in memory — the interface is
// what the routes depend on, so a shared store can replace this implementation.
import { ServiceError } from '../errors.ts';

/** 429 with retry-after; `who` says what is counted ("this address", "this account"). */
export class CallerLimitError extends ServiceError {
  constructor(who: string, code: string, perMinute: number, retry: number) {
    super(`too many requests from ${who}: at most ${perMinute} per minute; retry in ${retry} s`, 429, 'rate_limit_error', code, null, { 'retry-after': String(retry) });
  }
}

export interface IpRateLimiter {
  /** Counts one request of `ip`; refuses with the seconds until the window resets once the limit is reached. */
  hit(ip: string): { ok: true } | { ok: false; retryAfterSeconds: number };
}

export class MemoryIpRateLimiter implements IpRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxAddresses = 100_000,
  ) {}

  hit(ip: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    let w = this.windows.get(ip);
    if (!w || now - w.start >= 60_000) {
      if (this.windows.size >= this.maxAddresses) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(ip, w);
    }
    if (w.count >= this.perMinute) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000)) };
    w.count++;
    return { ok: true };
  }

  private sweep(now: number): void {
    for (const [ip, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(ip);
    if (this.windows.size >= this.maxAddresses) this.windows.clear();
  }
}
