// One assistant per service context: the tool-call cache and the upstream client (when LLM_API_URL and
// LLM_CHAT_MODEL are set) shared by every chat transport of the process.
import { budgeted, budgetLimitsOf } from '../access/llm-budget.ts';
import type { ServiceContext } from '../context.ts';
import { runAgent, type AgentEvents, type AgentInput, type AgentResult } from './loop.ts';
import { MemoryToolCallCache, type ToolCallCache } from './tool-cache.ts';
import { createUpstream, type Upstream } from './upstream.ts';

export interface Assistant {
  readonly upstream: Upstream | null;
  readonly cache: ToolCallCache;
  run(input: AgentInput, opts: { keyId: string | null; signal?: AbortSignal }, events?: AgentEvents): Promise<AgentResult>;
}

const assistants = new WeakMap<ServiceContext, Assistant>();

export function upstreamConfigured(ctx: ServiceContext): boolean {
  return Boolean(ctx.config.llm.apiUrl && ctx.config.llm.chatModel);
}

export function assistantFor(ctx: ServiceContext): Assistant {
  let a = assistants.get(ctx);
  if (!a) {
    const { llm, agent } = ctx.config;
    // every round is counted against the site's daily budget of the upstream model, whoever caused it
    const upstream = upstreamConfigured(ctx)
      ? budgeted(createUpstream({ apiUrl: llm.apiUrl, apiKey: llm.apiKey, model: llm.chatModel, timeoutMs: llm.timeoutMs }), () => ctx.state(), budgetLimitsOf(llm))
      : null;
    const cache = new MemoryToolCallCache(agent.toolCacheSeconds * 1000);
    a = {
      upstream,
      cache,
      run: (input, opts, events) => runAgent(input, { ctx, cache, upstream, keyId: opts.keyId, signal: opts.signal }, events),
    };
    assistants.set(ctx, a);
  }
  return a;
}
