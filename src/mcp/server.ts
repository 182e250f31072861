// Builds an MCP server from the registry. The low-level Server is used so that the registry's own runner does the
// validation (one set of error messages for every transport) and the listed schemas are exactly the ones
// /v1/capabilities shows.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServiceContext } from '../context.ts';
import { toolInputJsonSchema, toolOutputJsonSchema } from '../discovery/tool-schema.ts';
import { ServiceError } from '../errors.ts';
import { SITE_TAGLINE_ZH } from '../site/identity.ts';
import { TOOLS } from '../../tools/index.ts';
import { runTool } from '../../tools/run.ts';

export function toolResultFromError(err: unknown): CallToolResult {
  const message = err instanceof ServiceError ? `${err.code}: ${err.message}` : 'internal error while running the tool; it has been logged';
  return { isError: true, content: [{ type: 'text', text: message }] };
}

export function buildMcpServer(ctx: ServiceContext, meta: { keyId: string | null } = { keyId: null }): Server {
  const server = new Server(
    { name: ctx.config.brand, title: ctx.config.siteName, version: ctx.config.version, websiteUrl: ctx.config.siteUrl },
    {
      capabilities: { tools: { listChanged: false }, logging: {} },
      instructions: `${ctx.config.siteName}: ${SITE_TAGLINE_ZH} 查询无结果即数据中没有该项，不要编造。`,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((t) => {
      const outputSchema = toolOutputJsonSchema(t) as { type: 'object' } | undefined;
      return {
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: toolInputJsonSchema(t) as { type: 'object' },
        // MCP clients validate structuredContent against it
        ...(outputSchema ? { outputSchema } : {}),
        annotations: { title: t.title, ...t.annotations },
      };
    }),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    try {
      const result = await runTool(request.params.name, request.params.arguments ?? {}, ctx, { transport: 'mcp', keyId: meta.keyId });
      const structured = result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : { result };
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (err) {
      if (!(err instanceof ServiceError)) process.stderr.write(`[mcp] tool ${request.params.name} failed: ${(err as Error)?.stack ?? err}\n`);
      return toolResultFromError(err);
    }
  });

  return server;
}
