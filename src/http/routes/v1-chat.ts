// POST /v1/chat/completions: the site's assistant behind an OpenAI-compatible endpoint (Bearer key; one request
// is one call against the key's quota, whatever the number of tool calls or upstream rounds; its tokens are added to
// the key's totals).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addTokens } from '../../access/quota.ts';
import { assistantFor } from '../../agent/assistant.ts';
import { chatRequest, checkChatRequest } from '../../agent/request.ts';
import { chatCompletionResponse } from '../../agent/sse.ts';
import type { ServiceContext } from '../../context.ts';
import { answerChat } from '../chat-response.ts';

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
        produces: ['application/json', 'text/event-stream'],
        response: { 200: chatCompletionResponse },
      },
    },
    async (req, reply) => {
      const body = req.body;
      checkChatRequest(body, ctx.config, { upstream: assistant.upstream !== null });
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
          setImmediate(async () => {
            try {
              await addTokens(ctx.state(), keyId, usage.total_tokens);
            } catch (err) {
              req.log.warn({ err }, 'could not record tokens');
            }
          });
        },
      });
    },
  );
}
