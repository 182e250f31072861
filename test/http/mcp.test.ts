// Real MCP clients over Streamable HTTP against a real listener: the v2 client pinned to protocol 2026-07-28 and
// the v1 SDK client (a 2025-era host: initialize handshake, 2025-11-25) on the same endpoint.
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { countedCalls } from '../helpers/state.ts';
import { TOOL_CALLS } from '../mcp/tool-calls.ts';

type AnyClient = {
  listTools(): Promise<{ tools: Array<{ name: string; outputSchema?: unknown }> }>;
  callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
  listResources(p?: { cursor?: string }): Promise<{ resources: Array<{ uri: string }>; nextCursor?: string }>;
  readResource(p: { uri: string }): Promise<{ contents: Array<{ uri: string; text?: string }> }>;
  getPrompt(p: { name: string; arguments?: Record<string, string> }): Promise<{ messages: Array<{ content: unknown }> }>;
  complete(p: unknown): Promise<{ completion: { values: string[] } }>;
  close(): Promise<void>;
};

async function modern(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'svc-test-2026', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

async function legacy(url: string, headers: Record<string, string> = {}): Promise<LegacyClient> {
  const client = new LegacyClient({ name: 'svc-test-2025', version: '1.0.0' });
  await client.connect(new LegacyHttpTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
const ACCEPT = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const text = (r: Record<string, unknown>) => (r.content as Array<{ text: string }>)[0]!.text;

describe('MCP over Streamable HTTP, both protocol eras (key required)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(async () => t.close());

  for (const era of ['2026-07-28', '2025-11-25'] as const) {
    describe(`a ${era} client`, () => {
      let client: AnyClient;
      beforeAll(async () => {
        client = (era === '2026-07-28' ? await modern(t.url, t.auth) : await legacy(t.url, t.auth)) as unknown as AnyClient;
      });
      afterAll(async () => client.close());

      it('negotiated its revision', () => {
        if (era === '2026-07-28') expect((client as unknown as Client).getProtocolEra()).toBe('modern');
        else expect((client as unknown as LegacyClient).getServerVersion()?.name).toBe('svc');
      });

      it('lists every tool with its output schema and calls each one (the client validates structuredContent)', async () => {
        const { tools } = await client.listTools();
        expect(tools.map((x) => x.name)).toEqual(TOOLS.map((x) => x.name));
        for (const tool of tools) expect((tool.outputSchema as { type?: string })?.type).toBe('object');
        for (const tool of TOOLS) {
          expect(TOOL_CALLS[tool.name], `add a real call of ${tool.name} to test/mcp/tool-calls.ts`).toBeDefined();
          const result = await client.callTool({ name: tool.name, arguments: TOOL_CALLS[tool.name]! });
          expect(result.isError, `${tool.name}: ${JSON.stringify(result.content).slice(0, 300)}`).toBeFalsy();
          expect(result.structuredContent).toBeTypeOf('object');
          expect(tool.outputSchema.safeParse(result.structuredContent).success, tool.name).toBe(true);
        }
      });

      it('answers an unknown tool with a JSON-RPC error naming the tools', async () => {
        await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/unknown tool "no_such_tool".*site_about/);
      });

      it('pages the resources and reads the coverage overview and a data README', async () => {
        const uris: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.listResources(cursor ? { cursor } : {});
          uris.push(...page.resources.map((r) => r.uri));
          cursor = page.nextCursor;
        } while (cursor);
        expect(uris).toContain('svc://data/overview');
        expect(uris).toContain('svc://data/readme/gaokao/score_lines/README.txt');
        const overview = await client.readResource({ uri: 'svc://data/overview' });
        expect(JSON.parse(overview.contents[0]!.text!).datasets.length).toBeGreaterThan(5);
        const readme = await client.readResource({ uri: 'svc://data/readme/gaokao/score_lines/README.txt' });
        expect(readme.contents[0]!.text).toContain('score');
        await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toThrow(/invalid cursor/);
        await expect(client.readResource({ uri: 'svc://data/readme/../../etc/passwd' })).rejects.toThrow(/not found/i);
      });

      it('gets a prompt built on real data and completes a university short name', async () => {
        const prompt = await client.getPrompt({ name: 'university_profile', arguments: { university: '哈工大' } });
        expect(JSON.stringify(prompt.messages[0]!.content)).toContain('哈尔滨工业大学');
        const done = await client.complete({ ref: { type: 'ref/prompt', name: 'university_profile' }, argument: { name: 'university', value: '哈工大' } });
        expect(done.completion.values[0]).toBe('哈尔滨工业大学');
        const provinces = await client.complete({ ref: { type: 'ref/prompt', name: 'gaokao_plan' }, argument: { name: 'province', value: 'he' } });
        expect(provinces.completion.values).toEqual(expect.arrayContaining(['河北', '河南']));
        const majors = await client.complete({ ref: { type: 'ref/prompt', name: 'major_profile' }, argument: { name: 'major', value: '计算机' } });
        expect(majors.completion.values).toContain('计算机科学与技术');
        const years = await client.complete({ ref: { type: 'ref/prompt', name: 'gaokao_plan' }, argument: { name: 'year', value: '202' }, context: { arguments: { province: '河南省' } } });
        expect(years.completion.values.length).toBeGreaterThan(0);
        expect(years.completion.values.every((y) => /^202\d$/.test(y))).toBe(true);
      });
    });
  }

  it('2026-07-28 on the wire: a stateless request with the _meta envelope gets a complete result with cache hints', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...ACCEPT, ...t.auth, host: 'localhost', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      payload: {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' } } },
      },
    });
    expect(r.statusCode).toBe(200);
    const { result } = r.json();
    expect(result.resultType).toBe('complete');
    expect(result.ttlMs).toBe(3_600_000);
    expect(result.cacheScope).toBe('public');
    expect(result.tools).toHaveLength(TOOLS.length);
    expect(r.headers['mcp-session-id']).toBeUndefined();
  });

  it('counts tools/call against the quota but not the handshake or listing', async () => {
    const day = () => countedCalls(t.ctx.state(), t.keyId);
    const before = await day();
    const client = await modern(t.url, t.auth);
    await client.listTools();
    expect(await day()).toBe(before);
    await client.callTool({ name: 'site_about', arguments: {} });
    expect(await day()).toBe(before + 1);
    await client.close();
  });

  it('refuses a connect without a key with 401, and shows a bad key on tools/call as a tool error', async () => {
    await expect(legacy(t.url)).rejects.toThrow(/401|missing API key/);
    await expect(modern(t.url)).rejects.toThrow(/401|missing|auth/i);
    const r = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...ACCEPT, host: 'localhost', authorization: 'Bearer svc-not-a-real-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      payload: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'site_about', arguments: {} } },
    });
    expect(r.statusCode).toBe(200);
    const body = r.body.includes('data:') ? JSON.parse(r.body.split('data: ')[1]!.split('\n')[0]!) : r.json();
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toMatch(/^invalid_api_key/);
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

  it("refuses an Origin of localhost on another port (another local app's page), over a real socket", async () => {
    const port = new URL(t.url).port;
    const post = (origin: string) => fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...ACCEPT, ...t.auth, origin }, body: JSON.stringify(INIT) });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:1', `http://localhost:${Number(port) + 1}`]) expect((await post(origin)).status, origin).toBe(403);
    // the page's origin is exactly where the request went (the Host 127.0.0.1:port)
    expect((await post(`http://127.0.0.1:${port}`)).status).toBe(200);
  });

  it('answers GET and DELETE with 405', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const r = await t.app.inject({ method, url: '/mcp', headers: { host: 'localhost' } });
      expect(r.statusCode).toBe(405);
      expect(r.headers.allow).toBe('POST');
    }
  });
});

describe('MCP over Streamable HTTP: a spent quota reaches the host as a tool error', () => {
  it('names daily_quota_exceeded in an isError result for both eras', async () => {
    const t = await startTestApp({ listen: true, dailyLimit: 1 });
    try {
      const a = await modern(t.url, t.auth);
      expect((await a.callTool({ name: 'site_about', arguments: {} })).isError).toBeFalsy();
      const spent = await a.callTool({ name: 'site_about', arguments: {} });
      expect(spent.isError).toBe(true);
      expect(text(spent as Record<string, unknown>)).toMatch(/^daily_quota_exceeded: .*resets at/);
      await a.close();
      const b = await legacy(t.url, t.auth);
      const again = await b.callTool({ name: 'site_about', arguments: {} });
      expect(again.isError).toBe(true);
      expect(text(again as Record<string, unknown>)).toMatch(/^daily_quota_exceeded/);
      await b.close();
    } finally {
      await t.close();
    }
  });
});

describe('MCP over Streamable HTTP with MCP_AUTH=none', () => {
  it('serves local agent hosts without a key', async () => {
    const t = await startTestApp({ listen: true, config: { MCP_AUTH: 'none' } });
    try {
      const client = await modern(t.url);
      const result = await client.callTool({ name: 'site_about', arguments: {} });
      expect(result.isError).toBeFalsy();
      await client.close();
    } finally {
      await t.close();
    }
  });
});
