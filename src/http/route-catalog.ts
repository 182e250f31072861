// The routes the app serves, collected as they are registered: the endpoint list of llms.txt is read from here,
// so it lists exactly what is served.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteInfo } from '../discovery/llms-txt.ts';
import { authOf, type RouteAuth } from './plugins/auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog(): RouteInfo[];
  }
}

/** Call on the root instance before any route is registered. */
export function collectRoutes(app: FastifyInstance): void {
  const list: RouteInfo[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { hide?: boolean; summary?: string } | undefined;
    if (schema?.hide) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const auth = authOf(route.url, route.config as { auth?: RouteAuth } | undefined);
    for (const method of methods) list.push({ method, url: route.url, summary: schema?.summary ?? '', auth });
  });
  app.decorate('routeCatalog', () => [...list].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)));
}
