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

async function bodyDepth(app: FastifyInstance): Promise<void> {
  const check = async (request: FastifyRequest) => {
    const at = tooDeep(request.body);
    if (at !== null) throw new InputError(`${at.split('.').slice(0, 4).join('.')}…: the JSON body is nested deeper than ${MAX_BODY_DEPTH} levels`, at.split('.').slice(0, 4).join('.') || null, 'json_too_deep');
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) {
      const current = route.preValidation;
      route.preValidation = current === undefined ? [check] : Array.isArray(current) ? [check, ...current] : [check, current];
    }
  });
}

export default fp(bodyDepth, { name: 'body-depth' });
