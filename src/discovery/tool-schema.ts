// JSON Schemas of a tool's input and output, generated from its zod schemas (zod 4's own converter; see stack.md).
import { z } from 'zod';
import type { SiteTool } from '../../tools/types.ts';

const cache = new WeakMap<SiteTool, Record<string, unknown>>();

/**
 * Computed once per tool: MCP's tools/list (a fresh server per stateless request), /v1/capabilities and the agent
 * card all ask for it. Callers serialise it and never modify it.
 */
export function toolInputJsonSchema(tool: SiteTool): Record<string, unknown> {
  let schema = cache.get(tool);
  if (!schema) {
    const { $schema: _drop, ...rest } = z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    schema = rest;
    cache.set(tool, schema);
  }
  return schema;
}

const outputCache = new WeakMap<SiteTool, Record<string, unknown>>();

/** The JSON Schema of a tool's result (MCP outputSchema), when the tool declares one; computed once per tool. */
export function toolOutputJsonSchema(tool: SiteTool): Record<string, unknown> | undefined {
  if (!tool.outputSchema) return undefined;
  let schema = outputCache.get(tool);
  if (!schema) {
    const { $schema: _drop, ...rest } = z.toJSONSchema(tool.outputSchema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
    schema = rest;
    outputCache.set(tool, schema);
  }
  return schema;
}

/** The first paragraph of a description (Chinese), for one-line listings. */
export function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
