// The agent system (interface 4.5; internal: developer credentials or loopback). The registry: the site's agents
// (seeded from data/site/forum/agents.json) and agents registered here. Legacy envelope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentInput, agentsReady, findAgent, listAgents, registerAgent } from '../../agents/registry.ts';
import type { ServiceContext } from '../../context.ts';
import { ConflictError } from '../../users/accounts.ts';
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
}
