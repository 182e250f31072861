// The OpenAI chat-completions request the assistant accepts: one zod schema for the route's validation (400s name
// the field) and the engine's types. Everything listed is honoured; what cannot be (n > 1, image parts without a
// vision model, unknown roles, other response formats) is refused rather than ignored.
import { z } from 'zod';
import type { Config } from '../config.ts';
import { InputError, sizeLimit } from '../errors.ts';
import { TOOLS } from '../../tools/index.ts';

/**
 * The documented input limits of every chat route (/v1/chat/completions, /llm/chat/completions, /llm/chat, A2A):
 * one message's text at most MESSAGE_CHARS characters, a request's messages together at most REQUEST_CHARS. Past
 * them the answer is a 400 naming the field; within them every stage (understanding, token counting) is linear.
 */
export const INPUT_LIMITS = { messageChars: 32_000, requestChars: 128_000 } as const;
/** The message past INPUT_LIMITS.messageChars: 413 naming the field (sizeLimit). */
export const MESSAGE_TOO_LONG = sizeLimit(`at most ${INPUT_LIMITS.messageChars.toLocaleString('en')} characters per message`);
const messageString = () => z.string().max(INPUT_LIMITS.messageChars, MESSAGE_TOO_LONG);

const textPart = z.object({ type: z.literal('text'), text: messageString() }).strict();
const imagePart = z
  .object({ type: z.literal('image_url'), image_url: z.union([z.string(), z.object({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }).strict()]) })
  .strict();
const contentPart = z.discriminatedUnion('type', [textPart, imagePart], { error: 'content parts must have type "text" (or "image_url" when a vision model is configured)' });
const content = z.union([messageString(), z.array(contentPart).max(100)], { error: 'must be a string or an array of content parts' });

const toolCall = z
  .object({
    id: z.string().min(1).max(200),
    type: z.literal('function'),
    function: z.object({ name: z.string().min(1).max(64), arguments: messageString() }).strict(),
  })
  .strict();

export const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;

export const chatMessage = z
  .object({
    role: z.enum(ROLES),
    content: content.nullish(),
    name: z.string().max(64).optional(),
    tool_calls: z.array(toolCall).max(64).optional(),
    tool_call_id: z.string().max(200).optional(),
    refusal: z.string().nullish(),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.role === 'tool' && !m.tool_call_id) ctx.addIssue({ code: 'custom', path: ['tool_call_id'], message: 'is required for role "tool"' });
    if (m.role !== 'assistant' && (m.content === undefined || m.content === null)) ctx.addIssue({ code: 'custom', path: ['content'], message: `is required for role "${m.role}"` });
    if (m.role !== 'assistant' && m.tool_calls) ctx.addIssue({ code: 'custom', path: ['tool_calls'], message: 'only assistant messages carry tool_calls' });
  });

const functionTool = z
  .object({
    type: z.literal('function'),
    function: z
      .object({
        name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -, at most 64'),
        description: z.string().max(10_000).optional(),
        parameters: z.record(z.string(), z.unknown()).optional(),
        strict: z.boolean().nullish(),
      })
      .strict(),
  })
  .strict();

export const chatRequest = z
  .object({
    model: z.string().min(1).max(200).describe('any value runs the same tool loop'),
    messages: z.array(chatMessage).min(1).max(500),
    stream: z.boolean().nullish(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).strict().nullish(),
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    max_tokens: z.number().int().min(1).max(1_000_000).nullish(),
    max_completion_tokens: z.number().int().min(1).max(1_000_000).nullish(),
    stop: z.union([z.string().max(200), z.array(z.string().max(200)).max(4)]).nullish(),
    user: z.string().max(256).nullish(),
    n: z.number().int().min(1).max(1, 'must be 1: one choice per request is supported').nullish(),
    seed: z.number().int().nullish(),
    presence_penalty: z.number().min(-2).max(2).nullish(),
    frequency_penalty: z.number().min(-2).max(2).nullish(),
    tools: z.array(functionTool).max(128).nullish(),
    tool_choice: z
      .union([z.enum(['none', 'auto', 'required']), z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }).strict() }).strict()], {
        error: 'must be "none", "auto", "required" or {"type": "function", "function": {"name": …}}',
      })
      .nullish(),
    parallel_tool_calls: z.boolean().nullish(),
    response_format: z.object({ type: z.enum(['text', 'json_object']) }).strict().nullish(),
    logprobs: z.literal(false, { error: 'log probabilities are not supported; omit logprobs or send false' }).nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
    store: z.literal(false, { error: 'stored completions are not supported; omit store or send false' }).nullish(),
  })
  .strict();

export type ChatRequest = z.output<typeof chatRequest>;
export type ChatMessage = z.output<typeof chatMessage>;

/** The text of a message's content (text parts joined). */
export function messageText(m: Pick<ChatMessage, 'content'>): string {
  const c = m.content;
  if (c === null || c === undefined) return '';
  if (typeof c === 'string') return c;
  return c
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n');
}

/** A message's text within INPUT_LIMITS.messageChars (its parts together), all of them within requestChars. */
export function checkInputLength(messages: ChatMessage[]): void {
  const { messageChars, requestChars } = INPUT_LIMITS;
  let total = 0;
  messages.forEach((m, i) => {
    const n = messageText(m).length + (m.tool_calls ?? []).reduce((k, c) => k + c.function.arguments.length, 0);
    if (n > messageChars) throw new InputError(`messages.${i}.content: ${n.toLocaleString('en')} characters; at most ${messageChars.toLocaleString('en')} per message`, `messages.${i}.content`, 'input_too_long', 413);
    total += n;
  });
  if (total > requestChars) throw new InputError(`messages: ${total.toLocaleString('en')} characters together; at most ${requestChars.toLocaleString('en')} per request`, 'messages', 'input_too_long', 413);
}

/** Whether any message carries an image part. */
export function hasImages(messages: ChatMessage[]): { message: number; part: number } | null {
  for (let i = 0; i < messages.length; i++) {
    const c = messages[i]!.content;
    if (Array.isArray(c)) {
      const j = c.findIndex((p) => p.type === 'image_url');
      if (j >= 0) return { message: i, part: j };
    }
  }
  return null;
}

/** What the schema cannot say: checks that need the configuration or the registry. Throws a 400 naming the field. */
export function checkChatRequest(body: ChatRequest, config: Config, opts: { upstream: boolean }): void {
  checkInputLength(body.messages);
  const img = hasImages(body.messages);
  if (img && !(opts.upstream && config.llm.imageModel)) {
    throw new InputError(`messages.${img.message}.content.${img.part}: image parts need a vision model, and none is configured (LLM_IMAGE_MODEL with an upstream model)`, `messages.${img.message}.content.${img.part}`, 'unsupported_content');
  }
  if (!body.messages.some((m) => m.role === 'user')) throw new InputError('messages: at least one message with role "user" is required', 'messages');
  const site = new Set(TOOLS.map((t) => t.name));
  const client = new Set<string>();
  body.tools?.forEach((t, i) => {
    const name = t.function.name;
    if (site.has(name)) throw new InputError(`tools.${i}.function.name: "${name}" is the name of a site tool, which the assistant runs itself; rename your function`, `tools.${i}.function.name`);
    if (client.has(name)) throw new InputError(`tools.${i}.function.name: "${name}" is declared twice`, `tools.${i}.function.name`);
    client.add(name);
  });
  const choice = body.tool_choice;
  if (choice && typeof choice === 'object' && !site.has(choice.function.name) && !client.has(choice.function.name)) {
    throw new InputError(`tool_choice.function.name: "${choice.function.name}" is neither a site tool (${[...site].join(', ')}) nor one of your tools`, 'tool_choice.function.name');
  }
  // The site's own agent (no upstream model) answers from the site's tools; it never calls a function of the
  // caller's, so a request that forces one cannot be honoured (structured-output clients would read a plain answer
  // as "no result" without an error).
  const forcesClientFunction = choice === 'required' ? client.size > 0 : typeof choice === 'object' && choice !== null && client.has(choice.function.name);
  if (!opts.upstream && forcesClientFunction) {
    throw new InputError(`tool_choice: forcing a call of your own function${choice && typeof choice === 'object' ? ` ("${choice.function.name}")` : ' ("required")'} needs an upstream model, and none is configured here; send tool_choice "auto" or "none"`, 'tool_choice', 'unsupported_parameter');
  }
}
