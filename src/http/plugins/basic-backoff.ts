// Exponential back-off for the HTTP Basic families (administrator, developer): after a few free failures, each
// further failure shuts out its user name and its address for twice as long as the last (1 s, 2 s, 4 s … at most
// 15 min), so guessing at thousands a second becomes a handful an hour. A request during a back-off is refused with
// 429 and retry-after before its password is even compared, and is not itself counted (so the back-off of an
// address that keeps knocking does not grow without end: it grows with real attempts only).
//
// A third party who knows the administrator's user name can back that name off, but not out of the addresses it
// has signed in from: an address that authenticated as a user (within TRUST_MS) is not held by that user name's
// back-off, only by its own. In memory, so per node; a restart forgets everything (there is no state to lose).
//
// Failures are logged once per burst: when an address starts failing, and when its back-off first engages; the
// guesses in between are counted, not logged.

export const BACKOFF = {
  /** failures before any back-off */
  free: 5,
  baseMs: 1_000,
  maxMs: 15 * 60_000,
  /** a subject quiet this long starts afresh */
  forgetMs: 15 * 60_000,
  /** an address that signed in as a user stays exempt from that user name's back-off this long */
  trustMs: 30 * 24 * 3_600_000,
  /** subjects remembered at most (oldest forgotten first), so a spray of addresses cannot grow memory */
  maxSubjects: 10_000,
} as const;

interface Failures {
  count: number;
  last: number;
  until: number;
}

export type BackoffLog = 'burst' | 'backoff' | null;

export class BasicBackoff {
  private readonly failures = new Map<string, Failures>();
  private readonly trusted = new Map<string, number>();

  /** Milliseconds the caller must wait before another attempt; 0 when it may try now. */
  waitMs(user: string, ip: string, now = Date.now()): number {
    const byAddress = this.live(`ip\0${ip}`, now);
    const byName = this.isTrusted(user, ip, now) ? undefined : this.live(`user\0${user}`, now);
    return Math.max(0, (byAddress?.until ?? 0) - now, (byName?.until ?? 0) - now);
  }

  /** Counts a failed attempt for the name and the address; says what, if anything, is worth a log line. */
  failed(user: string, ip: string, now = Date.now()): BackoffLog {
    this.bump(`user\0${user}`, now);
    const address = this.bump(`ip\0${ip}`, now);
    if (address.count === 1) return 'burst';
    if (address.count === BACKOFF.free + 1) return 'backoff';
    return null;
  }

  /** A successful sign-in: the address starts afresh and is trusted for this user name. */
  succeeded(user: string, ip: string, now = Date.now()): void {
    this.failures.delete(`ip\0${ip}`);
    this.remember(this.trusted, `${user}\0${ip}`, now);
  }

  /** The failures counted for an address in its current burst. */
  failuresOf(ip: string, now = Date.now()): number {
    return this.live(`ip\0${ip}`, now)?.count ?? 0;
  }

  private isTrusted(user: string, ip: string, now: number): boolean {
    const at = this.trusted.get(`${user}\0${ip}`);
    return at !== undefined && now - at < BACKOFF.trustMs;
  }

  private live(subject: string, now: number): Failures | undefined {
    const f = this.failures.get(subject);
    if (f && now - f.last > BACKOFF.forgetMs && now >= f.until) {
      this.failures.delete(subject);
      return undefined;
    }
    return f;
  }

  private bump(subject: string, now: number): Failures {
    const f = this.live(subject, now) ?? { count: 0, last: now, until: 0 };
    f.count++;
    f.last = now;
    if (f.count > BACKOFF.free) f.until = now + Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.min(30, f.count - BACKOFF.free - 1));
    this.remember(this.failures, subject, f);
    return f;
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key); // re-inserted last: the map's order is least recently touched first
    map.set(key, value);
    if (map.size > BACKOFF.maxSubjects) map.delete(map.keys().next().value!);
  }
}
