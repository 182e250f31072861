// The plain model proxy of the site's own chat pages (/llm/*) when an upstream model is configured: the caller's
// messages and functions go to the upstream model with the server's key and model, no site tools, no site prompt.
import type { AgentEvents, AgentInput, AgentResult } from './loop.ts';
import { messageText } from './request.ts';
import { promptTokens, tokensOf } from './tokens.ts';
import { samplingOf, type Upstream } from './upstream.ts';

/** `pool`: the callers of the site's /llm proxy carry no key or account, so their rounds draw on the anonymous share. */
export async function relayChat(upstream: Upstream, input: AgentInput, signal: AbortSignal | undefined, events: AgentEvents = {}, pool: 'anonymous' | 'identified' = 'anonymous'): Promise<AgentResult> {
  events.onPlan?.([]);
  const r = await upstream.round(
    {
      messages: input.messages.map((m) => ({ ...m, role: m.role === 'developer' ? 'system' : m.role })),
      tools: input.tools?.length ? input.tools : undefined,
      tool_choice: input.tools?.length ? (input.tool_choice ?? undefined) : undefined,
      ...samplingOf(input),
    },
    { signal, onDelta: events.onDelta, stream: input.stream === true, pool },
  );
  const prompt = r.usage?.prompt_tokens ?? promptTokens(input.messages.map(messageText));
  const completion = r.usage?.completion_tokens ?? tokensOf(r.content);
  return {
    content: r.content || (r.toolCalls.length ? null : ''),
    toolCalls: r.toolCalls,
    finish: r.finish,
    receipt: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    engine: 'upstream',
    outcomes: [],
  };
}
