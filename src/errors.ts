// Errors that engines and tools throw. Transports translate them: HTTP to an OpenAI-style body with the status
// below, MCP to a tool result with isError. Messages are written for the caller and never carry internals.
import type { z } from 'zod';

export const ERROR_TYPES = ['invalid_request_error', 'authentication_error', 'permission_error', 'not_found_error', 'rate_limit_error', 'server_error'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 400: the caller's input is wrong; `param` names the field. 413 (code `input_too_long`): a field is past a
 * documented size limit (sizeLimit below). */
export class InputError extends ServiceError {
  constructor(message: string, param: string | null = null, code = 'invalid_parameter', status: 400 | 413 = 400) {
    super(message, status, 'invalid_request_error', code, param);
  }
}

/** The messages of zod `.max()` checks that are a route's documented size limit (a chat message's characters …). */
const SIZE_LIMITS = new Set<string>();

/** Declares a `.max()` check as a size limit: past it the request is refused with 413 `input_too_long` naming the
 * field (not 400), so a client knows to send less rather than something else. Returns the check's message. */
export function sizeLimit(message: string): string {
  SIZE_LIMITS.add(message);
  return message;
}

/** 404: the thing asked for is not in the data. */
export class NotFoundError extends ServiceError {
  constructor(message: string, param: string | null = null) {
    super(message, 404, 'not_found_error', 'not_found', param);
  }
}

/** 403: the caller is who they say, but this is not theirs to do (another user's knowledge base, an agent they do not own). */
export class ForbiddenError extends ServiceError {
  constructor(message: string, code = 'forbidden', param: string | null = null) {
    super(message, 403, 'permission_error', code, param);
  }
}

/** 503: a part of the service is not configured or not built yet (e.g. the data import has not run). */
export class UnavailableError extends ServiceError {
  constructor(message: string, code = 'unavailable') {
    super(message, 503, 'server_error', code);
  }
}

/** 503 with retry-after: the state database did not answer (down, restarting, a statement timeout); the caller may
 * retry, and a load balancer may route around this node. */
export class StateUnavailableError extends ServiceError {
  constructor(message = 'the state database did not answer in time; try again shortly') {
    super(message, 503, 'server_error', 'state_unavailable', null, { 'retry-after': '5' });
  }
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

type SchemaNode = { _zod?: { def?: Record<string, unknown> } } | undefined;

/** Looks through optional/default/nullable/pipe wrappers, and picks the union option whose literals match `value`. */
function unwrapSchema(node: SchemaNode, value: unknown): SchemaNode {
  for (let guard = 0; guard < 10 && node?._zod?.def; guard++) {
    const def = node._zod.def as { type?: string; innerType?: SchemaNode; in?: SchemaNode; options?: SchemaNode[] };
    if (def.type === 'object' || def.type === 'array') return node;
    if (def.type === 'union' && def.options) {
      node = def.options.find((option) => {
        const shape = (option?._zod?.def as { shape?: Record<string, SchemaNode> } | undefined)?.shape;
        if (!shape) return false;
        return Object.entries(shape).every(([key, field]) => {
          const fd = field?._zod?.def as { type?: string; values?: unknown[] } | undefined;
          return fd?.type !== 'literal' || (fd.values ?? []).includes((value as Record<string, unknown> | undefined)?.[key]);
        });
      });
      continue;
    }
    const inner = def.innerType ?? def.in;
    if (!inner) return node;
    node = inner;
  }
  return node;
}

/** The field names the object schema at `path` accepts (to list them when a caller sends an unknown one). */
function allowedKeys(schema: z.ZodType | undefined, path: PropertyKey[], input: unknown): string[] {
  let value = input;
  let node = unwrapSchema(schema as SchemaNode, value);
  for (const key of path) {
    value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
    const def = node?._zod?.def as { type?: string; shape?: Record<string, SchemaNode>; element?: SchemaNode } | undefined;
    // an array's items are all described by its element schema
    node = unwrapSchema(def?.type === 'array' ? def.element : def?.shape?.[key as string], value);
  }
  const shape = (node?._zod?.def as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const i = issue as z.core.$ZodIssue & { values?: unknown[]; expected?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean; origin?: string; keys?: string[] };
  switch (i.code) {
    case 'invalid_value':
      return `must be one of ${(i.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_type':
      if (!i.message.startsWith('Invalid input')) return i.message;
      // A coerced query parameter that was never sent arrives as NaN; look at what the caller actually sent.
      return input !== undefined && valueAt(input, i.path) === undefined ? `is required (${i.expected})` : `must be ${i.expected}`;
    case 'too_big':
    case 'too_small': {
      // A schema's own wording (units, both ends of the range) says more than the generic sentence.
      if (!/^Too (big|small)/.test(i.message)) return i.message;
      const limit = i.code === 'too_big' ? i.maximum : i.minimum;
      const cmp = i.code === 'too_big' ? (i.inclusive === false ? '<' : '≤') : i.inclusive === false ? '>' : '≥';
      if (i.origin === 'string') return `must have ${i.code === 'too_big' ? 'at most' : 'at least'} ${String(limit)} characters`;
      if (i.origin === 'array' || i.origin === 'set') return `must have ${i.code === 'too_big' ? 'at most' : 'at least'} ${String(limit)} items`;
      if (i.origin === 'number' || i.origin === 'int' || i.origin === 'bigint') return `must be ${cmp} ${String(limit)}`;
      return i.message;
    }
    default:
      return i.message;
  }
}

/** One readable sentence per problem, each naming its field, e.g. "method: must be one of "coins", "random"". */
export function inputErrorFromZod(error: z.ZodError, input?: unknown, schema?: z.ZodType): InputError {
  const name = (path: PropertyKey[]) => path.map(String).join('.') || null;
  const parts = error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const allowed = allowedKeys(schema, issue.path, input);
      const text = allowed.length ? `unknown field; allowed: ${allowed.join(', ')}` : 'unknown field';
      return issue.keys.map((key) => ({ field: name([...issue.path, key]), text }));
    }
    return [{ field: name(issue.path), text: describeIssue(issue, input) }];
  });
  const message = parts.map((p) => (p.field ? `${p.field}: ${p.text}` : p.text)).join('; ');
  const tooLong = error.issues.find((issue) => issue.code === 'too_big' && SIZE_LIMITS.has(issue.message));
  if (tooLong) return new InputError(message, name(tooLong.path), 'input_too_long', 413);
  return new InputError(message, parts[0]?.field ?? null, 'invalid_parameter');
}

/** Parses with a zod schema, turning failure into an InputError that names the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw inputErrorFromZod(result.error, input, schema);
  return result.data;
}

