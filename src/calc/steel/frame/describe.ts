// The parameter description served by GET /v1/calc/steel-frame: every table of the model and every field with its
// unit, range, default and allowed values, read off the JSON Schema of the zod schema that validates POST, so the
// two cannot drift apart.
import { z } from 'zod';
import type { ParamDescription } from '../describe.ts';
import { frameRequest, LIMITS, MIN_LENGTH_M } from './schema.ts';

type Json = Record<string, unknown>;

/** A field of one of the model's tables: the steel kinds' parameter description without the form label. */
export type FieldDescription = Omit<ParamDescription, 'label' | 'type'> & { type: string; maxItems?: number };

export interface TableDescription {
  /** where the rows sit in the request, e.g. "members[].loads[] (type udl)" */
  path: string;
  description: string;
  fields: FieldDescription[];
}

export interface FrameDescription {
  code: string;
  request: string;
  units: Record<string, string>;
  conventions: string[];
  limits: { nodes: number; members: number; min_member_length_m: number };
  fields: FieldDescription[];
  tables: TableDescription[];
  json_schema: Json;
}

function fieldType(p: Json): string {
  if (Array.isArray(p.enum)) return 'string';
  if (p.const !== undefined) return typeof p.const;
  return String(p.type ?? (p.anyOf ? 'object' : 'unknown'));
}

function describeObject(path: string, schema: Json, tables: TableDescription[]): FieldDescription[] {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, p]) => {
    const d: FieldDescription = { name, type: fieldType(p), unit: String(p.unit ?? ''), description: String(p.description ?? ''), required: required.has(name) };
    if (p.default !== undefined) d.default = p.default;
    if (Array.isArray(p.enum)) d.enum = p.enum;
    if (p.const !== undefined) d.enum = [p.const];
    for (const key of ['minimum', 'exclusiveMinimum', 'maximum', 'maxItems'] as const) if (typeof p[key] === 'number') d[key] = p[key] as number;
    const items = p.items as Json | undefined;
    if (p.type === 'array' && items) {
      const options = (items.oneOf ?? items.anyOf) as Json[] | undefined;
      for (const option of options ?? [items]) {
        const kind = ((option.properties as Record<string, Json> | undefined)?.type?.const as string | undefined) ?? '';
        const sub = `${path}${name}[]`;
        const table: TableDescription = { path: kind ? `${sub} (type ${kind})` : sub, description: String(option.description ?? p.description ?? ''), fields: [] };
        tables.push(table);
        table.fields = describeObject(`${sub}.`, option, tables);
      }
    } else if (p.type === 'object' && p.properties) {
      const table: TableDescription = { path: `${path}${name}`, description: String(p.description ?? ''), fields: [] };
      tables.push(table);
      table.fields = describeObject(`${path}${name}.`, p, tables);
    }
    return d;
  });
}

let cached: FrameDescription | null = null;

export function describeFrame(): FrameDescription {
  if (cached) return cached;
  const schema = z.toJSONSchema(frameRequest, { io: 'input' }) as Json;
  const tables: TableDescription[] = [];
  const fields = describeObject('', schema, tables);
  cached = {
    code: 'GB 50017-2017《钢结构设计标准》; analysis by the direct stiffness method (steel.md §8)',
    request: 'POST /v1/calc/steel-frame with a JSON body {nodes, members, supports, nodal_loads?, sway?, samples?}; loads are design values',
    units: { coordinates: 'm', A: 'mm²', I: 'mm⁴', E: 'N/mm²', force: 'kN', moment: 'kN·m', distributed: 'kN/m', displacement: 'mm', rotation: 'rad' },
    conventions: [
      'global X rightwards, Y upwards; moments and rotations counter-clockwise positive',
      'local x from node i to node j, local y = local x turned 90° counter-clockwise',
      'results: N > 0 tension; M > 0 when the fibre on the local −y side is in tension (sagging for a left→right beam); V > 0 acting along +y on the left face of a cut',
      'reactions rx, ry, mz in global axes; ux, uy in mm, rz in rad (null at a joint whose rotation no member holds, e.g. a truss joint)',
      'first-order linear elastic analysis with axial deformation; no shear deformation, no P-Δ; the storey drift ratio θ (5.1.6) is reported as a warning',
    ],
    limits: { nodes: LIMITS.nodes, members: LIMITS.members, min_member_length_m: MIN_LENGTH_M },
    fields,
    tables,
    json_schema: schema,
  };
  return cached;
}
