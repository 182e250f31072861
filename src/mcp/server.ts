// Builds an MCP server from the registries: tools (tools/index.ts), resources (src/resources), prompts
// (prompts.ts). The SDK's low-level Server (v2 line) is used so the registry's own runner validates tool arguments
// (one set of error messages for every transport) and the listed schemas are exactly the ones /v1/capabilities
// shows. The same factory serves both protocol eras: 2026-07-28 and the 2025 revisions (createMcpHandler over
// HTTP, serveStdio over stdio pick the era per request / connection).
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, Server, type CallToolResult, type LoggingLevel, type ServerContext } from '@modelcontextprotocol/server';
import type { ServiceContext } from '../context.ts';
import { MAX_COMPLETIONS } from '../data/complete.ts';
import { toolInputJsonSchema, toolOutputJsonSchema } from '../discovery/tool-schema.ts';
import { InputError, NotFoundError, ServiceError } from '../errors.ts';
import { RESOURCE_PROVIDERS } from '../resources/index.ts';
import { listResources, readResource } from '../resources/registry.ts';
import { SITE_TAGLINE_ZH } from '../site/identity.ts';
import { findTool, TOOLS } from '../../tools/index.ts';
import { runTool } from '../../tools/run.ts';
import { PROMPTS } from './prompts.ts';

/** A call slower than this is reported to the host as a warning log message. */
export const SLOW_CALL_MS = 2000;

/**
 * 2026-07-28 result caching: the lists, the resources and the discovery answer change only with a new release or a
 * new data import, and are the same for every caller, so hosts and shared caches may keep them for an hour.
 */
const HOUR = { ttlMs: 3_600_000, cacheScope: 'public' as const };
const CACHE_HINTS = { 'tools/list': HOUR, 'prompts/list': HOUR, 'resources/list': HOUR, 'resources/templates/list': HOUR, 'resources/read': HOUR, 'server/discover': HOUR };

export interface McpCaller {
  keyId: string | null;
  /** over HTTP: why this caller may not run tools (bad key, spent quota); tools/call then answers it as a tool error */
  refusal?: ServiceError | null;
  /** stdio: the tool calls still running, so a closing host's last call finishes before the process exits */
  inflight?: Set<Promise<unknown>>;
}

export function toolResultFromError(err: unknown): CallToolResult {
  const message = err instanceof ServiceError ? `${err.code}: ${err.message}` : 'internal error while running the tool; it has been logged';
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** Resource, prompt and completion requests have no isError channel: their failures are JSON-RPC errors. */
function protocolError(err: unknown): Error {
  if (err instanceof ProtocolError) return err;
  if (err instanceof InputError) return new ProtocolError(ProtocolErrorCode.InvalidParams, err.message, err.param ? { param: err.param } : undefined);
  if (err instanceof NotFoundError) return new ProtocolError(ProtocolErrorCode.InvalidParams, err.message);
  if (err instanceof ServiceError) return new ProtocolError(ProtocolErrorCode.InternalError, `${err.code}: ${err.message}`);
  process.stderr.write(`[mcp] request failed: ${(err as Error)?.stack ?? err}\n`);
  return new ProtocolError(ProtocolErrorCode.InternalError, 'internal error; it has been logged');
}

/** Tools, prompts: one short list, never paged; a cursor can only be one we never issued. */
function refuseCursor(params: { cursor?: string } | undefined): void {
  if (params?.cursor !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `invalid cursor "${String(params.cursor).slice(0, 40)}": this list has a single page`);
}

let listedTools: Array<Record<string, unknown>> | null = null;
function toolList() {
  listedTools ??= TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: toolInputJsonSchema(t),
    outputSchema: toolOutputJsonSchema(t),
    annotations: { title: t.title, ...t.annotations },
  }));
  return listedTools;
}

async function log(rctx: ServerContext, level: LoggingLevel, data: Record<string, unknown>): Promise<void> {
  try {
    await rctx.mcpReq.log(level, data, 'tools');
  } catch {
    // a host that cannot take the message still gets the result
  }
}

export function buildMcpServer(ctx: ServiceContext, caller: McpCaller = { keyId: null }): Server {
  const server = new Server(
    { name: ctx.config.brand, title: ctx.config.siteName, version: ctx.config.version, websiteUrl: ctx.config.siteUrl },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
        // Sent: an error message for every failed tool call, a warning for every call slower than SLOW_CALL_MS.
        logging: {},
      },
      cacheHints: CACHE_HINTS,
      instructions: `${ctx.config.siteName}: ${SITE_TAGLINE_ZH} 查询无结果即数据中没有该项，不要编造。数据来源与覆盖范围见资源 svc://data/overview 与 svc://data/readme/*。`,
    },
  );

  server.setRequestHandler('tools/list', async (request) => {
    refuseCursor(request.params);
    return { tools: toolList() as never };
  });

  server.setRequestHandler('tools/call', async (request, rctx): Promise<CallToolResult> => {
    const { name } = request.params;
    const tool = findTool(name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool "${name}"; available: ${TOOLS.map((t) => t.name).join(', ')}`);
    if (caller.refusal) return toolResultFromError(caller.refusal);
    const started = performance.now();
    let result: CallToolResult;
    try {
      const call = runTool(name, request.params.arguments ?? {}, ctx, { transport: 'mcp', keyId: caller.keyId });
      caller.inflight?.add(call);
      void call.finally(() => caller.inflight?.delete(call)).catch(() => undefined);
      const value = await call;
      const structured = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { result: value };
      result = { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (err) {
      if (!(err instanceof ServiceError)) process.stderr.write(`[mcp] tool ${name} failed: ${(err as Error)?.stack ?? err}\n`);
      result = toolResultFromError(err);
      await log(rctx, 'error', { tool: name, error: (result.content[0] as { text: string }).text });
    }
    const ms = Math.round(performance.now() - started);
    if (ms > SLOW_CALL_MS) await log(rctx, 'warning', { tool: name, ms, message: `tool ${name} took ${ms} ms` });
    return server.projectCallToolResult(result, toolOutputJsonSchema(tool));
  });

  server.setRequestHandler('resources/list', async (request) => {
    try {
      return { ...listResources(RESOURCE_PROVIDERS, ctx, request.params?.cursor) };
    } catch (err) {
      throw protocolError(err);
    }
  });

  server.setRequestHandler('resources/templates/list', async (request) => {
    refuseCursor(request.params);
    return {
      resourceTemplates: RESOURCE_PROVIDERS.flatMap((p) =>
        p.template ? [{ uriTemplate: p.template.uriTemplate, name: p.template.name, title: p.template.title, description: p.template.description, mimeType: p.template.mimeType }] : [],
      ),
    };
  });

  server.setRequestHandler('resources/read', async (request) => {
    try {
      return { contents: [readResource(RESOURCE_PROVIDERS, ctx, request.params.uri)] };
    } catch (err) {
      if (err instanceof NotFoundError) throw new ResourceNotFoundError(request.params.uri);
      throw protocolError(err);
    }
  });

  server.setRequestHandler('prompts/list', async (request) => {
    refuseCursor(request.params);
    return {
      prompts: PROMPTS.map((p) => ({
        name: p.name,
        title: p.title,
        description: p.description,
        arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required ?? false })),
      })),
    };
  });

  server.setRequestHandler('prompts/get', async (request) => {
    const prompt = PROMPTS.find((p) => p.name === request.params.name);
    if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown prompt "${request.params.name}"; available: ${PROMPTS.map((p) => p.name).join(', ')}`);
    const args = request.params.arguments ?? {};
    const unknown = Object.keys(args).filter((k) => !prompt.arguments.some((a) => a.name === k));
    if (unknown.length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown argument "${unknown[0]}" for prompt ${prompt.name}; allowed: ${prompt.arguments.map((a) => a.name).join(', ')}`);
    try {
      const text = await prompt.get(args, ctx);
      return { description: prompt.title, messages: [{ role: 'user', content: { type: 'text', text } }] };
    } catch (err) {
      throw protocolError(err);
    }
  });

  server.setRequestHandler('completion/complete', async (request) => {
    const { ref, argument, context } = request.params;
    let values: string[] = [];
    try {
      if (ref.type === 'ref/prompt') {
        const prompt = PROMPTS.find((p) => p.name === ref.name);
        if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown prompt "${ref.name}"`);
        const arg = prompt.arguments.find((a) => a.name === argument.name);
        if (!arg) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `prompt ${ref.name} has no argument "${argument.name}"`);
        values = arg.complete ? arg.complete(argument.value, ctx, context?.arguments ?? {}) : [];
      } else {
        const provider = RESOURCE_PROVIDERS.find((p) => p.template?.uriTemplate === ref.uri);
        if (!provider?.template) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `no resource template ${ref.uri}`);
        if (argument.name === provider.template.variable) values = provider.template.values(ctx).filter((v) => v.startsWith(argument.value));
      }
    } catch (err) {
      throw protocolError(err);
    }
    return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
  });

  return server;
}
