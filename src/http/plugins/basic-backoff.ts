// Exponential back-off for the HTTP Basic families (administrator, developer). Failures are counted per (address,
// user name) pair and per address: after a few free failures each further one shuts that pair (or that address, for
// every name) out for twice as long as the last (1 s, 2 s, 4 s … at most 15 min), so guessing at thousands a second
// becomes a handful an hour. A request during a back-off is refused with 429 and retry-after before its password is
// even compared, and is not itself counted (the back-off grows with real attempts only).
//
// No one can lock a user name out: a name is never backed off as such, so the right password from an address that
// has not failed is always compared (and admitted), whatever was guessed elsewhere or before a restart. Guesses at a
// name are still capped: past NAME_CAP failures for one name within NAME_WINDOW_MS (a spread-out guess from many
// addresses), every further failure for that name shuts its pair out at once for the longest wait, so each address
// gets one guess at the name per 15 minutes. In memory, so per node; a restart forgets everything (no state to lose).
//
// Failures are logged once per burst: when an address starts failing, and when its back-off first engages (or a name
// passes its cap); the guesses in between are counted, not logged.

export const BACKOFF = {
  /** failures of a pair, or of an address, before any back-off */
  free: 5,
  baseMs: 1_000,
  maxMs: 15 * 60_000,
  /** a subject quiet this long starts afresh */
  forgetMs: 15 * 60_000,
  /** failures for one user name (from any address) within nameWindowMs before each failure backs its pair off at once */
  nameCap: 50,
  nameWindowMs: 60 * 60_000,
  /** subjects remembered at most (oldest forgotten first), so a spray of addresses cannot grow memory */
  maxSubjects: 10_000,
} as const;

interface Failures {
  count: number;
  /** first failure of the current burst (a name's window starts here) */
  first: number;
  last: number;
  until: number;
}

export type BackoffLog = 'burst' | 'backoff' | 'name_capped' | null;

const pairOf = (user: string, ip: string) => `pair\0${ip}\0${user}`;
const addressOf = (ip: string) => `ip\0${ip}`;
const nameOf = (user: string) => `user\0${user}`;

export class BasicBackoff {
  private readonly failures = new Map<string, Failures>();

  /** Milliseconds the caller must wait before another attempt; 0 when it may try now. */
  waitMs(user: string, ip: string, now = Date.now()): number {
    const byAddress = this.live(addressOf(ip), now);
    const byPair = this.live(pairOf(user, ip), now);
    return Math.max(0, (byAddress?.until ?? 0) - now, (byPair?.until ?? 0) - now);
  }

  /** Counts a failed attempt for the pair, the address and the name; says what, if anything, is worth a log line. */
  failed(user: string, ip: string, now = Date.now()): BackoffLog {
    const name = this.count(nameOf(user), now, BACKOFF.nameWindowMs);
    const capped = name.count > BACKOFF.nameCap;
    const pair = this.bump(pairOf(user, ip), now);
    if (capped) pair.until = Math.max(pair.until, now + BACKOFF.maxMs);
    const address = this.bump(addressOf(ip), now);
    if (name.count === BACKOFF.nameCap + 1) return 'name_capped';
    if (address.count === 1) return 'burst';
    if (address.count === BACKOFF.free + 1) return 'backoff';
    return null;
  }

  /** A successful sign-in: the pair and the address start afresh. */
  succeeded(user: string, ip: string): void {
    this.failures.delete(pairOf(user, ip));
    this.failures.delete(addressOf(ip));
  }

  /** The failures counted for an address in its current burst. */
  failuresOf(ip: string, now = Date.now()): number {
    return this.live(addressOf(ip), now)?.count ?? 0;
  }

  private live(subject: string, now: number): Failures | undefined {
    const f = this.failures.get(subject);
    if (f && now - f.last > BACKOFF.forgetMs && now >= f.until) {
      this.failures.delete(subject);
      return undefined;
    }
    return f;
  }

  /** One more failure of a subject counted over a fixed window (a name: no wait of its own). */
  private count(subject: string, now: number, windowMs: number): Failures {
    let f = this.failures.get(subject);
    if (!f || now - f.first > windowMs) f = { count: 0, first: now, last: now, until: 0 };
    f.count++;
    f.last = now;
    this.remember(subject, f);
    return f;
  }

  private bump(subject: string, now: number): Failures {
    const f = this.live(subject, now) ?? { count: 0, first: now, last: now, until: 0 };
    f.count++;
    f.last = now;
    if (f.count > BACKOFF.free) f.until = Math.max(f.until, now + Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.min(30, f.count - BACKOFF.free - 1)));
    this.remember(subject, f);
    return f;
  }

  private remember(key: string, value: Failures): void {
    this.failures.delete(key); // re-inserted last: the map's order is least recently touched first
    this.failures.set(key, value);
    if (this.failures.size > BACKOFF.maxSubjects) this.failures.delete(this.failures.keys().next().value!);
  }
}
