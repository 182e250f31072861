// The site's web pages (interface 4.6), public: every page in src/pages/registry.ts wrapped in the one layout, its
// assets, the shared assets under /assets/, and the home page listing them. The CSP comes from the pages plugin
// (config.page); the same-origin calls the pages make are in page-api.ts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { html, Html } from '../../pages/html.ts';
import { NAV, renderLayout } from '../../pages/layout.ts';
import { PAGES, PAGES_DIR, type PageDef } from '../../pages/registry.ts';
import { asset, assetSender, bundle, HTML_PAGE, TYPES, type Asset } from '../plugins/pages.ts';

const SHARED = ['site.css', 'site.js', 'errors-zh.js', 'session.js', 'chart.js', 'chat.css', 'chat.js', 'calc.css', 'calc.js'];
/** TypeScript modules the pages import, bundled for the browser on first request */
const BUNDLES: Record<string, string> = { 'markdown.js': 'markdown.ts' };

function typeOf(file: string): string {
  return file.endsWith('.css') ? TYPES.css : TYPES.js;
}

async function fileAsset(dir: string, file: string): Promise<Asset> {
  return asset(await readFile(path.join(PAGES_DIR, dir, file), 'utf8'), typeOf(file));
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { config } = opts.ctx;
  const send = assetSender('page');
  const pageConfig = { auth: 'public' as const, page: true };
  const assetConfig = { auth: 'public' as const };

  for (const file of SHARED) {
    app.get(`/assets/${file}`, { config: assetConfig, schema: { hide: true } }, (req, reply) => send(req, reply, `shared/${file}`, () => fileAsset('shared', file)));
  }
  for (const [file, entry] of Object.entries(BUNDLES)) {
    app.get(`/assets/${file}`, { config: assetConfig, schema: { hide: true } }, (req, reply) => send(req, reply, `shared/${file}`, () => bundle(path.join(PAGES_DIR, 'shared', entry))));
  }

  const pageHandler = (p: PageDef) => async (req: FastifyRequest, reply: FastifyReply) =>
    send(req, reply, `${p.dir}/body.html`, async () => {
      const body = await readFile(path.join(PAGES_DIR, p.dir, 'body.html'), 'utf8');
      return asset(
        renderLayout({
          title: p.title,
          description: p.description,
          path: p.path,
          siteName: config.siteName,
          brand: config.brand,
          styles: [...(p.sharedStyles ?? []).map((s) => `/assets/${s}`), ...p.styles.map((s) => `${p.assetBase}/${s}`)],
          scripts: p.scripts.map((s) => `${p.assetBase}/${s}`),
          body: new Html(body),
        }),
        TYPES.html,
      );
    });

  for (const p of PAGES) {
    // OpenAPI documents the address without the trailing slash (the other answers the same page)
    for (const url of [p.path, ...p.aliases]) {
      const documented = url === p.path.replace(/(.)\/$/, '$1');
      app.get(url, { config: pageConfig, schema: documented ? { summary: p.summary, tags: ['pages'], ...HTML_PAGE } : { hide: true } }, pageHandler(p));
    }
    for (const file of [...p.styles, ...p.scripts]) {
      app.get(`${p.assetBase}/${file}`, { config: assetConfig, schema: { hide: true } }, (req, reply) => send(req, reply, `${p.dir}/${file}`, () => fileAsset(p.dir, file)));
    }
  }

  app.get('/', { config: pageConfig, schema: { summary: "web page: the site's home, listing its pages", tags: ['pages'], ...HTML_PAGE } }, (req, reply) =>
    send(req, reply, 'home', async () => {
      const body = html`<div class="wrap">
<h1 class="page-title">${config.siteName}</h1>
<p class="lead">高考志愿数据、传统文化研究工具与结构计算器。每个页面都由本站服务直接提供，不需要安装或登录。</p>
<ul class="home-list">
${NAV.map((n) => html`<li class="panel"><a href="${n.path}">${n.label}</a><p class="small muted">${n.blurb}</p></li>\n`)}</ul>
<p class="small muted">程序调用：MCP（<code>/mcp</code>）、OpenAI 兼容接口（<code>/v1/chat/completions</code>）与数据 API（<code>/v1/data/*</code>），见 <a href="/llms.txt">llms.txt</a>。</p>
</div>`;
      return asset(renderLayout({ title: '首页', description: `${config.siteName}：页面与工具一览`, path: '/', siteName: config.siteName, brand: config.brand, body }), TYPES.html);
    }),
  );
}
