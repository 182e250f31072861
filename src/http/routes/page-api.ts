// POST /page-api/{tool}: how the site's pages run the site tools they need (the list is PAGE_TOOLS, from the page
// registry) without a key. Same tool, same schema and same result as POST /v1/tools/{tool}; what protects it
// instead of a key: only requests addressed to this service from its own pages (Host/Origin guard), and a per-IP
// rate limit (PAGE_RATE_LIMIT per minute, in memory, so it is per node: behind a load balancer each node counts
// its own). Calls are recorded in the tool statistics as transport "page".
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { PAGE_TOOLS } from '../../pages/registry.ts';
import { findTool } from '../../../tools/index.ts';
import { runTool } from '../../../tools/run.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  if (PAGE_TOOLS.length === 0) return;
  const results = PAGE_TOOLS.map((name) => findTool(name)!.outputSchema ?? z.record(z.string(), z.unknown()));
  const anyResult = (results.length > 1 ? z.union(results as [z.ZodType, z.ZodType, ...z.ZodType[]]) : results[0]!).describe("the tool's result, as POST /v1/tools/{name} answers it");
  // The limiter counts only routes that ask (global: false); registered here unless the app already has it.
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });
  const retryIn = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000));
  const rateLimitConfig = {
    max: ctx.config.pageRateLimit,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => req.ip,
    errorResponseBuilder: (_req: FastifyRequest, context: { max: number; ttl: number }) =>
      new ServiceError(
        `too many requests from this address: at most ${context.max} page calls per minute; retry in ${retryIn(context.ttl)} s`,
        429,
        'rate_limit_error',
        'rate_limited',
        null,
        { 'retry-after': String(retryIn(context.ttl)) },
      ),
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/page-api/:tool',
    {
      config: {
        auth: 'public',
        sameOrigin: true,
        rateLimit: rateLimitConfig,
      },
      schema: {
        summary: `same-origin endpoint of the site's own pages: runs one of the tools they use (${PAGE_TOOLS.join(', ')}) like POST /v1/tools/{name}, without a key; per-IP rate limit (${ctx.config.pageRateLimit}/min per node), 403 for foreign Host/Origin`,
        tags: ['pages'],
        params: z.object({ tool: z.enum(PAGE_TOOLS as [string, ...string[]]).describe('tool name') }),
        body: z.record(z.string(), z.unknown()).nullish().describe("the tool's arguments"),
        response: { 200: anyResult },
      },
    },
    async (req) => runTool(req.params.tool, req.body ?? {}, ctx, { transport: 'page' }),
  );
}
