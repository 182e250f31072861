// App-user authentication for routes marked `config: { auth: 'user' }`: the Bearer login token is resolved against
// the state database on every request (so a logout anywhere ends it everywhere at once) and the user is put on the
// request. Attached per route when it is registered, like the key hooks.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../../context.ts';
import { ServiceError, StateUnavailableError } from '../../errors.ts';
import { resolveToken, type Session } from '../../users/tokens.ts';
import { addRouteHook } from '../route-hooks.ts';
import { authOf, type RouteAuth } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** The signed-in session of a route marked auth: 'user' (the hook has run, so it is there). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('sessionOf() on a route without auth: user');
  return request.session;
}

async function userAuth(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const store = await opts.ctx.openState();
  app.decorateRequest('session', null);
  const hook = async (request: FastifyRequest) => {
    try {
      request.session = await resolveToken(store, request.headers.authorization);
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      request.log.error({ err }, 'state database error while checking a login token');
      throw new StateUnavailableError('the account database did not answer; try again shortly');
    }
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (authOf(route.url, route.config as { auth?: RouteAuth }) === 'user') addRouteHook(route, 'onRequest', hook, 'first');
  });
}

export default fp(userAuth, { name: 'user-auth' });
