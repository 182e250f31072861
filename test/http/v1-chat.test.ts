// /v1/chat/completions with real clients on a real listener: the openai SDK (JSON and streaming, receipt and header),
// the Vercel ai SDK through @ai-sdk/openai-compatible, and raw SSE for the exact chunk sequence. Facts are compared
// with what the served data API returns for the same question.
import OpenAI from 'openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let client: OpenAI;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: t.key, maxRetries: 0 });
});
afterAll(async () => {
  await t.close();
});

async function served(path: string): Promise<any> {
  const res = await t.app.inject({ method: 'GET', url: path, headers: t.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('openai SDK, no upstream model (the built-in composer)', () => {
  it('answers a rank question from the rank table, with the receipt in the body and the header', async () => {
    const row = (await served(`/v1/data/rank-table?province=${encodeURIComponent('河南')}&year=2025&subject_type=${encodeURIComponent('物理')}&score=600`)).items[0];
    const { data, response } = await client.chat.completions.create({ model: 'anything', messages: [{ role: 'user', content: '河南 2025 年物理类 600 分排多少名？' }] }).withResponse();
    expect(response.headers.get('x-svc-tools')).toBe('query_rank_table');
    const body = data as typeof data & { svc?: { site: string; tools_called: Array<{ tool: string; args: Record<string, unknown>; cached: boolean }> } };
    expect(body.svc?.site).toBe(t.ctx.config.siteUrl);
    expect(body.svc?.tools_called).toEqual([{ tool: 'query_rank_table', args: { province: '河南', year: 2025, subject_type: '物理', score: 600 }, cached: false }]);
    expect(data.choices[0]!.message.content).toContain(String(row.cumulative_rank));
    expect(data.choices[0]!.finish_reason).toBe('stop');
    expect(data.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(data.usage!.total_tokens).toBe(data.usage!.prompt_tokens + data.usage!.completion_tokens);
  });

  it('marks an identical call within the window as cached', async () => {
    const ask = () => client.chat.completions.create({ model: 'svc', messages: [{ role: 'user', content: '北京有哪些 985 大学？' }] });
    await ask();
    const second = (await ask()) as any;
    expect(second.svc.tools_called[0]).toMatchObject({ tool: 'search_universities', cached: true });
  });

  it('streams exactly as OpenAI: role chunk, deltas, finish with receipt, usage chunk, [DONE]', async () => {
    const stream = await client.chat.completions.create({ model: 'svc', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: '介绍一下哈工大' }] });
    const chunks: any[] = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    const uni = (await served(`/v1/data/universities?q=${encodeURIComponent('哈工大')}`)).items[0];
    expect(text).toContain(uni.name);
    const final = chunks.find((c) => c.choices[0]?.finish_reason);
    expect(final.choices[0].finish_reason).toBe('stop');
    expect(final.svc.tools_called[0].tool).toBe('get_university');
    const last = chunks[chunks.length - 1];
    expect(last.choices).toEqual([]);
    expect(last.usage.total_tokens).toBeGreaterThan(0);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  });

  it('sends the header, keep-alive comments and [DONE] on the wire', async () => {
    const res = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...t.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc', stream: true, messages: [{ role: 'user', content: '你是谁？' }] }),
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('x-svc-tools')).toBe('site_about');
    const text = await res.text();
    expect(text).toMatch(/^: running site_about$/m);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(text).toContain(t.ctx.config.siteName);
  });

  it('greets without tools: no receipt, no header', async () => {
    const { data, response } = await client.chat.completions.create({ model: 'svc', messages: [{ role: 'user', content: '你好' }] }).withResponse();
    expect(response.headers.get('x-svc-tools')).toBeNull();
    expect((data as any).svc).toBeUndefined();
    expect(data.choices[0]!.message.content).toContain(t.ctx.config.siteName);
  });

  it('accepts content as an array of text parts, a system message, stop and max_tokens', async () => {
    const data = await client.chat.completions.create({
      model: 'svc',
      max_tokens: 5,
      messages: [{ role: 'system', content: '简短回答' }, { role: 'user', content: [{ type: 'text', text: '你好' }] }],
    });
    expect(data.choices[0]!.finish_reason).toBe('length');
    expect(data.usage!.completion_tokens).toBeLessThanOrEqual(5);
  });

  it('returns json_object answers as a JSON object', async () => {
    const data = await client.chat.completions.create({ model: 'svc', response_format: { type: 'json_object' }, messages: [{ role: 'user', content: '你是谁' }] });
    const parsed = JSON.parse(data.choices[0]!.message.content!);
    expect(parsed.tools_called[0].tool).toBe('site_about');
    expect(typeof parsed.answer).toBe('string');
  });

  it('says that client functions need an upstream model', async () => {
    const data = await client.chat.completions.create({
      model: 'svc',
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
      messages: [{ role: 'user', content: '你好' }],
    });
    expect(data.choices[0]!.message.content).toMatch(/get_weather.*上游模型/);
    expect(data.choices[0]!.finish_reason).toBe('stop');
  });

  it('adds the tokens to the key totals shown by /v1/usage, and counts one call per request', async () => {
    await new Promise((r) => setTimeout(r, 100)); // let the earlier requests' token writes land
    const before = await served('/v1/usage');
    const data = await client.chat.completions.create({ model: 'svc', messages: [{ role: 'user', content: '河南 2025 年物理类 600 分排多少名？' }] });
    // the tokens are written right after the answer has left
    await vi.waitFor(async () => {
      const after = await served('/v1/usage');
      expect(after.calls_today - before.calls_today).toBe(1);
      expect(after.tokens_today - before.tokens_today).toBe(data.usage!.total_tokens);
    });
  });
});

describe('400s name the field of what cannot be honoured', () => {
  const post = (body: unknown) => t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: t.auth, payload: body as object });
  const user = [{ role: 'user', content: '你好' }];
  it.each([
    [{ model: 'svc', messages: user, n: 2 }, 'n'],
    [{ model: 'svc', messages: [{ role: 'wizard', content: 'x' }] }, 'messages.0.role'],
    [{ model: 'svc', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://x/y.png' } }] }] }, 'messages.0.content.0'],
    [{ model: 'svc', messages: user, response_format: { type: 'json_schema' } }, 'response_format.type'],
    [{ model: 'svc', messages: user, temperature: 3 }, 'temperature'],
    [{ model: 'svc', messages: user, logprobs: true }, 'logprobs'],
    [{ model: 'svc', messages: user, frobnicate: 1 }, 'frobnicate'],
    [{ messages: user }, 'model'],
    [{ model: 'svc', messages: [] }, 'messages'],
    [{ model: 'svc', messages: user, tools: [{ type: 'function', function: { name: 'sizhu' } }] }, 'tools.0.function.name'],
    [{ model: 'svc', messages: user, tool_choice: { type: 'function', function: { name: 'nope' } } }, 'tool_choice.function.name'],
    // no upstream model here: the site's agent never calls a caller's function, so forcing one cannot be honoured
    [{ model: 'svc', messages: user, tools: [{ type: 'function', function: { name: 'extract', parameters: { type: 'object' } } }], tool_choice: 'required' }, 'tool_choice'],
    [{ model: 'svc', messages: user, tools: [{ type: 'function', function: { name: 'extract', parameters: { type: 'object' } } }], tool_choice: { type: 'function', function: { name: 'extract' } } }, 'tool_choice'],
  ])('%j → 400 on %s', async (body, param) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.param).toBe(param);
  });

  it('401 without a key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', payload: { model: 'svc', messages: user } });
    expect(res.statusCode).toBe(401);
  });
});

describe('a second client: the ai SDK with @ai-sdk/openai-compatible', () => {
  it('generates and streams text from the assistant', async () => {
    const provider = createOpenAICompatible({ name: 'svc', baseURL: `${t.url}/v1`, apiKey: t.key, includeUsage: true });
    const row = (await served(`/v1/data/batch-lines?province=${encodeURIComponent('江苏')}&year=2024`)).items[0];
    const r = await generateText({ model: provider('svc'), prompt: '江苏 2024 年本科线是多少？' });
    expect(r.text).toContain(String(row.score));
    expect(r.usage.totalTokens).toBeGreaterThan(0);
    const s = streamText({ model: provider('svc'), prompt: '你是谁？' });
    let text = '';
    for await (const part of s.textStream) text += part;
    expect(text).toContain(t.ctx.config.siteName);
  });
});
