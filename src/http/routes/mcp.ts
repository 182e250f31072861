// MCP over Streamable HTTP, stateless, both protocol eras on one endpoint: the SDK's createMcpHandler serves
// 2026-07-28 requests (per-request _meta envelope) and 2025-era requests (initialize handshake, stateless
// fallback) from the same factory, negotiated per request. The key is required unless MCP_AUTH=none; only
// tools/call counts against the quota, not the handshake, discovery or listing.
//
// A bad key or a spent quota on a tools/call is answered as a tool result with isError naming the reason (the
// host shows it to the user and the model), through the same server so each era gets its own encoding; on any
// other request it stays an HTTP 401 / 429 with the error body, which is what hosts show for a failed connect.
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { ServiceError } from '../../errors.ts';
import { buildMcpServer } from '../../mcp/server.ts';
import { errorBody } from '../plugins/errors.ts';
import { z } from 'zod';
import { CallToolRequestSchema, CompleteRequestSchema, GetPromptRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { inputErrorFromZod } from '../../errors.ts';

// The requests whose parameters callers most often get wrong, checked with the SDK's own schemas before the SDK sees
// them, so the JSON-RPC error names the field ("params.name: must be string") instead of dumping zod's issue list —
// and before the quota hook, so a malformed tools/call costs nothing.
const PARAMS: Record<string, z.ZodType> = {
  'tools/call': CallToolRequestSchema as unknown as z.ZodType,
  'resources/read': ReadResourceRequestSchema as unknown as z.ZodType,
  'prompts/get': GetPromptRequestSchema as unknown as z.ZodType,
  'completion/complete': CompleteRequestSchema as unknown as z.ZodType,
};

/** A JSON-RPC "invalid params" answer naming the field, or null when the request is well-formed (or not ours to check). */
function invalidParams(body: unknown): { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string; data: { param: string | null } } } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const m = body as { method?: unknown; id?: unknown };
  const schema = typeof m.method === 'string' ? PARAMS[m.method] : undefined;
  if (!schema || (typeof m.id !== 'string' && typeof m.id !== 'number')) return null;
  const result = schema.safeParse(body);
  if (result.success) return null;
  const err = inputErrorFromZod(result.error, body, schema);
  return { jsonrpc: '2.0', id: m.id, error: { code: -32602, message: `invalid ${m.method} request: ${err.message}`, data: { param: err.param } } };
}

/** Why one JSON-RPC message is malformed, naming the field, or null (the SDK's own answer named no field). */
function envelopeFault(m: unknown, at: string): { param: string; message: string } | null {
  const field = (f: string) => (at ? `${at}.${f}` : f);
  if (!m || typeof m !== 'object' || Array.isArray(m)) return { param: at || 'body', message: 'must be a JSON-RPC 2.0 message (an object)' };
  const o = m as Record<string, unknown>;
  if (o.jsonrpc !== '2.0') return { param: field('jsonrpc'), message: 'must be "2.0"' };
  const isResponse = 'result' in o || 'error' in o;
  if ('id' in o && !(typeof o.id === 'string' || (typeof o.id === 'number' && Number.isFinite(o.id)) || (isResponse && o.id === null))) return { param: field('id'), message: 'must be a string or a number' };
  if (isResponse) return 'id' in o ? null : { param: field('id'), message: 'is required in a response' };
  if (typeof o.method !== 'string' || !o.method) return { param: field('method'), message: 'is required (a string such as "tools/list")' };
  if ('params' in o && (o.params === null || typeof o.params !== 'object' || Array.isArray(o.params))) return { param: field('params'), message: 'must be an object' };
  return null;
}

/** The JSON-RPC -32600 answer (HTTP 400, as the SDK answers) for a malformed message or batch, naming the field. */
function invalidEnvelope(body: unknown): { jsonrpc: '2.0'; id: string | number | null; error: { code: -32600; message: string; data: { param: string } } } | null {
  const list = Array.isArray(body) ? body : [body];
  if (Array.isArray(body) && !body.length) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: body: an empty JSON-RPC batch', data: { param: 'body' } } };
  for (let i = 0; i < list.length; i++) {
    const fault = envelopeFault(list[i], Array.isArray(body) ? String(i) : '');
    if (!fault) continue;
    const id = (list[i] as { id?: unknown } | null)?.id;
    return { jsonrpc: '2.0', id: !Array.isArray(body) && (typeof id === 'string' || typeof id === 'number') ? id : null, error: { code: -32600, message: `Invalid Request: ${fault.param}: ${fault.message}`, data: { param: fault.param } } };
  }
  return null;
}

function messages(request: FastifyRequest): unknown[] {
  const body = request.body;
  return Array.isArray(body) ? body : [body];
}

/** The tools/call requests in the body: each counts one call against the key's quota (a batch is no discount). */
function toolCalls(request: FastifyRequest): number {
  return messages(request).filter((m) => m && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/call').length;
}

function callsTool(request: FastifyRequest): boolean {
  return toolCalls(request) > 0;
}

/** The refusals a host can show as a tool result: a single tools/call request refused for its key or quota. */
function refusable(err: unknown, request: FastifyRequest): err is ServiceError {
  if (!(err instanceof ServiceError) || (err.status !== 401 && err.status !== 429)) return false;
  const list = messages(request);
  return list.length === 1 && callsTool(request) && (list[0] as { id?: unknown }).id !== undefined;
}

interface Principal {
  keyId: string | null;
  refusal: ServiceError | null;
}

// What the route takes and answers, for the OpenAPI document (the SDK validates the messages themselves).
const jsonRpcRequest = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).optional().describe('absent in a notification (answered 202 with no body)'),
    method: z.string().min(1).describe('initialize, notifications/initialized, ping, tools/list, tools/call, resources/list, resources/read, prompts/list, prompts/get, logging/setLevel …'),
    params: z.looseObject({}).optional().describe('the method\'s parameters; tools/call: {name, arguments}'),
  })
  .describe('one JSON-RPC 2.0 request or notification');
const jsonRpcBody = z
  .union([jsonRpcRequest, z.array(jsonRpcRequest).min(1).describe('a JSON-RPC batch: each tools/call in it counts one call against the key\'s quota')])
  .describe('one JSON-RPC message, or a batch of them');
const jsonRpcResponse = z
  .looseObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), result: z.looseObject({}).optional(), error: z.looseObject({ code: z.number().int(), message: z.string() }).optional() })
  .describe('a JSON-RPC response: result, or error');
const jsonRpcNotification = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    method: z.string().describe('notifications/message (a log message: a failed tool call sends one at level error), notifications/progress'),
    params: z.looseObject({}).optional(),
  })
  .describe('a notification the server sends before the response (it has no id)');
const mcpAnswer = {
  description: 'the JSON-RPC response (a batch: an array of them), as JSON; or as an event stream whose message events carry first the notifications of the call, then the response',
  content: {
    'application/json': { schema: z.union([jsonRpcResponse, z.array(jsonRpcResponse)]).describe('the response, or for a batch the responses') },
    'text/event-stream': { schema: z.union([jsonRpcNotification, jsonRpcResponse]).describe('the data of each message event: notifications (no id) first, then the response') },
  },
};

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const auth = ctx.config.mcpAuth === 'key' ? ('key' as const) : ('public' as const);

  // One handler for the app; the factory builds a fresh server per request for the caller in authInfo.extra.
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const p = (authInfo?.extra as { principal?: Principal } | undefined)?.principal;
      return buildMcpServer(ctx, { keyId: p?.keyId ?? null, refusal: p?.refusal ?? null });
    },
    { onerror: (err) => app.log.debug({ err: err.message }, 'mcp request rejected') },
  );
  const node = toNodeHandler(handler, { onerror: (err) => app.log.error({ err }, 'mcp request failed') });
  app.addHook('onClose', async () => handler.close());

  const serve = async (request: FastifyRequest, reply: FastifyReply, principal: Principal) => {
    reply.hijack();
    const raw = Object.assign(request.raw, { auth: { token: '', clientId: principal.keyId ?? 'anonymous', scopes: [], extra: { principal } } });
    await node(raw, reply.raw, request.body);
  };

  app.post(
    '/mcp',
    {
      schema: {
        summary: 'MCP Streamable HTTP endpoint (stateless; protocol 2026-07-28 and the 2025 revisions): the site tools, resources and prompts for agent hosts',
        description: 'The body is one JSON-RPC message or a batch. The schema documents it; the route checks the envelope (-32600 naming the field) and the SDK the rest, answering JSON-RPC errors itself.',
        tags: ['mcp'],
        body: jsonRpcBody,
        response: {
          200: mcpAnswer,
          202: z.null().describe('accepted (a notification)'),
          400: z
            .object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), error: z.object({ code: z.number().int(), message: z.string(), data: z.object({ param: z.string().nullable() }).optional() }) })
            .describe('not a JSON-RPC message (-32700 parse error, -32600 invalid request naming the field in data.param: jsonrpc, method, id, params, or an element of a batch)'),
        },
      },
      config: { auth, quota: toolCalls, sameOrigin: true, authAfterBody: true },
      // the body schema documents; the envelope check below (after the key check) and the SDK validate
      validatorCompiler: () => (data) => ({ value: data }),
      // a preHandler of the route's own runs between the key check (first) and the quota (last): a caller without a
      // key gets 401 before anything about its body, and a malformed envelope is refused before it is counted
      preHandler: async (request, reply) => {
        const malformed = invalidEnvelope(request.body);
        if (malformed) return reply.code(400).header('content-type', 'application/json').send(malformed);
        const refusal = invalidParams(request.body);
        if (refusal) return reply.code(200).header('content-type', 'application/json').send(refusal);
      },
      errorHandler: async (err, request, reply) => {
        if (refusable(err, request)) return serve(request, reply, { keyId: request.apiKey?.id ?? null, refusal: err });
        throw err; // the app's error handler answers with the usual status and body
      },
    },
    async (request, reply) => serve(request, reply, { keyId: request.apiKey?.id ?? null, refusal: null }),
  );

  const notAllowed = { schema: { hide: true }, config: { auth: 'public' as const, sameOrigin: true } };
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      ...notAllowed,
      handler: async (_req, reply) =>
        reply.code(405).header('allow', 'POST').send(errorBody('this MCP endpoint is stateless: send JSON-RPC with POST', 'invalid_request_error', 'method_not_allowed')),
    });
  }
}
