// Real MCP clients drive `npm run mcp`'s entry point (bin/svc-mcp.js) over stdio: the v2 client pinned to
// 2026-07-28 and the v1 SDK client (2025 handshake), each on its own process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeMismatchMessage } from '../../src/db/native.ts';
import { TOOLS } from '../../tools/index.ts';
import { tempDir } from '../helpers/context.ts';
import { TOOL_CALLS } from './tool-calls.ts';

const BIN = path.resolve('bin/svc-mcp.js');
const env = (stateDb: string) => ({ ...(process.env as Record<string, string>), STATE_DB: stateDb, SITE_NAME: 'stdio测试站', LOG_LEVEL: 'silent' });

for (const era of ['2026-07-28', '2025-11-25'] as const) {
  describe(`MCP over stdio, a ${era} client`, () => {
    let client: Client | LegacyClient;
    let stderr = '';

    beforeAll(async () => {
      const params = { command: process.execPath, args: [BIN], env: env(path.join(tempDir(), 'state.db')), stderr: 'pipe' as const };
      if (era === '2026-07-28') {
        const transport = new StdioClientTransport(params);
        transport.stderr?.on('data', (d) => (stderr += d));
        client = new Client({ name: 'svc-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
        await client.connect(transport);
      } else {
        const transport = new LegacyStdio(params);
        transport.stderr?.on('data', (d) => (stderr += d));
        client = new LegacyClient({ name: 'svc-test', version: '1.0.0' });
        await client.connect(transport);
      }
    });
    afterAll(async () => {
      await client.close();
    });

    it('lists exactly the registry and calls every tool; results match each outputSchema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      expect(tools.find((t) => t.name === 'site_about')!.annotations?.readOnlyHint).toBe(true);
      for (const tool of TOOLS) {
        expect(TOOL_CALLS[tool.name], `add a real call of ${tool.name} to test/mcp/tool-calls.ts`).toBeDefined();
        const result = await client.callTool({ name: tool.name, arguments: TOOL_CALLS[tool.name]! });
        expect(result.isError, tool.name).toBeFalsy();
        expect(tool.outputSchema.safeParse(result.structuredContent).success, tool.name).toBe(true);
      }
      const about = await client.callTool({ name: 'site_about', arguments: {} });
      expect((about.structuredContent as { name: string }).name).toBe('stdio测试站');
    });

    it('reports bad arguments as a tool error naming the field, an unknown tool as a JSON-RPC error', async () => {
      const bad = await client.callTool({ name: 'site_about', arguments: { extra: 1 } });
      expect(bad.isError).toBe(true);
      expect((bad.content as Array<{ text: string }>)[0]!.text).toContain('extra');
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/unknown tool "no_such_tool"/);
      expect(stderr).not.toMatch(/Error:|at .*\.ts:\d+/);
    });

    it('reads a resource, gets a prompt and completes a university name', async () => {
      const r = await client.readResource({ uri: 'svc://data/overview' });
      expect(JSON.parse((r.contents[0] as { text: string }).text).score_lines.years.length).toBeGreaterThan(0);
      const p = await client.getPrompt({ name: 'beam_check', arguments: { moment: '150', b: '250', h: '500' } });
      expect(JSON.stringify(p.messages)).toContain('GB 50010');
      const c = await client.complete({ ref: { type: 'ref/prompt', name: 'university_profile' }, argument: { name: 'university', value: '北大' } });
      expect(c.completion.values).toContain('北京大学');
      const sex = await client.complete({ ref: { type: 'ref/prompt', name: 'sizhu_reading' }, argument: { name: 'sex', value: '' } });
      expect(sex.completion.values).toEqual(['m', 'f']);
    });
  });
}

describe('MCP over stdio: exits', () => {
  it('writes the tool statistics when the host closes stdin right after a call', async () => {
    const stateDb = path.join(tempDir(), 'state.db');
    const child = spawn(process.execPath, [BIN], { env: env(stateDb), stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'site_about', arguments: {} } },
    ];
    child.stdin.end(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    const db = new Database(stateDb, { readonly: true });
    expect(db.prepare("SELECT calls FROM tool_stats_daily WHERE tool = 'site_about' AND transport = 'mcp'").pluck().get()).toBe(1);
    db.close();
  });

  it('explains a native-module mismatch (another Node) in one line naming the Node to use', () => {
    // The text Node itself throws when a native module was built for another ABI (here: built by Node 20, run by 22).
    const err = new Error(
      "The module '/x/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).",
    );
    const line = nativeMismatchMessage(err, 'v22.12.0')!;
    expect(line).not.toContain('\n');
    expect(line).toMatch(/built for Node 20 .* this is Node v22\.12\.0: start svc with Node 20/);
    expect(nativeMismatchMessage(new Error('ENOENT'))).toBeNull();
  });
});
