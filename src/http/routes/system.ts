// Public system endpoints.
import type { FastifyInstance } from 'fastify';
import os from 'node:os';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';

/** /health waits at most this long for the state database (a frozen server must not hold the health check). */
export const HEALTH_STATE_TIMEOUT_MS = 2_000;

/** This node in the write probe's table: host and process. */
const NODE = `${os.hostname()}:${process.pid}`;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const started = Date.now();
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
      const checks: Record<string, string> = {};
      let state: { backend: 'sqlite' | 'postgres' } | null = null;
      try {
        const store = ctx.state();
        await within(HEALTH_STATE_TIMEOUT_MS, sql`select 1`.execute(store.db));
        checks.state_db = 'ok';
        state = { backend: store.dialect };
      } catch (err) {
        checks.state_db = (err as Error).message === 'timeout' ? `no answer within ${HEALTH_STATE_TIMEOUT_MS} ms` : 'unavailable';
      }
      // a database that answers reads may still refuse writes (a full disk): one row per node, rewritten
      if (checks.state_db === 'ok') {
        try {
          const at = new Date().toISOString();
          await within(HEALTH_STATE_TIMEOUT_MS, ctx.state().db.insertInto('health_probe').values({ node: NODE, probed_at: at }).onConflict((oc) => oc.column('node').doUpdateSet({ probed_at: at })).execute());
          checks.state_write = 'ok';
        } catch (err) {
          checks.state_write = (err as Error).message === 'timeout' ? `no answer within ${HEALTH_STATE_TIMEOUT_MS} ms` : `failing: ${(err as { code?: string }).code ?? 'write refused'}`;
        }
      }
      // Every node builds its own data database from the bundle; equal data_version means equal data.
      let data: { data_version: string | null; importer_version: number | null; imported_at: string | null } | null = null;
      try {
        const rows = ctx.dataDb().prepare("SELECT key, value FROM meta WHERE key IN ('data_version', 'importer_version', 'completed_at')").all() as Array<{ key: string; value: string }>;
        const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
        data = { data_version: meta.data_version ?? null, importer_version: meta.importer_version ? Number(meta.importer_version) : null, imported_at: meta.completed_at ?? null };
        checks.data_db = 'ok';
      } catch {
        checks.data_db = 'not imported';
      }
      const ok = checks.state_db === 'ok' && checks.state_write === 'ok';
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', version: ctx.config.version, uptime_s: Math.round((Date.now() - started) / 1000), checks, state, data });
    },
  );
}
