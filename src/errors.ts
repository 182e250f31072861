// Errors that engines and tools throw. Transports translate them: HTTP to an OpenAI-style body with the status
// below, MCP to a tool result with isError. Messages are written for the caller and never carry internals.
import type { z } from 'zod';

export type ErrorType = 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'not_found_error' | 'rate_limit_error' | 'server_error';

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

/** 400: the caller's input is wrong; `param` names the field. */
export class InputError extends ServiceError {
  constructor(message: string, param: string | null = null, code = 'invalid_parameter') {
    super(message, 400, 'invalid_request_error', code, param);
  }
}

/** 404: the thing asked for is not in the data. */
export class NotFoundError extends ServiceError {
  constructor(message: string, param: string | null = null) {
    super(message, 404, 'not_found_error', 'not_found', param);
  }
}

/** 503: a part of the service is not configured or not built yet (e.g. the data import has not run). */
export class UnavailableError extends ServiceError {
  constructor(message: string, code = 'unavailable') {
    super(message, 503, 'server_error', code);
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const i = issue as z.core.$ZodIssue & { values?: unknown[]; expected?: string; minimum?: unknown; maximum?: unknown; keys?: string[] };
  switch (i.code) {
    case 'invalid_value':
      return `must be one of ${(i.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_type':
      return i.message.includes('received undefined') ? `is required (${i.expected})` : `must be ${i.expected}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${(i.keys ?? []).join(', ')}`;
    default:
      return i.message;
  }
}

/** One readable sentence per problem, each naming its field, e.g. "method: must be one of "coins", "random"". */
export function inputErrorFromZod(error: z.ZodError, prefix = ''): InputError {
  const parts = error.issues.map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const keys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys : [];
    return { field: field || keys.map((k) => [prefix, k].filter(Boolean).join('.')).join(',') || null, text: describeIssue(issue) };
  });
  const message = parts.map((p) => (p.field ? `${p.field}: ${p.text}` : p.text)).join('; ');
  return new InputError(message, parts[0]?.field ?? null, 'invalid_parameter');
}

/** Parses with a zod schema, turning failure into an InputError that names the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw inputErrorFromZod(result.error, prefix);
  return result.data;
}
