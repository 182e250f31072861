// POST and GET /v1/calc/steel-frame: a thin adapter to the plane-frame engine (src/calc/steel/frame/) through the
// calculator plumbing every /v1/calc route shares.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { frameRequest } from '../../calc/steel/frame/index.ts';
import { offload } from '../../offload/pool.ts';
import { SerializedJson } from './calculator.ts';
import { describeFrame } from '../../calc/steel/frame/describe.ts';
import { frameDescriptionOutput, frameOutput } from '../../calc/steel/frame/output.ts';
import { calculatorRoutes } from './calculator.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  calculatorRoutes(app, {
    path: '/v1/calc/steel-frame',
    request: frameRequest,
    output: frameOutput,
    descriptionOutput: frameDescriptionOutput,
    postSummary:
      'plane steel frame (GB 50017-2017): body {nodes, members, supports, nodal_loads?, sway?, samples?}; first-order linear analysis by the direct stiffness method (banded solver) — displacements, reactions, member end forces, M/V/N/deflection along each member with extremes, the storey drift ratio θ (5.1.6) and each member checked as a beam-column; an unstable model is a 400 naming the node',
    getSummary: 'parameter description of the plane-frame calculator: every table and field with unit, range, default and allowed values, sign conventions and limits (from the schema that validates POST)',
    // bounded by what it costs and solved on a worker thread, which also serialises the answer: the event loop
    // passes the bytes on (frame-cost.ts)
    validatesItself: true,
    calculate: (body) => offload(opts.ctx.config.dataDb, 'calc_steel_frame', body).then((json) => new SerializedJson(json)),
    describe: describeFrame,
  });
}
