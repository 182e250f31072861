// The site's notes and static pages as public HTML: /notes (the index), /notes/{slug}, /pages/{slug}. They are
// rendered from the same loaded content as /v1/site/notes, so the list and the pages cannot disagree. The body is
// the sanitised HTML of content.ts; the page carries a strict CSP (no script at all, the one inline style allowed
// by its hash) and lang="zh-CN".
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { siteContent, type Page } from '../../site/content.ts';
import { z } from 'zod';
import { pageBySlug } from '../../site/notes.ts';
import { escapeHtml } from '../../site/render.ts';
import { pagePath } from '../../site/search.ts';

const STYLE = `
body{margin:0 auto;max-width:46rem;padding:1.5rem 1rem 4rem;font:17px/1.75 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#222;background:#fff}
nav{font-size:.9rem;margin-bottom:2rem}nav a{margin-right:1rem}
h1{font-size:1.7rem;line-height:1.3;margin:.2rem 0 .4rem}.meta{color:#666;font-size:.9rem;margin-bottom:1.5rem}
.tag{display:inline-block;background:#f0f3f6;border-radius:3px;padding:0 .4rem;margin-right:.3rem}
a{color:#0b5cad}pre{background:#f6f8fa;padding:.8rem;overflow-x:auto}code{font-size:.9em}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ddd;padding:.3rem .6rem}
blockquote{margin:1rem 0;padding:.2rem 1rem;border-left:4px solid #ddd;color:#555}
ul.list{list-style:none;padding:0}ul.list li{margin:0 0 1.2rem}ul.list .summary{color:#444;font-size:.95rem}
footer{margin-top:3rem;color:#888;font-size:.85rem}
`.trim();

const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function layout(ctx: ServiceContext, title: string, description: string, path: string, main: string): string {
  const site = escapeHtml(ctx.config.siteName);
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${site}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(ctx.config.siteUrl + path)}">
<style>${STYLE}</style>
</head>
<body>
<nav><a href="/notes">笔记</a><a href="/pages/about">关于</a><a href="/pages/tools">工具</a><a href="/pages/data-api">数据接口</a><a href="/tools/concrete">混凝土计算器</a></nav>
<main>
${main}
</main>
<footer>${site}</footer>
</body>
</html>
`;
}

function article(p: Page): string {
  const kind = p.kind ? `<span>${escapeHtml(p.kind)}</span> · ` : '';
  const tags = p.tags.map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join('');
  return `<article>
<h1>${escapeHtml(p.title)}</h1>
<div class="meta">${kind}<time datetime="${p.date}">${p.date}</time> ${tags}</div>
${p.html}
</article>`;
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
  if (status !== 200) return reply.header('cache-control', 'no-store').send(html);
  // the content is fixed for the life of the process: a strong validator lets browsers and crawlers revalidate
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  reply.header('cache-control', 'public, max-age=300').header('etag', etag);
  if (reply.request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(html);
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'public' as const };
  // Any path segment is looked up: a mistyped address gets the HTML 404 page, not a JSON validation error.
  const params = z.object({ slug: z.string().max(200) });

  const notFound = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof ServiceError) || err.status !== 404) throw err;
    return send(reply, 404, layout(ctx, '没有这个页面', err.message, '/notes', `<h1>没有这个页面</h1><p>${escapeHtml(err.message)}</p><p><a href="/notes">看看全部笔记</a></p>`));
  };
  const pageRoute = (type: 'note' | 'page') => async (req: { params: { slug: string } }, reply: FastifyReply) => {
    let p: Page;
    try {
      p = pageBySlug(siteContent(), req.params.slug, type);
    } catch (err) {
      return notFound(reply, err);
    }
    return send(reply, 200, layout(ctx, p.title, p.summary, pagePath(p), article(p)));
  };

  r.get('/notes', { config, schema: { summary: 'web page: every note of the site, newest first, linking to /notes/{slug}', tags: ['pages'], produces: ['text/html'], response: { 200: z.string().describe('the HTML page'), 304: z.null().describe('not modified (If-None-Match)') } } }, async (_req, reply) => {
    const items = siteContent()
      .notes.map((n) => `<li><a href="${pagePath(n)}">${escapeHtml(n.title)}</a> <span class="meta">${escapeHtml(n.kind)} · ${n.date}</span><div class="summary">${escapeHtml(n.summary)}</div></li>`)
      .join('\n');
    return send(reply, 200, layout(ctx, '笔记', '本站的笔记：思辨、复盘、记', '/notes', `<h1>笔记</h1>\n<ul class="list">\n${items}\n</ul>`));
  });
  r.get('/notes/:slug', { config, schema: { summary: 'web page: one note (HTML, zh-CN)', tags: ['pages'], params, produces: ['text/html'], response: { 200: z.string().describe('the HTML page'), 304: z.null().describe('not modified (If-None-Match)'), 404: z.string().describe('the HTML not-found page') } } }, pageRoute('note'));
  r.get('/pages/:slug', { config, schema: { summary: 'web page: one static page of the site (about, data-api, tools, …)', tags: ['pages'], params, produces: ['text/html'], response: { 200: z.string().describe('the HTML page'), 304: z.null().describe('not modified (If-None-Match)'), 404: z.string().describe('the HTML not-found page') } } }, pageRoute('page'));
}
