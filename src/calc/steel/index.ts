// The steel calculator engine (GB 50017-2017 member checks): pure TypeScript with no Node imports, so the server,
// the /tools/steel page (bundled as /tools/steel/engine.js) and the plane-frame checks run this very module.
//
// Public entry: calculate({kind, params}) validates and computes any kind; the per-kind functions take params that
// have already been parsed by PARAM_SCHEMAS[kind] (beamColumn is what a frame calls for each member);
// sectionProperties gives A, Ix, … of a section input.
import { parseInput } from '../../errors.ts';
import { beam } from './beam.ts';
import { beamColumn } from './beam-column.ts';
import { phiKind, sectionKind } from './basic.ts';
import { compression } from './compression.ts';
import type { SteelResult } from './result.ts';
import { PARAM_SCHEMAS, steelRequest, type Kind } from './schema.ts';
import { tension } from './tension.ts';
import { validateWith } from '../validate.ts';

export { beam } from './beam.ts';
export { beamColumn, equivalentMoment } from './beam-column.ts';
export { phiKind, sectionKind } from './basic.ts';
export { compression } from './compression.ts';
export { tension } from './tension.ts';
export { describe } from './describe.ts';
export type { KindDescription, ParamDescription, SteelDescription } from './describe.ts';
export { E, G, GRADES, epsK, strength } from './materials.ts';
export type { Grade, Strength } from './materials.ts';
export { CURVES, findRolled, normalizeDesignation, resolveCurve, sectionProperties } from './sections.ts';
export type { Curve, ResolvedCurve, Section, SectionInput } from './sections.ts';
export { ROLLED_H } from './hsections.ts';
export { lambdaN, phiOf } from './stability.ts';
export { CODE_NAME, fmt, VERDICT_TEXT } from './result.ts';
export type { Check, SectionDrawing, SteelResult, Warning } from './result.ts';
export { DEFLECTION_ROWS, DESIGNATIONS, KINDS, PARAM_SCHEMAS, section as sectionSchema, steelRequest } from './schema.ts';
export type { BeamColumnParams, BeamParams, CompressionParams, Kind, PhiParams, SectionParams, SectionSpec, SteelRequest, TensionParams } from './schema.ts';
export { InputError } from '../../errors.ts';
export type { FieldIssue } from '../validate.ts';

/**
 * Validates `{kind, params}` (InputError naming the field, e.g. "params.section.tf", on failure) and computes.
 * `steps: false` asks a member check for its ratios only (checks, verdict, governing; no steps, values or summary),
 * by the same code: a plane frame rates its combinations so and builds the governing one's answer in full.
 */
export function calculate(body: unknown, opts: { steps?: boolean } = {}): SteelResult {
  const req = parseInput(steelRequest, body);
  const steps = opts.steps ?? true;
  switch (req.kind) {
    case 'phi':
      return phiKind(req.params);
    case 'section':
      return sectionKind(req.params);
    case 'tension':
      return tension(req.params, steps);
    case 'compression':
      return compression(req.params, steps);
    case 'beam':
      return beam(req.params, steps);
    case 'beam_column':
      return beamColumn(req.params, steps);
  }
}

/** Validates one kind's params only (field names without the `params.` prefix, as the page's form uses them). */
export function validateParams(kind: Kind, params: unknown): ReturnType<typeof validateWith> {
  return validateWith(PARAM_SCHEMAS[kind], params);
}
