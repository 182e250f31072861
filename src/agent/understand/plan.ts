// The output of understanding, read by the loop (which tools run first), by the offline writer (how to say it)
// and by the upstream engine (the pre-selected tool calls and their results open its conversation).
import type { SiteTool } from '../../../tools/types.ts';
import type { FieldInfo } from '../tool-fields.ts';
import type { Greeting } from './smalltalk.ts';

export interface ToolState {
  tool: SiteTool;
  args: Record<string, unknown>;
}

/**
 * `notes` are sentences the understanding itself must say before the part's answer, in the user's language:
 * an ambiguous short name's candidates, a typo read as a known name, a lunar date converted, a year assumed,
 * another assistant's name the user took this one for. Never facts from the data (those come from tools).
 */
export type Plan =
  | { kind: 'greeting'; greeting: Greeting; notes?: string[] }
  | { kind: 'tools'; calls: ToolState[]; notes?: string[] }
  | { kind: 'ask'; tool: SiteTool; missing: FieldInfo[]; args: Record<string, unknown>; notes?: string[] }
  /** the question names something several ways (华师): `notes` ask which one, `candidates` lists them */
  | { kind: 'clarify'; candidates: string[]; notes: string[] }
  | { kind: 'none'; notes?: string[] };

/** One question of a message and its plan. */
export type PartPlan = Plan & {
  /** the question as the user wrote it (a sentence of a multi-part message, or the whole message) */
  text: string;
  /** the number of rows asked for (「前10」, "top 5"): the writer shows that many */
  count?: number;
};

export interface Understanding {
  /** the language of the last user message: the writer answers in it */
  language: 'zh' | 'en';
  /** one per question asked in the last user message, in order; a part the site cannot answer is kind 'none' */
  parts: PartPlan[];
}
