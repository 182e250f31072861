// A2A behind the agent card: the official @a2a-js/sdk client reads the card, sends a message to the card's url and
// gets the agent's answer (message/send and message/stream), reads the task back (tasks/get) and cannot cancel a
// finished one (tasks/cancel). Same key and quota as /v1.
import { A2AClient } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let client: A2AClient;
const withKey = (key: string): typeof fetch => (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), authorization: `Bearer ${key}` } });

beforeAll(async () => {
  t = await startTestApp({ listen: 'site' });
  client = await A2AClient.fromCardUrl(`${t.url}/.well-known/agent-card.json`, { fetchImpl: withKey(t.key) });
});
afterAll(async () => {
  await t.close();
});

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  message: { kind: 'message' as const, messageId: crypto.randomUUID(), role: 'user' as const, parts: [{ kind: 'text' as const, text }], ...extra },
});

describe('A2A', () => {
  it('the card states a url and capabilities that exist', async () => {
    const card = (await t.app.inject({ method: 'GET', url: '/.well-known/agent-card.json' })).json();
    expect(card.url).toBe(`${t.ctx.config.siteUrl}/v1/a2a`);
    expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: false });
  });

  it('message/send returns a completed task with the answer and the receipt', async () => {
    const rank = (await t.app.inject({ method: 'GET', url: `/v1/data/rank-table?province=${encodeURIComponent('河南')}&year=2025&subject_type=${encodeURIComponent('物理')}&score=600`, headers: t.auth })).json().items[0];
    const before = (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth })).json().calls_today;
    const res: any = await client.sendMessage(message('河南 2025 年物理类 600 分排多少名？'));
    expect(res.error).toBeUndefined();
    const task = res.result;
    expect(task.kind).toBe('task');
    expect(task.status.state).toBe('completed');
    const answer = task.status.message.parts[0].text as string;
    expect(answer).toContain(String(rank.cumulative_rank));
    const data = task.artifacts[0].parts.find((p: any) => p.kind === 'data').data;
    expect(data.tools_called[0].tool).toBe('query_rank_table');
    const after = (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth })).json().calls_today;
    expect(after - before).toBe(1);

    const got: any = await client.getTask({ id: task.id });
    expect(got.result.status.state).toBe('completed');
    const cancel: any = await client.cancelTask({ id: task.id });
    expect(cancel.error.code).toBe(-32002); // TaskNotCancelable: it already completed
  });

  it('follow-ups in the same context reuse the previous turn', async () => {
    const first: any = await client.sendMessage(message('北京大学 2024 年在河南的录取分数线'));
    const contextId = first.result.contextId;
    const second: any = await client.sendMessage(message('换成 2023 年', { contextId }));
    const data = second.result.artifacts[0].parts.find((p: any) => p.kind === 'data').data;
    expect(data.tools_called[0]).toMatchObject({ tool: 'query_score_lines', args: { university_name: '北京大学', province: '河南', year: 2023 } });
  });

  it('message/stream streams task events ending in completed', async () => {
    const events: any[] = [];
    for await (const e of client.sendMessageStream(message('你是谁？'))) events.push(e);
    expect(events[0].kind).toBe('task');
    const last = events[events.length - 1];
    expect(last).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    expect(last.status.message.parts[0].text).toContain(t.ctx.config.siteName);
  });

  it('a data part runs a skill (site tool) directly', async () => {
    const res: any = await client.sendMessage({
      message: { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [{ kind: 'data', data: { skill: 'yijing', arguments: { seed: 'a2a', method: 'coins' } } }] },
    });
    const direct = (await t.app.inject({ method: 'POST', url: '/v1/yijing', headers: t.auth, payload: { seed: 'a2a', method: 'coins' } })).json();
    expect(res.result.status.message.parts[0].text).toBe(direct.summary);
  });

  it('refuses a missing key with 401', async () => {
    const res = await fetch(`${t.url}/v1/a2a`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'x' } }) });
    expect(res.status).toBe(401);
  });

  it('answers a body that is not JSON with JSON-RPC -32700, and one that is not a JSON-RPC request with -32600 naming the field', async () => {
    const send = (body: string) => fetch(`${t.url}/v1/a2a`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body });
    const broken = await send('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('Parse error') } });
    const invalid = await send(JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tasks/get' }));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { param: 'jsonrpc' } } });
  });
});

describe('A2A tasks/cancel of a running task', () => {
  it('cancels the task and aborts its upstream request', async () => {
    const { startFakeUpstream } = await import('../helpers/fake-upstream.ts');
    const up = await startFakeUpstream();
    up.script({ content: '太迟了', delayMs: 5000 });
    const app = await startTestApp({ listen: 'site', config: { LLM_API_URL: up.url, LLM_CHAT_MODEL: 'slow' } });
    try {
      const c = await A2AClient.fromCardUrl(`${app.url}/.well-known/agent-card.json`, { fetchImpl: withKey(app.key) });
      const stream = c.sendMessageStream(message('你好'));
      const first: any = (await stream.next()).value;
      expect(first.kind).toBe('task');
      await vi.waitFor(() => expect(up.requests).toHaveLength(1));
      const canceled: any = await c.cancelTask({ id: first.id });
      expect(canceled.result.status.state).toBe('canceled');
      await expect(Promise.race([up.requests[0]!.closed.then(() => 'aborted'), new Promise((r) => setTimeout(() => r('still waiting'), 3000))])).resolves.toBe('aborted');
      const got: any = await c.getTask({ id: first.id });
      expect(got.result.status.state).toBe('canceled');
      await stream.return(undefined);
    } finally {
      await app.close();
      await up.close();
    }
  });
});

describe('A2A task isolation', () => {
  it("another key cannot read or cancel a key's task", async () => {
    const { issueKey } = await import('../../src/access/keys.ts');
    const other = (await issueKey(await t.ctx.openState(), t.ctx.config.keyPrefix, { name: 'other', daily_limit: 100 })).key;
    const mine: any = await client.sendMessage(message('你好'));
    const stranger = await A2AClient.fromCardUrl(`${t.url}/.well-known/agent-card.json`, { fetchImpl: withKey(other) });
    const got: any = await stranger.getTask({ id: mine.result.id });
    expect(got.error.code).toBe(-32001); // TaskNotFound
    const cancel: any = await stranger.cancelTask({ id: mine.result.id });
    expect(cancel.error.code).toBe(-32001);
    expect(((await client.getTask({ id: mine.result.id })) as any).result.status.state).toBe('completed');
  });
});

describe('A2A params are checked before the SDK sees them', () => {
  const rpc = async (method: string, params: unknown) =>
    (await t.app.inject({ method: 'POST', url: '/v1/a2a', headers: t.auth, payload: { jsonrpc: '2.0', id: 7, method, ...(params === undefined ? {} : { params }) } })).json();
  const msg = (m: Record<string, unknown>) => ({ message: { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: '你好' }], ...m } });

  it.each([
    ['message/send', {}, 'params.message'],
    ['message/send', undefined, 'params.message'],
    ['message/stream', {}, 'params.message'],
    ['message/send', msg({ role: 'robot' }), 'params.message.role'],
    ['message/send', msg({ parts: [] }), 'params.message.parts'],
    ['message/send', msg({ parts: undefined }), 'params.message.parts'],
    ['tasks/get', {}, 'params.id'],
    ['tasks/cancel', { id: '' }, 'params.id'],
  ])('%s %j → -32602 naming %s', async (method, params, param) => {
    const r = await rpc(method, params);
    expect(r.id).toBe(7);
    expect(r.error.code).toBe(-32602);
    expect(r.error.data.param).toBe(param);
    expect(r.error.message).toContain(param);
    expect(r.error.message).not.toMatch(/TypeError|undefined/);
  });
});
