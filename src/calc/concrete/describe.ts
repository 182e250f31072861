// The parameter description served by GET /v1/calc/concrete and used by the page to build its form. Everything
// here is read off the zod schemas (JSON Schema plus their meta), so it cannot drift from what POST accepts.
import { z } from 'zod';
import { CONCRETE_GRADES, STEEL_KEYS, steel } from './materials.ts';
import { CODE_NAME } from './result.ts';
import { KINDS, PARAM_SCHEMAS, type Kind } from './schema.ts';

export interface ParamDescription {
  name: string;
  label: string;
  type: 'number' | 'integer';
  unit: string;
  description: string;
  required: boolean;
  default?: number;
  enum?: number[];
  choices?: Array<{ value: number; text: string }>;
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

type JsonProp = Record<string, unknown>;

function describeKind(kind: Kind): KindDescription {
  const schema = z.toJSONSchema(PARAM_SCHEMAS[kind], { io: 'input' }) as JsonProp & {
    properties: Record<string, JsonProp>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  const params = Object.entries(schema.properties).map(([name, prop]): ParamDescription => {
    const d: ParamDescription = {
      name,
      label: String(prop.label ?? name),
      type: prop.type === 'integer' ? 'integer' : 'number',
      unit: String(prop.unit ?? ''),
      description: String(prop.description ?? ''),
      required: required.has(name),
    };
    for (const key of ['default', 'minimum', 'exclusiveMinimum', 'maximum'] as const) {
      if (typeof prop[key] === 'number') d[key] = prop[key] as number;
    }
    if (Array.isArray(prop.enum)) d.enum = prop.enum as number[];
    if (Array.isArray(prop.choices)) d.choices = prop.choices as ParamDescription['choices'];
    return d;
  });
  return {
    kind,
    title: String(schema.title ?? kind),
    clause: String(schema.clause ?? ''),
    rules: Array.isArray(schema.rules) ? (schema.rules as string[]) : [],
    params,
    json_schema: schema,
  };
}

export interface ConcreteDescription {
  code: string;
  request: string;
  units: Record<string, string>;
  concrete_grades: number[];
  steel_grades: Array<{ key: number; name: string; fy: number; fyc: number; fyv: number; Es: number }>;
  kinds: KindDescription[];
}

let cached: ConcreteDescription | null = null;

export function describe(): ConcreteDescription {
  cached ??= {
    code: CODE_NAME,
    request: 'POST /v1/calc/concrete with a JSON body {"kind": <kind>, "params": {…}}; inputs are design values (γ0 already applied)',
    units: { length: 'mm', moment: 'kN·m', force: 'kN', area: 'mm²', l0: 'm', stress: 'MPa' },
    concrete_grades: [...CONCRETE_GRADES],
    steel_grades: STEEL_KEYS.map((k) => {
      const s = steel(k);
      return { key: k, name: s.name, fy: s.fy, fyc: s.fyc, fyv: s.fyv, Es: s.Es };
    }),
    kinds: KINDS.map(describeKind),
  };
  return cached;
}
