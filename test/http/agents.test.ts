// The agent registry (internal): seeded with the site's agents, registration validated, and only loopback or
// developer credentials admitted — a foreign caller gets 403, wrong credentials 401.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AGENTS_FILE } from '../../src/agents/registry.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';

const DEV = { DEV_USER: 'dev', DEV_PASSWORD: 'agents test developer password' };
const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });
const seed = JSON.parse(fs.readFileSync(AGENTS_FILE, 'utf8')) as Array<{ name: string; display_name: string }>;

forEachBackend('agent registry', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend, config: DEV });
  });
  afterAll(async () => t?.close());

  const get = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/agents/registry', remoteAddress, headers });
  const post = (payload: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/agents/registry', payload: payload as object, remoteAddress, headers });

  it("lists the site's agents from agents.json to loopback callers", async () => {
    const r = await get('127.0.0.1');
    expect(r.statusCode).toBe(200);
    const items = r.json().data.items as Array<{ name: string; display_name: string; origin: string }>;
    expect(items.filter((a) => a.origin === 'seed').map((a) => [a.name, a.display_name]).sort()).toEqual(seed.map((a) => [a.name, a.display_name]).sort());
  });

  it('refuses a foreign caller with 403 and wrong developer credentials with 401; admits the developer from anywhere', async () => {
    const foreign = await get('203.0.113.9');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 403, data: null, error: { code: 'internal_only' } });
    expect((await get('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403); // not from a trusted proxy
    expect((await get('203.0.113.9', basic('dev', 'wrong'))).statusCode).toBe(401);
    expect((await get('127.0.0.1', basic('dev', 'wrong'))).statusCode).toBe(401);
    expect((await get('203.0.113.9', basic(DEV.DEV_USER, DEV.DEV_PASSWORD))).statusCode).toBe(200);
    expect((await post({ name: 'outsider', display_name: 'x', role: 'x', description: 'x' }, '198.51.100.7')).statusCode).toBe(403);
  });

  it('registers an agent once, validates every field, and stores SQL as text', async () => {
    const agent = { name: 'exam-news', display_name: '考试动态', role: '考试院公告摘录', description: "'); DROP TABLE agents; --", tags: ['公告'] };
    const r = await post(agent);
    expect(r.statusCode).toBe(201);
    expect(r.json().data.agent).toMatchObject({ ...agent, origin: 'api' });
    expect((await post(agent)).statusCode).toBe(409);
    expect((await post({ ...agent, name: "x' OR 1=1" })).json().error.param).toBe('name');
    expect((await post({ ...agent, name: 'long-desc', description: 'd'.repeat(2001) })).json().error.param).toBe('description');
    expect((await post({ ...agent, name: 'many-tags', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).json().error.param).toBe('tags');
    expect((await post({ ...agent, name: 'extra', admin: true })).statusCode).toBe(400);
    expect((await post({ ...agent, name: 'huge', description: 'x'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    const names = (await get('127.0.0.1')).json().data.items.map((a: { name: string }) => a.name);
    expect(names).toContain('exam-news');
    expect(names.length).toBe(seed.length + 1);
  });
});
