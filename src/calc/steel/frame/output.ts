// The shape of the frame calculator's answer (POST /v1/calc/steel-frame, the calc_steel_frame tool's output schema)
// and of its parameter description (GET), mirroring index.ts and describe.ts.
import { z } from 'zod';
import { param } from '../output.ts';

const num = z.number();

const storey = z.object({
  storey: z.number().int(),
  y_bottom: num.describe('m'),
  y_top: num.describe('m'),
  h: num.describe('storey height, mm'),
  sum_N: num.describe('ΣN of the columns (compression), kN'),
  sum_H: num.describe('horizontal nodal loads at and above the storey top, kN'),
  delta_u: num.describe('storey drift, mm'),
  theta: num.nullable().describe('θ = ΣN·Δu/(ΣH·h) (5.1.6); null without horizontal load'),
  alpha_II: num.nullable().describe('1/(1 − θ) (5.4.2)'),
  columns: z.array(z.string()),
});

export const frameMemberOutput = z.object({
  id: z.string(),
  i: z.string(),
  j: z.string(),
  L: num.describe('member length, m'),
  N_i: num,
  V_i: num,
  M_i: num,
  N_j: num,
  V_j: num,
  M_j: num,
  M_max: num,
  x_M_max: num,
  M_min: num,
  x_M_min: num,
  V_abs_max: num,
  N_max: num,
  N_min: num,
  v_min: num,
  x_v_min: num,
  v_max: num,
  x_v_max: num,
  diagram: z.object({ x: z.array(num), N: z.array(num), V: z.array(num), M: z.array(num), v: z.array(num) }).optional().describe('sampled diagrams, with stations: true'),
  combination: z.string().optional().describe('with load cases: the basic combination of these forces (the member\'s governing one)'),
  envelope: z
    .object({
      M_pos: z.object({ value: num, x: num, combination: z.string() }),
      M_neg: z.object({ value: num, x: num, combination: z.string() }),
      N_tension: z.object({ value: num, combination: z.string() }),
      N_compression: z.object({ value: num, combination: z.string() }),
      V_abs: z.object({ value: num, combination: z.string() }),
    })
    .optional()
    .describe('with load cases: M⁺, M⁻ (kN·m), N tension and compression (kN), |V| (kN) over every basic combination, each with its combination'),
});

const warning = z.object({ code: z.string(), message: z.string(), clause: z.string(), member: z.string().optional(), storey: z.number().optional() });

export const frameOutput = z.object({
  title: z.string(),
  code: z.string(),
  analysis: z.string().describe('what the analysis includes and leaves out'),
  units: z.record(z.string(), z.string()),
  solver: z.object({ method: z.string(), equations: z.number().int(), half_bandwidth: z.number().int() }),
  nodes: z.array(z.object({ id: z.string(), ux: num.describe('mm'), uy: num.describe('mm'), rz: num.nullable().describe('rad; null at a joint whose rotation no member holds') })),
  reactions: z.array(z.object({ node: z.string(), rx: num.describe('kN'), ry: num.describe('kN'), mz: num.describe('kN·m') })),
  members: z.array(frameMemberOutput).describe('end forces (design convention: N > 0 tension, M > 0 tension on the local −y side), extremes, deflection and sampled diagrams'),
  storeys: z.array(storey),
  theta_max: num.nullable(),
  checks: z
    .record(
      z.string(),
      z.object({
        kind: z.string().describe('beam_column, beam, tension or compression'),
        params: z.record(z.string(), z.unknown()).describe('the {params} of POST /v1/calc/steel that give this check'),
        verdict: z.string(),
        verdict_text: z.string(),
        governing: z.string().nullable(),
        governing_ratio: z.number().nullable(),
        ratio: z.number().nullable(),
        checks: z.array(z.object({ key: z.string(), name: z.string().optional(), ratio: z.number(), stress: z.number().nullable(), clause: z.string().optional(), formula: z.string().optional() }).describe('name, clause and formula with steps: true')),
        steps: z.array(z.record(z.string(), z.unknown())).optional().describe('with steps: true'),
        warnings: z.array(z.object({ code: z.string(), message: z.string(), clause: z.string() })),
        summary: z.string().optional().describe('with steps: true'),
      })
      // every quantity of the member check by its output name (ratio_in_plane, phi_x, beta_mx, …)
      .catchall(z.unknown()),
    )
    .describe('each member with a section and a grade, by id: the GB 50017 member check (kind chosen by §8.6) with its ratios, verdict and governing check'),
  verdict: z.enum(['ok', 'fail', 'not_checked']).describe('ok when every checked member passes; not_checked when no member has a section and grade'),
  governing: z.string().nullable().describe('"member: check" with the largest ratio'),
  warnings: z.array(warning),
  summary: z.string(),
  load_cases: z.array(z.object({ id: z.string(), type: z.string(), name: z.string(), psi_c: num.nullable() })).optional(),
  factors: z.array(z.object({ key: z.string(), value: num, text: z.string(), clause: z.string() })).optional().describe('the partial and combination factors, each with its clause'),
  combinations: z.array(z.object({ id: z.string(), name: z.string(), limit_state: z.string(), factors: z.record(z.string(), num), clause: z.string() })).optional(),
  combination: z.string().optional().describe('the basic combination the nodes and reactions show (the governing member\'s)'),
  reactions_by_combination: z.record(z.string(), z.array(z.object({ node: z.string(), rx: num, ry: num, mz: num }))).optional(),
  theta_combination: z.string().nullable().optional(),
  serviceability: z
    .object({
      deflections: z.array(z.record(z.string(), z.unknown())),
      drift: z.array(z.record(z.string(), z.unknown())),
      verdict: z.enum(['ok', 'fail']),
      clause: z.string(),
      note: z.string(),
    })
    .optional()
    .describe('deflection (Table B.1.1) and storey drift (B.2) from the standard combinations'),
  self_weight: z.object({ unit_weight: num, case: z.string(), total: num, per_member: z.record(z.string(), num) }).optional(),
});

// a field of the frame's tables: a described parameter without the form label, of any JSON type, arrays bounded
const field = param.omit({ label: true }).extend({ type: z.string(), maxItems: z.number().optional() });

/** GET /v1/calc/steel-frame: describeFrame(). */
export const frameDescriptionOutput = z.object({
  code: z.string(),
  request: z.string(),
  units: z.record(z.string(), z.string()),
  conventions: z.array(z.string()),
  limits: z.object({ nodes: z.number().int(), members: z.number().int(), min_member_length_m: z.number() }),
  fields: z.array(field),
  tables: z.array(z.object({ path: z.string(), description: z.string(), fields: z.array(field) })),
  json_schema: z.record(z.string(), z.unknown()),
});
