// The legacy AI endpoints: /api/v1/config, /llm/chat and /llm/chat/completions — same-origin only, per-IP limit,
// the site's agent answering with no upstream model, the upstream key injected server-side when there is one. With
// an upstream model (the operator's money): /llm/chat/completions also wants the page token the site's pages carry,
// the site's system prompt always comes first, and every round counts against the site-wide daily budget.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTokens, PAGE_TOKEN_COOKIE, PAGE_TOKEN_TTL_S } from '../../src/http/page-token.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';

/** The page token a browser gets with one of the site's pages (the cookie pair, ready for a Cookie header). */
async function pageCookie(t: TestApp, page = '/dialog/'): Promise<string> {
  const r = await fetch(`${t.url}${page}`);
  const set = r.headers.get('set-cookie') ?? '';
  expect(set).toMatch(new RegExp(`^${PAGE_TOKEN_COOKIE}=[^;]+; Path=/llm; Max-Age=${PAGE_TOKEN_TTL_S}; HttpOnly; SameSite=Strict`));
  return set.split(';')[0]!;
}

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

  it('/llm/chat/completions relays with the server key, ignoring the client key, the site prompt first', async () => {
    up.script({ content: '来自上游' });
    const client = new OpenAI({ baseURL: `${t.url}/llm`, apiKey: 'client-key', maxRetries: 0, defaultHeaders: { origin: t.url, cookie: await pageCookie(t) } });
    const data = await client.chat.completions.create({ model: 'whatever', messages: [{ role: 'system', content: 'You are a free general assistant.' }, { role: 'user', content: '你好' }] });
    expect(data.choices[0]!.message.content).toBe('来自上游');
    expect(up.requests[0]!.headers.authorization).toBe('Bearer sk-server-side');
    expect(up.requests[0]!.body.model).toBe('up-model');
    const sent = up.requests[0]!.body.messages;
    expect(sent[0].role).toBe('system');
    expect(sent[0].content).toContain(t.ctx.config.siteName);
    expect(sent.slice(1)).toEqual([{ role: 'system', content: 'You are a free general assistant.' }, { role: 'user', content: '你好' }]);
  });

  it('/llm/chat/completions wants the page token besides the Origin: a forged Origin alone is refused', async () => {
    const before = up.requests.length;
    const call = (headers: Record<string, string>, remoteAddress = '10.3.0.1') =>
      t.app.inject({ method: 'POST', url: '/llm/chat/completions', remoteAddress, headers: { origin: t.url, host: new URL(t.url).host, ...headers }, payload: { model: 'x', messages: [{ role: 'user', content: '你好' }] } });
    const forged = await call({});
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('page_token_missing');
    const tokens = pageTokens(t.ctx.config);
    const pair = (cookie: string) => cookie.split(';')[0]!;
    // a token issued to another address, a tampered one, an expired one
    expect((await call({ cookie: pair(tokens.cookie('10.3.0.2')) })).json().error.code).toBe('page_token_invalid');
    expect((await call({ cookie: pair(tokens.cookie('10.3.0.1')).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).json().error.code).toBe('page_token_invalid');
    expect((await call({ cookie: pair(tokens.cookie('10.3.0.1', Date.now() - (PAGE_TOKEN_TTL_S + 1) * 1000)) })).json().error.code).toBe('page_token_expired');
    expect(up.requests.length).toBe(before); // nothing reached the upstream
    up.script({ content: '页面来的' });
    const fromPage = await call({ cookie: `other=1; ${pair(tokens.cookie('10.3.0.1'))}` });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.json().choices[0].message.content).toBe('页面来的');
  });

  it('issues the page token with every page of the site, not with the API', async () => {
    for (const page of ['/', '/dialog/', '/forum', '/notes']) await pageCookie(t, page);
    expect((await fetch(`${t.url}/v1/openapi.json`)).headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${t.url}/llms.txt`)).headers.get('set-cookie')).toBeNull();
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

  it("/llm/chat relays the caller's system prompt and message after the site's own", async () => {
    up.script({ content: '代理回答' });
    const res = await t.app.inject({ method: 'POST', url: '/llm/chat', payload: { message: '问题', system_prompt: '你是助手' } });
    expect(res.json()).toEqual({ success: true, data: { content: '代理回答', model: 'up-model' } });
    const sent = up.requests.at(-1)!.body.messages;
    expect(sent[0].role).toBe('system');
    expect(sent[0].content).toContain(t.ctx.config.siteName);
    expect(sent.slice(1)).toEqual([{ role: 'system', content: '你是助手' }, { role: 'user', content: '问题' }]);
  });
});

describe("the site's daily budget of the upstream model", () => {
  let t: TestApp;
  let up: FakeUpstream;
  const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'budget test admin password' };
  const admin = { authorization: `Basic ${Buffer.from(`${ADMIN.ADMIN_USER}:${ADMIN.ADMIN_PASSWORD}`).toString('base64')}` };
  beforeAll(async () => {
    up = await startFakeUpstream();
    t = await startTestApp({ listen: true, config: { ...ADMIN, LLM_API_URL: up.url, LLM_API_KEY: 'sk-budget', LLM_CHAT_MODEL: 'up-model', LLM_DAILY_REQUESTS: '3', LLM_DAILY_TOKENS: '0', LLM_ANONYMOUS_SHARE: '1', LLM_PROXY_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    await up.close();
  });

  it('counts every upstream round, whoever asked; 429 upstream_budget_exhausted once spent, for every caller; the administrator sees it', async () => {
    up.otherwise({ content: '好', usage: { prompt_tokens: 30, completion_tokens: 5 } });
    for (const ip of ['10.4.0.1', '10.4.0.2']) expect((await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: ip, payload: { message: '问题' } })).statusCode).toBe(200);
    const cookie = (await fetch(`${t.url}/dialog/`)).headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${t.url}/llm/chat/completions`, { method: 'POST', headers: { origin: t.url, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'x', messages: [{ role: 'user', content: '问题' }] }) });
    expect(page.status).toBe(200);
    expect(up.requests.length).toBe(3);

    const spent = await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: '10.4.0.3', payload: { message: '问题' } });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().error.code).toBe('upstream_budget_exhausted');
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    const keyed = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: t.auth, payload: { model: 'svc', messages: [{ role: 'user', content: '你好' }] } });
    expect(keyed.statusCode).toBe(429);
    expect(keyed.json().error.code).toBe('upstream_budget_exhausted');
    expect(up.requests.length).toBe(3); // nothing more reached the upstream

    const seen = await t.app.inject({ method: 'GET', url: '/v1/admin/llm-budget', headers: admin });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ upstream_configured: true, requests: { used: 3, limit: 3, remaining: 0 }, tokens: { used: 105, limit: null, remaining: null } });
    expect(t.app.responseSchema('GET', '/v1/admin/llm-budget')!.safeParse(seen.json()).success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/llm-budget' })).statusCode).toBe(401);
  });
});

describe('the upstream budget cannot be overrun, and anonymous callers get only their share', () => {
  let t: TestApp;
  let up: FakeUpstream;
  beforeAll(async () => {
    up = await startFakeUpstream();
    // the worst upstream: every round writes all the completion it is allowed
    up.otherwise((req) => ({ content: '好', usage: { prompt_tokens: 50, completion_tokens: Number(req.body.max_tokens ?? 50_000) } }));
    t = await startTestApp({ config: { LLM_API_URL: up.url, LLM_API_KEY: 'sk-budget', LLM_CHAT_MODEL: 'up-model', LLM_DAILY_REQUESTS: '0', LLM_DAILY_TOKENS: '60000', LLM_ANONYMOUS_SHARE: '0.5', LLM_PROXY_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    await up.close();
  });
  const spent = async () => (await t.ctx.state().db.selectFrom('llm_budget_daily').select(['day', 'tokens']).execute()).map((r) => ({ day: r.day, tokens: Number(r.tokens) }));

  it("clamps an anonymous request's max_tokens to the anonymous share; 30 at once never spend more than it; key holders keep the rest", async () => {
    const one = await t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: '10.5.0.1', payload: { message: '问题', max_tokens: 100_000 } });
    expect(one.statusCode).toBe(200);
    expect(up.requests[0]!.body.max_tokens).toBeLessThan(30_000); // the share (30,000) less the prompt
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => t.app.inject({ method: 'POST', url: '/llm/chat', remoteAddress: `10.5.1.${i}`, payload: { message: '问题', max_tokens: 5_000 } })));
    expect(burst.filter((r) => r.statusCode === 200).length + burst.filter((r) => r.json().error?.code === 'upstream_budget_exhausted').length).toBe(30);
    const anon = (await spent()).find((r) => r.day.endsWith('/anonymous'))!;
    expect(anon.tokens).toBeLessThanOrEqual(30_000);
    const keyed = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: t.auth, payload: { model: 'svc', messages: [{ role: 'user', content: '你好' }], max_tokens: 100_000 } });
    expect(keyed.statusCode).toBe(200);
    const day = (await spent()).find((r) => !r.day.includes('/'))!;
    expect(day.tokens).toBeLessThanOrEqual(60_000);
    // the keyed round's completion was clamped to what the day had left after its prompt (the site's tools are large)
    expect(up.requests.at(-1)!.body.max_tokens).toBeLessThan(30_000);
  });
});

