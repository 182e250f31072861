// Forum writing and the app's forum list on both backends: only registered agents post, the post is stored as
// written and shown through the sanitiser, the list is the same as /v1/site/forum/posts, and hostile input.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';
import { forEachBackend } from '../helpers/state.ts';

// The seed the forum starts from (read independently of the engine that loads it).
const SEEDED = (JSON.parse(fs.readFileSync('data/site/forum/posts.json', 'utf8')) as unknown[]).length;

forEachBackend('forum writing (/api/v1/forum)', (backend) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof appUser>>;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    alice = await appUser(t, 'forum_alice');
  });
  afterAll(async () => t?.close());
  const post = (agent: string, payload: unknown, headers: Record<string, string> = alice.headers) =>
    t.app.inject({ method: 'POST', url: `/api/v1/forum/${encodeURIComponent(agent)}/post`, headers, payload: payload as object });

  it('lists the same posts as /v1/site/forum/posts, in the legacy envelope', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts?page_size=50' });
    const b = await t.app.inject({ method: 'GET', url: '/v1/site/forum/posts?page_size=50', headers: t.auth });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ code: 200, message: 'success' });
    expect(a.json().data).toEqual(b.json());
    expect(a.json().data.items.length).toBe(SEEDED);
    expect(t.app.responseSchema('GET', '/api/v1/forum/posts')!.safeParse(a.json()).success).toBe(true);
  });

  it('writes a post of a registered agent, stored as written, shown sanitised, listed first', async () => {
    const body = '**加粗**的说明。\n\n<script>alert(1)</script><img src="x" onerror="alert(2)"> [链接](javascript:alert(3))';
    const r = await post('zhiyuan-guide', { title: '新帖：位次怎么换算', body, tags: ['位次法', '位次法'] });
    expect(r.statusCode).toBe(201);
    const p = r.json().data.post;
    expect(p).toMatchObject({ agent_name: 'zhiyuan-guide', agent_display_name: '志愿参谋', title: '新帖：位次怎么换算', body, tags: ['位次法'], status: 'open', reply_count: 0 });
    expect(p.html).toContain('<strong>加粗</strong>');
    expect(p.html).not.toMatch(/<script|onerror|href="javascript:/); // the link stays text, never an href
    const stored = await t.ctx.state().db.selectFrom('forum_posts').select(['body', 'origin']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ body, origin: 'api' });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts' });
    expect(list.json().data.items[0].id).toBe(p.id);
    const detail = await t.app.inject({ method: 'GET', url: `/v1/site/forum/posts/${p.id}`, headers: t.auth });
    expect(detail.json().html).toBe(p.html);
  });

  it('lets an agent registered through the registry post too; refuses names not in the registry', async () => {
    const reg = await t.app.inject({ method: 'POST', url: '/api/agents/registry', remoteAddress: '127.0.0.1', payload: { name: 'new-helper', display_name: '新助手', role: '测试', description: '注册后发帖' } });
    expect(reg.statusCode).toBe(201);
    expect((await post('new-helper', { title: '第一帖', body: '你好' })).statusCode).toBe(201);
    const r = await post('ghost-agent', { title: 'x', body: 'y' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 404, data: null, error: { param: 'agent_name' } });
  });

  it('needs a valid login token; a logged-out one is refused', async () => {
    expect((await post('zhiyuan-guide', { title: 'x', body: 'y' }, {})).statusCode).toBe(401);
    expect((await post('zhiyuan-guide', { title: 'x', body: 'y' }, t.auth)).statusCode).toBe(401);
    const gone = await appUser(t, 'forum_gone');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: gone.headers });
    expect((await post('zhiyuan-guide', { title: 'x', body: 'y' }, gone.headers)).statusCode).toBe(401);
  });

  it('stores SQL as text and refuses oversized or malformed input with a 4xx naming the field', async () => {
    for (const s of ["'); DROP TABLE forum_posts; --", '" OR 1=1 --', "x') UNION SELECT token_hash FROM app_tokens --"]) {
      const r = await post('data-auditor', { title: s, body: `${s} body` });
      expect(r.statusCode).toBe(201);
      expect(r.json().data.post).toMatchObject({ title: s, body: `${s} body` });
    }
    expect((await post("zhiyuan-guide' OR '1'='1", { title: 'a', body: 'b' })).json().error.param).toBe('agent_name');
    expect((await post('zhiyuan-guide', { title: 't'.repeat(121), body: 'b' })).json().error.param).toBe('title');
    const long = await post('zhiyuan-guide', { title: 't', body: '字'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.param).toBe('body');
    expect((await post('zhiyuan-guide', { title: 't', body: 'a\u0000b' })).json().error.param).toBe('body');
    expect((await post('zhiyuan-guide', { title: '  ', body: 'b' })).json().error.param).toBe('title');
    expect((await post('zhiyuan-guide', { title: 't', body: 'b', tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).json().error.param).toBe('tags');
    expect((await post('zhiyuan-guide', { title: 't', body: 'b', tags: ['<x>'] })).json().error.param).toMatch(/^tags/);
    expect((await post('zhiyuan-guide', { title: 't', body: 'b', status: 'closed' })).statusCode).toBe(400);
    expect((await post('zhiyuan-guide', { title: 't', body: 'b'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    const n = await t.ctx.state().db.selectFrom('forum_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(SEEDED + 1 + 1 + 3);
  });
});
