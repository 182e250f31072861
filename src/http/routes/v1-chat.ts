// POST /v1/chat/completions: the site's assistant behind an OpenAI-compatible endpoint (Bearer key; one request
// is one call against the key's quota, whatever the number of tool calls or upstream rounds; its tokens are added to
// the key's totals).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addTokens } from '../../access/quota.ts';
import { assistantFor } from '../../agent/assistant.ts';
import { chatRequest, hasImages, type ChatRequest } from '../../agent/request.ts';
import type { ServiceContext } from '../../context.ts';
import { InputError } from '../../errors.ts';
import { TOOLS } from '../../../tools/index.ts';
import { answerChat } from '../chat-response.ts';

/** What the schema cannot say: checks that need the configuration or the registry. Throws a 400 naming the field. */
export function checkChatRequest(body: ChatRequest, ctx: ServiceContext, opts: { upstream: boolean }): void {
  const img = hasImages(body.messages);
  if (img && !(opts.upstream && ctx.config.llm.imageModel)) {
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
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const assistant = assistantFor(ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/chat/completions',
    {
      schema: {
        summary: `OpenAI-compatible chat with the site's assistant (runs site tools; receipt under "${ctx.config.brand}" and the x-${ctx.config.brand}-tools header); streaming and not; one call against the quota per request`,
        tags: ['assistant'],
        body: chatRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      checkChatRequest(body, ctx, { upstream: assistant.upstream !== null });
      const keyId = req.apiKey?.id ?? null;
      return answerChat(req, reply, {
        ctx,
        stream: body.stream === true,
        includeUsage: body.stream_options?.include_usage === true,
        run: (signal, events) =>
          assistant.run({ ...body, max_tokens: body.max_completion_tokens ?? body.max_tokens, stream: body.stream === true }, { keyId, signal }, events),
        // Recorded right after the answer leaves (the call itself was counted before it ran): the write is off the
        // response's path.
        onUsage: (usage) => {
          if (!keyId) return;
          setImmediate(() => {
            try {
              addTokens(ctx.stateDb(), keyId, usage.total_tokens);
            } catch (err) {
              req.log.warn({ err }, 'could not record tokens');
            }
          });
        },
      });
    },
  );
}
