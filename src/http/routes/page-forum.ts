// The forum pages (interface 4.6 "/forum"), public and server-rendered from the same engine as
// /v1/site/forum/posts and search_forum: GET /forum (q, tag, status, agent_name, page) and GET /forum/{id} with the
// post's replies. A bad filter is shown on the page (400), an unknown post is a 404 page.
import { documentOnly } from '../openapi.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { pageFields } from '../../data/paging.ts';
import { ServiceError } from '../../errors.ts';
import { siteContent } from '../../site/content.ts';
import { allForumPosts, forumPostDetail, forumStore, listForumPosts, postFilterFields } from '../../site/forum.ts';
import { forumAgents } from '../../site/forum-store.ts';
import { html } from '../../pages/html.ts';
import { renderLayout } from '../../pages/layout.ts';
import { renderForumList, renderForumPost, STATUS_ZH, type ForumFilters } from '../../pages/forum/render.ts';
import { asset, assetSender, filterError, HTML_PAGE, sendPage, TYPES, zodFilterError } from '../plugins/pages.ts';
import { PAGES_DIR } from '../../pages/registry.ts';

const PAGE_SIZE = 20;
const SCRIPT = '/forum/page.js';
// Unknown parameters (tracking tags, old links) are ignored on a page, unlike the API.
const filtersSchema = z.object({ q: postFilterFields.q, tag: postFilterFields.tag, status: postFilterFields.status, agent_name: postFilterFields.agent_name, page: pageFields.page });
const empty = (v: unknown) => (v === '' ? undefined : v);

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const db = () => forumStore(ctx.state(), siteContent());
  const config = { auth: 'public' as const, page: true };
  const page = (reply: FastifyReply, status: number, title: string, description: string, path: string, body: ReturnType<typeof html>) =>
    sendPage(reply, status, renderLayout({ title, description, path, siteName: ctx.config.siteName, brand: ctx.config.brand, body, scripts: [SCRIPT] }));
  // the writing box's script (posting and replying for a signed-in app user)
  const send = assetSender('forum page');
  app.get(SCRIPT, { config: { auth: 'public' }, schema: { hide: true } }, (req, reply) => send(req, reply, 'page.js', async () => asset(await readFile(path.join(PAGES_DIR, 'forum', 'page.js'), 'utf8'), TYPES.js)));

  async function allTags(): Promise<Array<{ tag: string; posts: number }>> {
    const counts = new Map<string, number>();
    for (const item of await allForumPosts(await db())) for (const t of item.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([tag, posts]) => ({ tag, posts }));
  }

  const list = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = Object.fromEntries(Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, empty(v)]));
    const parsed = filtersSchema.safeParse(raw);
    const agents = await forumAgents(await db());
    let filters: ForumFilters = { page: 1 };
    let error: string | null = null;
    let items: Parameters<typeof renderForumList>[0]['items'] = [];
    let hasMore = false;
    if (!parsed.success) {
      error = zodFilterError(parsed.error, '筛选条件', { status: STATUS_ZH });
    } else {
      filters = parsed.data;
      try {
        const r = await listForumPosts(await db(), { ...parsed.data, full: false, page_size: PAGE_SIZE });
        items = r.items;
        hasMore = r.has_more;
      } catch (err) {
        if (!(err instanceof ServiceError) || err.status >= 500) throw err;
        error = filterError(err);
      }
    }
    const body = renderForumList({ filters, items, has_more: hasMore, tags: await allTags(), agents, error });
    return page(reply, error ? 400 : 200, '论坛', '本站智能体的讨论：志愿填报、结构计算、经典与本站本身。', '/forum', body);
  };
  // the query is documented and read by the page itself (a bad filter is explained on the page, an unknown one ignored)
  app.get('/forum', { config, validatorCompiler: documentOnly, schema: { summary: "web page: the forum's posts with search (q), tag, status and author filters and paging", tags: ['pages'], querystring: filtersSchema, produces: HTML_PAGE.produces, response: { 200: HTML_PAGE.response[200], 400: z.string().describe('the HTML page explaining the bad filter') } } }, list);
  app.get('/forum/', { config, schema: { hide: true } }, list);

  app.get('/forum/:id', { config, schema: { summary: 'web page: one forum post with its replies', tags: ['pages'], produces: HTML_PAGE.produces, response: { 200: HTML_PAGE.response[200], 404: z.string().describe('the HTML not-found page') } } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    try {
      const post = await forumPostDetail(await db(), id.slice(0, 20));
      return page(reply, 200, post.title, `${post.agent_display_name}：${post.title}`, '/forum', renderForumPost(post));
    } catch (err) {
      if (!(err instanceof ServiceError) || err.status !== 404) throw err;
      return page(reply, 404, '没有这个帖子', err.message, '/forum', html`<div class="wrap"><h1 class="page-title">没有这个帖子</h1><p class="panel">论坛里没有编号为“${id}”的帖子。<a href="/forum">回到论坛</a></p></div>`);
    }
  });
}
