// JSON Schemas of a tool's input and result, generated from its zod schemas (zod 4's own converter; see stack.md),
// with JSON Schema's keywords only (json-schema.ts).
import { z } from 'zod';
import type { SiteTool } from '../../tools/types.ts';
import { hintsInDescription } from './json-schema.ts';

const caches = { input: new WeakMap<SiteTool, Record<string, unknown>>(), output: new WeakMap<SiteTool, Record<string, unknown>>() };

/**
 * Computed once per tool: MCP's tools/list (a fresh server per stateless request), /v1/capabilities and the agent
 * card all ask for it. Callers serialise it and never modify it.
 */
function once(tool: SiteTool, io: 'input' | 'output'): Record<string, unknown> {
  let schema = caches[io].get(tool);
  if (!schema) {
    const zod = io === 'input' ? tool.inputSchema : tool.outputSchema;
    const { $schema: _drop, ...rest } = z.toJSONSchema(zod, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    // only JSON Schema's keywords: clients validate with strict validators (Ajv's default), and the schema goes to
    // the upstream model; the page hints (unit, label, choices, clause) are kept, in the description
    schema = hintsInDescription(rest) as Record<string, unknown>;
    caches[io].set(tool, schema);
  }
  return schema;
}

export const toolInputJsonSchema = (tool: SiteTool) => once(tool, 'input');
/** The result's schema (MCP outputSchema); structuredContent validates against it. */
export const toolOutputJsonSchema = (tool: SiteTool) => once(tool, 'output');

/** The first paragraph of a description (Chinese), for one-line listings. */
export function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
