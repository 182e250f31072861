// JSON Schema of a tool's input and output, generated from its zod schemas (zod 4's own converter; see stack.md).
import { z } from 'zod';
import type { SiteTool } from '../../tools/types.ts';

const inputCache = new WeakMap<SiteTool, Record<string, unknown>>();
const outputCache = new WeakMap<SiteTool, Record<string, unknown>>();

function converted(tool: SiteTool, schema: z.ZodType, io: 'input' | 'output', cache: WeakMap<SiteTool, Record<string, unknown>>): Record<string, unknown> {
  let out = cache.get(tool);
  if (!out) {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    out = rest;
    cache.set(tool, out);
  }
  return out;
}

/**
 * Computed once per tool: MCP's tools/list (a fresh server per stateless request), /v1/capabilities and the agent
 * card all ask for it. Callers serialise it and never modify it.
 */
export function toolInputJsonSchema(tool: SiteTool): Record<string, unknown> {
  return converted(tool, tool.inputSchema, 'input', inputCache);
}

/** JSON Schema of a tool's result when it declares an outputSchema (MCP tools/list; clients validate structuredContent). */
export function toolOutputJsonSchema(tool: SiteTool): Record<string, unknown> | undefined {
  return tool.outputSchema ? converted(tool, tool.outputSchema, 'output', outputCache) : undefined;
}

/** The first paragraph of a description (Chinese), for one-line listings. */
export function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
