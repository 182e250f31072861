// The real MCP SDK client over Streamable HTTP against a real listener.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
const ACCEPT = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('MCP over Streamable HTTP (key required)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(async () => t.close());

  it('lists the registry and calls a tool with a key', async () => {
    const client = await connect(t.url, t.auth);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toEqual(TOOLS.map((x) => x.name));
    const result = await client.callTool({ name: 'site_about', arguments: {} });
    expect((result.structuredContent as { brand: string }).brand).toBe('svc');
    await client.close();
  });

  it('lists all 20 tools, and the site tools with their outputSchema, which their results satisfy', async () => {
    const client = await connect(t.url, t.auth);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(20);
    const site = ['read_notes', 'random_note', 'search_forum', 'daily_brief', 'search_site', 'read_page'];
    for (const name of site) expect(tools.find((x) => x.name === name)?.outputSchema?.type, name).toBe('object');
    // the SDK client validates structuredContent against the listed outputSchema and throws when it does not fit
    const calls: Record<string, Record<string, unknown>> = {
      read_notes: { kind: '记' },
      random_note: { seed: 'mcp' },
      search_forum: { full: true },
      daily_brief: { date: '2026-11-23' },
      search_site: { q: '志愿' },
      read_page: { slug: 'about' },
    };
    for (const name of site) {
      const result = await client.callTool({ name, arguments: calls[name] });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      expect(result.structuredContent, name).toHaveProperty('summary');
    }
    await client.close();
  });

  it('refuses a client without a key', async () => {
    await expect(connect(t.url)).rejects.toThrow(/401|missing API key/);
  });

  it('counts tools/call against the quota but not the handshake or listing', async () => {
    const day = () => t.ctx.stateDb().prepare('SELECT coalesce(sum(calls),0) n FROM key_usage_daily WHERE key_id = ?').get(t.keyId) as { n: number };
    const before = day().n;
    const client = await connect(t.url, t.auth);
    await client.listTools();
    expect(day().n).toBe(before);
    await client.callTool({ name: 'site_about', arguments: {} });
    expect(day().n).toBe(before + 1);
    await client.close();
  });

  it('rejects a foreign Host or Origin (DNS rebinding) with 403', async () => {
    const foreignHost = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...ACCEPT, ...t.auth, host: 'evil.example.com' }, payload: INIT });
    expect(foreignHost.statusCode).toBe(403);
    // checked before the key: a rebinding page has no key, and is still told 403, not 401
    const foreignNoKey = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...ACCEPT, host: 'evil.example.com' }, payload: INIT });
    expect(foreignNoKey.statusCode).toBe(403);
    const foreignOrigin = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...ACCEPT, ...t.auth, host: 'localhost:8787', origin: 'http://evil.example.com' }, payload: INIT });
    expect(foreignOrigin.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...ACCEPT, ...t.auth, host: 'localhost:8787', origin: 'http://localhost:8787' }, payload: INIT });
    expect(ok.statusCode).toBe(200);
  });

  it('answers GET and DELETE with 405', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const r = await t.app.inject({ method, url: '/mcp', headers: { host: 'localhost' } });
      expect(r.statusCode).toBe(405);
      expect(r.headers.allow).toBe('POST');
    }
  });
});

describe('MCP over Streamable HTTP with MCP_AUTH=none', () => {
  it('serves local agent hosts without a key', async () => {
    const t = await startTestApp({ listen: true, config: { MCP_AUTH: 'none' } });
    try {
      const client = await connect(t.url);
      const result = await client.callTool({ name: 'site_about', arguments: {} });
      expect(result.isError).toBeFalsy();
      await client.close();
    } finally {
      await t.close();
    }
  });
});
