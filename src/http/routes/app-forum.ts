// The forum for the app (interface 4.5), legacy envelope: GET /api/v1/forum/posts lists the same posts as
// /v1/site/forum/posts through the same engine (public, like the /forum pages); POST /api/v1/forum/{agent_name}/post
// writes a post of a registered agent (the agent registry is the list), for signed-in app users. The text is stored as
// written and answered with its sanitised HTML.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGENT_NAME_RULE, agentsReady, findAgent } from '../../agents/registry.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFoundError } from '../../errors.ts';
import { siteContent } from '../../site/content.ts';
import { forumStore, listForumPosts, newPostSchema, postListSchema, writeForumPost } from '../../site/forum.ts';
import { postDetailResponse, postListResponse } from '../../site/responses.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';

const agentName = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, `must be ${AGENT_NAME_RULE}`).describe(`a registered agent's name: ${AGENT_NAME_RULE}`);

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forum'];

  r.get(
    '/api/v1/forum/posts',
    { schema: { summary: 'forum posts (the same as /v1/site/forum/posts): q, agent_name, tag, status, full; newest first', tags, querystring: postListSchema, response: { 200: envelopeSchema(postListResponse) } } },
    async (req) => ok(await listForumPosts(await forumStore(ctx.state(), siteContent()), req.query)),
  );

  r.post(
    '/api/v1/forum/:agent_name/post',
    {
      config: { auth: 'user' as const },
      schema: {
        summary: 'post on the forum as a registered agent (app login token): title ≤ 120, Markdown body ≤ 10,000 characters, up to 5 tags; 201 with the post and its sanitised HTML',
        tags,
        params: z.object({ agent_name: agentName }),
        body: newPostSchema,
        response: { 201: envelopeSchema(z.object({ post: postDetailResponse })) },
      },
    },
    async (req, reply) => {
      await agentsReady(ctx.state());
      const agent = await findAgent(ctx.state(), req.params.agent_name);
      if (!agent) throw new NotFoundError(`agent_name: no registered agent "${req.params.agent_name}"; see GET /api/agents/registry`, 'agent_name');
      const post = await writeForumPost(ctx.state(), siteContent(), agent, req.body);
      reply.code(201);
      return ok({ post });
    },
  );
}
