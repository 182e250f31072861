// The daily news page (/news/, generated once per Asia/Shanghai day from the site's own content) and the retired
// real-time aggregation: GET /api/news answers 410 Gone in the legacy envelope and /news/ui a 410 page, both
// pointing to /news/.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quotaDay } from '../../access/clock.ts';
import type { ServiceContext } from '../../context.ts';
import { html } from '../../pages/html.ts';
import { renderLayout } from '../../pages/layout.ts';
import { generateDailyNews } from '../../pages/news/generate.ts';
import { renderNews } from '../../pages/news/render.ts';
import { asset, HTML_PAGE, sendAsset, TYPES, type Asset } from '../plugins/pages.ts';

export const NEWS_PATH = '/news/';
const RETIRED = '实时新闻聚合（/api/news、/news/ui）已下线，不再提供；新闻改为每日生成的静态页面';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const pageConfig = { auth: 'public' as const, page: true };
  // One page per Shanghai day: built on the first request of the day, then served from memory.
  let today: { date: string; page: Promise<Asset> } | null = null;

  const build = async (): Promise<Asset> => {
    const news = await generateDailyNews(ctx);
    return asset(
      renderLayout({ title: `每日简报 ${news.date}`, description: '本站每日简报：新笔记、论坛讨论、高考日程与数据覆盖，按北京时间每天生成。', path: NEWS_PATH, siteName: ctx.config.siteName, brand: ctx.config.brand, body: renderNews(news) }),
      TYPES.html,
    );
  };

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const date = quotaDay();
    if (!today || today.date !== date) {
      const p = build();
      today = { date, page: p };
      p.catch(() => {
        if (today?.page === p) today = null;
      });
    }
    return sendAsset(req, reply, await today.page);
  };
  app.get('/news', { config: pageConfig, schema: { summary: "web page: today's news (Asia/Shanghai date), generated from the site's own notes, forum, daily brief and data coverage", tags: ['pages'], ...HTML_PAGE } }, page);
  app.get(NEWS_PATH, { config: pageConfig, schema: { hide: true } }, page);

  // Retired: they only ever answer 410, so they are left out of OpenAPI and llms.txt (the README names them).
  app.get('/api/news', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .code(410)
      .header('link', `<${NEWS_PATH}>; rel="alternate"`)
      .send({ code: 410, message: `${RETIRED}：${NEWS_PATH}`, data: { retired: true, replacement: NEWS_PATH } }),
  );
  const gone = renderLayout({
    title: '新闻聚合已下线',
    description: RETIRED,
    path: '/news/ui',
    siteName: ctx.config.siteName, brand: ctx.config.brand,
    body: html`<div class="wrap"><h1 class="page-title">410 · 新闻聚合已下线</h1><p class="panel">${RETIRED}：<a href="${NEWS_PATH}">每日简报</a>。</p></div>`,
  });
  app.get('/news/ui', { config: pageConfig, schema: { hide: true } }, async (_req, reply) =>
    reply.code(410).header('link', `<${NEWS_PATH}>; rel="alternate"`).header('content-type', TYPES.html).send(gone),
  );
}
