// The agent loop behind every chat transport (/v1/chat/completions, /llm/*, A2A), in four stages: understand the
// turn (understand/: each question of the message planned with the conversation's memory), run the planned site
// tools, write the answer with one of two engines, finish (citations, stop, max_tokens, usage):
//   upstream — the model sees the tool results and every tool's function spec, may call more site tools for at
//              most `maxRounds` rounds, and composes the answer under the site's system prompt; calls to the
//              client's own functions go back to the client (finish_reason "tool_calls");
//   offline  — the built-in composer writes it from the tools' summary and items.
// Events report tool starts (for keep-alive comments) and content deltas (for streaming).
import type { ServiceContext } from '../context.ts';
import type { DB } from '../db/open.ts';
import { TOOLS } from '../../tools/index.ts';
import type { SiteTool } from '../../tools/types.ts';
import { ANSWER_BUDGET, compose } from './compose.ts';
import { citationList, citationsOf, knowledgeMessage, type Citation, type Knowledge } from './knowledge.ts';
import { mergedPlan, understandConversation } from './understand/understand.ts';
import type { Plan, ToolState, Understanding } from './understand/plan.ts';
import { systemPrompt } from './prompt.ts';
import { hasImages, messageText, type ChatMessage, type ChatRequest } from './request.ts';
import type { ClientToolCall, FinishReason, Usage } from './sse.ts';
import { promptTokens, tokensOf, truncateTokens } from './tokens.ts';
import type { ToolCallCache } from './tool-cache.ts';
import { createToolRunner, siteFunctionSpecs, type ReceiptEntry, type ToolOutcome, type ToolRunner } from './tools.ts';
import { ClientAbort, samplingOf, UpstreamError, type Upstream } from './upstream.ts';
import { runTool } from '../../tools/run.ts';
import { callKey } from './tool-cache.ts';

/** Rounds of upstream tool calls per request before the model must answer with what it has. */
export const MAX_TOOL_ROUNDS = 4;
/** Characters of one tool result shown to the upstream model (a 30-school match with its past lines is ~25 000). */
const TOOL_RESULT_CHARS = 24_000;

export type AgentInput = Pick<
  ChatRequest,
  'messages' | 'tools' | 'tool_choice' | 'response_format' | 'temperature' | 'top_p' | 'stop' | 'user' | 'seed' | 'presence_penalty' | 'frequency_penalty'
> & {
  max_tokens?: number | null;
  stream?: boolean;
  /** knowledge-base chunks retrieved for the question (POST /api/ai/chat): context for either engine, cited by number */
  knowledge?: Knowledge;
};

export interface AgentDeps {
  ctx: ServiceContext;
  cache: ToolCallCache;
  upstream: Upstream | null;
  keyId: string | null;
  signal?: AbortSignal;
  tools?: readonly SiteTool[];
  maxRounds?: number;
}

export interface AgentEvents {
  /** the turn is planned: these site tools run first (before any answer text) */
  onPlan?(tools: string[]): void;
  onToolStart?(tool: string): void;
  onDelta?(text: string): void;
}

export interface AgentResult {
  content: string | null;
  toolCalls: ClientToolCall[];
  finish: FinishReason;
  receipt: ReceiptEntry[];
  usage: Usage;
  engine: 'upstream' | 'offline';
  outcomes: ToolOutcome[];
  /** the knowledge chunks the answer cites (only with `knowledge` in the input); listed at the answer's end too */
  citations?: Citation[];
}

function dataDbOrNull(ctx: ServiceContext): DB | null {
  try {
    return ctx.dataDb();
  } catch {
    return null;
  }
}

/** Applies `stop` and `max_tokens` to a composed answer. */
function limitAnswer(text: string, stop: string | string[] | null | undefined, maxTokens: number | null | undefined): { text: string; finish: FinishReason } {
  let out = text;
  for (const s of typeof stop === 'string' ? [stop] : (stop ?? [])) {
    const i = s ? out.indexOf(s) : -1;
    if (i >= 0) out = out.slice(0, i);
  }
  if (maxTokens) {
    const t = truncateTokens(out, maxTokens);
    if (t.cut) return { text: t.text, finish: 'length' };
  }
  return { text: out, finish: 'stop' };
}

/** Splits composed text into stream-sized deltas (by line, long lines in pieces). */
function* pieces(text: string): Generator<string> {
  for (const line of text.split(/(?<=\n)/)) {
    for (let i = 0; i < line.length; i += 48) yield line.slice(i, i + 48);
  }
}

/** Everything the stages of one request share. */
interface Turn {
  input: AgentInput;
  deps: AgentDeps;
  events: AgentEvents;
  tools: readonly SiteTool[];
  runner: ToolRunner;
  understanding: Understanding;
  /** all parts' tool calls in order (what runs first, and what the upstream model is shown) */
  plan: Plan;
  outcomes: ToolOutcome[];
  /** outcomes of the planned calls, per part (same order as understanding.parts) */
  partOutcomes: ToolOutcome[][];
  forced: SiteTool | null;
}

export async function runAgent(input: AgentInput, deps: AgentDeps, events: AgentEvents = {}): Promise<AgentResult> {
  const turn = await understandTurn(input, deps, events);
  events.onPlan?.(turn.plan.kind === 'tools' ? turn.plan.calls.map((c) => c.tool.name) : []);
  await runPlannedTools(turn);
  // A question that only needs the user to choose (华师: which one?) is asked without a model round.
  if (!deps.upstream || turn.understanding.parts.every((p) => p.kind === 'clarify')) return writeOffline(turn);
  return writeUpstream(turn, deps.upstream);
}

/** Stage 1: what the last user message asks, with the conversation replayed. */
async function understandTurn(input: AgentInput, deps: AgentDeps, events: AgentEvents): Promise<Turn> {
  const { ctx } = deps;
  const tools = deps.tools ?? TOOLS;
  const choice = input.tool_choice;
  const forced = choice && typeof choice === 'object' ? (tools.find((t) => t.name === choice.function.name) ?? null) : null;
  const understanding = await understandConversation(
    input.messages,
    { tools, db: dataDbOrNull(ctx), itemsOf: (state) => previousItems(state, deps) },
    forced,
  );
  const runner = createToolRunner(ctx, deps.cache, deps.keyId, events.onToolStart);
  return { input, deps, events, tools, runner, understanding, plan: mergedPlan(understanding), outcomes: [], partOutcomes: [], forced };
}

/** Rows of a previous turn's call, for "第二所学校": from the cache when it is fresh, else run again. */
async function previousItems(state: ToolState, deps: AgentDeps): Promise<Array<Record<string, unknown>>> {
  let result = deps.cache.get(callKey(state.tool.name, state.args));
  if (result === undefined) {
    try {
      result = await runTool(state.tool.name, state.args, deps.ctx, { transport: 'agent', keyId: deps.keyId });
      if (state.tool.annotations.idempotentHint) deps.cache.set(callKey(state.tool.name, state.args), result);
    } catch {
      return [];
    }
  }
  const items = (result as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as Array<Record<string, unknown>>) : [];
}

/** Stage 2: the planned site tools, part by part, before any answer text. */
async function runPlannedTools(turn: Turn): Promise<void> {
  for (const part of turn.understanding.parts) {
    const mine: ToolOutcome[] = [];
    if (part.kind === 'tools') {
      for (const call of part.calls) {
        if (turn.deps.signal?.aborted) throw new ClientAbort('client disconnected');
        mine.push(await turn.runner.run(call.tool.name, call.args));
      }
    }
    turn.partOutcomes.push(mine);
    turn.outcomes.push(...mine);
  }
}

/** Stage 3a: the built-in writer, one passage per question (with the understanding's notes before it). */
function writeOffline(turn: Turn, note?: string): AgentResult {
  const { input, deps, tools } = turn;
  const clientTools = input.tools ?? [];
  const clientFunctions = clientTools.length && !deps.upstream ? clientTools.map((t) => t.function.name) : undefined;
  const { language, parts } = turn.understanding;
  const several = parts.length > 1;
  // the answer's budget shared by every result of the turn (two results: about 750 characters each)
  const results = Math.max(1, turn.partOutcomes.reduce((n, o) => n + o.length, 0));
  const budget = Math.max(500, Math.floor(ANSWER_BUDGET / results));
  const passages = parts.map((part, i) => {
    const notes = part.notes ?? [];
    if (part.kind === 'clarify') return notes.join('\n');
    const unanswered = part.kind === 'none' && several;
    const body = compose({
      config: deps.ctx.config,
      tools,
      kind: unanswered ? 'tools' : part.kind,
      greeting: part.kind === 'greeting' ? part.greeting : undefined,
      outcomes: turn.partOutcomes[i] ?? [],
      ask: part.kind === 'ask' ? { tool: part.tool, missing: part.missing } : undefined,
      clientFunctions: i === 0 ? clientFunctions : undefined,
      knowledge: i === 0 ? input.knowledge : undefined,
      question: part.text,
      facets: { lang: language, budget, ...(part.count ? { count: part.count } : {}) },
      ...(unanswered ? { unanswered: [{ text: part.text }] } : {}),
    });
    const text = [...notes, body].filter(Boolean).join('\n\n');
    return several && !unanswered ? `**${part.text}**\n\n${text}` : text;
  });
  let text = passages.join('\n\n');
  if (note) text = `${note}\n\n${text}`;
  if (input.response_format?.type === 'json_object') {
    text = JSON.stringify({
      answer: text,
      tools_called: turn.runner.receipt,
      results: turn.outcomes.map((o) => ({ tool: o.tool, ok: o.ok, summary: (o.result as { summary?: string } | undefined)?.summary ?? o.error ?? null })),
    });
  }
  return finishOffline(turn, text);
}

/** Stage 4 (offline): citations, stop and max_tokens, the streamed pieces, usage. */
function finishOffline(turn: Turn, text: string): AgentResult {
  const cited = withCitations(turn.input, text);
  const limited = limitAnswer(cited.text, turn.input.stop, turn.input.max_tokens);
  for (const p of pieces(limited.text)) turn.events.onDelta?.(p);
  const prompt = promptTokens(promptTexts(turn.input));
  const completion = tokensOf(limited.text);
  return {
    content: limited.text,
    toolCalls: [],
    finish: limited.finish,
    receipt: turn.runner.receipt,
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    engine: 'offline',
    outcomes: turn.outcomes,
    ...(cited.citations ? { citations: cited.citations } : {}),
  };
}

function promptTexts(input: AgentInput): string[] {
  return input.messages.map((m) => messageText(m) + (m.tool_calls ? JSON.stringify(m.tool_calls) : ''));
}

/** An answer with the knowledge chunks it cites listed at its end (unchanged without knowledge). */
function withCitations(input: AgentInput, text: string): { text: string; citations?: Citation[] } {
  if (!input.knowledge) return { text };
  const citations = citationsOf(text, input.knowledge);
  const list = citationList(citations);
  return { text: list ? `${text}\n\n${list}` : text, citations };
}

/** The upstream conversation of one request: its messages, usage so far, and whether anything was streamed. */
interface UpstreamSession {
  turn: Turn;
  upstream: Upstream;
  messages: unknown[];
  /** messages[opening…] were added by the service (the pre-run tools, the model's rounds) */
  opening: number;
  usage: Usage;
  reported: boolean;
  streamed: boolean;
}

/** Stage 3b: the upstream model writes, seeing the pre-run tools' results, for at most `maxRounds` tool rounds. */
async function writeUpstream(turn: Turn, upstream: Upstream): Promise<AgentResult> {
  const session = openUpstream(turn, upstream);
  try {
    return await upstreamRounds(session);
  } catch (err) {
    const { input, outcomes } = turn;
    if (err instanceof UpstreamError && !session.streamed && (outcomes.some((o) => o.ok) || input.knowledge?.chunks.length)) {
      // The tools (or the knowledge base) already answered: say so from their results rather than fail the request.
      return writeOffline(turn, `（上游模型暂时不可用：${err.message}。以下内容直接整理自站内工具的结果${input.knowledge?.chunks.length ? '和知识库资料' : ''}。）`);
    }
    throw err;
  }
}

/** The site prompt, the knowledge context, the client's messages and the pre-run tool calls with their results. */
function openUpstream(turn: Turn, upstream: Upstream): UpstreamSession {
  const { input, outcomes, tools } = turn;
  const messages: unknown[] = [
    { role: 'system', content: systemPrompt(turn.deps.ctx.config, tools) },
    ...(input.knowledge?.chunks.length ? [{ role: 'system', content: knowledgeMessage(input.knowledge) }] : []),
    ...readingNotes(turn),
    ...input.messages.map(toUpstreamMessage),
  ];
  const opening = messages.length;
  if (outcomes.length) {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: outcomes.map((o, i) => ({ id: `svc_pre_${i}`, type: 'function', function: { name: o.tool, arguments: JSON.stringify(o.args) } })),
    });
    outcomes.forEach((o, i) => messages.push({ role: 'tool', tool_call_id: `svc_pre_${i}`, content: toolMessage(o) }));
  }
  return { turn, upstream, messages, opening, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, reported: true, streamed: false };
}

/** What the understanding noted (a typo read as a name, a lunar date converted, a year assumed), for the model. */
function readingNotes(turn: Turn): Array<{ role: 'system'; content: string }> {
  const notes = turn.understanding.parts.flatMap((p) => p.notes ?? []);
  return notes.length ? [{ role: 'system', content: `How the site read the last question (say this where it matters): ${notes.join(' ')}` }] : [];
}

async function upstreamRounds(s: UpstreamSession): Promise<AgentResult> {
  const { turn } = s;
  const { input, deps, events } = turn;
  const choice = input.tool_choice;
  const clientTools = input.tools ?? [];
  const clientNames = new Set(clientTools.map((t) => t.function.name));
  const functionSpecs = [...siteFunctionSpecs(turn.tools), ...clientTools];
  const maxRounds = deps.maxRounds ?? MAX_TOOL_ROUNDS;
  const images = hasImages(input.messages) !== null && Boolean(deps.ctx.config.llm.imageModel);
  const onDelta = (t: string) => {
    s.streamed = true;
    events.onDelta?.(t);
  };
  let content = '';
  for (let round = 0; ; round++) {
    const last = round >= maxRounds;
    const toolChoice = last ? 'none' : round === 0 && choice && !turn.forced ? choice : 'auto';
    const r = await s.upstream.round(
      // image parts are only accepted when a vision model is configured (the route refuses them otherwise)
      { messages: s.messages, tools: functionSpecs, tool_choice: toolChoice, model: images ? deps.ctx.config.llm.imageModel : undefined, ...samplingOf(input) },
      { signal: deps.signal, onDelta, stream: input.stream === true },
    );
    if (r.usage) {
      s.usage.prompt_tokens += r.usage.prompt_tokens ?? 0;
      s.usage.completion_tokens += r.usage.completion_tokens ?? 0;
    } else s.reported = false;
    content += r.content;
    if (r.finish !== 'tool_calls' || !r.toolCalls.length || last) return finishUpstream(s, content, [], r.finish === 'tool_calls' ? 'stop' : r.finish);
    const forClient = r.toolCalls.filter((c) => clientNames.has(c.function.name));
    if (forClient.length) return finishUpstream(s, content, forClient, 'tool_calls');
    s.messages.push({ role: 'assistant', content: r.content || null, tool_calls: r.toolCalls });
    for (const call of r.toolCalls) {
      if (deps.signal?.aborted) throw new ClientAbort('client disconnected');
      s.messages.push({ role: 'tool', tool_call_id: call.id, content: await upstreamToolCall(turn, call, clientNames) });
    }
  }
}

/** A site tool the model called: run it (its error, if any, goes back to the model as the result). */
async function upstreamToolCall(turn: Turn, call: ClientToolCall, clientNames: Set<string>): Promise<string> {
  const name = call.function.name;
  const siteNames = turn.tools.map((t) => t.name);
  if (!siteNames.includes(name)) return JSON.stringify({ error: `unknown tool "${name}"; available: ${[...siteNames, ...clientNames].join(', ')}` });
  let args: unknown;
  try {
    args = call.function.arguments ? JSON.parse(call.function.arguments) : {};
  } catch {
    return JSON.stringify({ error: `the arguments of ${name} are not valid JSON; send a JSON object matching the tool's parameters` });
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) return JSON.stringify({ error: `the arguments of ${name} must be a JSON object` });
  const o = await turn.runner.run(name, args as Record<string, unknown>);
  turn.outcomes.push(o);
  return toolMessage(o);
}

/** Stage 4 (upstream): usage (counted when the upstream did not report it), citations, the result. */
function finishUpstream(s: UpstreamSession, text: string, calls: ClientToolCall[], finish: FinishReason): AgentResult {
  const { turn, usage } = s;
  if (!s.reported) {
    usage.prompt_tokens = promptTokens([...promptTexts(turn.input), ...s.messages.slice(s.opening).map((m) => JSON.stringify(m))]);
    usage.completion_tokens = tokensOf(text) + (calls.length ? tokensOf(JSON.stringify(calls)) : 0);
  }
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
  const cited = calls.length ? { text } : withCitations(turn.input, text);
  // The list of cited chunks closes the answer: streamed as one more delta when the answer was streamed.
  if (cited.text !== text) turn.events.onDelta?.(cited.text.slice(text.length));
  const extra = cited.citations ? { citations: cited.citations } : {};
  return { content: cited.text || (calls.length ? null : ''), toolCalls: calls, finish, receipt: turn.runner.receipt, usage, engine: 'upstream', outcomes: turn.outcomes, ...extra };
}

/**
 * Arrays and long strings from depth `from` on cut to their first `n` elements (strings to 40·n characters); the result stays valid
 * JSON. Depth 0 is the result, 1 its lists (items), 2 their rows, 3 the lists inside a row.
 */
function shrink(v: unknown, n: number, from = 0, depth = 0): unknown {
  if (Array.isArray(v)) return (depth >= from ? v.slice(0, n) : v).map((x) => shrink(x, n, from, depth + 1));
  if (typeof v === 'string') return depth >= from && v.length > 40 * n ? `${v.slice(0, 40 * n)}…` : v;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shrink(x, n, from, depth + 1)]));
  return v;
}

/**
 * A tool result as the model sees it: whole when it fits; else the lists inside each row shorter first (every row
 * stays, so a match's 保 tier at the end of its list is seen), and only then the lists themselves (marked truncated).
 */
function toolMessage(o: ToolOutcome): string {
  if (!o.ok) return JSON.stringify({ error: o.error });
  let text = JSON.stringify(o.result);
  for (let n = 20; text.length > TOOL_RESULT_CHARS && n >= 1; n = Math.floor(n / 2)) {
    text = JSON.stringify({ ...(shrink(o.result, n, 3) as object), truncated: `lists inside each row cut to their first ${n} entries` });
  }
  for (let n = 20; text.length > TOOL_RESULT_CHARS && n >= 1; n = Math.floor(n / 2)) {
    text = JSON.stringify({ ...(shrink(o.result, n) as object), truncated: `lists cut to their first ${n} entries` });
  }
  return text;
}

function toUpstreamMessage(m: ChatMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { role: m.role === 'developer' ? 'system' : m.role, content: m.content ?? null };
  if (m.name) out.name = m.name;
  if (m.tool_calls) out.tool_calls = m.tool_calls;
  if (m.tool_call_id) out.tool_call_id = m.tool_call_id;
  return out;
}
