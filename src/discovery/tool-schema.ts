// JSON Schemas of a tool's input and output, generated from its zod schemas (zod 4's own converter; see stack.md).
import { z } from 'zod';
import type { SiteTool } from '../../tools/types.ts';

const inputs = new WeakMap<SiteTool, Record<string, unknown>>();
const outputs = new WeakMap<SiteTool, Record<string, unknown>>();

/**
 * Computed once per tool: MCP's tools/list (a fresh server per stateless request), /v1/capabilities and the agent
 * card all ask for it. Callers serialise it and never modify it.
 */
function cached(cache: WeakMap<SiteTool, Record<string, unknown>>, tool: SiteTool, schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  let json = cache.get(tool);
  if (!json) {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    json = rest;
    cache.set(tool, json);
  }
  return json;
}

export function toolInputJsonSchema(tool: SiteTool): Record<string, unknown> {
  return cached(inputs, tool, tool.inputSchema, 'input');
}

/** The JSON Schema of a tool's result (MCP outputSchema), when the tool declares one. */
export function toolOutputJsonSchema(tool: SiteTool): Record<string, unknown> | undefined {
  return tool.outputSchema && cached(outputs, tool, tool.outputSchema, 'output');
}

/** The first paragraph of a description (Chinese), for one-line listings. */
export function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
