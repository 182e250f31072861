// Per-address and per-account limits on every write path of the app: registration (REGISTER_RATE_LIMIT accounts an
// hour per address, counting sign-ups that succeeded; refused attempts — a password against the rule, a taken name —
// have their own, higher REGISTER_REFUSED_RATE_LIMIT, so a family or a school network sharing one address is not
// locked out for an hour by typos) and every POST/PUT/PATCH/DELETE route signed in with an app token — forum posts, knowledge bases
// and their chunks, logout — (WRITE_RATE_LIMIT writes a minute per account, twice that per address, which may be a
// school's shared NAT). Past a limit: 429 with retry-after, before the body is read. Fixed windows in memory, so per
// node like the other per-caller limits; the writes the limits protect (accounts, posts, chunks) are in the state
// database and survive a restart, the counters need not.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { addRouteHook } from '../route-hooks.ts';
import { authOf, type RouteAuth } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'register': the per-address registration limit (other writes signed in with an app token are limited anyway) */
    writeLimit?: 'register';
  }
  interface FastifyRequest {
    /** this request holds a place in its address's hour of sign-ups (given back if it is refused) */
    registrationReserved?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_SUBJECTS = 50_000;

/** Fixed-window counters keyed by subject, bounded in size (the oldest window is forgotten first). */
export class FixedWindows {
  private readonly windows = new Map<string, { reset: number; count: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; the milliseconds to wait when it is one too many, else 0. */
  hit(subject: string, now = Date.now()): number {
    let w = this.windows.get(subject);
    if (!w || w.reset <= now) {
      this.windows.delete(subject);
      w = { reset: now + this.windowMs, count: 0 };
      this.windows.set(subject, w);
      if (this.windows.size > MAX_SUBJECTS) this.windows.delete(this.windows.keys().next().value!);
    }
    if (w.count >= this.max) return w.reset - now;
    w.count++;
    return 0;
  }

  /** The milliseconds to wait if one more hit came now (0: it would pass), counting nothing. */
  peek(subject: string, now = Date.now()): number {
    const w = this.windows.get(subject);
    return w && w.reset > now && w.count >= this.max ? w.reset - now : 0;
  }

  /** Gives back one hit of the current window (a reservation that did not happen). */
  release(subject: string, now = Date.now()): void {
    const w = this.windows.get(subject);
    if (w && w.reset > now && w.count > 0) w.count--;
  }
}

class WriteLimitError extends ServiceError {
  constructor(what: string, who: string, max: number, per: string, waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super(`too many ${what} from ${who}: at most ${max} per ${per}; retry in ${seconds} s`, 429, 'rate_limit_error', 'write_rate_limited', null, { 'retry-after': String(seconds) });
  }
}

async function writeLimit(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { registerPerHour, refusedRegistrationsPerHour, writesPerMinute } = opts.ctx.config.writeLimits;
  const registrations = new FixedWindows(registerPerHour, 3_600_000);
  const refusedRegistrations = new FixedWindows(refusedRegistrationsPerHour, 3_600_000);
  const byAccount = new FixedWindows(writesPerMinute, 60_000);
  const byAddress = new FixedWindows(writesPerMinute * 2, 60_000);

  // A sign-up reserves its place in the hour's window before it runs (so parallel ones cannot slip past the limit)
  // and gives it back when it is refused; the refusal then counts in its own window, checked before anything runs.
  const register = async (request: FastifyRequest) => {
    const refusedWait = refusedRegistrations.peek(request.ip);
    if (refusedWait) throw new WriteLimitError('refused registration attempts', 'this address', refusedRegistrationsPerHour, 'hour', refusedWait);
    const wait = registrations.hit(request.ip);
    if (wait) throw new WriteLimitError('registrations', 'this address', registerPerHour, 'hour', wait);
    request.registrationReserved = true;
  };
  const registered = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.registrationReserved || reply.statusCode < 300) return;
    registrations.release(request.ip);
    if (reply.statusCode < 500) refusedRegistrations.hit(request.ip);
  };
  // after the app-token hook (added first), so the account is known
  const write = async (request: FastifyRequest) => {
    const account = request.session?.user.id;
    const waitAccount = account ? byAccount.hit(account) : 0;
    if (waitAccount) throw new WriteLimitError('writes', 'this account', writesPerMinute, 'minute', waitAccount);
    const waitAddress = byAddress.hit(request.ip);
    if (waitAddress) throw new WriteLimitError('writes', 'this address', writesPerMinute * 2, 'minute', waitAddress);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { auth?: RouteAuth; writeLimit?: 'register' } | undefined;
    if (config?.writeLimit === 'register') {
      addRouteHook(route, 'onRequest', register, 'last');
      addRouteHook(route, 'onResponse', registered, 'last');
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (authOf(route.url, config) === 'user' && methods.some((m) => WRITES.has(m))) addRouteHook(route, 'onRequest', write, 'last');
  });
}

export default fp(writeLimit, { name: 'write-limit', dependencies: ['user-auth'] });
