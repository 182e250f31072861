// The upstream engine against a scripted OpenAI-speaking loopback server (test/helpers/fake-upstream.ts), through
// the real openai SDK on both sides: keyword tools first, the model's own tool calls, client functions, streaming,
// bounded rounds, and every fault ending in a clean error or a graceful answer.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { MAX_TOOL_ROUNDS } from '../../src/agent/loop.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';

let up: FakeUpstream;
let t: TestApp;
let client: OpenAI;

beforeAll(async () => {
  up = await startFakeUpstream();
  t = await startTestApp({ listen: true, config: { LLM_API_URL: up.url, LLM_API_KEY: 'sk-upstream-secret', LLM_CHAT_MODEL: 'up-model', LLM_TIMEOUT_MS: '400', AGENT_TOOL_CACHE_SECONDS: '0' } });
  client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: t.key, maxRetries: 0 });
});
afterAll(async () => {
  await t.close();
  await up.close();
});
beforeEach(() => {
  up.requests.length = 0;
});

/** Streams a chat answer to its end: the text received and the error the SDK raised (if any). */
async function streamed(content: string): Promise<{ text: string; err: any }> {
  const stream = await client.chat.completions.create({ model: 'svc', stream: true, messages: [{ role: 'user', content }] });
  let text = '';
  try {
    for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
    return { text, err: null };
  } catch (err) {
    return { text, err };
  }
}

const ask = (content: string, extra: Record<string, unknown> = {}) => client.chat.completions.create({ model: 'svc', messages: [{ role: 'user', content }], ...extra } as never) as Promise<any>;

describe('upstream engine', () => {
  it('runs the keyword tools first, shows the model their results, every function spec and the site prompt', async () => {
    up.script({ content: '北京大学 2024 年在河南的最低分见上。', usage: { prompt_tokens: 321, completion_tokens: 12 } });
    const data = await ask('北京大学 2024 年在河南的录取分数线');
    const sent = up.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-upstream-secret');
    expect(sent.body.model).toBe('up-model');
    expect(sent.body.messages[0].role).toBe('system');
    expect(sent.body.messages[0].content).toContain(t.ctx.config.siteName);
    expect(sent.body.tools.map((x: any) => x.function.name).sort()).toEqual(TOOLS.map((x) => x.name).sort());
    const toolMsg = sent.body.messages.find((m: any) => m.role === 'tool');
    const lines = await t.app.inject({ method: 'GET', url: `/v1/data/score-lines?university_name=${encodeURIComponent('北京大学')}&province=${encodeURIComponent('河南')}&year=2024`, headers: t.auth });
    expect(JSON.parse(toolMsg.content).items.map((i: any) => i.min_score)).toEqual(lines.json().items.map((i: any) => i.min_score));
    expect(data.choices[0].message.content).toBe('北京大学 2024 年在河南的最低分见上。');
    expect(data.svc.tools_called[0].tool).toBe('query_score_lines');
    expect(data.usage).toMatchObject({ prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 });
  });

  it('lets the model call more site tools, and answers with what they returned', async () => {
    up.script({ toolCalls: [{ name: 'get_university', arguments: '{"name":"哈工大"}' }] }, (req) => {
      const last = req.body.messages[req.body.messages.length - 1];
      return { content: `结果：${JSON.parse(last.content).summary}` };
    });
    const { data, response } = await client.chat.completions.create({ model: 'svc', messages: [{ role: 'user', content: '随便聊聊' }] }).withResponse();
    expect(response.headers.get('x-svc-tools')).toBe('get_university');
    expect((data as any).svc.tools_called).toEqual([{ tool: 'get_university', args: { name: '哈工大' }, cached: false }]);
    expect(data.choices[0]!.message.content).toMatch(/^结果：哈尔滨工业大学/);
    expect(up.requests).toHaveLength(2);
  });

  it('stops after the stated number of tool rounds and asks for an answer', async () => {
    const loop = { toolCalls: [{ name: 'site_about', arguments: '{}' }] };
    up.script(...Array.from({ length: MAX_TOOL_ROUNDS }, () => loop), { content: '好了' });
    const data = await ask('随便聊聊');
    expect(up.requests).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(up.requests[MAX_TOOL_ROUNDS]!.body.tool_choice).toBe('none');
    expect(data.choices[0].message.content).toBe('好了');
  });

  it('returns calls of client functions as tool_calls with finish_reason "tool_calls"', async () => {
    up.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"北京"}' }] });
    const data = await ask('北京天气', { tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }] });
    expect(data.choices[0].finish_reason).toBe('tool_calls');
    expect(data.choices[0].message.tool_calls[0].function).toEqual({ name: 'get_weather', arguments: '{"city":"北京"}' });
    expect(up.requests[0]!.body.tools.some((x: any) => x.function.name === 'get_weather')).toBe(true);
  });

  it('streams client tool calls too', async () => {
    up.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"上海"}' }] });
    const stream = await client.chat.completions.create({ model: 'svc', stream: true, messages: [{ role: 'user', content: '上海天气' }], tools: [{ type: 'function', function: { name: 'get_weather' } }] });
    const chunks: any[] = [];
    for await (const c of stream) chunks.push(c);
    const call = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? [])[0];
    expect(call.function).toEqual({ name: 'get_weather', arguments: '{"city":"上海"}' });
    expect(chunks.find((c) => c.choices[0]?.finish_reason).choices[0].finish_reason).toBe('tool_calls');
  });

  it('streams the model deltas through, with the receipt on the final chunk', async () => {
    up.script({ content: '你好，这里是流式回答。' });
    const stream = await client.chat.completions.create({ model: 'svc', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: '介绍一下哈工大' }] });
    const chunks: any[] = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('你好，这里是流式回答。');
    expect(chunks.find((c) => c.choices[0]?.finish_reason).svc.tools_called[0].tool).toBe('get_university');
    expect(chunks[chunks.length - 1].usage.total_tokens).toBe(120);
    expect(up.requests[0]!.body.stream).toBe(true);
  });

  it('tells the model about bad arguments and unknown tools, then answers', async () => {
    up.script(
      { toolCalls: [{ name: 'get_university', arguments: '{"name": 哈工大' }, { name: 'launch_rocket', arguments: '{}' }, { name: 'query_rank_table', arguments: '{"province":"火星","year":2025}' }] },
      (req) => ({ content: req.body.messages.filter((m: any) => m.role === 'tool').map((m: any) => JSON.parse(m.content).error).join(' | ') }),
    );
    const data = await ask('随便聊聊');
    const text: string = data.choices[0].message.content;
    expect(text).toContain('not valid JSON');
    expect(text).toContain('unknown tool "launch_rocket"');
    expect(text).toContain('province');
  });

  it('counts tokens with the tokenizer when the upstream reports no usage', async () => {
    up.script({ content: '你好！', usage: null });
    const data = await ask('你好');
    expect(data.usage.completion_tokens).toBeGreaterThan(0);
    expect(data.usage.prompt_tokens).toBeGreaterThan(0);
  });
});

describe('upstream faults', () => {
  it('5xx without tool results → 502 without the upstream internals', async () => {
    up.script({ status: 500 });
    const res = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: t.auth, payload: { model: 'svc', messages: [{ role: 'user', content: '你好' }] } });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('upstream_error');
    expect(res.body).not.toContain('hunter2');
  });

  it('5xx after the keyword tools ran → a graceful answer from the tool results', async () => {
    up.script({ status: 503 });
    const row = (await t.app.inject({ method: 'GET', url: `/v1/data/rank-table?province=${encodeURIComponent('河南')}&year=2025&subject_type=${encodeURIComponent('物理')}&score=600`, headers: t.auth })).json().items[0];
    const data = await ask('河南 2025 年物理类 600 分排多少名？');
    expect(data.choices[0].message.content).toContain('上游模型暂时不可用');
    expect(data.choices[0].message.content).toContain(String(row.cumulative_rank));
  });

  it('timeout → 504', async () => {
    up.script({ hang: true });
    const err = await ask('你好').catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.status).toBe(504);
    expect(err.code).toBe('upstream_timeout');
  });

  it('a JSON answer that stalls after its headers → 504', async () => {
    up.script({ stall: true, content: '' });
    const err = await ask('你好').catch((e) => e);
    expect(err.status).toBe(504);
    expect(err.code).toBe('upstream_timeout');
  });

  it('malformed JSON → 502', async () => {
    up.script({ malformed: true });
    const err = await ask('你好').catch((e) => e);
    expect(err.status).toBe(502);
    expect(err.code).toBe('upstream_bad_response');
  });

  it('malformed stream chunk → an error event the SDK raises', async () => {
    up.script({ malformed: true });
    const { err } = await streamed('你好');
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(String(err.message)).toMatch(/malformed|ended before/);
  });

  it('a stream cut mid-way → an error event, never a hang', async () => {
    up.script({ cut: true, content: '一半' });
    const { text, err } = await streamed('你好');
    expect(text).toBe('一半');
    expect(err).toBeInstanceOf(OpenAI.APIError);
  });

  it('a stream that stalls after its first chunk → an error event after the timeout, and the upstream request is closed', async () => {
    up.script({ stall: true, content: '开头' });
    const { text, err } = await streamed('你好');
    expect(text).toBe('开头');
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(String(err.message)).toContain('stopped sending');
    expect(err.code).toBe('upstream_timeout');
    await up.requests[0]!.closed;
  });

  it('a client that disconnects mid-stream aborts the upstream request', async () => {
    up.script({ content: '很长的回答'.repeat(200), chunkDelayMs: 20 });
    const ac = new AbortController();
    const res = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      signal: ac.signal,
      headers: { ...t.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc', stream: true, messages: [{ role: 'user', content: '你好' }] }),
    });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    ac.abort();
    await expect(Promise.race([up.requests[0]!.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still open'), 3000))])).resolves.toBe('closed');
  });
});
