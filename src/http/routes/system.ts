// Public system endpoints.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const started = Date.now();
  app.get('/health', { schema: { summary: 'health check: service up, databases reachable', tags: ['system'] } }, async (_req, reply) => {
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
