// OpenAI chat-completion objects and stream chunks, exactly as OpenAI sends them: the completion id and creation
// time are shared by every chunk of one answer; the receipt rides on the final chunk under the brand key.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ClientToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type FinishReason = 'stop' | 'length' | 'tool_calls';

export interface CompletionIds {
  id: string;
  created: number;
  model: string;
}

export function completionIds(model: string): CompletionIds {
  return { id: `chatcmpl-${randomBytes(12).toString('base64url')}`, created: Math.floor(Date.now() / 1000), model };
}

export function completionBody(
  ids: CompletionIds,
  message: { content: string | null; tool_calls?: ClientToolCall[] },
  finish: FinishReason,
  usage: Usage,
  extra: Record<string, unknown>,
) {
  return {
    id: ids.id,
    object: 'chat.completion',
    created: ids.created,
    model: ids.model,
    choices: [{ index: 0, message: { role: 'assistant', content: message.content, refusal: null, ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}) }, logprobs: null, finish_reason: finish }],
    usage,
    ...extra,
  };
}

function chunk(ids: CompletionIds, delta: Record<string, unknown>, finish: FinishReason | null, extra: Record<string, unknown> = {}, withUsageNull = false) {
  return {
    id: ids.id,
    object: 'chat.completion.chunk',
    created: ids.created,
    model: ids.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(withUsageNull ? { usage: null } : {}),
    ...extra,
  };
}

export const sse = {
  data: (obj: unknown) => `data: ${JSON.stringify(obj)}\n\n`,
  comment: (text: string) => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`,
  done: 'data: [DONE]\n\n',
  role: (ids: CompletionIds, usageNull: boolean) => sse.data(chunk(ids, { role: 'assistant', content: '', refusal: null }, null, {}, usageNull)),
  content: (ids: CompletionIds, text: string, usageNull: boolean) => sse.data(chunk(ids, { content: text }, null, {}, usageNull)),
  toolCalls: (ids: CompletionIds, calls: ClientToolCall[], usageNull: boolean) =>
    sse.data(chunk(ids, { tool_calls: calls.map((c, index) => ({ index, ...c })) }, null, {}, usageNull)),
  finish: (ids: CompletionIds, finish: FinishReason, extra: Record<string, unknown>, usageNull: boolean) => sse.data(chunk(ids, {}, finish, extra, usageNull)),
  usage: (ids: CompletionIds, usage: Usage) => sse.data({ id: ids.id, object: 'chat.completion.chunk', created: ids.created, model: ids.model, choices: [], usage }),
  error: (message: string, type: string, code: string) => sse.data({ error: { message, type, param: null, code } }),
};

// The answers as zod schemas, for the OpenAPI document (the routes declare them; the serializer does not re-check).

const usageSchema = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });
const toolCallSchema = z.object({ id: z.string(), type: z.literal('function'), function: z.object({ name: z.string(), arguments: z.string().describe('JSON text') }) });

/** A chat.completion; with `stream: true` the same content arrives as text/event-stream chunks instead. */
export const chatCompletionSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.number().int(),
        message: z.object({ role: z.literal('assistant'), content: z.string().nullable(), refusal: z.null(), tool_calls: z.array(toolCallSchema).optional() }),
        logprobs: z.null(),
        finish_reason: z.enum(['stop', 'length', 'tool_calls']),
      }),
    ),
    usage: usageSchema,
  })
  .catchall(
    z
      .object({ site: z.string(), tools_called: z.array(z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()), cached: z.boolean() })) })
      .describe('the receipt, under the brand key (SITE_BRAND), when site tools ran'),
  )
  .describe('chat.completion (or, with stream: true, a text/event-stream of chat.completion.chunk objects ending in data: [DONE])');

const receiptSchema = z
  .object({ site: z.string(), tools_called: z.array(z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()), cached: z.boolean() })) })
  .describe('the receipt, under the brand key (SITE_BRAND), when site tools ran');

/** One event of a streamed answer (`stream: true`): a chat.completion.chunk (the last one with finish_reason, then
 * one with usage when stream_options.include_usage), or an error event when the answer fails mid-way. */
export const chatCompletionChunkSchema = z
  .union([
    z
      .object({
        id: z.string(),
        object: z.literal('chat.completion.chunk'),
        created: z.number().int(),
        model: z.string(),
        choices: z.array(
          z.object({
            index: z.number().int(),
            delta: z.object({
              role: z.literal('assistant').optional(),
              content: z.string().nullable().optional(),
              refusal: z.null().optional(),
              tool_calls: z.array(toolCallSchema.extend({ index: z.number().int() })).optional(),
            }),
            logprobs: z.null(),
            finish_reason: z.enum(['stop', 'length', 'tool_calls']).nullable(),
          }),
        ),
        usage: usageSchema.nullable().optional(),
      })
      .catchall(receiptSchema),
    z.object({ error: z.object({ message: z.string(), type: z.string(), param: z.null(), code: z.string() }) }),
  ])
  .describe('one data: event of the text/event-stream (the stream ends with data: [DONE])');

/** The 200 answer of a chat-completions route: JSON, or with stream: true an event stream of chunks. */
export const chatCompletionResponse = {
  description: 'chat.completion, or with stream: true a text/event-stream of chat.completion.chunk events ending in data: [DONE]',
  content: { 'application/json': { schema: chatCompletionSchema }, 'text/event-stream': { schema: chatCompletionChunkSchema } },
};

