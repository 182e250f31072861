// A2A behind the agent card's url (POST /v1/a2a): JSON-RPC 2.0 with the A2A 0.3 methods message/send,
// message/stream (SSE), tasks/get, tasks/cancel and tasks/resubscribe, handled by the official @a2a-js/sdk request
// handler around the site's agent. Same Bearer key as the rest of /v1; message/send and message/stream count one
// call each against the quota, reading or cancelling a task does not. Tasks live in memory on this node and are
// visible only to the key that created them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AgentCard } from '@a2a-js/sdk';
import type { Task } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, ServerCallContext, type TaskStore, type User } from '@a2a-js/sdk/server';
import { SiteAgentExecutor } from '../../agent/a2a-executor.ts';
import { assistantFor } from '../../agent/assistant.ts';
import type { ServiceContext } from '../../context.ts';
import { InputError, inputErrorFromZod } from '../../errors.ts';
import { partsText } from '../../agent/a2a-executor.ts';
import { INPUT_LIMITS } from '../../agent/request.ts';
import type { Part } from '@a2a-js/sdk';
import { agentCard } from '../../discovery/agent-card.ts';
import { TOOLS } from '../../../tools/index.ts';

const COUNTED = new Set(['message/send', 'message/stream']);

// The params of each method, checked before the SDK sees them (which answered a message/send without `message` with
// -32603 and a JavaScript TypeError): a JSON-RPC -32602 naming the field, and before the quota, so it costs nothing.
// A message's text parts together are within the chat routes' input limit (INPUT_LIMITS.messageChars).
const part = z.discriminatedUnion(
  'kind',
  [
    z.looseObject({ kind: z.literal('text'), text: z.string() }),
    z.looseObject({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()) }),
    z.looseObject({ kind: z.literal('file'), file: z.looseObject({}) }),
  ],
  { error: 'each part has kind "text", "data" or "file"' },
);
const a2aMessage = z
  .looseObject({
    kind: z.literal('message').optional(),
    messageId: z.string().min(1),
    role: z.enum(['user', 'agent']),
    parts: z.array(part).min(1, 'a message needs at least one part'),
    contextId: z.string().min(1).optional(),
    taskId: z.string().min(1).optional(),
  })
  .refine((m) => partsText(m.parts as Part[]).length <= INPUT_LIMITS.messageChars, { path: ['parts'], message: `the text parts together hold at most ${INPUT_LIMITS.messageChars} characters` });
const sendParams = z.looseObject({ message: a2aMessage, configuration: z.looseObject({}).optional(), metadata: z.record(z.string(), z.unknown()).optional() });
const taskParams = z.looseObject({ id: z.string().min(1), metadata: z.record(z.string(), z.unknown()).optional() });
const PARAMS: Record<string, z.ZodType> = {
  'message/send': sendParams,
  'message/stream': sendParams,
  'tasks/get': taskParams.extend({ historyLength: z.number().int().min(0).optional() }),
  'tasks/cancel': taskParams,
  'tasks/resubscribe': taskParams,
};

/** The JSON-RPC -32602 answer for a known method whose params are malformed, or null. */
export function invalidA2aParams(body: unknown): { jsonrpc: '2.0'; id: string | number | null; error: { code: -32602; message: string; data: { param: string | null } } } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as { method?: unknown; id?: unknown; params?: unknown };
  const schema = typeof b.method === 'string' ? PARAMS[b.method] : undefined;
  if (!schema) return null;
  const result = schema.safeParse(b.params ?? {});
  if (result.success) return null;
  const err = inputErrorFromZod(result.error, b.params, schema);
  const param = err.param ? `params.${err.param}` : 'params';
  const message = err.message.replace(/(^|; )(?=[A-Za-z_][\w.]*: )/g, '$1params.');
  const id = typeof b.id === 'string' || typeof b.id === 'number' ? b.id : null;
  return { jsonrpc: '2.0', id, error: { code: -32602, message: `Invalid params for ${b.method}: ${message}`, data: { param } } };
}

const rpcRequest = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int(), z.null()]).optional(),
    method: z.string().min(1).max(100).describe('message/send, message/stream, tasks/get, tasks/cancel, tasks/resubscribe'),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const rpcResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional().describe('a Task or Message (A2A 0.3)'),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .describe('JSON-RPC response; message/stream answers with a text/event-stream of such responses');

class KeyUser implements User {
  constructor(private readonly keyId: string) {}
  get isAuthenticated(): boolean {
    return true;
  }
  get userName(): string {
    return this.keyId;
  }
}

/** Tasks are visible only to the key that created them: another key's task id is "task not found". */
class KeyScopedTaskStore implements TaskStore {
  private readonly inner = new InMemoryTaskStore();
  private readonly owners = new Map<string, string>();

  async save(task: Task, context?: ServerCallContext): Promise<void> {
    const owner = context?.user?.userName ?? '';
    if (!this.owners.has(task.id)) this.owners.set(task.id, owner);
    else if (this.owners.get(task.id) !== owner) return;
    await this.inner.save(task);
  }

  async load(taskId: string, context?: ServerCallContext): Promise<Task | undefined> {
    if (this.owners.get(taskId) !== (context?.user?.userName ?? '')) return undefined;
    return this.inner.load(taskId);
  }
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const handler = new DefaultRequestHandler(agentCard(ctx.config, TOOLS) as unknown as AgentCard, new KeyScopedTaskStore(), new SiteAgentExecutor(ctx, assistantFor(ctx)));
  const transport = new JsonRpcTransportHandler(handler);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/a2a',
    {
      schema: {
        summary: "A2A JSON-RPC endpoint of the agent card (message/send, message/stream, tasks/get, tasks/cancel): the site's assistant",
        tags: ['assistant'],
        body: rpcRequest,
        produces: ['application/json', 'text/event-stream'],
        response: {
          200: rpcResponse,
          400: z
            .object({ jsonrpc: z.literal('2.0'), id: z.null(), error: z.object({ code: z.union([z.literal(-32700), z.literal(-32600)]), message: z.string(), data: z.object({ param: z.string().nullable() }).optional() }) })
            .describe('JSON-RPC parse error (-32700: the body is not JSON) or invalid request (-32600, naming the field)'),
        },
      },
      config: { quota: (req) => COUNTED.has(String((req.body as { method?: unknown } | undefined)?.method)) },
      preValidation: async (req, reply) => {
        // an envelope that is not JSON-RPC is the schema's -32600 (below); only a request's params are checked here
        const refusal = rpcRequest.safeParse(req.body).success ? invalidA2aParams(req.body) : null;
        if (refusal) return reply.code(200).send(refusal);
      },
      // A body that is not JSON is a JSON-RPC parse error (-32700) and one that is not a JSON-RPC request an invalid
      // request (-32600), in the JSON-RPC shape A2A clients read, not the OpenAI shape of the other /v1 routes.
      errorHandler: async (err, _req, reply) => {
        const code = (err as { code?: string }).code ?? '';
        if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
          return reply.code(400).send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not valid JSON' } });
        }
        if (err instanceof InputError) return reply.code(400).send({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: ${err.message}`, data: { param: err.param } } });
        throw err; // keys, quota and everything else: the app's error handler
      },
    },
    async (req, reply) => {
      const context = new ServerCallContext(undefined, req.apiKey ? new KeyUser(req.apiKey.id) : undefined);
      const result = await transport.handle(req.body, context);
      if (!(result && typeof (result as AsyncGenerator).next === 'function')) return result as z.output<typeof rpcResponse>;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      const stream = result as AsyncGenerator<unknown>;
      raw.on('close', () => void stream.return(undefined));
      try {
        for await (const event of stream) {
          if (raw.destroyed) break;
          raw.write(`data: ${JSON.stringify(event)}\n\n`);
        }
      } catch (err) {
        req.log.warn({ err }, 'A2A stream failed');
        raw.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: req.body.id ?? null, error: { code: -32603, message: 'the stream failed' } })}\n\n`);
      } finally {
        raw.end();
      }
      return reply;
    },
  );
}
