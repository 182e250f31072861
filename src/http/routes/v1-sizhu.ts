// POST /v1/sizhu: the sizhu tool over REST with the tool's own input schema (one definition); the body is the
// engine's full chart JSON.
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { runTool } from '../../../tools/run.ts';
import sizhuTool from '../../../tools/sizhu.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/sizhu',
    {
      schema: {
        summary:
          'four-pillar chart (cultural study): body {year, month, day, hour, minute, sex: m|f, longitude?, zi_hour?, luck_method?, time_basis?}; returns pillars with 纳音, hidden stems, ten gods, five elements, strength, favourable elements, pattern, palaces, relations, stars, 旬空/胎元/命宫/身宫, luck cycles, warnings and a reading',
        tags: ['calculators'],
        body: sizhuTool.inputSchema,
        response: { 200: sizhuTool.outputSchema },
      },
    },
    async (req) => (await runTool('sizhu', req.body, ctx, { transport: 'rest', keyId: req.apiKey?.id ?? null })) as z.output<typeof sizhuTool.outputSchema>,
  );
}
