// Issues the page token (../page-token.ts) with every page of the site when an upstream model is configured: an
// onRequest hook on the routes that declare `config.page` sets the cookie, so cached page bytes stay untouched.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { upstreamConfigured } from '../../agent/assistant.ts';
import type { ServiceContext } from '../../context.ts';
import { pageTokens } from '../page-token.ts';
import { addRouteHook } from '../route-hooks.ts';

async function pageToken(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  if (!upstreamConfigured(opts.ctx)) return;
  const tokens = pageTokens(opts.ctx.config);
  const issue = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('set-cookie', tokens.cookie(request.ip));
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if ((route.config as { page?: boolean } | undefined)?.page) addRouteHook(route, 'onRequest', issue, 'last');
  });
}

export default fp(pageToken, { name: 'page-token' });
