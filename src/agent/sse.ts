// OpenAI chat-completion objects and stream chunks, exactly as OpenAI sends them: the completion id and creation
// time are shared by every chunk of one answer; the receipt rides on the final chunk under the brand key.
import { randomBytes } from 'node:crypto';

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
