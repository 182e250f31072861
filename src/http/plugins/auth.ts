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
import { consumeAll, queueCall } from '../../access/quota.ts';
import { attachToolStats } from '../../access/tool-stats.ts';
import type { ServiceContext } from '../../context.ts';
import { ServiceError, StateUnavailableError } from '../../errors.ts';
import { addRouteHook } from '../route-hooks.ts';

// 'user': an app login token (plugins/user-auth.ts); 'internal': developer (read) or administrator credentials (plugins/internal.ts).
export type RouteAuth = 'key' | 'public' | 'basic' | 'user' | 'internal';
// a function may return a number: the calls this request makes (an MCP batch counts every tools/call it carries)
type QuotaRule = boolean | ((request: FastifyRequest) => boolean | number);

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
  // Opened (and migrated) before the first request; every hook below then reaches it synchronously.
  const store = await ctx.openState();
  app.decorateRequest('apiKey', null);

  // A 401/429 passes through; anything else is the state database failing (down, unreachable): a 503 the caller may
  // retry, or a load balancer may route around, with the cause in this node's log only.
  const failure = (request: FastifyRequest, err: unknown): Error => {
    if (err instanceof ServiceError) return err;
    request.log.error({ err }, 'state database error while checking a key');
    return new StateUnavailableError('the key and quota database did not answer; try again shortly');
  };
  const refused = (request: FastifyRequest, err: unknown) => {
    // The id and the reason, never the key: the log is as safe to share as the admin list.
    request.log.debug({ code: (err as { code?: string }).code }, 'API key refused');
  };
  const accepted = (request: FastifyRequest, key: KeyRecord) => {
    request.apiKey = key;
    request.log.debug({ keyId: key.id }, 'API key accepted');
  };
  const touch = (request: FastifyRequest, keyId: string) => {
    touchKey(store, keyId)?.catch((err: unknown) => request.log.warn({ err }, 'could not record last_used_at'));
  };

  // Callback-style hooks: no promise per request on the hot path when the key is in this process's cache.
  const authHook: Hook = (request, _reply, done) => {
    let result: KeyRecord | Promise<KeyRecord>;
    try {
      result = authenticate(store, prefix, request.headers.authorization);
    } catch (err) {
      refused(request, err);
      done(err as Error);
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (key) => {
          accepted(request, key);
          done();
        },
        (err: Error) => {
          refused(request, err);
          done(failure(request, err));
        },
      );
      return;
    }
    accepted(request, result);
    done();
  };

  const quotaHooks = new Map<QuotaRule, Hook>();
  const quotaHook = (rule: QuotaRule): Hook => {
    let hook = quotaHooks.get(rule);
    if (hook) return hook;
    hook = (request, _reply, done) => {
      const key = request.apiKey;
      if (!key) return done();
      let counts: boolean | number;
      try {
        counts = typeof rule === 'function' ? rule(request) : rule;
      } catch (err) {
        done(err as Error);
        return;
      }
      if (!counts) {
        // fresh record for handlers such as /v1/usage, and the authoritative check for an uncounted call
        confirmKey(store, key).then(
          (fresh) => {
            request.apiKey = fresh;
            touch(request, key.id);
            done();
          },
          (err: unknown) => done(failure(request, err)),
        );
        return;
      }
      if (typeof counts === 'number' && counts > 1) {
        // several calls in one request: all of them counted together, or the request refused with nothing counted
        consumeAll(store, key, counts).then(
          () => {
            touch(request, key.id);
            done();
          },
          (err: unknown) => done(failure(request, err)),
        );
        return;
      }
      // The handler runs (and the response is sent) only after the count has committed.
      queueCall(store, key, (err) => {
        if (err) return done(failure(request, err));
        touch(request, key.id);
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
      await stats.release();
    } catch (err) {
      app.log.warn({ err }, 'could not write the last tool statistics');
    }
  });
}

export default fp(auth, { name: 'auth' });
