// /v1/capabilities: every tool with its description and input JSON Schema, straight from the registry.
import type { Config } from '../config.ts';
import { endpoints } from '../site/identity.ts';
import type { SiteTool } from '../../tools/types.ts';
import { toolInputJsonSchema } from './tool-schema.ts';

export function capabilities(config: Config, tools: SiteTool[]) {
  return {
    object: 'capabilities',
    brand: config.brand,
    site: config.siteUrl,
    model: config.brand,
    endpoints: endpoints(config),
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      input_schema: toolInputJsonSchema(t),
      annotations: t.annotations,
      examples: t.examples,
    })),
  };
}
