// The site's notes and static pages as public HTML: /notes (the index), /notes/{slug}, /pages/{slug}. They are
// rendered from the same loaded content as /v1/site/notes, so the list and the pages cannot disagree. They use the
// site's one layout and page CSP (the pages plugin, config.page) and its asset sender (ETag, gzip, 304); the body is
// the sanitised HTML of content.ts.
import { documentOnly } from '../openapi.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { html, sanitisedHtml, type Html } from '../../pages/html.ts';
import { renderLayout } from '../../pages/layout.ts';
import { NOTE_KINDS, siteContent, type Page } from '../../site/content.ts';
import { filterNotes, pageBySlug } from '../../site/notes.ts';
import { pagePath, SEARCH_SCOPES, searchSite } from '../../site/search.ts';
import { forumStore, listForumPosts } from '../../site/forum.ts';
import { renderSearch } from '../../pages/search/render.ts';
import { asset, HTML_PAGE, sendAsset, sendPage, TYPES, zodFilterError } from '../plugins/pages.ts';

function article(p: Page): Html {
  return html`<div class="wrap note">
<nav class="small" aria-label="笔记与页面"><a href="/notes">全部笔记</a> · <a href="/pages/about">关于本站</a> · <a href="/pages/tools">工具</a> · <a href="/pages/data-api">数据接口</a></nav>
<article class="panel">
<h1>${p.title}</h1>
<p class="meta small muted">${p.kind ? html`<span>${p.kind}</span> · ` : ''}<time datetime="${p.date}">${p.date}</time> ${p.tags.map((t) => html`<span class="tag">${t}</span>`)}</p>
<div class="post-body">${sanitisedHtml(p.html)}</div>
</article>
</div>`;
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'public' as const, page: true };
  // Any path segment is looked up: a mistyped address gets the HTML 404 page, not a JSON validation error.
  const params = z.object({ slug: z.string().max(200) });
  const withNotFound = { ...HTML_PAGE, response: { ...HTML_PAGE.response, 404: z.string().describe('the HTML not-found page') } };

  const render = (title: string, description: string, path: string, body: Html) =>
    renderLayout({ title, description, path, siteName: ctx.config.siteName, brand: ctx.config.brand, body });
  const send = (req: FastifyRequest, reply: FastifyReply, title: string, description: string, path: string, body: Html) =>
    sendAsset(req, reply, asset(render(title, description, path, body), TYPES.html));

  const pageRoute = (type: 'note' | 'page') => async (req: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    let p: Page;
    try {
      p = pageBySlug(siteContent(), req.params.slug, type);
    } catch (err) {
      if (!(err instanceof ServiceError) || err.status !== 404) throw err;
      const what = type === 'note' ? '笔记' : '页面';
      const said = `本站没有地址为“${req.params.slug}”的${what}。`;
      // the address the reader asked for is shown as code: it is a path, not prose of the page
      const asked = `/${type === 'note' ? 'notes' : 'pages'}/${req.params.slug}`;
      const body = html`<div class="wrap"><h1>没有这个页面</h1><p class="panel">本站没有地址为 <code>${asked}</code> 的${what}。</p><p><a href="/notes">看看全部笔记</a></p></div>`;
      return sendPage(reply, 404, render('没有这个页面', said, '/notes', body), 'no-store');
    }
    return send(req, reply, p.title, p.summary, pagePath(p), article(p));
  };

  // /notes?kind=&tag=: the kinds and tags as links (with counts), the notes matching them newest first.
  const noteFilters = z.object({
    kind: z.enum(NOTE_KINDS, { error: `must be one of ${NOTE_KINDS.join(', ')}` }).optional(),
    tag: z.string().trim().min(1).max(30, 'at most 30 characters').optional(),
  });
  const notesHref = (f: { kind?: string; tag?: string }) => {
    const q = new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1]))).toString();
    return q ? `/notes?${q}` : '/notes';
  };
  r.get(
    '/notes',
    { config, validatorCompiler: documentOnly, schema: { summary: 'web page: the notes of the site, newest first, linking to /notes/{slug}; kind and tag filters', tags: ['pages'], querystring: noteFilters, produces: HTML_PAGE.produces, response: { 200: HTML_PAGE.response[200], 400: z.string().describe('the HTML page explaining the bad filter') } } },
    async (req, reply) => {
      const raw = req.query as Record<string, unknown>;
      const parsed = noteFilters.safeParse({ kind: raw.kind || undefined, tag: raw.tag || undefined });
      const f = parsed.success ? parsed.data : {};
      const error = parsed.success ? null : zodFilterError(parsed.error);
      const all = siteContent().notes;
      const notes = error ? [] : filterNotes(siteContent(), f);
      const tagCounts = new Map<string, number>();
      for (const n of all) for (const t of n.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
      const tags = [...tagCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      const current = (on: boolean) => (on ? html` aria-current="true"` : '');
      const described = [f.kind && `“${f.kind}”类`, f.tag && `标签「${f.tag}」`].filter(Boolean).join('、');
      const body = html`<div class="wrap note">
<h1>笔记</h1>
<p class="lead">本站的笔记：思辨（想清楚一个问题）、复盘（回头看做过的事）、记（照着做的说明）。</p>
<nav class="tag-cloud" aria-label="按类别浏览"><a class="tag" href="${notesHref({ tag: f.tag })}"${current(!f.kind)}>全部 <span class="muted">${all.length}</span></a>${NOTE_KINDS.map((k) => html`<a class="tag" href="${notesHref({ kind: k, tag: f.tag })}"${current(f.kind === k)}>${k} <span class="muted">${all.filter((n) => n.kind === k).length}</span></a>`)}</nav>
<nav class="tag-cloud" aria-label="按标签浏览">${tags.map(([t, c]) => html`<a class="tag" href="${notesHref({ kind: f.kind, tag: f.tag === t ? undefined : t })}"${current(f.tag === t)}>${t} <span class="muted">${c}</span></a>`)}</nav>
${error ? html`<p class="alert" role="alert">${error}</p>` : html`<p class="small muted" id="notes-count">${described ? `${described}：` : ''}${notes.length} 篇${described ? html`（<a href="/notes">看全部</a>）` : ''}</p>`}
<ul class="news-list" id="note-list">
${notes.map((n) => html`<li class="news-item" data-slug="${n.slug}"><p class="news-title"><a href="${pagePath(n)}">${n.title}</a> <span class="small muted">${n.kind} · ${n.date}</span></p><p class="small">${n.summary}</p><p class="small">${n.tags.map((t) => html`<a class="tag" href="${notesHref({ tag: t })}">${t}</a>`)}</p></li>\n`)}</ul>
</div>`;
      if (error) return sendPage(reply, 400, render('笔记', '本站的笔记：思辨、复盘、记', '/notes', body));
      return send(req, reply, described ? `笔记：${described}` : '笔记', '本站的笔记：思辨、复盘、记', '/notes', body);
    },
  );
  r.get('/notes/:slug', { config, schema: { summary: 'web page: one note (HTML, zh-CN)', tags: ['pages'], params, ...withNotFound } }, pageRoute('note'));
  r.get('/pages/:slug', { config, schema: { summary: 'web page: one static page of the site (about, data-api, tools, …)', tags: ['pages'], params, ...withNotFound } }, pageRoute('page'));

  // Unknown parameters (tracking tags, old links) are ignored on a page; a bad value is explained on it (400).
  const searchQuery = z.object({
    q: z.string().trim().max(100, 'at most 100 characters').default(''),
    scope: z.enum(SEARCH_SCOPES, { error: `must be one of ${SEARCH_SCOPES.join(', ')}` }).default('all'),
  });
  const SEARCH_HITS = 20;
  const SEARCH_POSTS = 5;
  r.get(
    '/search',
    { config, validatorCompiler: documentOnly, schema: { summary: "web page: search the site's pages and notes (the search_site engine, best first, highlighted) and the forum posts holding the words; q, scope", tags: ['pages'], querystring: searchQuery, produces: HTML_PAGE.produces, response: { 200: HTML_PAGE.response[200], 400: z.string().describe('the HTML page explaining the bad parameter') } } },
    async (req, reply) => {
      const raw = req.query as Record<string, unknown>;
      const parsed = searchQuery.safeParse({ q: raw.q, scope: raw.scope === '' ? undefined : raw.scope });
      const q = parsed.success ? parsed.data.q : typeof raw.q === 'string' ? raw.q.slice(0, 100) : '';
      const scope = parsed.success ? parsed.data.scope : 'all';
      const error = parsed.success ? null : zodFilterError(parsed.error, '搜索条件', { scope: { all: '全部', notes: '笔记', pages: '页面' } });
      const hits = q && !error ? searchSite(siteContent(), { q, scope, limit: SEARCH_HITS }) : [];
      const posts = q && !error ? await listForumPosts(await forumStore(ctx.state(), siteContent()), { q, full: false, page: 1, page_size: SEARCH_POSTS }) : { items: [], has_more: false };
      const body = renderSearch({ q, scope, hits, posts: posts.items, morePosts: posts.has_more, error });
      return sendPage(reply, error ? 400 : 200, render(q ? `搜索：${q}` : '站内搜索', '在本站的页面、笔记和论坛中搜索', '/search', body));
    },
  );
}
