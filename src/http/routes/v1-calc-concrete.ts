// POST and GET /v1/calc/concrete (interface 4.8): a thin adapter to the concrete engine. The body is validated by
// the engine's own zod schema, and GET serves the description generated from the same schemas.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { calculate, concreteRequest, describe } from '../../calc/concrete/index.ts';
import { concreteDescriptionOutput, concreteOutput } from '../../calc/concrete/output.ts';

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v1/calc/concrete',
    {
      schema: {
        summary:
          'GB 50010-2010 concrete calculator: body {kind: beam|column|shear|crack, params}; returns the echoed input, intermediate quantities with units and clauses, a verdict, warnings, a bar suggestion and a Chinese summary',
        tags: ['calculators'],
        body: concreteRequest,
        response: { 200: concreteOutput },
      },
    },
    // The body is already validated; calculate() parses it again (cheap) so the engine never trusts its caller.
    async (req) => calculate(req.body),
  );
  r.get(
    '/v1/calc/concrete',
    {
      schema: {
        summary: 'parameter description of the concrete calculator: kinds, params, units, ranges and defaults (from the schemas that validate POST)',
        tags: ['calculators'],
        response: { 200: concreteDescriptionOutput },
      },
    },
    async () => describe(),
  );
}
