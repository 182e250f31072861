// The per-IP limit of the public routes that ask for one (legacy volunteer-filling API, the pages' tool endpoint, the
// site's chat proxy): @fastify/rate-limit, registered once by the app with global: false, so only routes whose
// config carries `rateLimit: perIpLimit(…)` count. A fixed one-minute window in memory, so per node: behind a load
// balancer each node counts its own (README "Running several nodes").
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../../errors.ts';

const retryIn = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/** Route config for at most `perMinute` requests a minute from one address; `what` names them in the 429. */
export function perIpLimit(perMinute: number, what: string) {
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => req.ip,
    errorResponseBuilder: (_req: FastifyRequest, context: { max: number; ttl: number }) =>
      new ServiceError(`too many requests from this address: at most ${context.max} ${what} per minute; retry in ${retryIn(context.ttl)} s`, 429, 'rate_limit_error', 'ip_rate_limited', null, {
        'retry-after': String(retryIn(context.ttl)),
      }),
  };
}
