// The stdio command the README, docs/mcp-and-discovery.md and llms.txt document is spawned exactly as written, and its stdout carries nothing
// but protocol: `npm run mcp` printed npm's "> svc@… mcp" banner there, which an MCP client reads as broken messages.
// The v1 SDK client connects through it; every line the process writes to stdout is a JSON-RPC message.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { tempDir } from '../helpers/context.ts';

const readme = fs.readFileSync('README.md', 'utf8');
const llms = fs.readFileSync('llms.txt', 'utf8');
const documented = /For stdio: `([^`]+)`/.exec(fs.readFileSync('docs/mcp-and-discovery.md', 'utf8'))?.[1] ?? '';
const env = { ...(process.env as Record<string, string>), STATE_DB: path.join(tempDir(), 'state.db'), LOG_LEVEL: 'silent' };

describe('the documented stdio command', () => {
  it('is the same in the README, the MCP doc and llms.txt', () => {
    expect(documented).toMatch(/^npm run /);
    expect(readme).toContain(`${documented}   `); // the front door's stdio line
    expect(llms).toContain(`stdio with \`${documented}\``);
  });

  it('writes only JSON-RPC messages to stdout, and the SDK client works through it', async () => {
    const [command, ...args] = documented.split(' ');
    // the raw stdout of one session: an initialize request, then end of input
    const child = spawn(command!, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);
    const deadline = Date.now() + 60_000;
    while (!out.includes('"id":1') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    const lines = out.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(() => JSON.parse(line), `not protocol: ${line}`).not.toThrow();
    expect(lines.map((l) => JSON.parse(l).jsonrpc)).toEqual(lines.map(() => '2.0'));

    const transport = new LegacyStdio({ command: command!, args, env, stderr: 'pipe' });
    const errors: string[] = [];
    transport.onerror = (e) => errors.push(e.message);
    const client = new LegacyClient({ name: 'svc-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
  });
});
