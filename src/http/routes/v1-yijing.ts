// POST /v1/yijing: the yijing tool over REST, with the tool's own input schema (one definition).
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { runTool } from '../../../tools/run.ts';
import { yijingInput } from '../../../tools/yijing.ts';
import { yijingOutput } from '../../calc/yijing/output.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/yijing',
    {
      schema: {
        summary:
          'cast a hexagram (cultural study): body {question?, method: coins|random|yarrow, seed?}; returns the line values, primary and changed hexagram with their texts, nuclear/opposite/inverted hexagrams, the reading selected by Zhu Xi\'s rules, and the seed to replay it',
        tags: ['calculators'],
        body: yijingInput,
        response: { 200: yijingOutput },
      },
      // A POST with no body at all is a cast with every default (Fastify hands the validator null for it).
      preValidation: async (req) => {
        // The validator applies the defaults next; until then the body is raw input.
        (req as { body: unknown }).body ??= {};
      },
    },
    // The tool's answer is its outputSchema's shape (checked against it in test/http/v1-yijing.test.ts).
    async (req) => (await runTool('yijing', req.body, ctx, { transport: 'rest', keyId: req.apiKey?.id ?? null })) as z.output<typeof yijingOutput>,
  );
}
