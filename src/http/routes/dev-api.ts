// The developer family (/dev/api/, HTTP Basic with DEV_USER/DEV_PASSWORD), read-only: keys (masked), calls and
// tokens per key per day, and per-tool call counts and latencies per day.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listKeys } from '../../access/admin.ts';
import { quotaDay } from '../../access/clock.ts';
import { toolHistory, usageHistory } from '../../access/history.ts';
import { attachToolStats } from '../../access/tool-stats.ts';
import type { ServiceContext } from '../../context.ts';
import { InputError } from '../../errors.ts';
import { basicAuth } from '../plugins/basic-auth.ts';
import { devIndexSchema, keyListSchema, toolHistorySchema, usageHistorySchema } from '../../access/schemas.ts';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a date YYYY-MM-DD');

const rangeQuery = z.object({
  from: day.optional().describe(`first day (YYYY-MM-DD, Asia/Shanghai); default ${DEFAULT_DAYS - 1} days before "to"`),
  to: day.optional().describe('last day (YYYY-MM-DD, Asia/Shanghai); default today'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('page, from 1'),
  page_size: z.coerce.number().int().min(1).max(100).default(50).describe('rows per page, at most 100'),
});

function resolveRange(q: { from?: string; to?: string }): { from: string; to: string } {
  const to = q.to ?? quotaDay();
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  if (from > to) throw new InputError(`from (${from}) must not be after to (${to})`, 'from');
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 >= MAX_DAYS) {
    throw new InputError(`the range from ${from} to ${to} is longer than ${MAX_DAYS} days; narrow it`, 'from');
  }
  return { from, to };
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  app.addHook('onRequest', basicAuth({ realm: 'developer', userVar: 'DEV_USER', passwordVar: 'DEV_PASSWORD', credentials: ctx.config.dev }));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'basic' as const };
  const tags = ['developer'];

  const index = async () => ({
    endpoints: [
      { method: 'GET', path: '/dev/api/keys', summary: 'every key, masked, with status, limits and calls today' },
      { method: 'GET', path: '/dev/api/usage', summary: 'calls and tokens per key per day; query key_id, from, to, page, page_size' },
      { method: 'GET', path: '/dev/api/tools', summary: 'per-tool calls, errors and latency per day and transport; query tool, from, to, page, page_size' },
    ],
    quota_day: 'days run from midnight to midnight Asia/Shanghai',
  });
  r.get('/dev/api', { config, schema: { summary: 'index of the developer endpoints', tags, response: { 200: devIndexSchema } } }, index);
  r.get('/dev/api/', { config, schema: { hide: true } }, index);

  r.get('/dev/api/keys', { config, schema: { summary: 'every key, masked, read-only', tags, response: { 200: keyListSchema } } }, async () => {
    const items = await listKeys(ctx.state(), ctx.config.keyPrefix);
    return { count: items.length, items };
  });

  r.get(
    '/dev/api/usage',
    { config, schema: { summary: 'calls and tokens per key per day, newest first', tags, querystring: rangeQuery.extend({ key_id: z.string().min(1).max(200).optional().describe('only this key') }), response: { 200: usageHistorySchema } } },
    async (req) => {
      const range = resolveRange(req.query);
      return { ...range, ...(await usageHistory(ctx.state(), ctx.config.keyPrefix, { ...req.query, ...range })) };
    },
  );

  r.get(
    '/dev/api/tools',
    { config, schema: { summary: 'per-tool calls, errors and latency (mean, max, p50/p95 bucket bounds) per day and transport', tags, querystring: rangeQuery.extend({ tool: z.string().min(1).max(100).optional().describe('only this tool') }), response: { 200: toolHistorySchema } } },
    async (req) => {
      // Statistics are batched in memory; write this process's pending ones so the answer is current.
      await attachToolStats(ctx).flush();
      const range = resolveRange(req.query);
      return { ...range, ...(await toolHistory(ctx.state(), { ...req.query, ...range })) };
    },
  );
}
