// Login throttling, in the state database so it holds across every node: per account name and per client address,
// attempts are counted in a window; past the limit the subject is locked out for LOCK_MS and the answer says when to
// retry. An attempt is counted BEFORE its password is checked, by one atomic upsert that refuses while a lock-out
// runs, so parallel guesses cannot slip past the limit while their hashes are being verified; a successful login
// then gives its attempt back (the account's counter is cleared, the address's decremented).
//
// The account counter is keyed by the folded name whether or not such an account exists, so a lock-out says nothing
// about which names are registered.
import { sql } from 'kysely';
import type { StateStore } from '../db/store.ts';
import { ServiceError } from '../errors.ts';

export const LIMITS = {
  account: { attempts: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  // An address may be a school's or an office's shared NAT: a higher limit.
  ip: { attempts: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
} as const;

export type Scope = keyof typeof LIMITS;

export class LockedOutError extends ServiceError {
  constructor(scope: Scope, until: string, now: number) {
    const seconds = Math.max(1, Math.ceil((Date.parse(until) - now) / 1000));
    const who = scope === 'account' ? 'this account' : 'this address';
    super(
      `too many failed logins for ${who}; try again after ${until} (in ${seconds} s)`,
      429,
      'rate_limit_error',
      'login_locked',
      null,
      { 'retry-after': String(seconds) },
    );
  }
}

/**
 * Counts one login attempt for each subject; throws LockedOutError when any of them is locked out (or this attempt
 * is one too many). Subjects already counted are not given back on refusal: they were attempts.
 */
export async function countAttempt(store: StateStore, subjects: Array<[Scope, string]>, now = Date.now()): Promise<void> {
  for (const [scope, subject] of subjects) {
    const { attempts, windowMs, lockMs } = LIMITS[scope];
    const at = new Date(now).toISOString();
    const cutoff = new Date(now - windowMs).toISOString();
    const lockUntil = new Date(now + lockMs).toISOString();
    // The same statement on SQLite (≥ 3.35) and PostgreSQL: a conditional upsert that returns no row while locked.
    const fresh = sql<boolean>`login_throttle.window_start < ${cutoff}`;
    const next = sql<number>`case when ${fresh} then 1 else login_throttle.failures + 1 end`;
    const row = await store.db
      .insertInto('login_throttle')
      .values({ scope, subject, window_start: at, failures: 1, locked_until: attempts < 1 ? lockUntil : null })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'subject'])
          .doUpdateSet({
            failures: next,
            window_start: sql<string>`case when ${fresh} then ${at} else login_throttle.window_start end`,
            locked_until: sql<string | null>`case when ${next} > ${attempts} then ${lockUntil} else null end`,
          })
          .where((eb) => eb.or([eb('login_throttle.locked_until', 'is', null), eb('login_throttle.locked_until', '<=', at)])),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirst();
    if (!row) {
      const held = await store.db.selectFrom('login_throttle').select('locked_until').where('scope', '=', scope).where('subject', '=', subject).executeTakeFirst();
      throw new LockedOutError(scope, held?.locked_until ?? lockUntil, now);
    }
    if (row.locked_until) throw new LockedOutError(scope, row.locked_until, now);
  }
}

/** A successful login: the account starts afresh, the address gets its attempt back. */
export async function loginSucceeded(store: StateStore, account: string, ip: string): Promise<void> {
  await store.db.deleteFrom('login_throttle').where('scope', '=', 'account').where('subject', '=', account).execute();
  await store.db
    .updateTable('login_throttle')
    .set({ failures: sql`failures - 1` })
    .where('scope', '=', 'ip')
    .where('subject', '=', ip)
    .where('failures', '>', 0)
    .where('locked_until', 'is', null)
    .execute();
}
