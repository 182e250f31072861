// Also: a NUL character anywhere in a query string or body is a 400 naming the field (nulAt).
//
// JSON nested thousands of levels deep is no request anyone means: validators and the MCP SDK walk it recursively
// and overflow the stack (a 500 that still counted against the key's quota). Every parsed request body is measured
// first, without recursion, in preValidation — before any validator, and before the quota hook (preHandler) — and a
// body deeper than MAX_BODY_DEPTH is a 400 naming where it gets too deep.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { InputError } from '../../errors.ts';

export const MAX_BODY_DEPTH = 64;

/** The path of the first value nested deeper than `max` (e.g. "params.arguments.x.0.0"), or null. */
export function tooDeep(value: unknown, max = MAX_BODY_DEPTH): string | null {
  const stack: Array<{ v: unknown; path: string[] }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= max) return path.join('.');
    for (const [k, child] of Object.entries(v)) if (child !== null && typeof child === 'object') stack.push({ v: child, path: [...path, k] });
  }
  return null;
}

/** The path of the first string (or key) holding a NUL character, or null. PostgreSQL cannot store one in text (a
 * search or a login name with %00 was a 500 there and a 200 on SQLite), and no field of this service means one. */
export function nulAt(value: unknown): string | null {
  const stack: Array<{ v: unknown; path: string[] }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.join('.');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v)) {
      if (k.includes('\u0000')) return [...path, k].join('.');
      stack.push({ v: child, path: [...path, k] });
    }
  }
  return null;
}

async function bodyDepth(app: FastifyInstance): Promise<void> {
  const check = async (request: FastifyRequest) => {
    const at = tooDeep(request.body);
    if (at !== null) throw new InputError(`${at.split('.').slice(0, 4).join('.')}…: the JSON body is nested deeper than ${MAX_BODY_DEPTH} levels`, at.split('.').slice(0, 4).join('.') || null, 'json_too_deep');
  };
  // Every route, every method: the query string and the body are refused with a 400 naming the field when they
  // hold a NUL character, the same answer on either state backend.
  const noNul = async (request: FastifyRequest) => {
    for (const [part, value] of [['', request.query], ['', request.body]] as const) {
      const at = nulAt(value);
      if (at !== null) throw new InputError(`${at || part || 'body'}: must not contain a NUL character (U+0000)`, at || null, 'invalid_character');
    }
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const body = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
    const hooks = body ? [check, noNul] : [noNul];
    const current = route.preValidation;
    route.preValidation = current === undefined ? hooks : Array.isArray(current) ? [...hooks, ...current] : [...hooks, current];
  });
}

export default fp(bodyDepth, { name: 'body-depth' });
