// Understanding a conversation, as a one-way pipeline run per message — each stage in its own module, none
// calling back into an earlier one:
//   1. read    (read.ts, reading.ts and its readers): the message, capped, cut into sentences and clauses, each
//              read once into entities (numbers, universities, majors, provinces, scores, dates, constraints);
//   2. decide  (decide.ts, intents.ts): which pieces are questions and what each asks (an intent and its tool, a
//              follow-up of the last question, a row of the last answer, a clarification);
//   3. fill    (fill.ts, arguments.ts, ../extract.ts): the tool's arguments from the reading and the memory;
//   4. plan    (planner.ts): tool calls, a question back, candidates, or "not answerable", with the notes to say.
// The earlier turns are replayed through the same pipeline into a memory (memory.ts), so follow-ups ("那历史类呢",
// "它的计算机专业呢", "第二所", "能上什么大学？" after a rank) carry what was said; the memory is the only state
// passed from one piece to the next.
import type { DB } from '../../db/open.ts';
import type { SiteTool } from '../../../tools/types.ts';
import { messageText, type ChatMessage } from '../request.ts';
import { decide, piecesOf } from './decide.ts';
import { fill } from './fill.ts';
import { absorb, emptyMemory, remember, statesFacts, type Memory } from './memory.ts';
import type { PartPlan, Plan, ToolState, Understanding } from './plan.ts';
import { planOf } from './planner.ts';
import { READ_CHARS, readMessage } from './read.ts';
import type { Reading } from './reading.ts';
import { asksIdentity } from './smalltalk.ts';

export interface UnderstandDeps {
  tools: readonly SiteTool[];
  db: DB | null;
  /** the rows of a previous call's result (from the tool-call cache), for ordinal references */
  itemsOf(state: ToolState): Promise<Array<Record<string, unknown>>>;
  /** the clock (tests); 今年 is read in Asia/Shanghai */
  now?: Date;
}

/**
 * Earlier user messages replayed into the memory: the most recent ones, at most REPLAYED_MESSAGES of them and
 * REPLAY_CHARS characters in all (each counted up to READ_CHARS). What a conversation established is in its recent
 * turns; a client resending 500 long turns costs what 20 short ones cost, so one turn's understanding stays bounded
 * (issue 33: no request may hold the event loop long).
 */
export const REPLAYED_MESSAGES = 20;
export const REPLAY_CHARS = 4000;

/** The indexes of the earlier user messages replayed (ascending), within the budget above. */
export function replayedMessages(messages: ChatMessage[], lastUser: number): number[] {
  const out: number[] = [];
  let chars = 0;
  for (let i = lastUser - 1; i >= 0 && out.length < REPLAYED_MESSAGES; i--) {
    if (messages[i]!.role !== 'user') continue;
    chars += Math.min(messageText(messages[i]!).length, READ_CHARS);
    if (chars > REPLAY_CHARS && out.length) break;
    out.push(i);
  }
  return out.reverse();
}

/** Lets timers and other requests run between pieces and replayed messages once a turn has worked this long (ms). */
const SLICE_MS = 8;

/** A pause point: yields to the event loop when the turn has worked SLICE_MS since the last one. */
function slicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since <= SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** One piece through decide → fill → plan, with the memory as it stands. */
async function planPiece(r: Reading, mem: Memory, deps: UnderstandDeps, forced: SiteTool | null) {
  const d = decide(r, mem, deps.tools, forced);
  const filled = d.kind === 'ask' ? await fill(d, mem, deps) : null;
  const plan = planOf(d, filled, deps.tools);
  return { plan, intent: filled && filled.via !== 'nothing' ? filled.intent : null };
}

/** The plan of one message: a greeting, or each of its questions planned in order, sharing the memory. */
async function understandMessage(raw: string, mem: Memory, deps: UnderstandDeps, forced: SiteTool | null, pause: () => Promise<void>): Promise<Understanding> {
  const message = readMessage(raw, deps.db, deps.now, forced !== null);
  const { language } = message;
  if (message.greeting) return { language, parts: [{ kind: 'greeting', greeting: message.greeting, text: raw }] };
  const pieces = piecesOf(message);
  const parts: PartPlan[] = [];
  for (const r of pieces) {
    await pause();
    const { plan, intent } = await planPiece(r, mem, deps, forced);
    // A piece that only states facts ("我是河南考生，物理类。") adds to the memory and asks nothing itself.
    if (plan.kind === 'none' && pieces.length > 1 && statesFacts(r)) {
      absorb(mem, r);
      continue;
    }
    const text = pieces.length === 1 && forced ? raw : r.raw.trim();
    parts.push({ ...plan, text, ...(r.m.topN && r.m.topN <= 100 ? { count: r.m.topN } : {}) });
    if (plan.kind === 'tools') remember(mem, plan.calls[0]!, intent);
    else if (plan.kind === 'ask') remember(mem, { tool: plan.tool, args: plan.args }, intent);
    absorb(mem, r);
  }
  if (!parts.length) {
    // only statements: the whole message as one question (it may still be a follow-up)
    const { plan, intent } = await planPiece(message.all, mem, deps, forced);
    parts.push({ ...plan, text: raw });
    if (plan.kind === 'tools') remember(mem, plan.calls[0]!, intent);
  }
  return { language, parts };
}

/** The understanding of the last user message, with the memory replayed from the earlier turns. */
export async function understandConversation(messages: ChatMessage[], deps: UnderstandDeps, forced: SiteTool | null = null): Promise<Understanding> {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  if (lastUser < 0) return { language: 'zh', parts: [{ kind: 'none', text: '' }] };
  const mem = emptyMemory();
  const replayed = replayedMessages(messages, lastUser);
  const pause = slicer();
  for (let i = replayed[0] ?? lastUser; i < lastUser; i++) {
    const msg = messages[i]!;
    if (msg.role === 'user') {
      await pause();
      await understandMessage(messageText(msg), mem, deps, null, pause);
    } else if (msg.role === 'assistant' && msg.tool_calls?.length) {
      for (const call of msg.tool_calls) {
        const tool = deps.tools.find((t) => t.name === call.function.name);
        if (!tool) continue;
        try {
          const args = JSON.parse(call.function.arguments || '{}');
          if (args && typeof args === 'object' && !Array.isArray(args)) remember(mem, { tool, args }, null);
        } catch {
          // a client's malformed history entry: keep the replayed memory
        }
      }
    }
  }
  await pause();
  return understandMessage(messageText(messages[lastUser]!), mem, deps, forced, pause);
}

/** All parts as one plan (the tool calls of every part, in order), for callers that take a single plan. */
export function mergedPlan(u: Understanding): Plan {
  if (u.parts.length === 1) return u.parts[0]!;
  const calls = u.parts.flatMap((p) => (p.kind === 'tools' ? p.calls : []));
  if (calls.length) return { kind: 'tools', calls };
  return u.parts[0]!;
}

export { asksIdentity };
