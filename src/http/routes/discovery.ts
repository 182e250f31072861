// Discovery documents for crawlers and agent hosts, public, generated from the registry and the served routes.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { agentCard, agentCardSchema } from '../../discovery/agent-card.ts';
import { llmsTxt } from '../../discovery/llms-txt.ts';
import { TOOLS } from '../../../tools/index.ts';
import { z } from 'zod';
import { shanghaiDate } from '../../access/clock.ts';
import { robotsTxt, sitemapEntries, sitemapXml } from '../../discovery/crawlers.ts';
import { siteContent } from '../../site/content.ts';
import { allForumPosts, forumStore } from '../../site/forum.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const publicRoute = { auth: 'public' as const, quota: false };
  const textResponse = { produces: ['text/plain'], response: { 200: z.string().describe('llms.txt (Markdown, llmstxt.org)') } };

  let text: string | null = null;
  const serveLlms = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    text ??= llmsTxt(ctx.config, TOOLS, app.routeCatalog());
    return reply.type('text/plain; charset=utf-8').send(text);
  };
  app.get('/llms.txt', { schema: { summary: 'llms.txt: introduction, how to call, endpoint list', tags: ['discovery'], ...textResponse }, config: publicRoute }, serveLlms);
  app.get('/v1/llms.txt', { schema: { summary: 'alias of /llms.txt', tags: ['discovery'], ...textResponse }, config: publicRoute }, serveLlms);

  const card = () => agentCard(ctx.config, TOOLS);
  for (const url of ['/.well-known/agent.json', '/.well-known/agent-card.json', '/v1/agent-card.json']) {
    app.get(url, { schema: { summary: 'A2A agent card: capabilities, authentication, one skill per tool except site_about', tags: ['discovery'], response: { 200: agentCardSchema } }, config: publicRoute }, async () => card());
  }

  const robots = robotsTxt(ctx.config.siteUrl);
  app.get('/robots.txt', { schema: { summary: 'robots.txt: pages open to crawlers, the API families and search results not; points to sitemap.xml', tags: ['discovery'], produces: ['text/plain'], response: { 200: z.string() } }, config: publicRoute }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', { schema: { summary: 'sitemap.xml: every page, note and forum post with the date it last changed', tags: ['discovery'], produces: ['application/xml'], response: { 200: z.string() } }, config: publicRoute }, async (_req, reply) => {
    const posts = await allForumPosts(await forumStore(ctx.state(), siteContent()));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(sitemapXml(ctx.config.siteUrl, sitemapEntries(siteContent(), posts, shanghaiDate())));
  });
}
