// An MCP JSON-RPC batch counts every tools/call it carries against the key's quota: all of them together, or, when
// they do not all fit in what is left today, the batch is refused with 429 and nothing counted. Before, a batch of up
// to 100 tool calls cost one unit. On both state backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { countedCalls, forEachBackend } from '../helpers/state.ts';

const ACCEPT = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: 'localhost' };
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'site_about', arguments: {} } });

forEachBackend('MCP batch quota', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend, dailyLimit: 5 });
  });
  afterAll(async () => t.close());
  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/mcp', headers: { ...ACCEPT, ...t.auth }, payload: payload as object });

  it('counts each tools/call of a batch, and refuses a batch beyond what is left with nothing counted', async () => {
    const first = await post([call(1), call(2), { jsonrpc: '2.0', id: 3, method: 'tools/list' }, call(4)]);
    expect(first.statusCode).toBe(200);
    expect(await countedCalls(t.ctx.state(), t.keyId)).toBe(3);

    const tooMany = await post([call(5), call(6), call(7)]);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.code).toBe('daily_quota_exceeded');
    expect(tooMany.json().error.message).toContain('3 calls');
    expect(await countedCalls(t.ctx.state(), t.keyId)).toBe(3);

    expect((await post([call(8), call(9)])).statusCode).toBe(200);
    expect(await countedCalls(t.ctx.state(), t.keyId)).toBe(5);
    // the day is spent: a single call is refused (as a tool error the host shows), a listing still answers
    const single = await post(call(10));
    expect(single.body).toMatch(/daily_quota_exceeded/);
    expect(await countedCalls(t.ctx.state(), t.keyId)).toBe(5);
  });

  it('is exact when batches race', async () => {
    const u = await startTestApp({ backend, dailyLimit: 50 });
    try {
      const batches = Array.from({ length: 20 }, (_, i) => u.app.inject({ method: 'POST', url: '/mcp', headers: { ...ACCEPT, ...u.auth }, payload: [call(i * 10), call(i * 10 + 1), call(i * 10 + 2)] }));
      const codes = (await Promise.all(batches)).map((r) => r.statusCode);
      const admitted = codes.filter((c) => c === 200).length;
      expect(admitted).toBe(16); // 16 × 3 = 48 fit under 50; the others were refused whole
      expect(codes.filter((c) => c === 429).length).toBe(4);
      expect(await countedCalls(u.ctx.state(), u.keyId)).toBe(48);
    } finally {
      await u.close();
    }
  });
});

describe('malformed JSON-RPC on /mcp names the field', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    [{}, 'jsonrpc'],
    [{ jsonrpc: '1.0', id: 1, method: 'tools/list' }, 'jsonrpc'],
    [{ jsonrpc: '2.0' }, 'method'],
    [{ jsonrpc: '2.0', id: 1 }, 'method'],
    [{ jsonrpc: '2.0', id: 1, method: 5 }, 'method'],
    [{ jsonrpc: '2.0', id: {}, method: 'tools/list' }, 'id'],
    [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: 5 }, 'params'],
    [[], 'body'],
    [[1], '0'],
    [[call(1), { jsonrpc: '2.0', id: 2 }], '1.method'],
    ['x', 'body'],
  ])('%j → -32600 naming %s', async (payload, param) => {
    const r = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...ACCEPT, ...t.auth }, payload: JSON.stringify(payload) });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: -32600, data: { param } });
    expect(r.json().error.message).toContain(param);
    expect(t.app.responseSchema('POST', '/mcp', 400)!.safeParse(r.json()).success).toBe(true);
  });
});
