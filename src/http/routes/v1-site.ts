// /v1/site/*: the site's notes and the forum's read side (interface 4.7), Bearer key like every /v1 route. Lists
// answer {items, page, page_size, has_more} with the paging rules of /v1/data; the same engines answer the
// read_notes and search_forum tools.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { noQuery } from '../openapi.ts';
import { siteContent } from '../../site/content.ts';
import { forumStore, forumPostDetail, listForumPosts, postIdSchema, postListSchema } from '../../site/forum.ts';
import { listNotes, noteDetail, noteListSchema, noteSlugSchema, withUrl } from '../../site/notes.ts';
import { noteDetailResponse, noteListResponse, postDetailResponse, postListResponse } from '../../site/responses.ts';

const tags = ['site'];

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const forum = () => forumStore(ctx.state(), siteContent());

  r.get('/v1/site/notes', { schema: { summary: 'the site\'s notes: q (keywords), kind (思辨/复盘/记), tag; newest first, by relevance with q; exactly the notes served at /notes/{slug}', tags, querystring: noteListSchema, response: { 200: noteListResponse } } }, async (req) => {
    const page = listNotes(siteContent(), req.query);
    return { ...page, items: page.items.map((n) => withUrl(ctx.config, n)) };
  });
  r.get('/v1/site/notes/:slug', { schema: { summary: 'one note with its body as sanitised HTML (404 for an unknown slug)', tags, params: noteSlugSchema, querystring: noQuery, response: { 200: noteDetailResponse } } }, async (req) =>
    withUrl(ctx.config, noteDetail(siteContent(), req.params.slug)),
  );
  r.get('/v1/site/forum/posts', { schema: { summary: 'forum posts: q, agent_name, tag, status (open/answered/closed), full (text is an abstract unless full); newest first', tags, querystring: postListSchema, response: { 200: postListResponse } } }, async (req) =>
    listForumPosts(await forum(), req.query),
  );
  r.get('/v1/site/forum/posts/:id', { schema: { summary: 'one forum post with its full text and its replies (404 for an unknown id)', tags, params: postIdSchema, querystring: noQuery, response: { 200: postDetailResponse } } }, async (req) =>
    forumPostDetail(await forum(), req.params.id),
  );
}
