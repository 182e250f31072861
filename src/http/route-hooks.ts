// Attaching a hook to one route when it is registered (from an onRoute hook), so routes that do not need it pay
// nothing per request. Fastify may pass the same options twice (the HEAD twin of a GET): a hook is added once.
import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onResponse';

export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown, position: 'first' | 'last'): void {
  const current = route[name];
  const hooks: unknown[] = current === undefined ? [] : Array.isArray(current) ? [...current] : [current];
  if (hooks.includes(hook)) return;
  if (position === 'first') hooks.unshift(hook);
  else hooks.push(hook);
  (route as unknown as Record<HookName, unknown[]>)[name] = hooks;
}
