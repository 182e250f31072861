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

/** A value met on the walk: its parent link gives its path only when one is needed (building every path was most
 * of the walk's time on a 2,000-node frame or a 128,000-character chat). */
interface Visit {
  v: unknown;
  depth: number;
  key: string;
  parent: Visit | null;
}

function pathOf(n: Visit | null): string {
  const keys: string[] = [];
  for (; n?.parent; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
}

/** Walks a parsed value without recursion; `stop` says, for each value, whether it is the one looked for. */
function find(value: unknown, stop: (n: Visit) => boolean): Visit | null {
  const stack: Visit[] = [{ v: value, depth: 0, key: '', parent: null }];
  while (stack.length) {
    const n = stack.pop()!;
    if (stop(n)) return n;
    if (n.v === null || typeof n.v !== 'object') continue;
    for (const k in n.v as object) if (Object.hasOwn(n.v as object, k)) stack.push({ v: (n.v as Record<string, unknown>)[k], depth: n.depth + 1, key: k, parent: n });
  }
  return null;
}

/** The path of the first value nested deeper than `max` (e.g. "params.arguments.x.0.0"), or null. */
export function tooDeep(value: unknown, max = MAX_BODY_DEPTH): string | null {
  const n = find(value, (n) => n.depth >= max && n.v !== null && typeof n.v === 'object');
  return n ? pathOf(n) : null;
}

/** The path of the first string (or key) holding a NUL character, or null. PostgreSQL cannot store one in text (a
 * search or a login name with %00 was a 500 there and a 200 on SQLite), and no field of this service means one. */
export function nulAt(value: unknown): string | null {
  const n = find(value, (n) => n.key.includes('\u0000') || (typeof n.v === 'string' && n.v.includes('\u0000')));
  return n ? pathOf(n) : null;
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
