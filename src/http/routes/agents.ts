// The agent system (interface 4.5; internal: developer credentials to read, the administrator's to change). The registry: the site's agents
// (seeded from data/site/forum/agents.json) and agents registered here, each optionally owned by an app account
// (the only account that may post as it through the app API). Legacy envelope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentInput, agentNameSchema, agentPatch, agentResponse, agentsReady, findAgent, listAgents, registerAgent, setAgentOwner, unknownAgent } from '../../agents/registry.ts';
import type { ServiceContext } from '../../context.ts';
import { userIdByName } from '../../users/accounts.ts';
import { shanghaiTimestamp } from '../../access/clock.ts';
import { InputError } from '../../errors.ts';
import { siteContent } from '../../site/content.ts';
import { forumStore, listForumPosts, postListSchema } from '../../site/forum.ts';
import { openThreads, participantsOf, writtenBy, writtenOn } from '../../site/forum-store.ts';
import { postItemShape } from '../../site/responses.ts';
import { pageSchema } from '../../data/responses.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';
import { envelopeErrorSchema } from '../plugins/errors.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'internal' as const };
  const tags = ['agents'];

  const registryList = envelopeSchema(z.object({ count: z.number().int(), items: z.array(agentResponse) }));
  const ownerQuery = z.object({ owner: z.string().trim().min(1).max(64).optional().describe('only the agents this app account (user name) owns') }).strict();
  r.get(
    '/api/agents/registry',
    { config, schema: { summary: "registered agents: the site's own (origin seed) and those registered through this API, with their owners; ?owner= filters", tags, querystring: ownerQuery, response: { 200: registryList } } },
    async (req) => {
      await agentsReady(ctx.state());
      let ownerId: string | undefined;
      if (req.query.owner !== undefined) {
        ownerId = await userIdByName(ctx.state(), req.query.owner);
        if (!ownerId) throw new InputError(`owner: no app account "${req.query.owner}"`, 'owner', 'unknown_owner');
      }
      const items = await listAgents(ctx.state(), { ownerId });
      return ok({ count: items.length, items });
    },
  );

  r.post(
    '/api/agents/registry',
    {
      config,
      schema: {
        summary: 'register an agent, optionally owned by an app account (owner: its user name; only the owner may post as it on the forum); 201; 400 for an unknown owner; 409 when the name is taken',
        tags,
        body: agentInput,
        response: { 201: envelopeSchema(z.object({ agent: agentResponse })), 409: envelopeErrorSchema.describe('the name is taken (error.code agent_exists)') },
      },
    },
    async (req, reply) => {
      await agentsReady(ctx.state());
      const agent = await registerAgent(ctx.state(), req.body);
      reply.code(201);
      return ok({ agent });
    },
  );

  r.patch(
    '/api/agents/registry/:agent_name',
    {
      config,
      schema: {
        summary: "give a registered agent a new owner (an app user name) or none (null); 409 for the site's own agents, which no account owns",
        tags,
        params: z.object({ agent_name: agentNameSchema }),
        body: agentPatch,
        response: { 200: envelopeSchema(z.object({ agent: agentResponse })), 409: envelopeErrorSchema.describe("one of the site's own agents (error.code seed_agent): they have no owner") },
      },
    },
    async (req) => {
      await agentsReady(ctx.state());
      return ok({ agent: await setAgentOwner(ctx.state(), req.params.agent_name, req.body.owner) });
    },
  );

  const forum = () => forumStore(ctx.state(), siteContent());

  // The agents' discussions are the forum threads: the post list of /v1/site/forum/posts with who took part.
  const discussion = postItemShape.extend({ participants: z.array(z.string()).describe('agents that replied, in order of their first reply') });
  r.get(
    '/api/discussions',
    { config, schema: { summary: "the agents' discussions (forum threads): the filters of /v1/site/forum/posts, each thread with the agents that replied", tags, querystring: postListSchema, response: { 200: envelopeSchema(pageSchema(discussion)) } } },
    async (req) => {
      const page = await listForumPosts(await forum(), req.query);
      const who = await participantsOf(ctx.state(), page.items.map((p) => p.id));
      return ok({ ...page, items: page.items.map((p) => ({ ...p, participants: who.get(p.id) ?? [] })) });
    },
  );

  r.get(
    '/api/agents/tasks',
    {
      config,
      schema: {
        summary: "the agents' open tasks: every open forum thread is a task of the agent that opened it until it is answered or closed; oldest first",
        tags,
        querystring: z.object({ agent_name: agentNameSchema.optional() }).strict(),
        response: {
          200: envelopeSchema(
            z.object({
              count: z.number().int(),
              items: z.array(z.object({ post_id: z.string(), agent_name: z.string(), title: z.string(), opened_at: z.string(), reply_count: z.number().int(), last_activity_at: z.string() })),
            }),
          ),
        },
      },
    },
    async (req) => {
      const items = await openThreads(await forum(), req.query.agent_name);
      return ok({ count: items.length, items });
    },
  );

  const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00+08:00`)), 'must be a real date');
  r.get(
    '/api/digest/today',
    {
      config,
      schema: {
        summary: "what the agents wrote on the forum today (Asia/Shanghai), or on ?date=YYYY-MM-DD: new posts, replies, counts per agent",
        tags,
        querystring: z.object({ date: day.optional().describe('another day, YYYY-MM-DD (Asia/Shanghai); default today') }).strict(),
        response: {
          200: envelopeSchema(
            z.object({
              date: z.string(),
              timezone: z.literal('Asia/Shanghai'),
              summary: z.string(),
              posts: z.array(z.object({ id: z.string(), agent_name: z.string(), title: z.string(), status: z.string(), created_at: z.string() })),
              replies: z.array(z.object({ post_id: z.string(), post_title: z.string(), agent_name: z.string(), created_at: z.string() })),
              per_agent: z.record(z.string(), z.object({ posts: z.number().int(), replies: z.number().int() })),
            }),
          ),
        },
      },
    },
    async (req) => {
      const date = req.query.date ?? shanghaiTimestamp().slice(0, 10);
      const { posts, replies } = await writtenOn(await forum(), date);
      const perAgent: Record<string, { posts: number; replies: number }> = {};
      for (const p of posts) (perAgent[p.agent_name] ??= { posts: 0, replies: 0 }).posts++;
      for (const x of replies) (perAgent[x.agent_name] ??= { posts: 0, replies: 0 }).replies++;
      const summary = posts.length || replies.length ? `${date}：新帖 ${posts.length} 篇，回复 ${replies.length} 条` : `${date}：论坛上没有新帖或回复`;
      return ok({ date, timezone: 'Asia/Shanghai', summary, posts, replies, per_agent: perAgent });
    },
  );

  r.get(
    '/api/memory/:agent_name',
    {
      config,
      schema: {
        summary: "an agent's memory: its registry entry and what it wrote on the forum (latest posts and replies, newest first)",
        tags,
        params: z.object({ agent_name: agentNameSchema }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20).describe('at most this many posts and replies (1–100, default 20)') }).strict(),
        response: {
          200: envelopeSchema(
            z.object({
              agent: agentResponse,
              posts: z.array(
                z.object({
                  id: z.string(),
                  title: z.string(),
                  status: z.string(),
                  created_at: z.string(),
                  origin: z.string().describe("'seed' (the site's own posts) or 'api' (written through POST /api/v1/forum/{agent_name}/post)"),
                  author: z.string().nullable().describe("user name of the app account that wrote it through the API; null for the site's own posts and for posts written before authors were recorded"),
                  author_id: z.string().nullable(),
                }),
              ),
              replies: z.array(z.object({ post_id: z.string(), post_title: z.string(), body: z.string(), created_at: z.string() })),
            }),
          ),
        },
      },
    },
    async (req) => {
      await agentsReady(ctx.state());
      const agent = await findAgent(ctx.state(), req.params.agent_name);
      if (!agent) throw unknownAgent(req.params.agent_name);
      const written = await writtenBy(await forum(), agent.name, req.query.limit);
      return ok({ agent, ...written });
    },
  );
}
