// The real MCP SDK client drives `npm run mcp`'s entry point over stdio.
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { tempDir } from '../helpers/context.ts';

describe('MCP over stdio', () => {
  const client = new Client({ name: 'svc-test', version: '1.0.0' });
  let stderr = '';

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.resolve('bin/svc-mcp.js')],
      env: { ...(process.env as Record<string, string>), STATE_DB: path.join(tempDir(), 'state.db'), SITE_NAME: 'stdio测试站', LOG_LEVEL: 'silent' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d) => (stderr += d));
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
  });

  it('identifies itself and lists exactly the registry', async () => {
    expect(client.getServerVersion()?.name).toBe('svc');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const about = tools.find((t) => t.name === 'site_about')!;
    expect(about.annotations?.readOnlyHint).toBe(true);
    expect(about.inputSchema.type).toBe('object');
  });

  it('calls site_about and returns structured content built from the environment', async () => {
    const result = await client.callTool({ name: 'site_about', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { name: string }).name).toBe('stdio测试站');
    const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
    expect(JSON.parse(text).name).toBe('stdio测试站');
  });

  it('match_by_score advertises its outputSchema and its result satisfies it (the SDK client validates structuredContent)', async () => {
    const { tools } = await client.listTools();
    const match = tools.find((t) => t.name === 'match_by_score')!;
    expect(match.outputSchema?.type).toBe('object');
    expect(Object.keys(match.outputSchema!.properties!)).toContain('items');
    const result = await client.callTool({ name: 'match_by_score', arguments: { province: '上海', score: 520 } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { rank: { value: number } }).rank.value).toBeGreaterThan(0);
  });

  it('reports bad arguments and unknown tools as tool errors that say what is wrong', async () => {
    const bad = await client.callTool({ name: 'site_about', arguments: { extra: 1 } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]!.text).toContain('extra');
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect((unknown.content as Array<{ text: string }>)[0]!.text).toContain('site_about');
    expect(stderr).not.toMatch(/Error:|at .*\.ts:\d+/);
  });
});
