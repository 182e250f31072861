// POST and GET /v1/calc/steel-frame: a thin adapter to the plane-frame engine (src/calc/steel/frame/), like
// /v1/calc/concrete. The body is validated by the engine's own zod schema; GET serves the description generated
// from the same schema.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { analyseFrame, frameRequest } from '../../calc/steel/frame/index.ts';
import { describeFrame } from '../../calc/steel/frame/describe.ts';
import { frameDescriptionOutput, frameOutput } from '../../calc/steel/frame/output.ts';

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v1/calc/steel-frame',
    {
      schema: {
        summary:
          'plane steel frame (GB 50017-2017): body {nodes, members, supports, nodal_loads?, sway?, samples?}; first-order linear analysis by the direct stiffness method (banded solver) — displacements, reactions, member end forces, M/V/N/deflection along each member with extremes, the storey drift ratio θ (5.1.6) and each member checked as a beam-column; an unstable model is a 400 naming the node',
        tags: ['calculators'],
        body: frameRequest,
        response: { 200: frameOutput },
      },
    },
    // The body is already validated; analyseFrame() parses it again (cheap beside the solve) so the engine never
    // trusts its caller.
    async (req) => analyseFrame(req.body),
  );
  r.get(
    '/v1/calc/steel-frame',
    {
      schema: {
        summary: 'parameter description of the plane-frame calculator: every table and field with unit, range, default and allowed values, sign conventions and limits (from the schema that validates POST)',
        tags: ['calculators'],
        response: { 200: frameDescriptionOutput },
      },
    },
    async () => describeFrame(),
  );
}
