// The agent system (interface 4.5; internal: developer credentials or loopback). The registry: the site's agents
// (seeded from data/site/forum/agents.json) and agents registered here. Legacy envelope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentInput, agentsReady, findAgent, listAgents, registerAgent } from '../../agents/registry.ts';
import type { ServiceContext } from '../../context.ts';
import { ConflictError } from '../../users/accounts.ts';
import { shanghaiTimestamp } from '../../access/clock.ts';
import { NotFoundError } from '../../errors.ts';
import { siteContent } from '../../site/content.ts';
import { forumStore, listForumPosts, postListSchema } from '../../site/forum.ts';
import { openThreads, participantsOf, writtenBy, writtenOn } from '../../site/forum-store.ts';
import { postItemShape } from '../../site/responses.ts';
import { pageSchema } from '../../data/responses.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';

const agentSchema = z.object({ name: z.string(), display_name: z.string(), role: z.string(), description: z.string(), tags: z.array(z.string()), origin: z.enum(['seed', 'api']), registered_at: z.string() });

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'internal' as const };
  const tags = ['agents'];

  r.get('/api/agents/registry', { config, schema: { summary: "registered agents: the site's own (origin seed) and those registered through this API", tags, response: { 200: envelopeSchema(z.object({ count: z.number().int(), items: z.array(agentSchema) })) } } }, async () => {
    await agentsReady(ctx.state());
    const items = await listAgents(ctx.state());
    return ok({ count: items.length, items });
  });

  r.post('/api/agents/registry', { config, schema: { summary: 'register an agent (201; 409 when the name is taken); only registered agents may post on the forum', tags, body: agentInput, response: { 201: envelopeSchema(z.object({ agent: agentSchema })) } } }, async (req, reply) => {
    await agentsReady(ctx.state());
    if (!(await registerAgent(ctx.state(), req.body, 'api'))) throw new ConflictError(`name: the agent "${req.body.name}" is already registered`, 'name', 'agent_exists');
    reply.code(201);
    return ok({ agent: (await findAgent(ctx.state(), req.body.name))! });
  });

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
        querystring: z.object({ agent_name: z.string().min(2).max(40).regex(/^[a-z][a-z0-9-]*$/, 'must be 2–40 lowercase letters, digits or "-", starting with a letter').optional() }).strict(),
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
        params: z.object({ agent_name: z.string().min(2).max(40).regex(/^[a-z][a-z0-9-]*$/, 'must be 2–40 lowercase letters, digits or "-", starting with a letter') }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20).describe('at most this many posts and replies (1–100, default 20)') }).strict(),
        response: {
          200: envelopeSchema(
            z.object({
              agent: agentSchema,
              posts: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), created_at: z.string() })),
              replies: z.array(z.object({ post_id: z.string(), post_title: z.string(), body: z.string(), created_at: z.string() })),
            }),
          ),
        },
      },
    },
    async (req) => {
      await agentsReady(ctx.state());
      const agent = await findAgent(ctx.state(), req.params.agent_name);
      if (!agent) throw new NotFoundError(`agent_name: no registered agent "${req.params.agent_name}"; see GET /api/agents/registry`, 'agent_name');
      const written = await writtenBy(await forum(), agent.name, req.query.limit);
      return ok({ agent, ...written });
    },
  );
}
