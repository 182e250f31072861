// The concrete calculator engine: pure TypeScript with no Node imports, so the server and the /tools/concrete
// page run this very module (the page gets it bundled as /tools/concrete/engine.js).
import { parseInput } from '../../errors.ts';
import { beam } from './beam.ts';
import { column } from './column.ts';
import { crack } from './crack.ts';
import type { ConcreteResult } from './result.ts';
import { concreteRequest, PARAM_SCHEMAS, type Kind } from './schema.ts';
import { shear } from './shear.ts';
import { validateWith } from '../validate.ts';

export { describe } from './describe.ts';
export type { ConcreteDescription, KindDescription, ParamDescription } from './describe.ts';
export { fmt } from './result.ts';
export type { ConcreteResult, Step, Suggestion, Warning, Value } from './result.ts';
export { concreteRequest, KINDS, PARAM_SCHEMAS } from './schema.ts';
export type { ConcreteRequest, Kind } from './schema.ts';
export { InputError } from '../../errors.ts';
export type { FieldIssue } from '../validate.ts';

/** Validates `{kind, params}` (InputError naming the field on failure) and computes. */
export function calculate(body: unknown): ConcreteResult {
  const req = parseInput(concreteRequest, body);
  switch (req.kind) {
    case 'beam':
      return beam(req.params);
    case 'column':
      return column(req.params);
    case 'shear':
      return shear(req.params);
    case 'crack':
      return crack(req.params);
  }
}

/** Validates one kind's params only (field names without the `params.` prefix, as the page's form uses them). */
export function validateParams(kind: Kind, params: unknown): ReturnType<typeof validateWith> {
  return validateWith(PARAM_SCHEMAS[kind], params);
}
