// Key authentication and the daily quota for every key-protected route. A route's `config.auth` says who may call
// it: 'key' (default for /v1/*), 'public' (default elsewhere), or 'basic' (admin/dev families check their own
// credentials). `config.quota` decides which calls count: default every call; false for none (e.g. /v1/usage);
// a function to count only some requests (MCP counts tools/call, not the handshake).
//
// The hooks are attached per route when the route is registered (onRoute), so a public route pays nothing and a key
// route does no per-request work to find out what it needs. Every key call does exactly one authoritative database
// statement before its handler runs: the counting write, or (uncounted) a re-read of the key.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, confirmKey, touchKey, type KeyRecord } from '../../access/keys.ts';
import { queueCall } from '../../access/quota.ts';
import { attachToolStats } from '../../access/tool-stats.ts';
import type { ServiceContext } from '../../context.ts';
import { addRouteHook } from '../route-hooks.ts';

export type RouteAuth = 'key' | 'public' | 'basic';
type QuotaRule = boolean | ((request: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    quota?: QuotaRule;
    /** check the key after the body is parsed (preHandler), so the route's error handler can read the request (/mcp) */
    authAfterBody?: boolean;
  }
  interface FastifyRequest {
    apiKey: KeyRecord | null;
  }
}

/** Who may call a route: its `config.auth`, else a key under /v1/ and public elsewhere. */
export function authOf(url: string, config: { auth?: RouteAuth } | undefined): RouteAuth {
  return config?.auth ?? (url.startsWith('/v1/') ? 'key' : 'public');
}

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

async function auth(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const prefix = ctx.config.keyPrefix;
  app.decorateRequest('apiKey', null);

  // Callback-style hooks: no promise per request on the hot path.
  const authHook: Hook = (request, _reply, done) => {
    try {
      request.apiKey = authenticate(ctx.stateDb(), prefix, request.headers.authorization);
    } catch (err) {
      // The id and the reason, never the key: the log is as safe to share as the admin list.
      request.log.debug({ code: (err as { code?: string }).code }, 'API key refused');
      done(err as Error);
      return;
    }
    request.log.debug({ keyId: request.apiKey.id }, 'API key accepted');
    done();
  };

  const quotaHooks = new Map<QuotaRule, Hook>();
  const quotaHook = (rule: QuotaRule): Hook => {
    let hook = quotaHooks.get(rule);
    if (hook) return hook;
    hook = (request, _reply, done) => {
      const key = request.apiKey;
      if (!key) return done();
      let db: ReturnType<ServiceContext['stateDb']>;
      let counts: boolean;
      try {
        db = ctx.stateDb();
        counts = typeof rule === 'function' ? rule(request) : rule;
        if (!counts) {
          request.apiKey = confirmKey(db, key); // fresh record for handlers such as /v1/usage
          touchKey(db, key.id);
        }
      } catch (err) {
        done(err as Error);
        return;
      }
      if (!counts) return done();
      // The handler runs (and the response is sent) only after the count has committed.
      queueCall(db, key, (err) => {
        if (err) return done(err);
        try {
          touchKey(db, key.id);
        } catch (touchErr) {
          request.log.warn({ err: touchErr }, 'could not record last_used_at');
        }
        done();
      });
    };
    quotaHooks.set(rule, hook);
    return hook;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (authOf(route.url, route.config as { auth?: RouteAuth }) !== 'key') return;
    const rule = (route.config as { quota?: QuotaRule } | undefined)?.quota ?? true;
    // Added once per route even when Fastify passes the options twice, so a call is never counted twice.
    const afterBody = (route.config as { authAfterBody?: boolean } | undefined)?.authAfterBody === true;
    addRouteHook(route, afterBody ? 'preHandler' : 'onRequest', authHook, 'first');
    addRouteHook(route, 'preHandler', quotaHook(rule), 'last');
  });

  // Per-tool statistics for every transport this app serves; flushed before the context closes its databases.
  const stats = attachToolStats(ctx).retain();
  app.addHook('onClose', async () => {
    try {
      stats.release();
    } catch (err) {
      app.log.warn({ err }, 'could not write the last tool statistics');
    }
  });
}

export default fp(auth, { name: 'auth' });
