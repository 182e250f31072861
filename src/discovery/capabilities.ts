// Tool descriptions straight from the registry: /v1/capabilities (every tool, key) and the public GET /v1/tools and
// GET /v1/tools/{name} (what a crawler following llms.txt reads about a tool it would call with POST).
import { z } from 'zod';
import type { Config } from '../config.ts';
import { endpoints } from '../site/identity.ts';
import type { SiteTool } from '../../tools/types.ts';
import { firstLine, toolInputJsonSchema, toolOutputJsonSchema } from './tool-schema.ts';

const jsonSchema = z.record(z.string(), z.unknown());

export const toolDescriptionSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  input_schema: jsonSchema.describe('JSON Schema of the arguments'),
  output_schema: jsonSchema.describe('JSON Schema of the result'),
  annotations: z.object({ readOnlyHint: z.boolean(), openWorldHint: z.boolean(), idempotentHint: z.boolean().optional(), destructiveHint: z.boolean().optional() }),
  examples: z.array(z.string()),
  call: z.object({ method: z.literal('POST'), url: z.string(), auth: z.string(), mcp: z.string() }).describe('how to run it'),
});

export function toolDescription(config: Config, tool: SiteTool): z.infer<typeof toolDescriptionSchema> {
  const ep = endpoints(config);
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    input_schema: toolInputJsonSchema(tool),
    output_schema: toolOutputJsonSchema(tool),
    annotations: tool.annotations,
    examples: tool.examples,
    call: {
      method: 'POST',
      url: ep.toolCall.replace('{name}', tool.name),
      auth: 'Authorization: Bearer <key>; the JSON body is the arguments',
      mcp: `tools/call with name "${tool.name}" at ${ep.mcp} or over stdio`,
    },
  };
}

export const toolIndexSchema = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ name: z.string(), title: z.string(), summary: z.string(), url: z.string().describe('GET: the full description') })),
});

export function toolIndex(config: Config, tools: SiteTool[]): z.infer<typeof toolIndexSchema> {
  return { object: 'list', data: tools.map((t) => ({ name: t.name, title: t.title, summary: firstLine(t.description), url: `${config.siteUrl}/v1/tools/${t.name}` })) };
}

export const capabilitiesSchema = z.object({
  object: z.literal('capabilities'),
  brand: z.string(),
  site: z.string(),
  model: z.string(),
  endpoints: z.record(z.string(), z.string()),
  tools: z.array(toolDescriptionSchema),
});

export function capabilities(config: Config, tools: SiteTool[]): z.infer<typeof capabilitiesSchema> {
  return {
    object: 'capabilities',
    brand: config.brand,
    site: config.siteUrl,
    model: config.brand,
    endpoints: endpoints(config),
    tools: tools.map((t) => toolDescription(config, t)),
  };
}
