// The site's notes and static pages as public HTML: /notes (the index), /notes/{slug}, /pages/{slug}. They are
// rendered from the same loaded content as /v1/site/notes, so the list and the pages cannot disagree. They use the
// site's one layout and page CSP (the pages plugin, config.page) and its asset sender (ETag, gzip, 304); the body is
// the sanitised HTML of content.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { html, sanitisedHtml, type Html } from '../../pages/html.ts';
import { renderLayout } from '../../pages/layout.ts';
import { siteContent, type Page } from '../../site/content.ts';
import { pageBySlug } from '../../site/notes.ts';
import { pagePath } from '../../site/search.ts';
import { asset, HTML_PAGE, sendAsset, TYPES } from '../plugins/pages.ts';

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
      const body = html`<div class="wrap"><h1>没有这个页面</h1><p class="panel">${err.message}</p><p><a href="/notes">看看全部笔记</a></p></div>`;
      return reply.code(404).header('content-type', TYPES.html).header('cache-control', 'no-store').send(render('没有这个页面', err.message, '/notes', body));
    }
    return send(req, reply, p.title, p.summary, pagePath(p), article(p));
  };

  r.get('/notes', { config, schema: { summary: 'web page: every note of the site, newest first, linking to /notes/{slug}', tags: ['pages'], ...HTML_PAGE } }, async (req, reply) => {
    const body = html`<div class="wrap note">
<h1>笔记</h1>
<p class="lead">本站的笔记：思辨、复盘、记。</p>
<ul class="news-list">
${siteContent().notes.map((n) => html`<li class="news-item"><p class="news-title"><a href="${pagePath(n)}">${n.title}</a> <span class="small muted">${n.kind} · ${n.date}</span></p><p class="small">${n.summary}</p></li>\n`)}</ul>
</div>`;
    return send(req, reply, '笔记', '本站的笔记：思辨、复盘、记', '/notes', body);
  });
  r.get('/notes/:slug', { config, schema: { summary: 'web page: one note (HTML, zh-CN)', tags: ['pages'], params, ...withNotFound } }, pageRoute('note'));
  r.get('/pages/:slug', { config, schema: { summary: 'web page: one static page of the site (about, data-api, tools, …)', tags: ['pages'], params, ...withNotFound } }, pageRoute('page'));
}
