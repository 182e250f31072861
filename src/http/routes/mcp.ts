// MCP over Streamable HTTP, stateless: each POST gets a fresh server and transport (stack.md). The key is required
// unless MCP_AUTH=none; only tools/call counts against the quota, not the handshake or listing.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { buildMcpServer } from '../../mcp/server.ts';
import { errorBody } from '../plugins/errors.ts';

function callsTool(request: FastifyRequest): boolean {
  const body = request.body;
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => m && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/call');
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const auth = ctx.config.mcpAuth === 'key' ? ('key' as const) : ('public' as const);

  app.post(
    '/mcp',
    { schema: { summary: 'MCP Streamable HTTP endpoint (stateless): the site tools for agent hosts', tags: ['mcp'] }, config: { auth, quota: callsTool, sameOrigin: true } },
    async (request, reply) => {
      const server = buildMcpServer(ctx, { keyId: request.apiKey?.id ?? null });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        request.log.error({ err }, 'mcp request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'internal error' }, id: null }));
        }
      }
    },
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
