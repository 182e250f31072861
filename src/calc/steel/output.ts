// The shapes of the steel calculator's answers as zod schemas (POST and GET /v1/calc/steel responses, the tool's
// output schema), mirroring result.ts and describe.ts.
import { z } from 'zod';

const value = z.union([z.number(), z.boolean(), z.string(), z.null()]);

export const steelOutput = z.object({
  kind: z.string(),
  title: z.string(),
  code: z.string().describe('the design code the checks follow'),
  input: z.record(z.string(), z.unknown()).describe('the echoed input with defaults applied'),
  section: z
    .object({ label: z.string(), type: z.string(), h: z.number(), b1: z.number(), t1: z.number(), b2: z.number(), t2: z.number(), tw: z.number(), r: z.number() })
    .nullable()
    .describe('the plates of the I/H section in mm (for drawing); null when the section was given by properties only'),
  values: z.record(z.string(), value).describe('every intermediate quantity by key (names of steel.md), the verdict and the governing check'),
  steps: z
    .array(z.object({ key: z.string(), symbol: z.string(), name: z.string(), value, unit: z.string(), clause: z.string(), formula: z.string().optional() }))
    .describe('each step with its value, unit and clause of GB 50017-2017'),
  checks: z
    .array(z.object({ key: z.string(), name: z.string(), ratio: z.number(), stress: z.number().nullable(), clause: z.string(), formula: z.string() }))
    .describe('every check with its ratio (≤ 1.0 passes) and its stress form in N/mm²'),
  verdict: z.string().describe('ok, fail, fail_local (local buckling of a compression member) or info (phi and section)'),
  verdict_text: z.string(),
  governing: z.string().nullable().describe('key of the check with the largest ratio'),
  governing_ratio: z.number().nullable(),
  warnings: z.array(z.object({ code: z.string(), message: z.string(), clause: z.string() })),
  summary: z.string().describe('one Chinese sentence: the governing check, its ratio and the verdict'),
});

/** One described parameter (GET of a calculator); the frame's description reuses it. */
export const param = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['number', 'integer', 'string', 'boolean', 'object']),
  unit: z.string(),
  description: z.string(),
  required: z.boolean(),
  default: z.unknown().optional(),
  enum: z.array(z.unknown()).optional(),
  minimum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  maximum: z.number().optional(),
});

/** GET /v1/calc/steel: describe() — kinds, params, section types, grades, units, ranges and defaults. */
export const steelDescriptionOutput = z.object({
  code: z.string(),
  request: z.string(),
  units: z.record(z.string(), z.string()),
  grades: z.array(
    z.object({
      grade: z.string(),
      fy_nom: z.number(),
      fu: z.number(),
      fce: z.number(),
      eps_k: z.number(),
      rows: z.array(z.object({ t_max: z.number(), f: z.number(), fv: z.number(), fy: z.number() })),
    }),
  ),
  constants: z.object({ E: z.number(), G: z.number() }),
  section_types: z.array(z.object({ type: z.string(), description: z.string(), params: z.array(param) })),
  kinds: z.array(z.object({ kind: z.string(), title: z.string(), clause: z.string(), rules: z.array(z.string()), params: z.array(param), json_schema: z.record(z.string(), z.unknown()) })),
});
