// Key administration (HTTP Basic, administrator): issue, list masked, toggle, revoke. Thin adapters to
// src/access; the plaintext key appears in exactly one response, the one that issues it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listKeys, revokeKey, toggleKey } from '../../access/admin.ts';
import { DEFAULT_DAILY_LIMIT, issueKey, maskKey, MAX_DAILY_LIMIT, MAX_EXPIRES_DAYS } from '../../access/keys.ts';
import type { ServiceContext } from '../../context.ts';
import { upstreamConfigured } from '../../agent/assistant.ts';
import { basicAuth } from '../plugins/basic-auth.ts';
import { acceptEmptyJson } from '../empty-json.ts';
import { issuedKeySchema, keyListSchema, revokedKeySchema, toggledKeySchema } from '../../access/schemas.ts';
import { errorBodySchema } from '../plugins/errors.ts';
import { budgetLimitsOf, budgetToday } from '../../access/llm-budget.ts';

const budgetPart = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable().describe('null: no limit'),
  remaining: z.number().int().nullable().describe('null: no limit'),
});
const budgetSchema = z
  .object({
    day: z.string().describe('the quota day (Asia/Shanghai), YYYY-MM-DD'),
    resets_at: z.string().describe('ISO 8601, UTC: midnight Asia/Shanghai'),
    upstream_configured: z.boolean(),
    requests: budgetPart.describe('upstream rounds today (LLM_DAILY_REQUESTS)'),
    tokens: budgetPart.describe('upstream tokens today, prompt + completion (LLM_DAILY_TOKENS)'),
    anonymous: z
      .object({ requests: budgetPart, tokens: budgetPart })
      .strict()
      .optional()
      .describe("the share of callers without a key or account (the /llm proxy), counted within the day's (LLM_ANONYMOUS_SHARE); absent when it is all of it"),
  })
  .strict();

export const issueKeyInput = z
  .object({
    name: z.string().trim().min(1).max(100).describe('label of the key, e.g. who holds it'),
    daily_limit: z.number().int().min(1).max(MAX_DAILY_LIMIT).optional().describe(`calls per quota day (midnight Asia/Shanghai); default ${DEFAULT_DAILY_LIMIT}`),
    expires_days: z.number().int().min(1).max(MAX_EXPIRES_DAYS).optional().describe('days until the key expires; omitted: it does not expire'),
  })
  .strict();

const idParams = z.object({ id: z.string().min(1).max(200).describe('key id from POST or GET /v1/admin/keys') });

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const prefix = ctx.config.keyPrefix;
  // This plugin is encapsulated: the hook guards exactly the routes below.
  app.addHook('onRequest', basicAuth({ realm: 'admin', userVar: 'ADMIN_USER', passwordVar: 'ADMIN_PASSWORD', credentials: ctx.config.admin }));
  // An empty JSON body on toggle and DELETE is no body (the issue route still requires its body).
  acceptEmptyJson(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'basic' as const };

  r.post(
    '/v1/admin/keys',
    { config, schema: { summary: 'issue a key: body {name, daily_limit?, expires_days?}; the plaintext key is in this response only', tags: ['admin'], body: issueKeyInput, response: { 201: issuedKeySchema } } },
    async (req, reply) => {
      const { key, record } = await issueKey(ctx.state(), prefix, req.body);
      req.log.info({ keyId: record.id, name: record.name }, 'issued API key');
      return reply.code(201).send({
        id: record.id,
        key,
        masked: maskKey(prefix, record.last4),
        name: record.name,
        status: record.status,
        daily_limit: record.daily_limit,
        created_at: record.created_at,
        expires_at: record.expires_at,
        note: 'store this key now: it is shown only once and cannot be retrieved later',
      });
    },
  );

  r.get('/v1/admin/keys', { config, schema: { summary: 'list every key, masked (prefix and last 4), with status, limits, times and calls today', tags: ['admin'], response: { 200: keyListSchema } } }, async () => {
    const items = await listKeys(ctx.state(), prefix);
    return { count: items.length, items };
  });

  r.get(
    '/v1/admin/llm-budget',
    { config, schema: { summary: "today's use of the site-wide daily budget of the upstream model (every caller, every node); past it the assistant's upstream rounds answer 429 upstream_budget_exhausted", tags: ['admin'], response: { 200: budgetSchema } } },
    async () => ({ ...(await budgetToday(ctx.state(), budgetLimitsOf(ctx.config.llm))), upstream_configured: upstreamConfigured(ctx) }),
  );

  r.post(
    '/v1/admin/keys/:id/toggle',
    { config, schema: { summary: 'flip a key between enabled and disabled; returns the new status (409 for a revoked key)', tags: ['admin'], params: idParams, response: { 200: toggledKeySchema, 409: errorBodySchema.describe('the key is revoked and cannot be re-enabled') } } },
    async (req) => {
      const result = await toggleKey(ctx.state(), req.params.id);
      req.log.info({ keyId: result.id, status: result.status }, 'toggled API key');
      return result;
    },
  );

  r.delete(
    '/v1/admin/keys/:id',
    { config, schema: { summary: 'revoke a key for good; it stays listed as revoked and can never be re-enabled', tags: ['admin'], params: idParams, response: { 200: revokedKeySchema } } },
    async (req) => {
      const result = await revokeKey(ctx.state(), req.params.id);
      req.log.info({ keyId: result.id }, 'revoked API key');
      return result;
    },
  );
}
