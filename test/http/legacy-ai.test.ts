// The legacy AI endpoints: /api/v1/config, /llm/chat and /llm/chat/completions — same-origin only, per-IP limit,
// the site's agent answering with no upstream model, the upstream key injected server-side when there is one.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';

describe('without an upstream model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { LLM_PROXY_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/v1/config: legacy envelope, never a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'success', data: { api_url: `${t.ctx.config.siteUrl}/llm`, chat_model: 'svc', image_model: '', mode: 'agent' } });
  });

  it('POST /llm/chat/completions from the site\'s own page is answered by the agent (SDK key ignored)', async () => {
    const client = new OpenAI({ baseURL: `${t.url}/llm`, apiKey: 'whatever-the-page-sends', maxRetries: 0, defaultHeaders: { origin: t.url } });
    const data: any = await client.chat.completions.create({ model: 'svc', messages: [{ role: 'user', content: '你是谁？' }] });
    expect(data.choices[0].message.content).toContain(t.ctx.config.siteName);
    expect(data.svc.tools_called[0].tool).toBe('site_about');
    const stream = await client.chat.completions.create({ model: 'svc', stream: true, messages: [{ role: 'user', content: '你好' }] });
    let text = '';
    for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
    expect(text).toContain(t.ctx.config.siteName);
  });

  const post = (headers: Record<string, string>, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/llm/chat/completions', remoteAddress: ip, headers: { host: new URL(t.url).host, ...headers }, payload: { model: 'svc', messages: [{ role: 'user', content: '你好' }] } });

  it('refuses other origins, and requests with neither Origin nor Referer, with 403', async () => {
    expect((await post({ origin: 'https://evil.example' }, '10.0.0.1')).statusCode).toBe(403);
    expect((await post({}, '10.0.0.1')).statusCode).toBe(403);
    expect((await post({ referer: 'https://evil.example/page' }, '10.0.0.1')).statusCode).toBe(403);
    const ok = await post({ referer: `${t.url}/dialog/chat` }, '10.0.0.1');
    expect(ok.statusCode).toBe(200);
  });

  it('limits each IP: 429 with retry-after', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await post({ origin: t.url }, '10.0.0.9');
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().error.code).toBe('ip_rate_limited');
    // another address is not affected
    expect((await post({ origin: t.url }, '10.0.0.10')).statusCode).toBe(200);
  });

  it('POST /llm/chat: proxy result from the agent; a foreign browser origin is refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: '10.1.0.1', payload: { message: '你好', system_prompt: '简短', temperature: 0.2, max_tokens: 200 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { model: 'svc' } });
    expect(res.json().data.content).toContain(t.ctx.config.siteName);
    const foreign = await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: '10.1.0.1', headers: { origin: 'https://evil.example' }, payload: { message: '你好' } });
    expect(foreign.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: '10.1.0.1', payload: { msg: '你好' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('message');
  });
});

describe('with an upstream model', () => {
  let t: TestApp;
  let up: FakeUpstream;
  beforeAll(async () => {
    up = await startFakeUpstream();
    t = await startTestApp({ listen: true, config: { LLM_API_URL: up.url, LLM_API_KEY: 'sk-server-side', LLM_CHAT_MODEL: 'up-model', LLM_IMAGE_MODEL: 'up-vision' } });
  });
  afterAll(async () => {
    await t.close();
    await up.close();
  });

  it('config says mode api and names the models, never the key', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(body.data).toMatchObject({ chat_model: 'up-model', image_model: 'up-vision', mode: 'api' });
    expect(JSON.stringify(body)).not.toContain('sk-server-side');
  });

  it('/llm/chat/completions relays with the server key, ignoring the client key', async () => {
    up.script({ content: '来自上游' });
    const client = new OpenAI({ baseURL: `${t.url}/llm`, apiKey: 'client-key', maxRetries: 0, defaultHeaders: { origin: t.url } });
    const data = await client.chat.completions.create({ model: 'whatever', messages: [{ role: 'user', content: '你好' }] });
    expect(data.choices[0]!.message.content).toBe('来自上游');
    expect(up.requests[0]!.headers.authorization).toBe('Bearer sk-server-side');
    expect(up.requests[0]!.body.model).toBe('up-model');
  });

  it('/v1/chat/completions sends image parts to the configured vision model', async () => {
    up.script({ content: '图里是一只猫' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: t.auth,
      payload: { model: 'svc', messages: [{ role: 'user', content: [{ type: 'text', text: '图里是什么？' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().choices[0].message.content).toBe('图里是一只猫');
    const sent = up.requests.at(-1)!.body;
    expect(sent.model).toBe('up-vision');
    expect(sent.messages.at(-1).content[1].type).toBe('image_url');
  });

  it('/llm/chat relays system prompt and message', async () => {
    up.script({ content: '代理回答' });
    const res = await t.app.inject({ method: 'POST', url: '/llm/chat', payload: { message: '问题', system_prompt: '你是助手' } });
    expect(res.json()).toEqual({ success: true, data: { content: '代理回答', model: 'up-model' } });
    expect(up.requests.at(-1)!.body.messages).toEqual([{ role: 'system', content: '你是助手' }, { role: 'user', content: '问题' }]);
  });
});
