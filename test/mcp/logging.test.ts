// The logging capability is declared because messages are sent: a failed tool call sends an error log message
// (2025 client over HTTP; the message rides the call's SSE response).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ModernClient, LOG_LEVEL_META_KEY, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

describe('MCP logging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(async () => t.close());

  it('declares logging and sends an error message for a failed tool call', async () => {
    const client = new Client({ name: 'log-test', version: '1' });
    const messages: Array<{ level: string; data: unknown }> = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      messages.push(n.params);
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: t.auth } }));
    expect(client.getServerCapabilities()?.logging).toBeDefined();
    const r = await client.callTool({ name: 'query_score_lines', arguments: { year: 2024 } });
    expect(r.isError).toBe(true);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.level).toBe('error');
    expect(JSON.stringify(messages[0]!.data)).toContain('query_score_lines');
    const ok = await client.callTool({ name: 'site_about', arguments: {} });
    expect(ok.isError).toBeFalsy();
    expect(messages).toHaveLength(1);
    await client.close();
  });

  it('2026-07-28: sends log messages only to a request that asks for them with a logLevel', async () => {
    const client = new ModernClient({ name: 'log-test', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const messages: unknown[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      messages.push(n.params);
    });
    await client.connect(new ModernTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: t.auth } }));
    const quiet = await client.callTool({ name: 'query_score_lines', arguments: { year: 2024 } });
    expect(quiet.isError).toBe(true);
    expect(messages).toHaveLength(0);
    const loud = await client.callTool({ name: 'query_score_lines', arguments: { year: 2024 }, _meta: { [LOG_LEVEL_META_KEY]: 'error' } });
    expect(loud.isError).toBe(true);
    expect(messages).toHaveLength(1);
    await client.close();
  });
});
