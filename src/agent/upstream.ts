// The upstream model, through the official openai SDK: one round of chat completion, streamed or not, with the
// SDK's own retries off (a round is retried by nobody: the client decides) and a timeout. Faults become
// UpstreamError (502, or 504 for a timeout) with a message that names the fault and never the upstream's internals
// or key; a cut stream (no finish_reason) and malformed JSON are faults too.
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ServiceError } from '../errors.ts';
import type { ClientToolCall, FinishReason, Usage } from './sse.ts';

export class UpstreamError extends ServiceError {
  constructor(message: string, status: 502 | 504, code: string) {
    super(message, status, 'server_error', code);
  }
}

/** The caller went away: stop quietly. */
export class ClientAbort extends Error {}

export interface UpstreamSettings {
  apiUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface RoundRequest {
  messages: unknown[];
  tools?: unknown[];
  tool_choice?: unknown;
  temperature?: number | null;
  top_p?: number | null;
  max_tokens?: number | null;
  stop?: string | string[] | null;
  user?: string | null;
  seed?: number | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  response_format?: { type: 'text' | 'json_object' } | null;
  model?: string;
}

type Sampling = Pick<RoundRequest, 'temperature' | 'top_p' | 'max_tokens' | 'stop' | 'user' | 'seed' | 'presence_penalty' | 'frequency_penalty' | 'response_format'>;

/** The caller's sampling settings, passed to the upstream model as they were given. */
export function samplingOf(input: Sampling): Sampling {
  return {
    temperature: input.temperature,
    top_p: input.top_p,
    max_tokens: input.max_tokens,
    stop: input.stop,
    user: input.user,
    seed: input.seed,
    presence_penalty: input.presence_penalty,
    frequency_penalty: input.frequency_penalty,
    response_format: input.response_format,
  };
}

export interface RoundResult {
  content: string;
  toolCalls: ClientToolCall[];
  finish: FinishReason;
  usage: Usage | null;
}

export interface Upstream {
  readonly model: string;
  /** `pool`: whose share of the site's daily budget the round draws on (access/llm-budget.ts); default identified */
  round(req: RoundRequest, opts: { signal?: AbortSignal; onDelta?: (text: string) => void; stream: boolean; pool?: 'anonymous' | 'identified' }): Promise<RoundResult>;
}

function clean<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined || o[k] === null) delete o[k];
  return o;
}

function translate(err: unknown, signal: AbortSignal | undefined): Error {
  if (err instanceof UpstreamError || err instanceof ClientAbort) return err;
  if (err instanceof APIUserAbortError || signal?.aborted) return new ClientAbort('client disconnected');
  if (err instanceof APIConnectionTimeoutError) return new UpstreamError('the upstream model did not answer in time', 504, 'upstream_timeout');
  if (err instanceof APIError && typeof err.status === 'number') return new UpstreamError(`the upstream model answered HTTP ${err.status}`, 502, 'upstream_error');
  if (err instanceof APIError) return new UpstreamError('the upstream model could not be reached or broke the connection', 502, 'upstream_unreachable');
  if (err instanceof SyntaxError || /JSON/i.test(String((err as Error)?.message))) return new UpstreamError('the upstream model sent a malformed response', 502, 'upstream_bad_response');
  return new UpstreamError('the upstream model failed', 502, 'upstream_error');
}

const FINISH = new Set(['stop', 'length', 'tool_calls', 'content_filter', 'function_call']);
function finishOf(reason: string | null | undefined): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_calls';
  return 'stop';
}

export function createUpstream(s: UpstreamSettings): Upstream {
  const client = new OpenAI({ baseURL: s.apiUrl, apiKey: s.apiKey || 'none', timeout: s.timeoutMs, maxRetries: 0 });
  return {
    model: s.model,
    async round(req, opts) {
      const body = clean({ ...req, model: req.model ?? s.model }) as Record<string, unknown>;
      // The SDK's own timeout ends when the headers arrive; this timer also covers a body that then stalls (a JSON
      // answer: the whole round; a stream: the silence between two chunks).
      const idle = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), s.timeoutMs);
      };
      const signal = opts.signal ? AbortSignal.any([opts.signal, idle.signal]) : idle.signal;
      arm();
      try {
        if (!opts.stream) {
          const res = await client.chat.completions.create(body as never, { signal });
          const choice = (res as { choices?: Array<{ message?: { content?: string | null; tool_calls?: ClientToolCall[] }; finish_reason?: string }> }).choices?.[0];
          if (!choice || !choice.message) throw new UpstreamError('the upstream model sent a response without a choice', 502, 'upstream_bad_response');
          const toolCalls = (choice.message.tool_calls ?? []).filter((c) => c && c.function);
          const content = choice.message.content ?? '';
          if (typeof content !== 'string') throw new UpstreamError('the upstream model sent a malformed response', 502, 'upstream_bad_response');
          return { content, toolCalls, finish: toolCalls.length ? 'tool_calls' : finishOf(choice.finish_reason), usage: (res as { usage?: Usage }).usage ?? null };
        }
        return await readStream(await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } } as never, { signal }), arm);
      } catch (err) {
        if (idle.signal.aborted && !opts.signal?.aborted) throw new UpstreamError('the upstream model did not answer in time (or stopped sending in the middle of its answer)', 504, 'upstream_timeout');
        throw translate(err, opts.signal);
      } finally {
        clearTimeout(timer);
      }

      async function readStream(stream: unknown, onChunk: () => void): Promise<RoundResult> {
        let content = '';
        let finish: string | null = null;
        let usage: Usage | null = null;
        const calls: Array<{ id: string; name: string; args: string }> = [];
        for await (const c of stream as unknown as AsyncIterable<{ choices?: Array<{ delta?: { content?: string | null; tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }> }; finish_reason?: string | null }>; usage?: Usage | null }>) {
          onChunk();
          if (c.usage) usage = c.usage;
          const choice = c.choices?.[0];
          if (!choice) continue;
          const d = choice.delta ?? {};
          if (typeof d.content === 'string' && d.content) {
            content += d.content;
            opts.onDelta?.(d.content);
          }
          for (const tc of d.tool_calls ?? []) {
            const slot = (calls[tc.index] ??= { id: '', name: '', args: '' });
            if (tc.id) slot.id = tc.id;
            if (tc.function?.name) slot.name += tc.function.name;
            if (tc.function?.arguments) slot.args += tc.function.arguments;
          }
          if (choice.finish_reason && FINISH.has(choice.finish_reason)) finish = choice.finish_reason;
        }
        if (opts.signal?.aborted) throw new ClientAbort('client disconnected');
        if (finish === null) throw new UpstreamError('the upstream model stream ended before the answer was complete', 502, 'upstream_stream_cut');
        const toolCalls = calls.filter(Boolean).map((c, i) => ({ id: c.id || `call_${i}`, type: 'function' as const, function: { name: c.name, arguments: c.args } }));
        return { content, toolCalls, finish: toolCalls.length ? 'tool_calls' : finishOf(finish), usage };
      }
    },
  };
}
