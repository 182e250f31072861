// The chat routes' documented input limits (INPUT_LIMITS): one message's text at most 32,000 characters, a request's
// messages together at most 128,000. Past them each route answers 413 `input_too_long` naming the field (it was 400: a client should send less, not something else), before any engine runs; the
// anonymous /llm/chat with 100,000 copies of one Han character held a node for half a minute before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/agent/request.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: 'site' });
});
afterAll(async () => {
  await t.close();
});

const long = '中'.repeat(100_000);
const justOver = '中'.repeat(INPUT_LIMITS.messageChars + 1);

describe('chat input limits', () => {
  it('/llm/chat: 413 naming message (and system_prompt)', async () => {
    for (const [payload, param] of [
      [{ message: long }, 'message'],
      [{ message: '你好', system_prompt: justOver }, 'system_prompt'],
    ] as const) {
      const r = await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: '10.9.0.1', payload });
      expect(r.statusCode).toBe(413);
      expect(r.json().error).toMatchObject({ param, code: 'input_too_long' });
    }
  });

  it('/v1/chat/completions and /llm/chat/completions: 413 naming the message, or messages for the total', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: '中'.repeat(30_000) }));
    const cases = [
      [[{ role: 'user', content: long }], 'messages.0.content'],
      [[{ role: 'user', content: [{ type: 'text', text: '中'.repeat(20_000) }, { type: 'text', text: '中'.repeat(20_000) }] }], 'messages.0.content'],
      [five, 'messages'],
    ] as const;
    for (const [messages, param] of cases) {
      const v1 = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: t.auth, payload: { model: 'svc', messages } });
      expect(v1.statusCode, JSON.stringify(param)).toBe(413);
      expect(v1.json().error).toMatchObject({ param, code: 'input_too_long' });
      const page = await t.app.inject({ method: 'POST', url: '/llm/chat/completions', remoteAddress: '10.9.0.2', headers: { origin: t.url, host: new URL(t.url).host }, payload: { model: 'svc', messages } });
      expect(page.statusCode).toBe(413);
      expect(page.json().error).toMatchObject({ param, code: 'input_too_long' });
    }
  });

  it('A2A message/send: -32602 naming params.message.parts, and nothing counted', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth })).json().calls_today;
    const r = await t.app.inject({
      method: 'POST',
      url: '/v1/a2a',
      headers: t.auth,
      payload: { jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: long }] } } },
    });
    expect(r.json().error).toMatchObject({ code: -32602, data: { param: 'params.message.parts' } });
    const after = (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth })).json().calls_today;
    expect(after).toBe(before);
  });

  it('a message at the limit is still answered', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: '10.9.0.3', payload: { message: '中'.repeat(INPUT_LIMITS.messageChars) } });
    expect(r.statusCode).toBe(200);
  });
});
