// A tool's declared input fields, read from its zod schema once per tool: name, kind, enum values, whether required,
// description. Every stage of the understanding may read them (they are the tools' declarations, not a stage):
// the extractor fills them by name, the planner asks for what is still missing.
import type { z } from 'zod';
import type { SiteTool } from '../../tools/types.ts';
export interface FieldInfo {
  name: string;
  kind: 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'other';
  values: string[];
  required: boolean;
  description: string;
}

type Def = { type?: string; innerType?: unknown; in?: unknown; out?: unknown; entries?: Record<string, string>; values?: unknown[]; options?: unknown[] };
const defOf = (s: unknown): Def => ((s as { _zod?: { def?: Def } })?._zod?.def ?? {}) as Def;

function fieldOf(name: string, schema: z.ZodType): FieldInfo {
  let node: unknown = schema;
  let required = true;
  let description = '';
  for (let i = 0; i < 10; i++) {
    description ||= (node as { description?: string }).description ?? '';
    const d = defOf(node);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'prefault') {
      if (d.type !== 'nullable') required = false;
      node = d.innerType;
    } else if (d.type === 'pipe') node = d.in;
    else break;
  }
  const d = defOf(node);
  let kind: FieldInfo['kind'] = 'other';
  let values: string[] = [];
  if (d.type === 'enum') {
    kind = 'enum';
    values = Object.values(d.entries ?? {}).map(String);
  } else if (d.type === 'literal') {
    kind = 'enum';
    values = (d.values ?? []).map(String);
  } else if (d.type === 'string') kind = 'string';
  else if (d.type === 'number' || d.type === 'int') kind = 'number';
  else if (d.type === 'boolean') kind = 'boolean';
  else if (d.type === 'object' || d.type === 'record') kind = 'object';
  else if (d.type === 'union') kind = 'string';
  return { name, kind, values, required, description: description || ((node as { description?: string }).description ?? '') };
}

const fieldCache = new WeakMap<SiteTool, FieldInfo[]>();

/** The top-level fields of a tool's input schema, with whether each is required and its enum values. */
export function toolFields(tool: SiteTool): FieldInfo[] {
  let fields = fieldCache.get(tool);
  if (!fields) {
    const shape = (tool.inputSchema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    fields = Object.entries(shape).map(([name, s]) => fieldOf(name, s));
    fieldCache.set(tool, fields);
  }
  return fields;
}

/** Which kind of thing a tool is about, from its name and title: decides what `name`, `id` and `q` mean. */
export function toolEntity(tool: SiteTool): 'university' | 'major' | 'other' {
  if (/universit/.test(tool.name) || /院校|大学/.test(tool.title)) return 'university';
  if (/major/.test(tool.name) || /专业/.test(tool.title)) return 'major';
  return 'other';
}

/** Required fields the arguments still lack (to ask for them instead of running the tool). */
export function missingFields(tool: SiteTool, args: Record<string, unknown>): FieldInfo[] {
  return toolFields(tool).filter((f) => f.required && args[f.name] === undefined);
}
