// Public system endpoints.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { OK_FOR_MS, stateProbe } from '../state-probe.ts';

type DataMeta = { data_version: string | null; importer_version: number | null; imported_at: string | null };

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const started = Date.now();
  const probe = stateProbe(ctx);
  let dataMeta: { at: number; data: DataMeta | null } | null = null;
  const readDataMeta = (): DataMeta | null => {
    try {
      const rows = ctx.dataDb().prepare("SELECT key, value FROM meta WHERE key IN ('data_version', 'importer_version', 'completed_at')").all() as Array<{ key: string; value: string }>;
      const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
      return { data_version: meta.data_version ?? null, importer_version: meta.importer_version ? Number(meta.importer_version) : null, imported_at: meta.completed_at ?? null };
    } catch {
      return null;
    }
  };
  const health = z.object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_s: z.number().int(),
    checks: z.record(z.string(), z.string()),
    state: z.object({ backend: z.enum(['sqlite', 'postgres']) }).nullable().describe('the state backend of this node; null when unreachable'),
    data: z
      .object({
        data_version: z.string().nullable().describe('SHA-256 over the importer version and every bundle file hash: equal on nodes serving the same data'),
        importer_version: z.number().int().nullable(),
        imported_at: z.string().nullable().describe('when this node built its data database'),
      })
      .nullable()
      .describe('the data this node serves; null when not imported'),
  });
  app.get(
    '/health',
    {
      schema: {
        summary:
          'health check: service up, databases reachable; which state backend this node uses, and which data it serves (data_version: hash of the importer version and every bundle file, importer_version, imported_at) so operators can compare nodes',
        tags: ['system'],
        response: { 200: health, 503: health.describe('the state database is unreachable') },
      },
    },
    async (_req, reply) => {
      const probed = await probe.check();
      const checks: Record<string, string> = { ...probed.checks };
      // Every node builds its own data database from the bundle; equal data_version means equal data.
      if (!dataMeta || Date.now() - dataMeta.at >= OK_FOR_MS) dataMeta = { at: Date.now(), data: readDataMeta() };
      checks.data_db = dataMeta.data ? 'ok' : 'not imported';
      const state = probed.backend ? { backend: probed.backend } : null;
      return reply.code(probed.ok ? 200 : 503).send({ status: probed.ok ? 'ok' : 'degraded', version: ctx.config.version, uptime_s: Math.round((Date.now() - started) / 1000), checks, state, data: dataMeta.data });
    },
  );
}
