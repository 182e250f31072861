// DNS-rebinding guard for the routes a browser on the user's machine could be tricked into calling (/mcp and the
// same-origin-only page endpoints): the Host must be this service's own, and an Origin, when sent, too.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { addRouteHook } from '../route-hooks.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** guard this route against foreign Host/Origin headers */
    sameOrigin?: boolean;
  }
}

/** host[:port] values this service answers to: loopback names, the configured HOST and the SITE_URL host. */
export function allowedHosts(config: Config): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', config.host.includes(':') ? `[${config.host}]` : config.host]);
  const hosts = new Set<string>();
  for (const name of names) hosts.add(name);
  try {
    hosts.add(new URL(config.siteUrl).host);
    hosts.add(new URL(config.siteUrl).hostname);
  } catch {
    // siteUrl is validated in config; nothing to add otherwise
  }
  return hosts;
}

function hostAllowed(host: string | undefined, allowed: Set<string>): boolean {
  if (!host) return false;
  const lower = host.toLowerCase();
  if (allowed.has(lower)) return true;
  // any port on an allowed name: the service may listen on an ephemeral port (tests, PORT=0)
  const name = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.split(':')[0];
  return allowed.has(name);
}

/** An Origin is this service's own: SITE_URL's origin, or one of its names with exactly the host and port the
 * request was sent to — a page on another port of the same machine (another local app) is another origin. */
function originAllowed(origin: string, request: FastifyRequest, config: Config, allowed: Set<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  try {
    if (url.origin === new URL(config.siteUrl).origin) return true;
  } catch {
    // siteUrl is validated in config
  }
  return allowed.has(url.hostname.toLowerCase()) && url.host.toLowerCase() === request.headers.host?.toLowerCase();
}

async function originGuard(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const allowed = allowedHosts(opts.config);
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!hostAllowed(request.headers.host, allowed) || (origin !== undefined && !originAllowed(origin, request, opts.config, allowed))) {
      return reply.code(403).send(errorBody('forbidden: this endpoint only answers requests addressed to this service (Host/Origin check)', 'permission_error', 'foreign_origin'));
    }
  };
  // Attached only to the routes that ask for it, so every other request pays nothing.
  app.addHook('onRoute', (route: RouteOptions) => {
    if ((route.config as { sameOrigin?: boolean } | undefined)?.sameOrigin) addRouteHook(route, 'onRequest', guard, 'first');
  });
}

export default fp(originGuard, { name: 'origin-guard' });
