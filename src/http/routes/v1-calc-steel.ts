// POST and GET /v1/calc/steel: a thin adapter to the steel engine (GB 50017-2017 member checks).
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { calculate, describe, steelRequest } from '../../calc/steel/index.ts';
import { steelDescriptionOutput, steelOutput } from '../../calc/steel/output.ts';
import { calculatorRoutes } from './calculator.ts';

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  calculatorRoutes(app, {
    path: '/v1/calc/steel',
    request: steelRequest,
    output: steelOutput,
    descriptionOutput: steelDescriptionOutput,
    postSummary:
      'GB 50017-2017 steel member checks: body {kind: phi|section|tension|compression|beam|beam_column, params}; returns every intermediate quantity with unit and clause, the checks with their ratios, the verdict naming the governing check, warnings and a Chinese summary',
    getSummary: 'parameter description of the steel calculator: kinds, params, section types, grades, units, ranges and defaults (from the schemas that validate POST)',
    calculate,
    describe,
  });
}
