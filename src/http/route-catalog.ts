// The routes the app serves, collected as they are registered: the endpoint list of llms.txt is read from here,
// so it lists exactly what is served; the declared response schemas too, so tests can check real answers
// against what the OpenAPI document promises.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { RouteInfo } from '../discovery/llms-txt.ts';
import { authOf, type RouteAuth } from './plugins/auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a query string (e.g. "?province=河南&year=2024") with which a GET of this route answers 200: llms.txt links it */
    example?: string;
  }
  interface FastifyInstance {
    routeCatalog(): RouteInfo[];
    /** the zod schema a route declares for a status (schema.response), if any */
    responseSchema(method: string, url: string, status?: number): z.ZodType | undefined;
  }
}

/** Call on the root instance before any route is registered. */
export function collectRoutes(app: FastifyInstance): void {
  const list: RouteInfo[] = [];
  const responses = new Map<string, Record<string, z.ZodType>>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { hide?: boolean; summary?: string; response?: Record<string, z.ZodType> } | undefined;
    if (schema?.hide) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const config = route.config as { auth?: RouteAuth; example?: string } | undefined;
    const auth = authOf(route.url, config);
    for (const method of methods) {
      list.push({ method, url: route.url, summary: schema?.summary ?? '', auth, ...(config?.example ? { example: config.example } : {}) });
      if (schema?.response) responses.set(`${method} ${route.url}`, schema.response);
    }
  });
  app.decorate('routeCatalog', () => [...list].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)));
  app.decorate('responseSchema', (method: string, url: string, status = 200) => responses.get(`${method} ${url}`)?.[String(status)]);
}
