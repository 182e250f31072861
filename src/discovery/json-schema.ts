// JSON Schema's own keywords (2020-12, plus OpenAPI's few) and a rewrite of the keywords that are not among them.
// The zod schemas carry hints for people and pages (`unit`, `label`, `choices`, `clause` through .meta()), which
// z.toJSONSchema copies as keywords; a validator in strict mode (Ajv's default) refuses a schema that has them, and
// they would go to the upstream model as noise. Each exported schema decides what becomes of them: the tools' input
// schemas fold them into `description` (tool-schema.ts), the OpenAPI document keeps them as `x-` extensions.
type Json = Record<string, unknown>;

export const JSON_SCHEMA_KEYWORDS = new Set(
  (
    '$schema $id $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs definitions type enum const multipleOf maximum ' +
    'exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxContains minContains ' +
    'maxProperties minProperties required dependentRequired properties patternProperties additionalProperties propertyNames items ' +
    'prefixItems contains unevaluatedItems unevaluatedProperties allOf anyOf oneOf not if then else dependentSchemas format ' +
    'contentEncoding contentMediaType contentSchema title description default deprecated readOnly writeOnly examples'
  ).split(' '),
);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']);

/**
 * A copy of a JSON Schema in which every subschema's keywords outside `known` are handed to `rewrite` (with the
 * subschema's standard part), which returns the subschema to keep.
 */
export function rewriteCustomKeywords(schema: unknown, known: ReadonlySet<string>, rewrite: (standard: Json, custom: Json) => Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rewriteCustomKeywords(s, known, rewrite));
  if (!schema || typeof schema !== 'object') return schema;
  const standard: Json = {};
  const custom: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (!known.has(key)) custom[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') standard[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, rewriteCustomKeywords(v, known, rewrite)]));
    else if (SCHEMA_LISTS.has(key) || SCHEMA_ONE.has(key)) standard[key] = rewriteCustomKeywords(value, known, rewrite);
    else standard[key] = value;
  }
  return Object.keys(custom).length ? rewrite(standard, custom) : standard;
}

/** Only JSON Schema's keywords: the hints become a bracketed tail of `description` ("… [unit: kN; clause: 6.1.1]"). */
export function hintsInDescription(schema: unknown): unknown {
  return rewriteCustomKeywords(schema, JSON_SCHEMA_KEYWORDS, (standard, custom) => {
    const hints = Object.entries(custom)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    const description = [standard.description, hints.length ? `[${hints.join('; ')}]` : ''].filter((s) => typeof s === 'string' && s).join(' ');
    return description ? { ...standard, description } : standard;
  });
}
