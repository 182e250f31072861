// Internal routes (`config: { auth: 'internal' }`, the agent system). Reading needs developer or administrator
// credentials (HTTP Basic, DEV_USER/DEV_PASSWORD or ADMIN_USER/ADMIN_PASSWORD); any change (POST, PATCH, …) needs the
// administrator: developer credentials are read-only everywhere. Where a request comes from is no credential: a
// caller on loopback (or behind a local proxy) is asked for credentials like anyone else.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { addRouteHook } from '../route-hooks.ts';
import { authOf, type RouteAuth } from './auth.ts';
import { basicAuth, parseBasic } from './basic-auth.ts';

const READS = new Set(['GET', 'HEAD']);

function sameName(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

async function internal(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { config } = opts.ctx;
  const developer = basicAuth({ realm: 'developer', userVar: 'DEV_USER', passwordVar: 'DEV_PASSWORD', credentials: config.dev });
  const admin = basicAuth({ realm: 'admin', userVar: 'ADMIN_USER', passwordVar: 'ADMIN_PASSWORD', credentials: config.admin });
  const hook = (request: FastifyRequest, reply: Parameters<typeof developer>[1], done: (err?: Error) => void) => {
    const read = READS.has(request.method);
    const given = parseBasic(request.headers.authorization);
    if (!given) {
      const who = read ? 'developer or administrator credentials (HTTP Basic: DEV_USER/DEV_PASSWORD or ADMIN_USER/ADMIN_PASSWORD)' : 'administrator credentials (HTTP Basic: ADMIN_USER/ADMIN_PASSWORD); developer credentials are read-only';
      done(new ServiceError(`internal endpoint: ${read ? 'reading' : 'a change'} needs ${who}`, 401, 'authentication_error', 'internal_auth_required', null, { 'www-authenticate': `Basic realm="${read ? 'developer' : 'admin'}", charset="UTF-8"` }));
      return;
    }
    if (read && config.dev && !(config.admin && sameName(given.user, config.admin.user))) return developer(request, reply, done);
    if (!read && config.dev && sameName(given.user, config.dev.user) && !(config.admin && sameName(given.user, config.admin.user))) {
      // right developer credentials are told why they are refused; wrong ones get the developer realm's 401
      return developer(request, reply, (err) => done(err ?? new ServiceError('developer credentials are read-only; changes to the agent system need the administrator (ADMIN_USER/ADMIN_PASSWORD)', 403, 'permission_error', 'developer_read_only')));
    }
    return admin(request, reply, done);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (authOf(route.url, route.config as { auth?: RouteAuth }) === 'internal') addRouteHook(route, 'onRequest', hook, 'first');
  });
}

export default fp(internal, { name: 'internal' });
