// Key authentication and the daily quota for every key-protected route. A route's `config.auth` says who may call
// it: 'key' (default for /v1/*), 'public' (default elsewhere), or 'basic' (admin/dev families check their own
// credentials). `config.quota` decides which calls count: default every call; false for none (e.g. /v1/usage);
// a function to count only some requests (MCP counts tools/call, not the handshake).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, type KeyRecord } from '../../access/keys.ts';
import { consumeCall } from '../../access/quota.ts';
import type { ServiceContext } from '../../context.ts';

export type RouteAuth = 'key' | 'public' | 'basic';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    quota?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyRequest {
    apiKey: KeyRecord | null;
  }
}

export function routeAuth(request: FastifyRequest): RouteAuth {
  const config = request.routeOptions.config;
  if (config?.auth) return config.auth;
  return request.routeOptions.url?.startsWith('/v1/') ? 'key' : 'public';
}

async function auth(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  app.decorateRequest('apiKey', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return; // unknown route: the 404 handler answers
    if (routeAuth(request) !== 'key') return;
    request.apiKey = authenticate(ctx.stateDb(), ctx.config.keyPrefix, request.headers.authorization);
  });

  app.addHook('preHandler', async (request) => {
    if (!request.apiKey) return;
    const quota = request.routeOptions.config?.quota ?? true;
    const counts = typeof quota === 'function' ? quota(request) : quota;
    if (counts) consumeCall(ctx.stateDb(), request.apiKey);
  });
}

export default fp(auth, { name: 'auth' });
