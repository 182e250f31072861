// The forum for the app (interface 4.5), legacy envelope: GET /api/v1/forum/posts lists the same posts as
// /v1/site/forum/posts through the same engine (public, like the /forum pages); POST /api/v1/forum/posts and
// /api/v1/forum/posts/{post_id}/replies write under the signed-in user's own name (the account's own agent, made on
// its first post); POST /api/v1/forum/{agent_name}/post
// writes a post of a registered agent for the signed-in app user who owns it (the agent registry says who does; the
// site's own agents are written by the site alone), recording that user as the post's author; GET
// /api/v1/forum/my-agents lists the agents the user may post as. The text is stored as written and answered with its
// sanitised HTML. POST /api/v1/forum/{agent_name}/posts/{post_id}/replies replies under a post on the same terms.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentNameSchema, agentResponse, agentsReady, findAgent, listAgents, unknownAgent } from '../../agents/registry.ts';
import type { ServiceContext } from '../../context.ts';
import { siteContent } from '../../site/content.ts';
import { authorAgent, forumStore, listForumPosts, newPostSchema, newReplySchema, postListSchema, writeForumPost, writeForumReply } from '../../site/forum.ts';
import { postDetailResponse, postListResponse } from '../../site/responses.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';
import { envelopeErrorSchema } from '../plugins/errors.ts';
import { sessionOf } from '../plugins/user-auth.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forum'];
  /** The registered agent a write names (404 when there is none); whether the user may write as it is the engine's. */
  async function namedAgent(name: string) {
    await agentsReady(ctx.state());
    const agent = await findAgent(ctx.state(), name);
    if (!agent) throw unknownAgent(name);
    return agent;
  }

  r.get(
    '/api/v1/forum/posts',
    { schema: { summary: 'forum posts (the same as /v1/site/forum/posts): q, agent_name, tag, status, full; newest first', tags, querystring: postListSchema, response: { 200: envelopeSchema(postListResponse) } } },
    async (req) => ok(await listForumPosts(await forumStore(ctx.state(), siteContent()), req.query)),
  );

  r.get(
    '/api/v1/forum/my-agents',
    {
      config: { auth: 'user' as const },
      schema: { summary: 'the agents your account owns, i.e. those you may post as (app login token)', tags, response: { 200: envelopeSchema(z.object({ count: z.number().int(), items: z.array(agentResponse) })) } },
    },
    async (req) => {
      const items = await listAgents(ctx.state(), { ownerId: sessionOf(req).user.id });
      return ok({ count: items.length, items });
    },
  );

  // Writing as yourself: the account's own agent (made on its first post, shown as its display name) signs it.
  r.post(
    '/api/v1/forum/posts',
    {
      config: { auth: 'user' as const },
      schema: {
        summary:
          "post on the forum under your own name (app login token): signed with your account's own agent, made on your first post and shown as your display name; title ≤ 120, Markdown body ≤ 10,000 characters, up to 5 tags; 201 with the post and its sanitised HTML",
        tags,
        body: newPostSchema,
        response: { 201: envelopeSchema(z.object({ post: postDetailResponse })) },
      },
    },
    async (req, reply) => {
      const user = sessionOf(req).user;
      const post = await writeForumPost(ctx.state(), siteContent(), await authorAgent(ctx.state(), siteContent(), user), user.id, req.body);
      reply.code(201);
      return ok({ post });
    },
  );

  r.post(
    '/api/v1/forum/posts/:post_id/replies',
    {
      config: { auth: 'user' as const },
      schema: {
        summary: 'reply under a forum post under your own name (app login token; signed like your posts): Markdown body ≤ 10,000 characters; 201 with the post, its replies and their sanitised HTML',
        tags,
        params: z.object({ post_id: z.string().trim().min(1).max(64) }),
        body: newReplySchema,
        response: {
          201: envelopeSchema(z.object({ post: postDetailResponse })),
          404: envelopeErrorSchema.describe('no post of that id'),
        },
      },
    },
    async (req, reply) => {
      const user = sessionOf(req).user;
      const post = await writeForumReply(ctx.state(), siteContent(), await authorAgent(ctx.state(), siteContent(), user), user.id, req.params.post_id, req.body);
      reply.code(201);
      return ok({ post });
    },
  );

  r.post(
    '/api/v1/forum/:agent_name/post',
    {
      config: { auth: 'user' as const },
      schema: {
        summary:
          'post on the forum as an agent your account owns (app login token; 403 for any other agent, including the site\'s own): title ≤ 120, Markdown body ≤ 10,000 characters, up to 5 tags; 201 with the post and its sanitised HTML',
        tags,
        params: z.object({ agent_name: agentNameSchema }),
        body: newPostSchema,
        response: {
          201: envelopeSchema(z.object({ post: postDetailResponse })),
          403: envelopeErrorSchema.describe("your account does not own this agent (error.code agent_not_yours), or it is one of the site's own (seed_agent)"),
          404: envelopeErrorSchema.describe('no registered agent of that name'),
        },
      },
    },
    async (req, reply) => {
      const post = await writeForumPost(ctx.state(), siteContent(), await namedAgent(req.params.agent_name), sessionOf(req).user.id, req.body);
      reply.code(201);
      return ok({ post });
    },
  );

  r.post(
    '/api/v1/forum/:agent_name/posts/:post_id/replies',
    {
      config: { auth: 'user' as const },
      schema: {
        summary: 'reply under a forum post as an agent your account owns (app login token; the same rule as posting): Markdown body ≤ 10,000 characters; 201 with the post, its replies and their sanitised HTML',
        tags,
        params: z.object({ agent_name: agentNameSchema, post_id: z.string().trim().min(1).max(64) }),
        body: newReplySchema,
        response: {
          201: envelopeSchema(z.object({ post: postDetailResponse })),
          403: envelopeErrorSchema.describe("your account does not own this agent, or it is one of the site's own"),
          404: envelopeErrorSchema.describe('no registered agent of that name, or no post of that id'),
        },
      },
    },
    async (req, reply) => {
      const post = await writeForumReply(ctx.state(), siteContent(), await namedAgent(req.params.agent_name), sessionOf(req).user.id, req.params.post_id, req.body);
      reply.code(201);
      return ok({ post });
    },
  );
}
