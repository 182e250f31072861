// The site's legacy AI endpoints (interface 4.1, 2.2, 2.3): GET /api/v1/config, POST /llm/chat and
// POST /llm/chat/completions. The /llm routes hold the upstream key server-side (whatever key a client sends is
// ignored) and answer with the site's agent when no upstream model is configured, so the site's chat pages work on a
// fresh machine. /llm/chat/completions serves only the site's own pages (Origin, or Referer when Origin is absent,
// must be this site's address; 403 otherwise) and, with an upstream model, also wants the page token the pages carry
// (../page-token.ts); both /llm routes are limited per client IP (429 with retry-after). With an upstream model the
// site's system prompt always comes first (a caller's own system prompt follows it, it never replaces it), and every
// round counts against the site's daily budget (access/llm-budget.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantFor } from '../../agent/assistant.ts';
import { systemPrompt } from '../../agent/prompt.ts';
import { TOOLS } from '../../../tools/index.ts';
import { pageTokens, type PageTokenCheck } from '../page-token.ts';
import { relayChat } from '../../agent/relay.ts';
import { chatRequest, checkChatRequest, INPUT_LIMITS, MESSAGE_TOO_LONG } from '../../agent/request.ts';
import { chatCompletionResponse } from '../../agent/sse.ts';
import type { ServiceContext } from '../../context.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';
import { perIpLimit } from '../plugins/ip-limit.ts';
import { ServiceError } from '../../errors.ts';
import { answerChat } from '../chat-response.ts';
import { allowedHosts } from '../plugins/origin-guard.ts';

const proxyRequest = z
  .object({
    message: z.string().min(1).max(INPUT_LIMITS.messageChars, MESSAGE_TOO_LONG).describe(`user message (at most ${INPUT_LIMITS.messageChars} characters)`),
    system_prompt: z.string().max(INPUT_LIMITS.messageChars, MESSAGE_TOO_LONG).optional().describe(`system prompt (at most ${INPUT_LIMITS.messageChars} characters)`),
    temperature: z.number().min(0).max(2).optional().describe('sampling temperature'),
    max_tokens: z.number().int().min(1).max(1_000_000).optional().describe('output token cap'),
  })
  .strict();

const configSchema = envelopeSchema(
  z.object({
    api_url: z.string().describe("this site's model proxy (OpenAI base URL)"),
    chat_model: z.string(),
    image_model: z.string(),
    mode: z.enum(['api', 'agent']).describe('api: an upstream model is configured; agent: the site\'s agent answers'),
  }),
);

const proxyResultSchema = z.object({ success: z.literal(true), data: z.object({ content: z.string(), model: z.string() }) });

/** The origin of a browser request: Origin, else the origin of Referer; null when neither is usable. */
export function requestOrigin(req: FastifyRequest): string | null {
  const value = req.headers.origin ?? req.headers.referer;
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The site's own address, or this very server when it is addressed by one of its own names (loopback, HOST). */
export function isOwnOrigin(req: FastifyRequest, ctx: ServiceContext, allowed: Set<string>): boolean {
  const origin = requestOrigin(req);
  if (!origin) return false;
  if (origin === new URL(ctx.config.siteUrl).origin) return true;
  const host = req.headers.host?.toLowerCase();
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return allowed.has(name) && (origin === `http://${host}` || origin === `https://${host}`);
}

class ForeignOriginError extends ServiceError {
  constructor() {
    super("forbidden: this endpoint serves only the site's own pages (Origin or Referer must be the site's address); use /v1/chat/completions with a key", 403, 'permission_error', 'foreign_origin');
  }
}

const PAGE_TOKEN_REFUSALS: Record<Exclude<PageTokenCheck, 'valid'>, string> = {
  missing: "this endpoint serves only the site's own pages: load a page of the site first (it carries a short-lived page token); apps use /llm/chat, SDKs /v1/chat/completions with a key",
  expired: 'the page token has expired: load the page again',
  invalid: 'the page token is not valid for this address: load the page again',
};

class PageTokenError extends ServiceError {
  constructor(check: Exclude<PageTokenCheck, 'valid'>) {
    super(PAGE_TOKEN_REFUSALS[check], 403, 'permission_error', `page_token_${check}`);
  }
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const assistant = assistantFor(ctx);
  const limited = { rateLimit: perIpLimit(ctx.config.llm.proxyPerMinute, 'chat requests') };
  const allowed = allowedHosts(ctx.config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const tokens = pageTokens(ctx.config);
  const sameOrigin = async (req: FastifyRequest) => {
    if (!isOwnOrigin(req, ctx, allowed)) throw new ForeignOriginError();
    // the site's own agent costs the operator nothing; the upstream model does
    if (assistant.upstream) {
      const check = tokens.check(req.headers.cookie, req.ip);
      if (check !== 'valid') throw new PageTokenError(check);
    }
  };
  const sitePrompt = { role: 'system' as const, content: systemPrompt(ctx.config, TOOLS) };
  // A browser on another site always sends its Origin on a cross-origin POST; the app sends none.
  const noForeignBrowser = async (req: FastifyRequest) => {
    if (requestOrigin(req) !== null && !isOwnOrigin(req, ctx, allowed)) throw new ForeignOriginError();
  };

  r.get(
    '/api/v1/config',
    { schema: { summary: 'default AI configuration for the app (legacy envelope): api_url, chat_model, image_model, mode; never a key', tags: ['legacy'], response: { 200: configSchema } } },
    async () =>
      ok({
        // The app talks to this site's proxy, which holds the upstream key.
        api_url: `${ctx.config.siteUrl}/llm`,
        chat_model: ctx.config.llm.chatModel || ctx.config.brand,
        image_model: ctx.config.llm.imageModel,
        mode: assistant.upstream ? ('api' as const) : ('agent' as const),
      }),
  );

  r.post(
    '/llm/chat',
    {
      schema: { summary: "chat proxy (legacy): {message, system_prompt?, temperature?, max_tokens?} → {success, data: {content, model}}; the site's agent answers when no upstream model is configured", tags: ['legacy'], body: proxyRequest, response: { 200: proxyResultSchema } },
      config: limited,
      onRequest: [noForeignBrowser],
    },
    async (req, reply) => {
      const b = req.body;
      const messages = [...(assistant.upstream ? [sitePrompt] : []), ...(b.system_prompt ? [{ role: 'system' as const, content: b.system_prompt }] : []), { role: 'user' as const, content: b.message }];
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      const input = { messages, temperature: b.temperature, max_tokens: b.max_tokens };
      const result = assistant.upstream ? await relayChat(assistant.upstream, input, abort.signal) : await assistant.run(input, { keyId: null, signal: abort.signal });
      return { success: true as const, data: { content: result.content ?? '', model: assistant.upstream?.model ?? ctx.config.brand } };
    },
  );

  r.post(
    '/llm/chat/completions',
    {
      schema: {
        summary: "OpenAI-compatible chat for the site's own pages (same origin only, per-IP limit, upstream key injected server-side); the site's agent answers when no upstream model is configured",
        tags: ['legacy'],
        body: chatRequest,
        produces: ['application/json', 'text/event-stream'],
        response: { 200: chatCompletionResponse },
      },
      // sameOrigin: the service's Host/Origin guard first (and the 403 in the OpenAPI document), then the stricter
      // check that the request comes from the site's own page
      config: { sameOrigin: true, ...limited },
      onRequest: [sameOrigin],
    },
    async (req, reply) => {
      const body = req.body;
      checkChatRequest(body, ctx.config, { upstream: assistant.upstream !== null });
      const input = { ...body, max_tokens: body.max_completion_tokens ?? body.max_tokens, stream: body.stream === true };
      return answerChat(req, reply, {
        ctx,
        stream: body.stream === true,
        includeUsage: body.stream_options?.include_usage === true,
        run: (signal, events) => (assistant.upstream ? relayChat(assistant.upstream, { ...input, messages: [sitePrompt, ...input.messages] }, signal, events) : assistant.run(input, { keyId: null, signal }, events)),
      });
    },
  );
}
