// Internal routes (`config: { auth: 'internal' }`, the agent system): admitted for developer credentials (HTTP
// Basic, DEV_USER/DEV_PASSWORD) or a caller on this machine's loopback; anyone else gets 403. The address is the
// socket's (or X-Forwarded-For from a proxy on loopback only: Fastify's trustProxy is 127.0.0.1), so a remote
// caller cannot claim to be local.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { addRouteHook } from '../route-hooks.ts';
import { authOf, type RouteAuth } from './auth.ts';
import { basicAuth, parseBasic } from './basic-auth.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function isLoopback(ip: string): boolean {
  return LOOPBACK.test(ip);
}

async function internal(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const developer = basicAuth({ realm: 'developer', userVar: 'DEV_USER', passwordVar: 'DEV_PASSWORD', credentials: opts.ctx.config.dev });
  const hook = (request: FastifyRequest, reply: Parameters<typeof developer>[1], done: (err?: Error) => void) => {
    // Credentials, when sent, are checked (a wrong password is a 401 even from loopback).
    if (parseBasic(request.headers.authorization)) return developer(request, reply, done);
    if (isLoopback(request.ip)) return done();
    done(new ServiceError('internal endpoint: only this machine or a developer (HTTP Basic with DEV_USER/DEV_PASSWORD) may call it', 403, 'permission_error', 'internal_only'));
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (authOf(route.url, route.config as { auth?: RouteAuth }) === 'internal') addRouteHook(route, 'onRequest', hook, 'first');
  });
}

export default fp(internal, { name: 'internal' });
