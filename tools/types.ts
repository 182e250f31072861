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
  /** how the built-in composer says this tool's result (src/agent/compose.ts); without it, a generic table */
  answer?: ToolAnswer;
}

/** The language an answer is written in: the question's. */
export type AnswerLang = 'zh' | 'en';

/** What an answer declaration knows of the turn besides the result. */
export interface AnswerContext {
  /** the arguments the tool ran with, as the plan gave them (before the tool's schema normalised them) */
  args: Record<string, unknown>;
  lang: AnswerLang;
  /** the user's message */
  question: string;
  /** the number of rows the user asked for (「前10」, "top 5"), when a number was named */
  count?: number;
  /** the rows the writer shows (the asked count, else at most 10, fewer when the answer would pass its length budget) */
  limit?: number;
  /** characters this result's text should stay within (the answer's 1,500 shared by the results of the turn) */
  budget?: number;
  /** the site's public address, for links to its pages */
  siteUrl: string;
}

/** One column of an answer's table: its header in both languages and the cell of a row. */
export interface AnswerColumn<R = any> {
  zh: string;
  en: string;
  cell: (row: R, lang: AnswerLang) => unknown;
}

/**
 * How a tool's result is said, declared next to its handler. Every member reads the handler's result only (never
 * the database), so the answer states exactly what the tool returned.
 */
export interface ToolAnswer<R = any> {
  /** the first sentence(s): the answer itself, with the asked figures (score and rank, count, total, grade, As …) */
  lead(result: R, c: AnswerContext): string;
  /** whether the result found nothing (default: found === false, or no rows) */
  isEmpty?(result: R): boolean;
  /** how "nothing found" is said (default: the lead, then that the data holds nothing more) */
  empty?(result: R, c: AnswerContext): string;
  /** the rows behind the answer (default: result.items) */
  rows?(result: R, c: AnswerContext): Array<Record<string, unknown>>;
  /** the columns that matter, in order; a column no shown row has a value for is left out */
  columns?: AnswerColumn[] | ((result: R, c: AnswerContext) => AnswerColumn[]);
  /** lines after the rows: totals, notes, links */
  notes?(result: R, c: AnswerContext): string[];
  /** how many rows match in all (default: the result's total, else its rows) */
  total?(result: R): number;
  /** the page of the site that shows the full list (named in the "N more" line when rows are left out) */
  listUrl?(result: R, c: AnswerContext): string | null;
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
