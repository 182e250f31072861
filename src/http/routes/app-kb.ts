// Knowledge bases for app users (interface 4.4; Bearer login token): list the ones they may read (the site's and
// their own), create their own, add, list and delete chunks of their own, delete their own, search with hybrid
// retrieval. Legacy envelope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { addChunks, createKb, deleteChunk, deleteKb, listChunks, listKbs, readableKbIds, writableKb } from '../../kb/chunks.ts';
import { pageFields } from '../../data/paging.ts';
import { activeEmbedder } from '../../kb/embedder.ts';
import { callerLimit } from '../plugins/ip-limit.ts';
import { retrieve } from '../../kb/retrieve.ts';
import { siteKbReady } from '../../kb/site-seed.ts';
import { ConflictError } from '../../users/accounts.ts';
import { NotFoundError } from '../../errors.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';
import { plainText } from '../../text-input.ts';
import { sessionOf } from '../plugins/user-auth.ts';

export const KB_ID_RULE = '2–48 lowercase letters, digits, "-" or "_", starting with a letter or digit';
export const kbId = z.string().regex(/^[a-z0-9][a-z0-9_-]{1,47}$/, `must be ${KB_ID_RULE}`).describe(`knowledge base id: ${KB_ID_RULE}`);
export const CHUNK_TITLE_MAX = 200;
export const CHUNK_BODY_MAX = 20_000;

const kbSchema = z.object({ id: z.string(), name: z.string(), description: z.string(), owner: z.enum(['site', 'own']), chunks: z.number().int(), created_at: z.string() });
const chunkSchema = z.object({ id: z.number().int(), kb_id: z.string(), title: z.string(), body: z.string(), source: z.string().nullable(), embedder: z.string().nullable(), created_at: z.string() });

const text = (max: number, what: string) => plainText(max, what);

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'user' as const };
  const tags = ['knowledge base'];
  const store = () => ctx.state();
  const ready = async () => {
    await siteKbReady(store(), ctx.config);
    return activeEmbedder(store(), ctx.config);
  };
  const readable = async (userId: string, kbId: string): Promise<string> => {
    const [stored] = await readableKbIds(store(), userId, [kbId]);
    if (!stored) throw new NotFoundError(`kb_id: no knowledge base "${kbId}" that you may read`, 'kb_id');
    return stored;
  };

  r.get('/api/v1/kb', { config, schema: { summary: "knowledge bases you may read: the site's (read-only) and your own, with chunk counts", tags, response: { 200: envelopeSchema(z.object({ count: z.number().int(), items: z.array(kbSchema) })) } } }, async (req) => {
    await ready();
    const items = await listKbs(store(), sessionOf(req).user.id);
    return ok({ count: items.length, items });
  });

  r.post(
    '/api/v1/kb',
    {
      config,
      schema: {
        summary: 'create a knowledge base of your own (409 when the id is taken)',
        tags,
        body: z.object({ id: kbId, name: text(100, 'name'), description: text(1000, 'description').optional() }).strict(),
        response: { 201: envelopeSchema(z.object({ kb: kbSchema })) },
      },
    },
    async (req, reply) => {
      const userId = sessionOf(req).user.id;
      if (!(await createKb(store(), userId, req.body))) throw new ConflictError(`id: you already have a knowledge base "${req.body.id}" (or it is the site's); choose another`, 'id', 'kb_id_taken');
      const kb = (await listKbs(store(), userId)).find((k) => k.id === req.body.id)!;
      reply.code(201);
      return ok({ kb });
    },
  );

  r.post(
    '/api/v1/kb/:kb_id/chunks',
    {
      config,
      schema: {
        summary: `add a chunk to your knowledge base: indexed for full text (segmented words) and by vector (the configured embedder); 201, or 200 with duplicate=true when the same title and body are already there`,
        tags,
        params: z.object({ kb_id: kbId }),
        body: z.object({ title: text(CHUNK_TITLE_MAX, 'title'), body: text(CHUNK_BODY_MAX, 'body'), source: text(500, 'where the text comes from (a URL or a citation)').optional() }).strict(),
        response: { 200: envelopeSchema(z.object({ chunk: chunkSchema, duplicate: z.boolean() })), 201: envelopeSchema(z.object({ chunk: chunkSchema, duplicate: z.boolean() })) },
      },
    },
    async (req, reply) => {
      const user = sessionOf(req).user;
      const embedder = await ready();
      const kb = await writableKb(store(), req.params.kb_id, user.id);
      const [result] = await addChunks(store(), embedder, kb, [req.body], user.id);
      reply.code(result!.duplicate ? 200 : 201);
      return ok(result!);
    },
  );

  r.get(
    '/api/v1/kb/:kb_id/search',
    {
      // a search may embed its query upstream (the operator's money): limited per account like the app's chat
      config: { ...config, rateLimit: callerLimit({ perMinute: ctx.config.llm.proxyPerMinute, what: 'searches', who: 'this account', code: 'user_rate_limited', key: (req) => `user:${sessionOf(req).user.id}`, hook: 'preHandler' }) },
      schema: {
        summary: 'search a knowledge base: full-text and vector rankings fused by reciprocal rank fusion (mode=fulltext or vector for one index alone)',
        tags,
        params: z.object({ kb_id: kbId }),
        querystring: z.object({
          q: z.string().trim().min(1).max(500).describe('the question or words to look for'),
          k: z.coerce.number().int().min(1).max(20).default(5).describe('how many chunks (1–20, default 5)'),
          mode: z.enum(['hybrid', 'fulltext', 'vector']).default('hybrid'),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              query: z.string(),
              mode: z.enum(['hybrid', 'fulltext', 'vector']),
              embedder: z.string(),
              count: z.number().int(),
              summary: z.string(),
              items: z.array(
                chunkSchema.pick({ id: true, kb_id: true, title: true, body: true, source: true }).extend({
                  score: z.number().describe('reciprocal-rank-fusion score'),
                  ranks: z.object({ fulltext: z.number().int().nullable(), vector: z.number().int().nullable() }).describe('1-based rank in each index (null: not found there)'),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = sessionOf(req).user;
      const embedder = await ready();
      const items = await retrieve(store(), embedder, [await readable(user.id, req.params.kb_id)], req.query.q, { k: req.query.k, mode: req.query.mode });
      return ok({ query: req.query.q, mode: req.query.mode, embedder: embedder.id, count: items.length, summary: items.length ? `${items.length} chunks` : 'nothing in this knowledge base matches', items });
    },
  );


  r.get(
    '/api/v1/kb/:kb_id/chunks',
    {
      config,
      schema: {
        summary: 'the chunks of a knowledge base you may read, newest first, paged (page, page_size ≤ 100)',
        tags,
        params: z.object({ kb_id: kbId }),
        querystring: z.object(pageFields).strict(),
        response: { 200: envelopeSchema(z.object({ items: z.array(chunkSchema), page: z.number().int(), page_size: z.number().int(), has_more: z.boolean() })) },
      },
    },
    async (req) => {
      await ready();
      return ok(await listChunks(store(), await readable(sessionOf(req).user.id, req.params.kb_id), req.query));
    },
  );

  r.delete(
    '/api/v1/kb/:kb_id/chunks/:chunk_id',
    {
      config,
      schema: {
        summary: 'delete a chunk of your knowledge base (from both indexes); 404 when it has no such chunk or you have no such knowledge base, 403 for the site\'s',
        tags,
        params: z.object({ kb_id: kbId, chunk_id: z.coerce.number().int().min(1).describe('chunk id') }),
        response: { 200: envelopeSchema(z.object({ deleted: z.literal(true), id: z.number().int() })) },
      },
    },
    async (req) => {
      const kb = await writableKb(store(), req.params.kb_id, sessionOf(req).user.id);
      if (!(await deleteChunk(store(), kb, req.params.chunk_id))) throw new NotFoundError(`chunk_id: the knowledge base "${req.params.kb_id}" has no chunk ${req.params.chunk_id}`, 'chunk_id');
      return ok({ deleted: true as const, id: req.params.chunk_id });
    },
  );

  r.delete(
    '/api/v1/kb/:kb_id',
    {
      config,
      schema: {
        summary: "delete a knowledge base of yours with all its chunks; 404 when you have none by that id, 403 for the site's",
        tags,
        params: z.object({ kb_id: kbId }),
        response: { 200: envelopeSchema(z.object({ deleted: z.literal(true), id: z.string(), chunks: z.number().int().describe('chunks deleted with it') })) },
      },
    },
    async (req) => {
      const kb = await writableKb(store(), req.params.kb_id, sessionOf(req).user.id);
      return ok({ deleted: true as const, id: req.params.kb_id, chunks: await deleteKb(store(), kb) });
    },
  );
}
