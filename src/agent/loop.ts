// The agent loop behind every chat transport (/v1/chat/completions, /llm/*, A2A). One plan of the turn (keyword
// router + argument extraction + conversation state), the keyword-selected site tools run first, then one of two
// engines writes the answer:
//   upstream — the model sees the tool results and every tool's function spec, may call more site tools for at
//              most `maxRounds` rounds, and composes the answer under the site's system prompt; calls to the
//              client's own functions go back to the client (finish_reason "tool_calls");
//   offline  — the built-in composer writes it from the tools' summary and items.
// Events report tool starts (for keep-alive comments) and content deltas (for streaming).
import type { ServiceContext } from '../context.ts';
import type { DB } from '../db/open.ts';
import { TOOLS } from '../../tools/index.ts';
import type { SiteTool } from '../../tools/types.ts';
import { compose } from './compose.ts';
import { answerFacets, withAskedCount } from './facets.ts';
import { citationList, citationsOf, knowledgeMessage, type Citation, type Knowledge } from './knowledge.ts';
import { planConversation, type Plan, type ToolState } from './conversation.ts';
import { systemPrompt } from './prompt.ts';
import { hasImages, messageText, type ChatMessage, type ChatRequest } from './request.ts';
import type { ClientToolCall, FinishReason, Usage } from './sse.ts';
import { promptTokens, tokensOf, truncateTokens } from './tokens.ts';
import type { ToolCallCache } from './tool-cache.ts';
import { createToolRunner, siteFunctionSpecs, type ReceiptEntry, type ToolOutcome } from './tools.ts';
import { ClientAbort, samplingOf, UpstreamError, type Upstream } from './upstream.ts';
import { runTool } from '../../tools/run.ts';
import { callKey } from './tool-cache.ts';

/** Rounds of upstream tool calls per request before the model must answer with what it has. */
export const MAX_TOOL_ROUNDS = 4;
/** Characters of one tool result shown to the upstream model. */
const TOOL_RESULT_CHARS = 12_000;

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

export async function runAgent(input: AgentInput, deps: AgentDeps, events: AgentEvents = {}): Promise<AgentResult> {
  const { ctx } = deps;
  const tools = deps.tools ?? TOOLS;
  const runner = createToolRunner(ctx, deps.cache, deps.keyId, events.onToolStart);
  const db = dataDbOrNull(ctx);
  const clientTools = input.tools ?? [];
  const choice = input.tool_choice;
  const forced = choice && typeof choice === 'object' ? (tools.find((t) => t.name === choice.function.name) ?? null) : null;

  const plan: Plan = await planConversation(
    input.messages,
    {
      tools,
      db,
      // Rows of a previous turn's call, for "第二所学校": from the cache when it is fresh, else run again.
      async itemsOf(state: ToolState) {
        const hit = deps.cache.get(callKey(state.tool.name, state.args));
        let result = hit;
        if (result === undefined) {
          try {
            result = await runTool(state.tool.name, state.args, ctx, { transport: 'agent', keyId: deps.keyId });
            if (state.tool.annotations.idempotentHint) deps.cache.set(callKey(state.tool.name, state.args), result);
          } catch {
            return [];
          }
        }
        const items = (result as { items?: unknown } | undefined)?.items;
        return Array.isArray(items) ? (items as Array<Record<string, unknown>>) : [];
      },
    },
    forced,
  );

  events.onPlan?.(plan.kind === 'tools' ? plan.calls.map((c) => c.tool.name) : []);
  const lastQuestion = messageText([...input.messages].reverse().find((m) => m.role === 'user') ?? { content: '' });
  const facets = answerFacets(lastQuestion);
  const outcomes: ToolOutcome[] = [];
  if (plan.kind === 'tools') {
    for (const call of plan.calls) {
      if (deps.signal?.aborted) throw new ClientAbort('client disconnected');
      outcomes.push(await runner.run(call.tool.name, withAskedCount(call.tool, call.args, facets.count)));
    }
  }

  const promptTexts = input.messages.map((m) => messageText(m) + (m.tool_calls ? JSON.stringify(m.tool_calls) : ''));
  const offline = (note?: string): AgentResult => {
    const clientFunctions = clientTools.length && !deps.upstream ? clientTools.map((t) => t.function.name) : undefined;
    let text = compose({
      config: ctx.config,
      tools,
      kind: plan.kind,
      greeting: plan.kind === 'greeting' ? plan.greeting : undefined,
      outcomes,
      ask: plan.kind === 'ask' ? { tool: plan.tool, missing: plan.missing } : undefined,
      clientFunctions,
      knowledge: input.knowledge,
      question: lastQuestion,
      facets,
    });
    if (note) text = `${note}\n\n${text}`;
    if (input.response_format?.type === 'json_object') {
      text = JSON.stringify({
        answer: text,
        tools_called: runner.receipt,
        results: outcomes.map((o) => ({ tool: o.tool, ok: o.ok, summary: (o.result as { summary?: string } | undefined)?.summary ?? o.error ?? null })),
      });
    }
    const cited = withCitations(text);
    const limited = limitAnswer(cited.text, input.stop, input.max_tokens);
    for (const p of pieces(limited.text)) events.onDelta?.(p);
    const prompt = promptTokens(promptTexts);
    const completion = tokensOf(limited.text);
    return {
      content: limited.text,
      toolCalls: [],
      finish: limited.finish,
      receipt: runner.receipt,
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      engine: 'offline',
      outcomes,
      ...(cited.citations ? { citations: cited.citations } : {}),
    };
  };

  /** An answer with the knowledge chunks it cites listed at its end (unchanged without knowledge). */
  function withCitations(text: string): { text: string; citations?: Citation[] } {
    if (!input.knowledge) return { text };
    const citations = citationsOf(text, input.knowledge);
    const list = citationList(citations);
    return { text: list ? `${text}\n\n${list}` : text, citations };
  }

  if (!deps.upstream) return offline();

  // ---- upstream engine ----
  const upstream = deps.upstream;
  const siteNames = new Set(tools.map((t) => t.name));
  const clientNames = new Set(clientTools.map((t) => t.function.name));
  const messages: unknown[] = [
    { role: 'system', content: systemPrompt(ctx.config, tools) },
    ...(input.knowledge?.chunks.length ? [{ role: 'system', content: knowledgeMessage(input.knowledge) }] : []),
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
  const functionSpecs = [...siteFunctionSpecs(tools), ...clientTools];
  const usage: Usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  let reported = true;
  let streamed = false;
  const onDelta = (t: string) => {
    streamed = true;
    events.onDelta?.(t);
  };
  const maxRounds = deps.maxRounds ?? MAX_TOOL_ROUNDS;
  const images = hasImages(input.messages) !== null && Boolean(ctx.config.llm.imageModel);
  let content = '';
  try {
    for (let round = 0; ; round++) {
      const last = round >= maxRounds;
      const toolChoice = last ? 'none' : round === 0 && choice && !forced ? choice : 'auto';
      const r = await upstream.round(
        {
          messages,
          tools: functionSpecs,
          tool_choice: toolChoice,
          // image parts are only accepted when a vision model is configured (the route refuses them otherwise)
          model: images ? ctx.config.llm.imageModel : undefined,
          ...samplingOf(input),
        },
        { signal: deps.signal, onDelta, stream: input.stream === true },
      );
      if (r.usage) {
        usage.prompt_tokens += r.usage.prompt_tokens ?? 0;
        usage.completion_tokens += r.usage.completion_tokens ?? 0;
      } else reported = false;
      content += r.content;
      if (r.finish !== 'tool_calls' || !r.toolCalls.length || last) {
        return finishUpstream(content, [], r.finish === 'tool_calls' ? 'stop' : r.finish);
      }
      const forClient = r.toolCalls.filter((c) => clientNames.has(c.function.name));
      if (forClient.length) return finishUpstream(content, forClient, 'tool_calls');
      messages.push({ role: 'assistant', content: r.content || null, tool_calls: r.toolCalls });
      for (const call of r.toolCalls) {
        if (deps.signal?.aborted) throw new ClientAbort('client disconnected');
        messages.push({ role: 'tool', tool_call_id: call.id, content: await upstreamToolCall(call) });
      }
    }
  } catch (err) {
    if (err instanceof UpstreamError && !streamed && (outcomes.some((o) => o.ok) || input.knowledge?.chunks.length)) {
      // The tools (or the knowledge base) already answered: say so from their results rather than fail the request.
      return offline(`（上游模型暂时不可用：${err.message}。以下内容直接整理自站内工具的结果${input.knowledge?.chunks.length ? '和知识库资料' : ''}。）`);
    }
    throw err;
  }

  async function upstreamToolCall(call: ClientToolCall): Promise<string> {
    const name = call.function.name;
    if (!siteNames.has(name)) return JSON.stringify({ error: `unknown tool "${name}"; available: ${[...siteNames, ...clientNames].join(', ')}` });
    let args: unknown;
    try {
      args = call.function.arguments ? JSON.parse(call.function.arguments) : {};
    } catch {
      return JSON.stringify({ error: `the arguments of ${name} are not valid JSON; send a JSON object matching the tool's parameters` });
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) return JSON.stringify({ error: `the arguments of ${name} must be a JSON object` });
    const o = await runner.run(name, args as Record<string, unknown>);
    outcomes.push(o);
    return toolMessage(o);
  }

  function finishUpstream(text: string, calls: ClientToolCall[], finish: FinishReason): AgentResult {
    if (!reported) {
      usage.prompt_tokens = promptTokens([...promptTexts, ...messages.slice(opening).map((m) => JSON.stringify(m))]);
      usage.completion_tokens = tokensOf(text) + (calls.length ? tokensOf(JSON.stringify(calls)) : 0);
    }
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const cited = calls.length ? { text } : withCitations(text);
    // The list of cited chunks closes the answer: streamed as one more delta when the answer was streamed.
    if (cited.text !== text) events.onDelta?.(cited.text.slice(text.length));
    const extra = cited.citations ? { citations: cited.citations } : {};
    return { content: cited.text || (calls.length ? null : ''), toolCalls: calls, finish, receipt: runner.receipt, usage, engine: 'upstream', outcomes, ...extra };
  }
}

/** Arrays cut to their first `n` elements and long strings shortened, at every depth; the result stays valid JSON. */
function shrink(v: unknown, n: number): unknown {
  if (Array.isArray(v)) return v.slice(0, n).map((x) => shrink(x, n));
  if (typeof v === 'string') return v.length > 40 * n ? `${v.slice(0, 40 * n)}…` : v;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shrink(x, n)]));
  return v;
}

/** A tool result as the model sees it: whole when it fits, else with shorter lists (marked truncated). */
function toolMessage(o: ToolOutcome): string {
  if (!o.ok) return JSON.stringify({ error: o.error });
  let text = JSON.stringify(o.result);
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
