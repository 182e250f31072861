// The shape every site tool has. A tool is defined once, in its own file under tools/, and every transport
// (MCP, /v1 REST, the chat agent, capabilities, llms.txt, the agent card, OpenAPI) is generated from it.
import type { z } from 'zod';
import type { ServiceContext } from '../src/context.ts';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  openWorldHint: boolean;
  idempotentHint?: boolean;
  destructiveHint?: boolean;
}

export interface SiteTool<S extends z.ZodObject = z.ZodObject> {
  /** snake_case name, as listed in interface.md 4.9 */
  name: string;
  /** short human title, Chinese first: "查询分数线 · Query score lines" */
  title: string;
  /** what it does and when to call it, Chinese then English; agents read this to choose a tool */
  description: string;
  /** every field carries .describe() and numbers carry bounds (stack.md) */
  inputSchema: S;
  /** the shape of the handler's result (MCP outputSchema, OpenAPI response); structuredContent validates against it */
  outputSchema: z.ZodType;
  annotations: ToolAnnotations;
  /** for the agent card's skills and llms.txt: natural-language requests this tool answers */
  examples: string[];
  tags: string[];
  /** trigger words and phrases (Chinese and English) by which the chat agent's keyword router picks this tool */
  keywords?: string[];
  handler: (args: z.output<S>, ctx: ServiceContext) => unknown | Promise<unknown>;
}

/** The Tool-list shape (interface.md 2.1) for tools that list things. */
export interface ToolList<T = unknown> {
  count: number;
  summary: string;
  items: T[];
}

export function defineTool<S extends z.ZodObject>(tool: SiteTool<S>): SiteTool<S> {
  return tool;
}

export function toolList<T>(items: T[], summary: string): ToolList<T> {
  return { count: items.length, summary, items };
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false, idempotentHint: true };
