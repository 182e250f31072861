// POST and GET /v1/calc/concrete (interface 4.8): a thin adapter to the concrete engine.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { calculate, concreteRequest, describe } from '../../calc/concrete/index.ts';
import { concreteDescriptionOutput, concreteOutput } from '../../calc/concrete/output.ts';
import { calculatorRoutes } from './calculator.ts';

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  calculatorRoutes(app, {
    path: '/v1/calc/concrete',
    request: concreteRequest,
    output: concreteOutput,
    descriptionOutput: concreteDescriptionOutput,
    postSummary:
      'GB 50010-2010 concrete calculator: body {kind: beam|column|shear|crack, params}; returns the echoed input, intermediate quantities with units and clauses, a verdict, warnings, a bar suggestion and a Chinese summary',
    getSummary: 'parameter description of the concrete calculator: kinds, params, units, ranges and defaults (from the schemas that validate POST)',
    calculate,
    describe,
  });
}
