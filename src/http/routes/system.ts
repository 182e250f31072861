// Public system endpoints.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { z } from 'zod';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const started = Date.now();
  const health = z.object({ status: z.enum(['ok', 'degraded']), version: z.string(), uptime_s: z.number().int(), checks: z.record(z.string(), z.string()) });
  app.get('/health', { schema: { summary: 'health check: service up, databases reachable', tags: ['system'], response: { 200: health, 503: health.describe('the state database is unreachable') } } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    try {
      ctx.stateDb().prepare('SELECT 1').get();
      checks.state_db = 'ok';
    } catch {
      checks.state_db = 'unavailable';
    }
    try {
      ctx.dataDb().prepare('SELECT 1').get();
      checks.data_db = 'ok';
    } catch {
      checks.data_db = 'not imported';
    }
    const ok = checks.state_db === 'ok';
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', version: ctx.config.version, uptime_s: Math.round((Date.now() - started) / 1000), checks });
  });
}
