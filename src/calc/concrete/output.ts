// The shapes of the concrete calculator's answers as zod schemas (POST and GET /v1/calc/concrete responses),
// mirroring result.ts and describe.ts.
import { z } from 'zod';

const value = z.union([z.number(), z.boolean(), z.string(), z.null()]);

export const concreteOutput = z.object({
  kind: z.string(),
  title: z.string(),
  code: z.string().describe('the design code the checks follow'),
  input: z.record(z.string(), value).describe('the echoed input with defaults applied'),
  values: z.record(z.string(), value).describe('every intermediate quantity by key, and the verdict'),
  steps: z
    .array(z.object({ key: z.string(), symbol: z.string(), name: z.string(), value, unit: z.string(), clause: z.string(), formula: z.string().optional() }))
    .describe('each step with its value, unit and clause'),
  verdict: z.string().describe('ok, fail, over_reinforced, section_insufficient or section_too_small'),
  verdict_text: z.string(),
  warnings: z.array(z.object({ code: z.string(), message: z.string(), clause: z.string() })),
  suggestion: z.object({ text: z.string(), area: z.number(), unit: z.string(), note: z.string().optional() }).nullable(),
  summary: z.string(),
});

const param = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['number', 'integer']),
  unit: z.string(),
  description: z.string(),
  required: z.boolean(),
  default: z.number().optional(),
  enum: z.array(z.number()).optional(),
  choices: z.array(z.object({ value: z.number(), text: z.string() })).optional(),
  minimum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  maximum: z.number().optional(),
});

/** GET /v1/calc/concrete: describe() — every kind's params, units, ranges and defaults. */
export const concreteDescriptionOutput = z.object({
  code: z.string(),
  request: z.string(),
  units: z.record(z.string(), z.string()),
  concrete_grades: z.array(z.number().int()),
  steel_grades: z.array(z.object({ key: z.number().int(), name: z.string(), fy: z.number(), fyc: z.number(), fyv: z.number(), Es: z.number() })),
  kinds: z.array(z.object({ kind: z.string(), title: z.string(), clause: z.string(), rules: z.array(z.string()), params: z.array(param), json_schema: z.record(z.string(), z.unknown()) })),
});
