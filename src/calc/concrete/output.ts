// The shape every concrete kind answers with (POST /v1/calc/concrete response), as result.ts builds it.
import { z } from 'zod';

export const concreteOutput = z.object({
  kind: z.string(),
  title: z.string(),
  code: z.string().describe('the design code the checks follow'),
  input: z.record(z.string(), z.unknown()).describe('the echoed input with defaults applied'),
  values: z.record(z.string(), z.unknown()).describe('every intermediate quantity by name, and the verdict'),
  steps: z.array(z.looseObject({})).describe('each step with its value, unit and clause'),
  verdict: z.string().describe('ok, fail, over_reinforced, section_insufficient or section_too_small'),
  verdict_text: z.string(),
  warnings: z.array(z.looseObject({})),
  suggestion: z.looseObject({}).nullable(),
  summary: z.string(),
});
