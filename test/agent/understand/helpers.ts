// The understanding of a conversation against the real data and the registry's tools, and what its plans say:
// shared by the understanding's tests.
import { understandConversation } from '../../../src/agent/understand/understand.ts';
import type { PartPlan } from '../../../src/agent/understand/plan.ts';
import type { ChatMessage } from '../../../src/agent/request.ts';
import { TOOLS } from '../../../tools/index.ts';
import { realDb } from '../../data/helpers.ts';

/** The user's turns, with a placeholder answer between them (the memory is replayed from the user's words). */
export async function understand(...turns: string[]) {
  const messages: ChatMessage[] = turns.flatMap((t, i) => [{ role: 'user' as const, content: t }, ...(i < turns.length - 1 ? [{ role: 'assistant' as const, content: '…' }] : [])]);
  return understandConversation(messages, { tools: TOOLS, db: realDb(), itemsOf: async () => [] });
}

/** A part's tool calls as [name, args]. */
export const calls = (p: PartPlan) => (p.kind === 'tools' ? p.calls.map((c) => [c.tool.name, c.args]) : []);
/** A part's notes as one string. */
export const notes = (p: PartPlan) => ('notes' in p ? (p.notes ?? []) : []).join(' ');
