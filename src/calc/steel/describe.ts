// The parameter description served by GET /v1/calc/steel and read by the page. Everything is read off the zod
// schemas (JSON Schema plus their meta), so it cannot drift from what POST accepts. Nested objects (ltb, service,
// moments) are flattened to dotted names; the section's variants are described once under `section_types`.
import { z } from 'zod';
import { E, G, GRADES, gradeInfo, strengthTable } from './materials.ts';
import { CODE_NAME } from './result.ts';
import { KINDS, PARAM_SCHEMAS, propsSection, rolledSection, weldedSection, type Kind } from './schema.ts';

export interface ParamDescription {
  name: string;
  label: string;
  type: 'number' | 'integer' | 'string' | 'boolean' | 'object';
  unit: string;
  description: string;
  required: boolean;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
}

export interface KindDescription {
  kind: Kind;
  title: string;
  clause: string;
  rules: string[];
  params: ParamDescription[];
  json_schema: Record<string, unknown>;
}

type JsonProp = Record<string, unknown> & { properties?: Record<string, JsonProp>; required?: string[] };

function flatten(schema: JsonProp, prefix: string, out: ParamDescription[]): ParamDescription[] {
  const required = new Set(schema.required ?? []);
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const name = prefix + key;
    const isObject = prop.type === 'object' || Array.isArray(prop.oneOf) || Array.isArray(prop.anyOf);
    const d: ParamDescription = {
      name,
      label: String(prop.label ?? key),
      type: isObject ? 'object' : ((['number', 'integer', 'string', 'boolean'].includes(String(prop.type)) ? prop.type : 'string') as ParamDescription['type']),
      unit: String(prop.unit ?? ''),
      description: String(prop.description ?? ''),
      required: required.has(key),
    };
    if (prop.default !== undefined) d.default = prop.default;
    if (Array.isArray(prop.enum)) d.enum = prop.enum as unknown[];
    else if (prop.const !== undefined) d.enum = [prop.const];
    for (const k of ['minimum', 'exclusiveMinimum', 'maximum'] as const) if (typeof prop[k] === 'number') d[k] = prop[k] as number;
    out.push(d);
    if (prop.type === 'object' && prop.properties) flatten(prop, `${name}.`, out);
  }
  return out;
}

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonProp;

function describeKind(kind: Kind): KindDescription {
  const schema = jsonSchema(PARAM_SCHEMAS[kind]);
  return {
    kind,
    title: String(schema.title ?? kind),
    clause: String(schema.clause ?? ''),
    rules: Array.isArray(schema.rules) ? (schema.rules as string[]) : [],
    params: flatten(schema, '', []),
    json_schema: schema,
  };
}

export interface SteelDescription {
  code: string;
  request: string;
  units: Record<string, string>;
  grades: Array<{ grade: string; fy_nom: number; fu: number; fce: number; eps_k: number; rows: Array<{ t_max: number; f: number; fv: number; fy: number }> }>;
  constants: { E: number; G: number };
  section_types: Array<{ type: string; description: string; params: ParamDescription[] }>;
  kinds: KindDescription[];
}

let cached: SteelDescription | null = null;

export function describe(): SteelDescription {
  cached ??= {
    code: CODE_NAME,
    request: 'POST /v1/calc/steel with a JSON body {"kind": <kind>, "params": {…}}; inputs are design values (γ0 already applied), deflection takes characteristic loads',
    units: { force: 'kN', moment: 'kN·m', distributed_load: 'kN/m', length: 'm (l0x, l0y, l1, span)', dimension: 'mm', area: 'mm²', second_moment: 'mm⁴', modulus: 'mm³', stress: 'N/mm²' },
    grades: GRADES.map((g) => ({ grade: g, ...gradeInfo(g), rows: strengthTable(g) })),
    constants: { E, G },
    section_types: [weldedSection, rolledSection, propsSection].map((s) => {
      const js = jsonSchema(s);
      const type = String((js.properties?.type as JsonProp | undefined)?.const ?? '');
      return { type, description: String((js.properties?.type as JsonProp | undefined)?.description ?? ''), params: flatten(js, 'section.', []).filter((p) => p.name !== 'section.type') };
    }),
    kinds: KINDS.map(describeKind),
  };
  return cached;
}
