// The OpenAPI document (/v1/openapi.json, @fastify/swagger) as a mechanism, so that a route documents itself:
//
// - its input: the zod schemas that validate it (body, querystring, params), as before;
// - its success answer: ONE line in the route's schema, `response: { 200: someZodSchema }` (the same zod schema the
//   tool's outputSchema or the engine's result type uses; text routes add `produces: ['text/plain']`). The app's
//   serializer is plain JSON.stringify, so a declared schema documents the answer and never re-validates it, and
//   routes that send cached bytes (the data API) send them untouched;
// - its error answers: added here from the route's auth kind and shape — 400 (invalid input) for routes with
//   input, 401 for key and HTTP Basic routes, 429 with retry-after for counted key routes, 403 for same-origin
//   routes, 404 for routes with path parameters, 503 for the unconfigured Basic families — every one the
//   {"error": {...}} body of errorBodySchema.
//
// Custom keywords that zod's .meta() puts into a schema (label, unit, choices: the concrete calculator's form
// hints) are renamed to x-label, x-unit, x-choices, the OpenAPI extension form, so the document stays valid.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { INPUT_LIMITS } from '../agent/request.ts';
import { operationId } from '../discovery/llms-txt.ts';
import { SITE_TAGLINE_EN } from '../site/identity.ts';
import { JSON_SCHEMA_KEYWORDS, rewriteCustomKeywords } from '../discovery/json-schema.ts';
import { authOf, type RouteAuth } from './plugins/auth.ts';
import { isLegacyPath } from './legacy-envelope.ts';
import { envelopeErrorSchema, errorBodySchema } from './plugins/errors.ts';

/** A route's validatorCompiler when its schema documents input that the route reads itself (a page explaining a
 * bad filter on the page; a calculator validating off the event loop): the schema is in the OpenAPI document and
 * nothing runs it on the request. */
export const documentOnly = () => (data: unknown) => ({ value: data });

/** The querystring of a route that takes no query parameters: any one given is a 400 naming it (README "Errors"). */
export const noQuery = z.object({}).strict().describe('this endpoint takes no query parameters');

type Json = Record<string, unknown>;

// OpenAPI's own keywords beside JSON Schema's; every other keyword becomes an `x-` extension
const OPENAPI_KEYWORDS = new Set([...JSON_SCHEMA_KEYWORDS, 'discriminator', 'xml', 'externalDocs', 'example', 'nullable']);

/** A copy of a JSON Schema whose non-standard keywords carry the x- prefix. */
export function prefixCustomKeywords(schema: unknown): unknown {
  return rewriteCustomKeywords(schema, OPENAPI_KEYWORDS, (standard, custom) => ({ ...standard, ...Object.fromEntries(Object.entries(custom).map(([k, v]) => [k.startsWith('x-') ? k : `x-${k}`, v])) }));
}

const errorJson = (() => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(errorBodySchema) as Json;
  return rest;
})();

const envelopeErrorJson = (() => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(envelopeErrorSchema) as Json;
  return rest;
})();

function errorResponse(description: string, headers?: Json, envelope = false): Json {
  return { ...(envelope ? envelopeErrorJson : errorJson), description, ...(headers ? { headers } : {}) };
}

interface RouteShape {
  url: string;
  method: string;
  auth: RouteAuth;
  counted: boolean;
  sameOrigin: boolean;
  hasInput: boolean;
  /** legacy envelope route: every /api/* path (errors are {code, message, data: null, error}) */
  envelope?: boolean;
  /** per-IP rate limited (429 with retry-after) */
  rateLimited?: boolean;
}

/** The error responses a route can give, from its auth kind and shape. */
const TOO_LARGE = `too large: the body is past 1 MB, or a field is past its documented size limit (error.code input_too_long, error.param names the field; a chat message at most ${INPUT_LIMITS.messageChars.toLocaleString('en')} characters)`;

export function errorResponses(r: RouteShape): Record<string, Json> {
  const out: Record<string, Json> = {};
  if (r.envelope) {
    if (r.hasInput || r.method === 'POST') out['400'] = errorResponse('invalid input: the message starts with the field at fault and says the allowed values', undefined, true);
    if (r.method === 'POST') out['413'] = errorResponse(TOO_LARGE, undefined, true);
    if (r.auth === 'user') out['401'] = errorResponse('missing, unknown, expired or revoked app token (error.code says which)', undefined, true);
    if (r.auth === 'internal') {
      out['401'] = errorResponse('missing or wrong credentials: developer or administrator HTTP Basic to read, the administrator to change', { 'www-authenticate': { type: 'string', description: 'Basic realm="…"' } }, true);
      if (r.method !== 'GET') out['403'] = errorResponse('developer credentials are read-only: a change needs the administrator', undefined, true);
      out['429'] = errorResponse('too many failed sign-ins from this address or for this user name: back off', { 'retry-after': { type: 'integer', description: 'seconds until the next attempt is admitted' } }, true);
    }
    if (r.url.includes(':')) out['404'] = errorResponse('nothing with this id', undefined, true);
    if (r.rateLimited) out['429'] = errorResponse('per-IP rate limit reached (PUBLIC_RATE_LIMIT a minute, per node)', { 'retry-after': { type: 'integer', description: 'seconds until the window resets' } }, true);
    return out;
  }
  if (r.hasInput || r.method === 'POST') out['400'] = errorResponse('invalid input: error.param names the field and the message the allowed values');
  if (r.method === 'POST') out['413'] = errorResponse(TOO_LARGE);
  if (r.auth === 'key') out['401'] = errorResponse('missing, malformed, unknown, disabled, revoked or expired API key (error.code says which)');
  if (r.auth === 'basic') {
    out['401'] = errorResponse('missing or wrong HTTP Basic credentials', { 'www-authenticate': { type: 'string', description: 'Basic realm="…"' } });
    out['429'] = errorResponse('too many failed sign-ins from this address or for this user name: back off', { 'retry-after': { type: 'integer', description: 'seconds until the next attempt is admitted' } });
  }
  if (r.sameOrigin) out['403'] = errorResponse('Host or Origin is not this service (DNS-rebinding guard)');
  if (r.url.includes(':')) out['404'] = errorResponse('nothing with this id');
  if (r.auth === 'key' && r.counted) {
    out['429'] = errorResponse('daily quota of the key spent (error.code daily_quota_exceeded)', {
      'retry-after': { type: 'integer', description: 'seconds until the quota resets (midnight Asia/Shanghai)' },
      'x-should-retry': { type: 'string', enum: ['false'], description: 'tells the openai SDK not to retry' },
    });
  }
  if (r.rateLimited && !out['429']) {
    out['429'] = errorResponse('too many requests from this address (per-IP limit, counted per node)', { 'retry-after': { type: 'integer', description: 'seconds until the address may call again' } });
  }
  if (r.auth === 'basic') out['503'] = errorResponse('the family is disabled until its credentials are configured');
  return out;
}


type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

export function openapiTransform(input: TransformInput) {
  const out = jsonSchemaTransform(input) as { schema: Json; url: string };
  const route = input.route as { method: string | string[]; config?: { auth?: RouteAuth; quota?: unknown; sameOrigin?: boolean; rateLimit?: unknown } };
  const method = (Array.isArray(route.method) ? route.method : [route.method]).find((m) => m !== 'HEAD') ?? 'GET';
  const auth = authOf(input.url, route.config);
  const schema: Json = { ...out.schema };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) if (schema[part]) schema[part] = prefixCustomKeywords(schema[part]);
  // a response with a schema per content type ({description, content: {type: {schema}}}) keeps that shape
  const documented = (s: Json): unknown =>
    s && typeof s === 'object' && s.content && typeof s.content === 'object' && !('type' in s)
      ? { ...s, content: Object.fromEntries(Object.entries(s.content as Record<string, Json>).map(([type, c]) => [type, { ...c, schema: prefixCustomKeywords(c.schema) }])) }
      : prefixCustomKeywords(s);
  const success = Object.fromEntries(Object.entries((schema.response as Json | undefined) ?? {}).map(([status, s]) => [status, documented(s as Json)]));
  const shape: RouteShape = {
    url: input.url,
    method,
    auth,
    counted: route.config?.quota !== false,
    sameOrigin: route.config?.sameOrigin === true,
    hasInput: Boolean(schema.body || schema.querystring || schema.params),
    envelope: isLegacyPath(input.url),
    rateLimited: route.config?.rateLimit !== undefined,
  };
  // A route may declare its own error answers (a 404 in the envelope, a page's HTML 404); the generic ones yield to
  // them, so what is documented is what the route sends.
  schema.response = { ...errorResponses(shape), ...success };
  schema.security = auth === 'key' ? [{ bearer: [] }] : auth === 'basic' || auth === 'internal' ? [{ basic: [] }] : auth === 'user' ? [{ appToken: [] }] : [];
  schema.operationId ??= operationId(method, input.url);
  return { ...out, schema };
}

export function swaggerOptions(ctx: ServiceContext): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${ctx.config.siteName} API`, version: ctx.config.version, description: SITE_TAGLINE_EN },
      servers: [{ url: ctx.config.siteUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: `Bearer ${ctx.config.keyPrefix}-<secret>` },
          basic: { type: 'http', scheme: 'basic' },
          appToken: { type: 'http', scheme: 'bearer', description: 'Bearer ut-<token> from POST /api/auth/login' },
        },
      },
    },
    transform: openapiTransform as FastifyDynamicSwaggerOptions['transform'],
  };
}
