// Discovery documents for crawlers and agent hosts, public, generated from the registry and the served routes.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { agentCard, agentCardSchema } from '../../discovery/agent-card.ts';
import { llmsTxt } from '../../discovery/llms-txt.ts';
import { TOOLS } from '../../../tools/index.ts';
import { z } from 'zod';

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
    app.get(url, { schema: { summary: 'A2A agent card: capabilities, authentication, one skill per tool', tags: ['discovery'], response: { 200: agentCardSchema } }, config: publicRoute }, async () => card());
  }
}
