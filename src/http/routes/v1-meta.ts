// The /v1 surface that describes itself: the model list, capabilities, the OpenAPI document, and the generic tool
// endpoint through which REST callers run any site tool.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { capabilities } from '../../discovery/capabilities.ts';
import { TOOLS } from '../../../tools/index.ts';
import { runTool } from '../../../tools/run.ts';

const CREATED = Math.floor(Date.UTC(2026, 0, 1) / 1000);

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/models', { schema: { summary: `model list: the one model "${ctx.config.brand}"; any model name in a chat request runs the same tool loop`, tags: ['assistant'] } }, async () => ({
    object: 'list',
    data: [{ id: ctx.config.brand, object: 'model', created: CREATED, owned_by: ctx.config.brand }],
  }));

  r.get('/v1/models/:model', { schema: { summary: 'one model', tags: ['assistant'], params: z.object({ model: z.string() }) } }, async (req, reply) => {
    if (req.params.model !== ctx.config.brand) {
      return reply.code(404).send({ error: { message: `model "${req.params.model}" does not exist; the only model is "${ctx.config.brand}"`, type: 'invalid_request_error', param: 'model', code: 'model_not_found' } });
    }
    return { id: ctx.config.brand, object: 'model', created: CREATED, owned_by: ctx.config.brand };
  });

  r.get('/v1/capabilities', { schema: { summary: 'every built-in tool with its description and JSON Schema', tags: ['discovery'] } }, async () => capabilities(ctx.config, TOOLS));

  r.post(
    '/v1/tools/:name',
    {
      schema: {
        summary: 'run one site tool with its arguments as the JSON body (the same tools as MCP and the assistant)',
        tags: ['tools'],
        params: z.object({ name: z.enum(TOOLS.map((t) => t.name) as [string, ...string[]]).describe('tool name') }),
        body: z.record(z.string(), z.unknown()).optional().describe("the tool's arguments; see /v1/capabilities"),
      },
    },
    async (req) => runTool(req.params.name, req.body ?? {}, ctx, { transport: 'rest', keyId: req.apiKey?.id ?? null }),
  );

  r.get('/v1/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
}
