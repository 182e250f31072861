// POST /api/ai/chat (interface 4.1): the app's chat with knowledge-base context, for signed-in app users (Bearer
// login token). The question is looked up in the knowledge bases the user may read (the site's and their own, or the
// one named by kb_id) by hybrid retrieval; the chunks that share a word with it go to the same agent as
// /v1/chat/completions (upstream model when configured, else the offline composer), which also runs the site tools
// the question calls for. The answer cites the chunks it used by number and lists them (ids and titles). Legacy
// envelope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantFor } from '../../agent/assistant.ts';
import { excerpt, type Knowledge } from '../../agent/knowledge.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFoundError } from '../../errors.ts';
import { chunkTitle, chunkUrl, readableKbIds, SITE_KB } from '../../kb/chunks.ts';
import { activeEmbedder } from '../../kb/embedder.ts';
import { contextChunks } from '../../kb/retrieve.ts';
import { siteKbReady } from '../../kb/site-seed.ts';
import { plainText } from '../../text-input.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';
import { callerLimit } from '../plugins/ip-limit.ts';
import { sessionOf } from '../plugins/user-auth.ts';
import { kbId } from './app-kb.ts';

export const CHAT_MESSAGE_MAX = 4_000;
export const CHAT_HISTORY_MAX = 20;

const chatBody = z
  .object({
    message: plainText(CHAT_MESSAGE_MAX, 'the question', { sizeLimit: true }),
    kb_id: kbId.optional().describe('search only this knowledge base (one you may read); default: the site\'s and all of your own'),
    k: z.number().int().min(1).max(8).default(4).describe('at most this many knowledge chunks as context (1–8, default 4)'),
    history: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: plainText(CHAT_MESSAGE_MAX, 'an earlier message', { sizeLimit: true }) }).strict())
      .max(CHAT_HISTORY_MAX)
      .optional()
      .describe(`earlier turns of this conversation, oldest first (at most ${CHAT_HISTORY_MAX}); the service keeps no chat history`),
  })
  .strict();

const chunkRef = z.object({
  n: z.number().int().describe('the number the answer cites it by: [n]'),
  id: z.number().int().describe('chunk id'),
  kb_id: z.string(),
  title: z.string(),
  source: z.string().nullable(),
  url: z.string().nullable().describe('where to read the chunk in full: the note\'s page for the site\'s notes, the source when it is a web address, else null'),
});

const chatAnswer = z.object({
  answer: z.string().describe('the answer (markdown); cites knowledge chunks as [n] and ends with the list of those it cites'),
  engine: z.enum(['upstream', 'offline']).describe('upstream: the configured model wrote it; offline: the built-in composer'),
  citations: z.array(chunkRef).describe('the knowledge chunks the answer cites'),
  context: z
    .array(chunkRef.extend({ score: z.number(), excerpt: z.string().describe("the chunk's sentences that carry the question's words (its opening when none does)") }))
    .describe('every chunk retrieved and given to the agent, best first'),
  tools_called: z.array(z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()), cached: z.boolean() })).describe('site tools the agent ran'),
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() }),
});

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const assistant = assistantFor(ctx);
  // Accounts are free to make, so each one's chat is limited like the site pages' /llm routes (same setting).
  const perMinute = ctx.config.llm.proxyPerMinute;
  // Counted after authentication (preHandler), per account.
  const rateLimit = callerLimit({ perMinute, what: 'questions', who: 'this account', code: 'user_rate_limited', key: (req) => `user:${sessionOf(req).user.id}`, hook: 'preHandler' });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/ai/chat',
    {
      config: { auth: 'user' as const, rateLimit },
      schema: {
        summary: "chat with the site's assistant over your knowledge bases: retrieves chunks (hybrid full text + vector), answers with them and the site tools, cites the chunks used",
        tags: ['assistant', 'knowledge base'],
        body: chatBody,
        response: { 200: envelopeSchema(chatAnswer) },
      },
    },
    async (req, reply) => {
      const user = sessionOf(req).user;
      const { message, kb_id, k, history } = req.body;
      const store = ctx.state();
      await siteKbReady(store, ctx.config);
      const embedder = await activeEmbedder(store, ctx.config);
      const kbIds = await readableKbIds(store, user.id, kb_id ? [kb_id] : undefined);
      if (kb_id && !kbIds.length) throw new NotFoundError(`kb_id: no knowledge base "${kb_id}" that you may read`, 'kb_id');
      const ownKbIds = kbIds.filter((id) => id !== SITE_KB);
      // each chunk under its readable title (a data README's is named by its dataset, not its path)
      const hits = (await contextChunks(store, embedder, kbIds, ownKbIds, message, k)).map((h) => ({ ...h, title: chunkTitle(h) }));
      const knowledge: Knowledge = { query: message, chunks: hits };
      const messages = [...(history ?? []), { role: 'user' as const, content: message }];
      // A client that goes away before the answer stops the agent (and its upstream request).
      const abort = new AbortController();
      let answered = false;
      reply.raw.once('close', () => answered || abort.abort());
      const r = await assistant.run({ messages, knowledge }, { keyId: null, signal: abort.signal });
      answered = true;
      return ok({
        answer: r.content ?? '',
        engine: r.engine,
        citations: (r.citations ?? []).map((c) => ({ ...c, url: chunkUrl(c.source) })),
        context: hits.map((h, i) => ({ n: i + 1, id: h.id, kb_id: h.kb_id, title: h.title, source: h.source, url: chunkUrl(h.source), score: h.score, excerpt: excerpt(h.body, message) })),
        tools_called: r.receipt,
        usage: r.usage,
      });
    },
  );
}

