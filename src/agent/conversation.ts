// What the current turn asks for, read from the whole conversation: the understanding (src/agent/understand/)
// plans each question of the last user message with the earlier turns replayed into its memory. This module
// keeps the single-plan view for callers that take one plan (all parts' tool calls in order).
import type { SiteTool } from '../../tools/types.ts';
import type { ChatMessage } from './request.ts';
import type { Plan } from './understand/plan.ts';
import { mergedPlan, understandConversation, type UnderstandDeps } from './understand/understand.ts';

export type { Plan, PartPlan, ToolState, Understanding } from './understand/plan.ts';
export type PlanDeps = UnderstandDeps;

/** The plan of the last user message, with the state replayed from the earlier turns. */
export async function planConversation(messages: ChatMessage[], deps: PlanDeps, forcedTool: SiteTool | null = null): Promise<Plan> {
  return mergedPlan(await understandConversation(messages, deps, forcedTool));
}
