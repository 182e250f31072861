// GET /v1/usage: the calling key's own usage. Not counted, so it answers even when today's quota is spent.
import type { FastifyInstance } from 'fastify';
import { maskKey } from '../../access/keys.ts';
import { usageOf } from '../../access/quota.ts';
import type { ServiceContext } from '../../context.ts';
import { keyUsageSchema } from '../../access/schemas.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  app.get(
    '/v1/usage',
    {
      config: { quota: false },
      schema: {
        summary: 'usage of the calling key: calls today, daily limit, remaining, tokens today and in total, when the quota resets (midnight Asia/Shanghai); not counted',
        tags: ['assistant'],
        response: { 200: keyUsageSchema },
      },
    },
    async (req) => {
      const key = req.apiKey!;
      return {
        object: 'usage',
        key: { id: key.id, name: key.name, masked: maskKey(ctx.config.keyPrefix, key.last4), expires_at: key.expires_at },
        ...(await usageOf(ctx.state(), key)),
      };
    },
  );
}
