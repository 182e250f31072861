// Forum writing and the app's forum list on both backends: an app user posts only as an agent their account owns
// (never as the site's own agents), the author is recorded but not shown publicly, the post is stored as written and
// shown through the sanitiser, the list is the same as /v1/site/forum/posts, and hostile input.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';
import { forEachBackend } from '../helpers/state.ts';

// The seed the forum starts from (read independently of the engine that loads it).
const SEEDED = (JSON.parse(fs.readFileSync('data/site/forum/posts.json', 'utf8')) as unknown[]).length;
const SEED_AGENTS = (JSON.parse(fs.readFileSync('data/site/forum/agents.json', 'utf8')) as Array<{ name: string }>).map((a) => a.name);

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'forum test admin password' };
const ADMIN_AUTH = { authorization: `Basic ${Buffer.from(`${ADMIN.ADMIN_USER}:${ADMIN.ADMIN_PASSWORD}`).toString('base64')}` };

forEachBackend('forum writing (/api/v1/forum)', (backend) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof appUser>>;
  let bob: Awaited<ReturnType<typeof appUser>>;
  /** registers an agent through the internal registry (administrator) */
  const register = (name: string, owner?: string) =>
    t.app.inject({ method: 'POST', url: '/api/agents/registry', headers: ADMIN_AUTH, payload: { name, display_name: `助手 ${name}`, role: '测试', description: '注册后发帖', ...(owner ? { owner } : {}) } });
  beforeAll(async () => {
    t = await startTestApp({ backend, config: ADMIN });
    alice = await appUser(t, 'forum_alice');
    bob = await appUser(t, 'forum_bob');
    expect((await register('alice-helper', 'forum_alice')).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());
  const post = (agent: string, payload: unknown, headers: Record<string, string> = alice.headers) =>
    t.app.inject({ method: 'POST', url: `/api/v1/forum/${encodeURIComponent(agent)}/post`, headers, payload: payload as object });
  const postCount = async () => Number((await t.ctx.state().db.selectFrom('forum_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('lists the same posts as /v1/site/forum/posts, in the legacy envelope', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts?page_size=50' });
    const b = await t.app.inject({ method: 'GET', url: '/v1/site/forum/posts?page_size=50', headers: t.auth });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ code: 200, message: 'success' });
    expect(a.json().data).toEqual(b.json());
    expect(a.json().data.items.length).toBe(SEEDED);
    expect(t.app.responseSchema('GET', '/api/v1/forum/posts')!.safeParse(a.json()).success).toBe(true);
  });

  it("writes a post of the user's own agent: author recorded, stored as written, shown sanitised, listed first", async () => {
    const body = '**加粗**的说明。\n\n<script>alert(1)</script><img src="x" onerror="alert(2)"> [链接](javascript:alert(3))';
    const r = await post('alice-helper', { title: '新帖：位次怎么换算', body, tags: ['位次法', '位次法'] });
    expect(r.statusCode).toBe(201);
    const p = r.json().data.post;
    expect(p).toMatchObject({ agent_name: 'alice-helper', agent_display_name: '助手 alice-helper', title: '新帖：位次怎么换算', body, tags: ['位次法'], status: 'open', reply_count: 0 });
    expect(p.html).toContain('<strong>加粗</strong>');
    expect(p.html).not.toMatch(/<script|onerror|href="javascript:/); // the link stays text, never an href
    const stored = await t.ctx.state().db.selectFrom('forum_posts').select(['body', 'origin', 'author_id']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ body, origin: 'api', author_id: alice.id });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts' });
    expect(list.json().data.items[0].id).toBe(p.id);
    const detail = await t.app.inject({ method: 'GET', url: `/v1/site/forum/posts/${p.id}`, headers: t.auth });
    expect(detail.json().html).toBe(p.html);
    // the account behind an agent is not shown publicly, in the answer, the detail or the list
    for (const shown of [r.body, detail.body, list.body]) expect(shown).not.toContain(alice.id);
    // the internal memory of the agent shows who wrote it
    const memory = await t.app.inject({ method: 'GET', url: '/api/memory/alice-helper', headers: ADMIN_AUTH });
    expect(memory.json().data.posts[0]).toMatchObject({ id: p.id, origin: 'api', author: 'forum_alice', author_id: alice.id });
    expect(t.app.responseSchema('GET', '/api/memory/:agent_name')!.safeParse(memory.json()).success).toBe(true);
  });

  it("replies under a post as the user's own agent, in order, sanitised like a post; others' agents 403, unknown post 404", async () => {
    const seeded = (await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts?page_size=50' })).json().data.items.at(-1);
    const before = (await t.app.inject({ method: 'GET', url: `/v1/site/forum/posts/${seeded.id}`, headers: t.auth })).json().replies.length;
    const reply = (agent: string, postId: string, payload: unknown, headers = alice.headers) =>
      t.app.inject({ method: 'POST', url: `/api/v1/forum/${encodeURIComponent(agent)}/posts/${encodeURIComponent(postId)}/replies`, headers, payload: payload as object });
    const body = '同意，**位次**更稳。<script>alert(1)</script>';
    const a = await reply('alice-helper', seeded.id, { body });
    expect(a.statusCode).toBe(201);
    const p = a.json().data.post;
    expect(p.replies.length).toBe(before + 1);
    const mine = p.replies.at(-1);
    expect(mine).toMatchObject({ agent_name: 'alice-helper', body });
    expect(mine.html).toContain('<strong>位次</strong>');
    expect(mine.html).not.toContain('<script');
    // two replies at once both land, one after the other
    const [x, y] = await Promise.all([reply('alice-helper', seeded.id, { body: '第二条' }), reply('alice-helper', seeded.id, { body: '第三条' })]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/site/forum/posts/${seeded.id}`, headers: t.auth })).json();
    expect(detail.replies.length).toBe(before + 3);
    expect(detail.replies.slice(-2).map((r: { body: string }) => r.body).sort()).toEqual(['第三条', '第二条'].sort());
    expect((await reply('alice-helper', seeded.id, { body: 'x' }, bob.headers)).statusCode).toBe(403);
    expect((await reply(SEED_AGENTS[0]!, seeded.id, { body: 'x' })).statusCode).toBe(403);
    const missing = await reply('alice-helper', 'no-such-post', { body: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/^post_id/);
    expect((await reply('alice-helper', seeded.id, { body: '' })).statusCode).toBe(400);
  });

  it("refuses another user's agent, an agent without owner and every one of the site's own agents with 403 naming agent_name; 404 for an unknown agent", async () => {
    const before = await postCount();
    const theirs = await post('alice-helper', { title: '冒名', body: '不是我的智能体' }, bob.headers);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ code: 403, data: null, error: { type: 'permission_error', code: 'agent_not_yours', param: 'agent_name' } });
    expect(theirs.json().message).toContain('"alice-helper"');
    expect(theirs.json().message).not.toContain('forum_alice'); // who owns it is not told

    expect((await register('nobodys-helper')).statusCode).toBe(201);
    expect((await post('nobodys-helper', { title: '无主', body: '无主的智能体' })).json()).toMatchObject({ code: 403, error: { code: 'agent_not_yours', param: 'agent_name' } });

    for (const name of SEED_AGENTS) {
      const r = await post(name, { title: '冒充站方', body: '站方智能体' });
      expect(r.statusCode, name).toBe(403);
      expect(r.json()).toMatchObject({ code: 403, data: null, error: { code: 'seed_agent', param: 'agent_name' } });
      expect(r.json().message).toContain(`"${name}"`);
    }
    const ghost = await post('ghost-agent', { title: 'x', body: 'y' });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toMatchObject({ code: 404, data: null, error: { param: 'agent_name' } });
    expect(await postCount()).toBe(before);
  });

  it('documents the 403 and 404 of posting in the OpenAPI document, in the envelope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const responses = doc.paths['/api/v1/forum/{agent_name}/post'].post.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404']));
    expect(responses['403'].description).toMatch(/agent_not_yours.*seed_agent/);
  });

  it("shows on the public forum only the site's agents and those that have written there, not every registered one", async () => {
    expect((await register('silent-helper', 'forum_alice')).statusCode).toBe(201);
    const silent = await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts?agent_name=silent-helper' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().error.param).toBe('agent_name');
    expect(silent.json().message).toContain('alice-helper'); // it has posted
    expect(silent.json().message).not.toContain('nobodys-helper');
    for (const name of SEED_AGENTS) expect(silent.json().message).toContain(name);
    const page = await t.app.inject({ method: 'GET', url: '/forum' });
    expect(page.body).toContain('value="alice-helper"');
    expect(page.body).not.toContain('silent-helper');
    expect((await post('silent-helper', { title: '第一帖', body: '开口了' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts?agent_name=silent-helper' })).json().data.items.length).toBe(1);
  });

  it('lists the agents a user may post as', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/forum/my-agents', headers: alice.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ count: 2, items: [{ name: 'alice-helper', owner: 'forum_alice', origin: 'api' }, { name: 'silent-helper', owner: 'forum_alice' }] });
    expect(t.app.responseSchema('GET', '/api/v1/forum/my-agents')!.safeParse(mine.json()).success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forum/my-agents', headers: bob.headers })).json().data).toEqual({ count: 0, items: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forum/my-agents' })).statusCode).toBe(401);
  });

  it('needs a valid login token; a logged-out one is refused', async () => {
    expect((await post('alice-helper', { title: 'x', body: 'y' }, {})).statusCode).toBe(401);
    expect((await post('alice-helper', { title: 'x', body: 'y' }, t.auth)).statusCode).toBe(401);
    const gone = await appUser(t, 'forum_gone');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: gone.headers });
    expect((await post('alice-helper', { title: 'x', body: 'y' }, gone.headers)).statusCode).toBe(401);
  });

  it('stores SQL as text and refuses oversized or malformed input with a 4xx naming the field', async () => {
    const before = await postCount();
    for (const s of ["'); DROP TABLE forum_posts; --", '" OR 1=1 --', "x') UNION SELECT token_hash FROM app_tokens --"]) {
      const r = await post('alice-helper', { title: s, body: `${s} body` });
      expect(r.statusCode).toBe(201);
      expect(r.json().data.post).toMatchObject({ title: s, body: `${s} body` });
    }
    expect((await post("alice-helper' OR '1'='1", { title: 'a', body: 'b' })).json().error.param).toBe('agent_name');
    expect((await post('alice-helper', { title: 't'.repeat(121), body: 'b' })).json().error.param).toBe('title');
    const long = await post('alice-helper', { title: 't', body: '字'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.param).toBe('body');
    expect((await post('alice-helper', { title: 't', body: 'a\u0000b' })).json().error.param).toBe('body');
    expect((await post('alice-helper', { title: '  ', body: 'b' })).json().error.param).toBe('title');
    expect((await post('alice-helper', { title: 't', body: 'b', tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).json().error.param).toBe('tags');
    expect((await post('alice-helper', { title: 't', body: 'b', tags: ['<x>'] })).json().error.param).toMatch(/^tags/);
    expect((await post('alice-helper', { title: 't', body: 'b', status: 'closed' })).statusCode).toBe(400);
    expect((await post('alice-helper', { title: 't', body: 'b'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect(await postCount()).toBe(before + 3);
    expect(await postCount()).toBe(SEEDED + 2 + 3); // alice-helper's and silent-helper's first posts, then these three
  });
  it('a signed-in user posts and replies under their own name: their own agent, made on the first post, signs both', async () => {
    const carol = await appUser(t, 'forum_carol');
    const name = `u-${carol.id.replace(/-/g, '')}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forum/my-agents', headers: carol.headers })).json().data.count).toBe(0);
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/forum/posts', headers: carol.headers, payload: { title: '我家孩子的位次', body: '请教一下换算。', tags: ['位次'] } });
    expect(r.statusCode).toBe(201);
    const p = r.json().data.post;
    // the display name is the account's (registered without one: its user name)
    expect(p).toMatchObject({ agent_name: name, agent_display_name: 'forum_carol', title: '我家孩子的位次', status: 'open' });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/forum/my-agents', headers: carol.headers })).json().data.items;
    expect(mine).toMatchObject([{ name, origin: 'user', owner: 'forum_carol', owner_id: carol.id }]);
    // a second post and a reply reuse it; the reply lands under a seed post too
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/forum/posts', headers: carol.headers, payload: { title: '第二帖', body: '再问' } });
    expect(again.json().data.post.agent_name).toBe(name);
    const seedPost = (await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts?page_size=50' })).json().data.items.at(-1).id;
    const reply = await t.app.inject({ method: 'POST', url: `/api/v1/forum/posts/${seedPost}/replies`, headers: carol.headers, payload: { body: '我也想知道。' } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.post.replies.at(-1)).toMatchObject({ agent_name: name, agent_display_name: 'forum_carol', body: '我也想知道。' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/forum/posts/p-none/replies', headers: carol.headers, payload: { body: 'x' } })).statusCode).toBe(404);
    // another account cannot write as it, nobody can take it over, nor register such a name
    expect((await post(name, { title: 'x', body: 'y' }, bob.headers)).json().error.code).toBe('agent_not_yours');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/agents/registry/${name}`, headers: ADMIN_AUTH, payload: { owner: 'forum_bob' } })).statusCode).toBe(409);
    expect((await register(`u-${'0'.repeat(32)}`, 'forum_bob')).json().error.code).toBe('reserved_name');
    // the public forum lists the user by their name among the authors; signed out, writing is a 401
    const authors = await t.app.inject({ method: 'GET', url: `/v1/site/forum/posts?agent_name=${name}`, headers: t.auth });
    expect(authors.json().items.map((i: { title: string }) => i.title)).toEqual(['第二帖', '我家孩子的位次']);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/forum/posts', payload: { title: 'x', body: 'y' } })).statusCode).toBe(401);
    const posts = await t.ctx.state().db.selectFrom('forum_posts').select(['author_id']).where('agent_name', '=', name).execute();
    expect(posts).toEqual([{ author_id: carol.id }, { author_id: carol.id }]);
  });
});
