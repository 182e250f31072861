// The plumbing every JSON calculator shares (interface 4.8): POST <path> validates the body with the engine's own
// zod schema and answers its result; GET <path> serves the parameter description generated from the same schemas.
// The routes stay thin adapters, so the engine, the page and the tools compute the same thing.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { documentOnly } from '../openapi.ts';

export interface Calculator {
  path: string;
  request: z.ZodType;
  output: z.ZodType;
  descriptionOutput: z.ZodType;
  postSummary: string;
  getSummary: string;
  calculate: (body: unknown) => unknown | Promise<unknown>;
  /** `calculate` validates the body itself, off the event loop (a large frame's validation alone took ~0.4 s): the
   * route's schema documents the body but does not run on it */
  validatesItself?: boolean;
  describe: () => unknown;
}

/** An answer already serialised (off the event loop): sent as it is. */
export class SerializedJson {
  constructor(readonly json: string) {}
}

export function calculatorRoutes(app: FastifyInstance, c: Calculator): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    c.path,
    {
      schema: { summary: c.postSummary, tags: ['calculators'], body: c.request, response: { 200: c.output } },
      ...(c.validatesItself ? { validatorCompiler: documentOnly } : {}),
    },
    // The body is already validated; calculate() parses it again (cheap) so the engine never trusts its caller.
    async (req, reply) => {
      const result = await c.calculate(req.body);
      if (result instanceof SerializedJson) return reply.type('application/json; charset=utf-8').send(result.json);
      return result;
    },
  );
  r.get(c.path, { schema: { summary: c.getSummary, tags: ['calculators'], response: { 200: c.descriptionOutput } } }, async () => c.describe());
}
