// JSON Schema of a tool's input, generated from its zod schema (zod 4's own converter; see stack.md).
import { z } from 'zod';
import type { SiteTool } from '../../tools/types.ts';

export function toolInputJsonSchema(tool: SiteTool): Record<string, unknown> {
  const { $schema: _drop, ...schema } = z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return schema;
}

/** The first paragraph of a description (Chinese), for one-line listings. */
export function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
