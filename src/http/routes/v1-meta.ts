// The /v1 surface that describes itself: the model list, capabilities, the OpenAPI document, and the generic tool
// endpoint through which REST callers run any site tool.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { capabilities, capabilitiesSchema, toolDescription, toolDescriptionSchema, toolIndex, toolIndexSchema } from '../../discovery/capabilities.ts';
import { findTool, TOOLS } from '../../../tools/index.ts';
import { runTool } from '../../../tools/run.ts';

const CREATED = Math.floor(Date.UTC(2026, 0, 1) / 1000);

const modelSchema = z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string() });
const toolName = z.object({ name: z.enum(TOOLS.map((t) => t.name) as [string, ...string[]]).describe('tool name') });
/** Whatever tool ran: its result has that tool's outputSchema (GET /v1/tools/{name} shows which). */
const anyToolResult = z.union(TOOLS.map((t) => t.outputSchema) as [z.ZodType, z.ZodType, ...z.ZodType[]]).describe("the tool's result; its own schema is output_schema of GET /v1/tools/{name}");

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/models', { schema: { summary: `model list: the one model "${ctx.config.brand}"; any model name in a chat request runs the same tool loop`, tags: ['assistant'], response: { 200: z.object({ object: z.literal('list'), data: z.array(modelSchema) }) } } }, async () => ({
    object: 'list' as const,
    data: [{ id: ctx.config.brand, object: 'model' as const, created: CREATED, owned_by: ctx.config.brand }],
  }));

  r.get('/v1/models/:model', { schema: { summary: 'one model', tags: ['assistant'], params: z.object({ model: z.string().max(200) }), response: { 200: modelSchema } } }, async (req) => {
    if (req.params.model !== ctx.config.brand) {
      // OpenAI's own answer for an unknown model: 404 invalid_request_error model_not_found.
      throw new ServiceError(`model "${req.params.model}" does not exist; the only model is "${ctx.config.brand}"`, 404, 'invalid_request_error', 'model_not_found', 'model');
    }
    return { id: ctx.config.brand, object: 'model' as const, created: CREATED, owned_by: ctx.config.brand };
  });

  r.get('/v1/capabilities', { schema: { summary: 'every built-in tool with its description and JSON Schemas', tags: ['discovery'], response: { 200: capabilitiesSchema } } }, async () => capabilities(ctx.config, TOOLS));

  r.post(
    '/v1/tools/:name',
    {
      schema: {
        summary: 'run one site tool with its arguments as the JSON body (the same tools as MCP and the assistant)',
        tags: ['tools'],
        params: toolName,
        body: z.record(z.string(), z.unknown()).optional().describe("the tool's arguments; input_schema of GET /v1/tools/{name}"),
        response: { 200: anyToolResult },
      },
    },
    async (req) => runTool(req.params.name, req.body ?? {}, ctx, { transport: 'rest', keyId: req.apiKey?.id ?? null }),
  );

  // Public, like the agent card that carries the same schemas: what llms.txt links for each tool.
  const publicRoute = { auth: 'public' as const, quota: false };
  r.get('/v1/tools', { schema: { summary: 'index of the site tools, each with the URL of its description', tags: ['tools'], response: { 200: toolIndexSchema } }, config: publicRoute }, async () =>
    toolIndex(ctx.config, TOOLS),
  );
  r.get(
    '/v1/tools/:name',
    { schema: { summary: 'one tool: description, input and output JSON Schemas, examples, and how to call it (POST with a key, or MCP)', tags: ['tools'], params: toolName, response: { 200: toolDescriptionSchema } }, config: publicRoute },
    async (req) => toolDescription(ctx.config, findTool(req.params.name)!),
  );

  r.get('/v1/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
}
