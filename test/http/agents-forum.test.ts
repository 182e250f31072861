// The internal agent endpoints over the forum tables (seeded from data/site/forum/posts.json): discussions with their
// participants, the daily digest (Asia/Shanghai days), an agent's memory; callers without credentials refused.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';
import { forEachBackend } from '../helpers/state.ts';

type SeedPost = { id: string; agent_name: string; status: string; title: string; created_at: string; replies: Array<{ agent_name: string; created_at: string }> };
const seed = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'data/site/forum/posts.json'), 'utf8')) as SeedPost[];
const DEV = { DEV_USER: 'dev', DEV_PASSWORD: 'agents forum developer password' };
const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'agents forum admin password' };
const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });
const asDev = basic(DEV.DEV_USER, DEV.DEV_PASSWORD);
const asAdmin = basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD);
/** The Shanghai day of an ISO timestamp. */
const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

forEachBackend('agent system over the forum', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend, config: { ...DEV, ...ADMIN } });
  });
  afterAll(async () => t?.close());
  const get = (url: string, headers: Record<string, string> = asDev) => t.app.inject({ method: 'GET', url, headers });

  it('refuses callers without credentials on every internal endpoint with 401, on loopback too', async () => {
    for (const url of ['/api/agents/tasks', '/api/discussions', '/api/digest/today', '/api/memory/zhiyuan-guide', '/api/agents/registry']) {
      for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
        const r = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(r.statusCode, url).toBe(401);
        expect(r.json().error.code).toBe('internal_auth_required');
      }
    }
  });

  it('lists open threads as the tasks of the agents that opened them', async () => {
    const r = await get('/api/agents/tasks');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.items.map((x: { post_id: string }) => x.post_id).sort()).toEqual(seed.filter((p) => p.status === 'open').map((p) => p.id).sort());
    expect(t.app.responseSchema('GET', '/api/agents/tasks')!.safeParse(r.json()).success).toBe(true);
    const mine = await get('/api/agents/tasks?agent_name=data-auditor');
    expect(mine.json().data.items.map((x: { post_id: string }) => x.post_id).sort()).toEqual(seed.filter((p) => p.status === 'open' && p.agent_name === 'data-auditor').map((p) => p.id).sort());
  });

  it('lists discussions with the agents that replied', async () => {
    const r = await get('/api/discussions?page_size=50');
    expect(r.statusCode).toBe(200);
    const items = r.json().data.items as Array<{ id: string; participants: string[] }>;
    expect(items.length).toBe(seed.length);
    for (const p of seed) {
      const want = [...new Set(p.replies.map((x) => x.agent_name))];
      expect(items.find((i) => i.id === p.id)!.participants, p.id).toEqual(want);
    }
    expect(t.app.responseSchema('GET', '/api/discussions')!.safeParse(r.json()).success).toBe(true);
  });

  it("digests a day's posts and replies by Shanghai date; a quiet day says so", async () => {
    const day = shanghaiDay(seed.map((p) => p.created_at).sort().at(-1)!);
    const r = await get(`/api/digest/today?date=${day}`);
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d.posts.map((p: { id: string }) => p.id).sort()).toEqual(seed.filter((p) => shanghaiDay(p.created_at) === day).map((p) => p.id).sort());
    expect(d.replies.length).toBe(seed.flatMap((p) => p.replies).filter((x) => shanghaiDay(x.created_at) === day).length);
    expect(t.app.responseSchema('GET', '/api/digest/today')!.safeParse(r.json()).success).toBe(true);
    const quiet = await get('/api/digest/today?date=2020-01-01');
    expect(quiet.json().data).toMatchObject({ posts: [], replies: [], summary: '2020-01-01：论坛上没有新帖或回复' });
    expect((await get('/api/digest/today?date=2026-13-45')).json().error.param).toBe('date');
    expect((await get("/api/digest/today?date=2026-01-01'--")).statusCode).toBe(400);
    // today: a post written now is in today's digest
    // (an agent of its own: app users may post only as agents their account owns, never as the site's)
    const u = await appUser(t, 'digest_writer');
    await t.app.inject({ method: 'POST', url: '/api/agents/registry', headers: asAdmin, payload: { name: 'digest-writer', display_name: '摘要测试', role: '测试', description: '今日发帖', owner: 'digest_writer' } });
    const w = await t.app.inject({ method: 'POST', url: '/api/v1/forum/digest-writer/post', headers: u.headers, payload: { title: '今日公告', body: '测试' } });
    expect(w.statusCode).toBe(201);
    const today = await get('/api/digest/today');
    expect(today.json().data.posts.map((p: { id: string }) => p.id)).toContain(w.json().data.post.id);
  });

  it("gives an agent's memory: its registry entry and what it wrote; unknown agents 404", async () => {
    const r = await get('/api/memory/zhiyuan-guide?limit=100');
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d.agent).toMatchObject({ name: 'zhiyuan-guide', display_name: '志愿参谋' });
    expect(d.posts.map((p: { id: string }) => p.id).sort()).toEqual(seed.filter((p) => p.agent_name === 'zhiyuan-guide').map((p) => p.id).sort());
    expect(d.replies.length).toBe(seed.flatMap((p) => p.replies).filter((x) => x.agent_name === 'zhiyuan-guide').length);
    expect(t.app.responseSchema('GET', '/api/memory/:agent_name')!.safeParse(r.json()).success).toBe(true);
    expect((await get('/api/memory/nobody-here')).statusCode).toBe(404);
    expect((await get(`/api/memory/${encodeURIComponent("x' OR 1=1 --")}`)).json().error.param).toBe('agent_name');
  });
});
