// The agent registry (internal): seeded with the site's agents, registration validated, owners are app accounts
// (unknown ones refused, seed agents never owned). Reading needs developer or administrator credentials, changes the
// administrator's: developer credentials are read-only, and loopback is no credential (401 without any).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';
import { forEachBackend } from '../helpers/state.ts';

const DEV = { DEV_USER: 'dev', DEV_PASSWORD: 'agents test developer password' };
const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'agents test admin password' };
const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });
const asDev = basic(DEV.DEV_USER, DEV.DEV_PASSWORD);
const asAdmin = basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD);
const seed = JSON.parse(fs.readFileSync('data/site/forum/agents.json', 'utf8')) as Array<{ name: string; display_name: string }>;

forEachBackend('agent registry', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend, config: { ...DEV, ...ADMIN } });
  });
  afterAll(async () => t?.close());

  const get = (remoteAddress = '203.0.113.20', headers: Record<string, string> = asDev) => t.app.inject({ method: 'GET', url: '/api/agents/registry', remoteAddress, headers });
  const post = (payload: unknown, remoteAddress = '203.0.113.20', headers: Record<string, string> = asAdmin) => t.app.inject({ method: 'POST', url: '/api/agents/registry', payload: payload as object, remoteAddress, headers });
  const patch = (name: string, payload: unknown, headers: Record<string, string> = asAdmin) => t.app.inject({ method: 'PATCH', url: `/api/agents/registry/${encodeURIComponent(name)}`, payload: payload as object, remoteAddress: '203.0.113.20', headers });

  it("lists the site's agents from agents.json to the developer", async () => {
    const r = await get();
    expect(r.statusCode).toBe(200);
    const items = r.json().data.items as Array<{ name: string; display_name: string; origin: string }>;
    expect(items.filter((a) => a.origin === 'seed').map((a) => [a.name, a.display_name]).sort()).toEqual(seed.map((a) => [a.name, a.display_name]).sort());
  });

  it('asks every caller for credentials, loopback too; developers read, only the administrator changes', async () => {
    for (const ip of ['127.0.0.1', '203.0.113.9']) {
      const anonymous = await get(ip, {});
      expect(anonymous.statusCode, ip).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 401, data: null, error: { code: 'internal_auth_required' } });
    }
    expect((await get('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(401);
    expect((await get('203.0.113.9', basic('dev', 'wrong'))).statusCode).toBe(401);
    expect((await get('127.0.0.1', basic('dev', 'wrong'))).statusCode).toBe(401);
    expect((await get('203.0.113.9', asDev)).statusCode).toBe(200);
    expect((await get('203.0.113.9', asAdmin)).statusCode).toBe(200);
    const agent = { name: 'outsider', display_name: 'x', role: 'x', description: 'x' };
    expect((await post(agent, '127.0.0.1', {})).statusCode).toBe(401);
    const byDeveloper = await post(agent, '203.0.113.9', asDev);
    expect(byDeveloper.statusCode).toBe(403);
    expect(byDeveloper.json().error.code).toBe('developer_read_only');
    expect((await post(agent, '203.0.113.9', basic('dev', 'wrong'))).statusCode).toBe(401);
    expect((await get()).json().data.items.map((a: { name: string }) => a.name)).not.toContain('outsider');
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
    const names = (await get()).json().data.items.map((a: { name: string }) => a.name);
    expect(names).toContain('exam-news');
    expect(names.length).toBe(seed.length + 1);
    expect(r.json().data.agent).toMatchObject({ owner: null, owner_id: null }); // registered without an owner
  });

  it('records an owner (an app account, named as at login in any case); 400 naming owner for an unknown account', async () => {
    const carol = await appUser(t, 'Registry_Carol');
    const fields = { display_name: '卡萝的助手', role: '测试', description: '有主的智能体' };
    const unknown = await post({ name: 'orphan-helper', ...fields, owner: 'no_such_account' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 400, data: null, error: { param: 'owner', code: 'unknown_owner' } });
    expect(unknown.json().message).toContain('"no_such_account"');
    expect((await get()).json().data.items.map((a: { name: string }) => a.name)).not.toContain('orphan-helper'); // nothing registered
    const r = await post({ name: 'carol-helper', ...fields, owner: 'registry_carol' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.agent).toMatchObject({ name: 'carol-helper', origin: 'api', owner: 'Registry_Carol', owner_id: carol.id });
    expect(t.app.responseSchema('POST', '/api/agents/registry', 201)!.safeParse(r.json()).success).toBe(true);
    const mine = await t.app.inject({ method: 'GET', url: '/api/agents/registry?owner=REGISTRY_CAROL', headers: asDev });
    expect(mine.json().data.items.map((a: { name: string }) => a.name)).toEqual(['carol-helper']);
    expect((await t.app.inject({ method: 'GET', url: '/api/agents/registry?owner=nobody_here', headers: asDev })).json().error.param).toBe('owner');
    expect((await post({ name: 'bad-owner', ...fields, owner: '' })).json().error.param).toBe('owner');
  });

  it('moves an agent to another owner or to none; refuses to give the site\'s own agents an owner', async () => {
    const dave = await appUser(t, 'registry_dave');
    await post({ name: 'moving-helper', display_name: '搬家助手', role: '测试', description: '换主人' });
    const moved = await patch('moving-helper', { owner: 'registry_dave' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.agent).toMatchObject({ name: 'moving-helper', owner: 'registry_dave', owner_id: dave.id });
    expect(t.app.responseSchema('PATCH', '/api/agents/registry/:agent_name')!.safeParse(moved.json()).success).toBe(true);
    expect((await patch('moving-helper', { owner: null })).json().data.agent).toMatchObject({ owner: null, owner_id: null });
    expect((await patch('moving-helper', { owner: 'no_such_account' })).json()).toMatchObject({ code: 400, error: { param: 'owner' } });
    const seedAgent = await patch(seed[0]!.name, { owner: 'registry_dave' });
    expect(seedAgent.statusCode).toBe(409);
    expect(seedAgent.json()).toMatchObject({ code: 409, data: null, error: { code: 'seed_agent', param: 'owner' } });
    expect((await get()).json().data.items.find((a: { name: string }) => a.name === seed[0]!.name).owner).toBeNull();
    expect((await patch('ghost-agent', { owner: null })).statusCode).toBe(404);
    expect((await patch('moving-helper', {})).json().error.param).toBe('owner');
    // the audit's finding: developer credentials reassigned an agent's owner
    expect((await patch('moving-helper', { owner: 'registry_dave' }, asDev)).statusCode).toBe(403);
    expect((await patch('moving-helper', { owner: null }, {})).statusCode).toBe(401);
    expect((await get()).json().data.items.find((a: { name: string }) => a.name === 'moving-helper').owner).toBeNull();
  });
});
