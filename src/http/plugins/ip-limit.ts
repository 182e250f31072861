// The per-caller limits of the routes that ask for one (legacy volunteer-filling API, the pages' tool endpoint, the
// site's chat proxy per address; the app chat per account): @fastify/rate-limit, registered once by the app with
// global: false, so only routes whose config carries `rateLimit: …` count. A fixed one-minute window in memory, so
// per node: behind a load balancer each node counts its own (README "Running several nodes").
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../../errors.ts';

const retryIn = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

interface CallerLimit {
  perMinute: number;
  /** what is counted, for the 429's message ("page calls") */
  what: string;
  /** who is counted, for the 429's message ("this address") */
  who: string;
  /** the 429's error.code */
  code: string;
  key: (req: FastifyRequest) => string;
  /** when to count: onRequest (default) or, for a key known only after authentication, preHandler */
  hook?: 'onRequest' | 'preHandler';
}

/** Route config (`config.rateLimit`) for at most `perMinute` requests a minute per caller. */
export function callerLimit(l: CallerLimit) {
  return {
    max: l.perMinute,
    timeWindow: 60_000,
    hook: l.hook ?? 'onRequest',
    keyGenerator: l.key,
    errorResponseBuilder: (_req: FastifyRequest, context: { max: number; ttl: number }) =>
      new ServiceError(`too many ${l.what} from ${l.who}: at most ${context.max} per minute; retry in ${retryIn(context.ttl)} s`, 429, 'rate_limit_error', l.code, null, {
        'retry-after': String(retryIn(context.ttl)),
      }),
  };
}

/** At most `perMinute` requests a minute from one address. */
export function perIpLimit(perMinute: number, what: string) {
  return callerLimit({ perMinute, what, who: 'this address', code: 'ip_rate_limited', key: (req) => req.ip });
}
