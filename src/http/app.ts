// The Fastify application: cross-cutting plugins first (errors, origin guard, auth and quota, OpenAPI), then the
// route families. Route files are thin adapters to tools and engines.
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { redactKeys } from '../access/keys.ts';
import type { ServiceContext } from '../context.ts';
import { redactTokens } from '../users/tokens.ts';
import { inputErrorFromZod } from '../errors.ts';
import { swaggerOptions } from './openapi.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { clientErrorHandler, frameworkErrorHandler } from './plugins/errors.ts';
import originGuard from './plugins/origin-guard.ts';
import userAuth from './plugins/user-auth.ts';
import writeLimitPlugin from './plugins/write-limit.ts';
import bodyDepthPlugin from './plugins/body-depth.ts';
import bodyTimeoutPlugin from './plugins/body-timeout.ts';
import { collectRoutes } from './route-catalog.ts';
import discoveryRoutes from './routes/discovery.ts';
import mcpRoutes from './routes/mcp.ts';
import systemRoutes from './routes/system.ts';
import v1MetaRoutes from './routes/v1-meta.ts';
import v1YijingRoutes from './routes/v1-yijing.ts';
import v1SizhuRoutes from './routes/v1-sizhu.ts';
import v1AdminRoutes from './routes/v1-admin.ts';
import v1UsageRoutes from './routes/v1-usage.ts';
import devApiRoutes from './routes/dev-api.ts';
import v1CalcConcreteRoutes from './routes/v1-calc-concrete.ts';
import v1CalcSteelRoutes from './routes/v1-calc-steel.ts';
import pageCalcRoutes from './routes/page-calc.ts';
import v1CalcSteelFrameRoutes from './routes/v1-calc-steel-frame.ts';
import pagesRoutes from './routes/pages.ts';
import pageApiRoutes from './routes/page-api.ts';
import pageNewsRoutes from './routes/page-news.ts';
import pageForumRoutes from './routes/page-forum.ts';
import pagesPlugin from './plugins/pages.ts';
import pageTokenPlugin from './plugins/page-token.ts';
import htmlErrors from './plugins/html-errors.ts';
import v1DataRoutes from './routes/v1-data.ts';
import v1ChatRoutes from './routes/v1-chat.ts';
import legacyAiRoutes from './routes/legacy-ai.ts';
import a2aRoutes from './routes/a2a.ts';
import legacyZhiyuanRoutes from './routes/legacy-zhiyuan.ts';
import appAuthRoutes from './routes/app-auth.ts';
import appKbRoutes from './routes/app-kb.ts';
import appChatRoutes from './routes/app-chat.ts';
import appForumRoutes from './routes/app-forum.ts';
import appSystemRoutes from './routes/app-system.ts';
import agentRoutes from './routes/agents.ts';
import internalGuard from './plugins/internal.ts';
import v1SiteRoutes from './routes/v1-site.ts';
import pageSiteRoutes from './routes/page-site.ts';
import { stateProbe } from './state-probe.ts';

type RoutePlugin = (app: FastifyInstance, opts: { ctx: ServiceContext }) => Promise<void>;

/** Every route family the service serves. */
export const ROUTES: RoutePlugin[] = [
  systemRoutes,
  discoveryRoutes,
  v1MetaRoutes,
  mcpRoutes,
  v1YijingRoutes,
  v1SizhuRoutes,
  v1AdminRoutes,
  v1UsageRoutes,
  devApiRoutes,
  v1CalcConcreteRoutes,
  v1CalcSteelRoutes,
  pageCalcRoutes,
  v1CalcSteelFrameRoutes,
  pagesRoutes,
  pageApiRoutes,
  pageNewsRoutes,
  pageForumRoutes,
  v1DataRoutes,
  v1ChatRoutes,
  legacyAiRoutes,
  a2aRoutes,
  legacyZhiyuanRoutes,
  appAuthRoutes,
  appKbRoutes,
  appChatRoutes,
  appForumRoutes,
  appSystemRoutes,
  agentRoutes,
  v1SiteRoutes,
  pageSiteRoutes,
];

/** zod validation for body/querystring/params: failures become a 400 InputError naming the field. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: inputErrorFromZod(result.error, data, schema) };
  };

// Query parameters whose names say they hold a secret: a caller who puts a password in a URL must not get it
// written to the log (keys and login tokens are recognised by their shape above, passwords have none).
const SECRET_PARAM = /^(pass(word|wd|phrase)?|pwd|secret|token|access_token|api_?key|key|auth(orization)?)$/i;

export function redactQuerySecrets(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  return `${url.slice(0, q)}?${url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed name is checked as written
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=…` : pair;
    })
    .join('&')}`;
}

export interface AppOptions {
  logger?: boolean;
}

export async function buildApp(ctx: ServiceContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false || ctx.config.logLevel === 'silent'
        ? false
        : {
            level: ctx.config.logLevel,
            redact: ['req.headers.authorization'],
            // A client that puts its key in a query string must not get it written to the log.
            serializers: { req: (req) => ({ method: req.method, url: redactQuerySecrets(redactTokens(redactKeys(req.url, ctx.config.keyPrefix))), host: req.host, remoteAddress: req.ip, requestId: req.id }) },
          },
    bodyLimit: 1024 * 1024,
    // Headers must arrive within REQUEST_TIMEOUT_MS, else 408 and the connection closed (clientErrorHandler); Node
    // checks at this interval. The body has its own timer (plugins/body-timeout.ts): Node stops counting once the
    // headers are in.
    requestTimeout: ctx.config.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(ctx.config.requestTimeoutMs / 4))) },
    // Trust X-Forwarded-* only from a local reverse proxy.
    trustProxy: '127.0.0.1',
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the answers (openapi.ts) and tests check answers against them; the service itself
  // serialises like a schema-less route, so declaring one costs nothing per request and cached bytes pass untouched.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  collectRoutes(app);
  // a request that met the state database unavailable makes /health probe again (state-probe.ts)
  const probe = stateProbe(ctx);
  app.addHook('onResponse', async (_req, reply) => {
    if (reply.statusCode === 503) probe.invalidate();
  });
  await app.register(errorsPlugin);
  await app.register(bodyTimeoutPlugin, { timeoutMs: ctx.config.requestTimeoutMs });
  await app.register(bodyDepthPlugin);
  await app.register(authPlugin, { ctx });
  // After auth: both put their check first on a route, so the later one runs first. A foreign Host or Origin is
  // refused before any key is looked up.
  await app.register(originGuard, { config: ctx.config });
  await app.register(pagesPlugin);
  await app.register(pageTokenPlugin, { ctx });
  await app.register(htmlErrors, { ctx });
  // Per-IP limits for the public routes that ask for one (config.rateLimit); counted in memory, so per node.
  await app.register(rateLimit, { global: false });
  await app.register(userAuth, { ctx });
  await app.register(writeLimitPlugin, { ctx });
  await app.register(internalGuard, { ctx });
  await app.register(swagger, swaggerOptions(ctx));
  for (const routes of ROUTES) await app.register(routes, { ctx });
  return app;
}
