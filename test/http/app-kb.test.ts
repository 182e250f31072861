// Knowledge-base routes over HTTP on both backends: the site's knowledge base seeded and read-only, a user's own
// knowledge base, chunks indexed for both retrieval paths, listed and deleted, other users kept out, and hostile
// input.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';
import { forEachBackend } from '../helpers/state.ts';

forEachBackend('knowledge base routes', (backend) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof appUser>>;
  let bob: Awaited<ReturnType<typeof appUser>>;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    alice = await appUser(t, 'kb_alice');
    bob = await appUser(t, 'kb_bob');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) => t.app.inject({ method, url, headers, payload: payload as object });

  it('needs a login token', async () => {
    const r = await call('GET', '/api/v1/kb', {});
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 401, data: null, error: { code: 'missing_token' } });
    expect((await call('POST', '/api/v1/kb/site/chunks', { authorization: `Bearer ${t.key}` }, { title: 'x', body: 'y' })).statusCode).toBe(401);
  });

  it("lists the site's knowledge base, seeded from the notes and the data READMEs, read-only", async () => {
    const r = await call('GET', '/api/v1/kb', alice.headers);
    expect(r.statusCode).toBe(200);
    const site = r.json().data.items.find((k: { id: string }) => k.id === 'site');
    expect(site).toMatchObject({ owner: 'site' });
    expect(site.chunks).toBeGreaterThan(200);
    const sources = await t.ctx.state().db.selectFrom('kb_chunks').select('source').distinct().execute();
    expect(sources.some((s) => s.source?.startsWith('notes/read-yifenyiduan.md'))).toBe(true);
    expect(sources.some((s) => s.source === 'data/gaokao/rank_tables/README.txt')).toBe(true);
    const w = await call('POST', '/api/v1/kb/site/chunks', alice.headers, { title: 'mine', body: 'not allowed' });
    expect(w.statusCode).toBe(403);
    expect(w.json().error.code).toBe('kb_read_only');
    const s = await call('GET', `/api/v1/kb/site/search?q=${encodeURIComponent('平行志愿怎么投档')}&k=3`, alice.headers);
    expect(s.statusCode).toBe(200);
    expect(s.json().data.items[0].source).toMatch(/^notes\/pingxing-zhiyuan-toudang\.md/);
    expect(t.app.responseSchema('GET', '/api/v1/kb/:kb_id/search')!.safeParse(s.json()).success).toBe(true);
  });

  it('creates a knowledge base of your own, adds chunks indexed both ways, and finds them', async () => {
    const c = await call('POST', '/api/v1/kb', alice.headers, { id: 'alice-notes', name: '我的笔记' });
    expect(c.statusCode).toBe(201);
    expect(c.json().data.kb).toMatchObject({ id: 'alice-notes', owner: 'own', chunks: 0 });
    expect((await call('POST', '/api/v1/kb', alice.headers, { id: 'alice-notes', name: 'twice' })).json()).toMatchObject({ code: 409, error: { code: 'kb_id_taken', param: 'id' } });
    expect((await call('POST', '/api/v1/kb', alice.headers, { id: 'site', name: "the site's id" })).statusCode).toBe(409);

    const body = '钢筋混凝土梁的挠度验算按荷载准永久组合并考虑长期作用影响计算刚度。';
    const a = await call('POST', '/api/v1/kb/alice-notes/chunks', alice.headers, { title: '挠度验算笔记', body, source: '我的课堂笔记' });
    expect(a.statusCode).toBe(201);
    const chunk = a.json().data.chunk;
    expect(chunk).toMatchObject({ kb_id: 'alice-notes', title: '挠度验算笔记', body, source: '我的课堂笔记' });
    expect(chunk.embedder).toMatch(/^lsa-64-[0-9a-f]{12}$/); // the embedder is recorded per chunk
    const again = await call('POST', '/api/v1/kb/alice-notes/chunks', alice.headers, { title: '挠度验算笔记', body, source: '我的课堂笔记' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ duplicate: true, chunk: { id: chunk.id } });

    for (const mode of ['fulltext', 'vector', 'hybrid']) {
      const s = await call('GET', `/api/v1/kb/alice-notes/search?q=${encodeURIComponent('挠度')}&mode=${mode}`, alice.headers);
      expect(s.json().data.items.map((h: { id: number }) => h.id), mode).toEqual([chunk.id]);
    }
    const list = await call('GET', '/api/v1/kb', alice.headers);
    expect(list.json().data.items.find((k: { id: string }) => k.id === 'alice-notes').chunks).toBe(1);
  });

  it("keeps another user's knowledge base closed to them, and ids per owner: nothing tells bob that alice has one", async () => {
    expect((await call('GET', '/api/v1/kb', bob.headers)).json().data.items.map((k: { id: string }) => k.id)).not.toContain('alice-notes');
    // alice's id and an id nobody has answer alike (status, code and words, but for the id)
    const same = async (method: 'DELETE' | 'GET' | 'POST', path: (id: string) => string, body?: unknown) => {
      const theirs = await call(method, path('alice-notes'), bob.headers, body);
      const nobodys = await call(method, path('nobody-has-it'), bob.headers, body);
      expect(theirs.statusCode, path('…')).toBe(404);
      expect(theirs.json().message.replace('alice-notes', 'ID')).toBe(nobodys.json().message.replace('nobody-has-it', 'ID'));
      expect(theirs.json().error.code).toBe(nobodys.json().error.code);
    };
    await same('POST', (id) => `/api/v1/kb/${id}/chunks`, { title: 'intrusion', body: 'should not land' });
    await same('GET', (id) => `/api/v1/kb/${id}/search?q=${encodeURIComponent('挠度')}`);
    await same('GET', (id) => `/api/v1/kb/${id}/chunks`);
    await same('DELETE', (id) => `/api/v1/kb/${id}`);
    // bob may have his own "alice-notes": his and hers stay apart
    expect((await call('POST', '/api/v1/kb', bob.headers, { id: 'alice-notes', name: "bob's" })).statusCode).toBe(201);
    const b = await call('POST', '/api/v1/kb/alice-notes/chunks', bob.headers, { title: '鲍勃的', body: '鲍勃自己的笔记：楼梯梯段板按简支板计算。' });
    expect(b.statusCode).toBe(201);
    expect(b.json().data.chunk.kb_id).toBe('alice-notes');
    const bobSees = (await call('GET', '/api/v1/kb/alice-notes/chunks', bob.headers)).json().data.items.map((c: { title: string }) => c.title);
    const aliceSees = (await call('GET', '/api/v1/kb/alice-notes/chunks', alice.headers)).json().data.items.map((c: { title: string }) => c.title);
    expect(bobSees).toEqual(['鲍勃的']);
    expect(aliceSees).toEqual(['挠度验算笔记']);
    const found = (await call('GET', `/api/v1/kb/alice-notes/search?q=${encodeURIComponent('挠度')}`, bob.headers)).json().data.items.map((h: { title: string }) => h.title);
    expect(found).not.toContain('挠度验算笔记');
  });

  it('lists the chunks of a knowledge base newest first and deletes them from both indexes; a whole knowledge base too', async () => {
    await call('POST', '/api/v1/kb', alice.headers, { id: 'alice-tmp', name: '临时' });
    const ids: number[] = [];
    for (const [title, body] of [['剪力墙', '剪力墙的轴压比限值按抗震等级确定。'], ['楼板', '双向板按弹性理论计算跨中弯矩。'], ['基础', '独立基础底面积按地基承载力特征值确定。']]) {
      ids.push((await call('POST', '/api/v1/kb/alice-tmp/chunks', alice.headers, { title, body })).json().data.chunk.id);
    }
    const page1 = await call('GET', '/api/v1/kb/alice-tmp/chunks?page_size=2', alice.headers);
    expect(page1.statusCode).toBe(200);
    expect(t.app.responseSchema('GET', '/api/v1/kb/:kb_id/chunks')!.safeParse(page1.json()).success).toBe(true);
    expect(page1.json().data).toMatchObject({ page: 1, page_size: 2, has_more: true });
    expect(page1.json().data.items.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[1]]);
    expect((await call('GET', '/api/v1/kb/alice-tmp/chunks?page=2&page_size=2', alice.headers)).json().data.items.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    // the site's chunks can be read, not deleted; another user's can be neither
    expect((await call('GET', '/api/v1/kb/site/chunks?page_size=1', bob.headers)).json().data.items).toHaveLength(1);
    const siteChunk = (await call('GET', '/api/v1/kb/site/chunks?page_size=1', bob.headers)).json().data.items[0].id;
    expect((await call('DELETE', `/api/v1/kb/site/chunks/${siteChunk}`, bob.headers)).json()).toMatchObject({ code: 403, error: { code: 'kb_read_only' } });
    expect((await call('DELETE', '/api/v1/kb/site', alice.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/kb/alice-tmp/chunks', bob.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/kb/alice-tmp/chunks/${ids[0]}`, bob.headers)).json().error.code).toBe('kb_not_found');
    expect((await call('DELETE', '/api/v1/kb/alice-tmp', bob.headers)).statusCode).toBe(404);

    // deleting a chunk takes it out of both indexes
    const del = await call('DELETE', `/api/v1/kb/alice-tmp/chunks/${ids[1]}`, alice.headers);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ deleted: true, id: ids[1] });
    for (const mode of ['fulltext', 'vector', 'hybrid']) {
      const found = (await call('GET', `/api/v1/kb/alice-tmp/search?q=${encodeURIComponent('双向板 跨中弯矩')}&mode=${mode}`, alice.headers)).json().data.items.map((h: { id: number }) => h.id);
      expect(found, mode).not.toContain(ids[1]);
    }
    expect((await call('DELETE', `/api/v1/kb/alice-tmp/chunks/${ids[1]}`, alice.headers)).json()).toMatchObject({ code: 404, error: { param: 'chunk_id' } });
    expect((await call('DELETE', `/api/v1/kb/alice-tmp/chunks/${siteChunk}`, alice.headers)).statusCode).toBe(404); // not a chunk of this base
    expect((await call('DELETE', '/api/v1/kb/alice-tmp/chunks/zero', alice.headers)).json().error.param).toBe('chunk_id');

    // deleting the knowledge base takes the rest, and its id is free again
    const gone = await call('DELETE', '/api/v1/kb/alice-tmp', alice.headers);
    expect(gone.json().data).toEqual({ deleted: true, id: 'alice-tmp', chunks: 2 });
    expect((await call('GET', '/api/v1/kb', alice.headers)).json().data.items.map((k: { id: string }) => k.id)).not.toContain('alice-tmp');
    const left = await t.ctx.state().db.selectFrom('kb_chunks').select('seq').where('kb_id', '=', 'alice-tmp').execute();
    expect(left).toEqual([]);
    expect((await call('GET', `/api/v1/kb/site/search?q=${encodeURIComponent('剪力墙 轴压比')}&mode=vector&k=20`, alice.headers)).json().data.items.map((h: { id: number }) => h.id)).not.toContain(ids[0]);
    expect((await call('DELETE', '/api/v1/kb/alice-tmp', alice.headers)).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/kb', alice.headers, { id: 'alice-tmp', name: '再建' })).statusCode).toBe(201);
  });

  it('a chunk with no word the embedder knows stays out of the vector index (it never tops a vector search) and is found by full text', async () => {
    await call('POST', '/api/v1/kb', alice.headers, { id: 'alice-mixed', name: '混合' });
    const foreign = (await call('POST', '/api/v1/kb/alice-mixed/chunks', alice.headers, { title: 'zzqx', body: 'wvut qqpr xkcd' })).json().data.chunk;
    const chinese = (await call('POST', '/api/v1/kb/alice-mixed/chunks', alice.headers, { title: '投档', body: '平行志愿按分数优先、遵循志愿的规则投档。' })).json().data.chunk;
    const search = async (q: string, mode: string) =>
      (await call('GET', `/api/v1/kb/alice-mixed/search?q=${encodeURIComponent(q)}&mode=${mode}&k=5`, alice.headers)).json().data.items.map((h: { id: number }) => h.id);
    // its vector would be all zeros: a NaN cosine distance, which the SQLite index used to rank first for any query
    expect(await search('平行志愿怎么投档', 'vector')).toEqual([chinese.id]);
    expect(await search('乾卦用九', 'vector')).not.toContain(foreign.id);
    expect(await search('zzqx', 'fulltext')).toEqual([foreign.id]);
    expect(await search('zzqx', 'hybrid')).toEqual([foreign.id]);
  });

  it('stores SQL as text and refuses oversized or malformed input with a 4xx naming the field', async () => {
    await call('POST', '/api/v1/kb', bob.headers, { id: 'bob-kb', name: 'bob' });
    const injections = ["'); DROP TABLE kb_chunks; --", '" OR 1=1 --', 'NEAR(a b) OR * AND', "x') UNION SELECT token_hash FROM app_tokens --"];
    for (const s of injections) {
      const r = await call('POST', '/api/v1/kb/bob-kb/chunks', bob.headers, { title: s, body: `${s} body` });
      expect(r.statusCode).toBe(201);
      expect(r.json().data.chunk.title).toBe(s);
      const q = await call('GET', `/api/v1/kb/bob-kb/search?q=${encodeURIComponent(s)}`, bob.headers);
      expect(q.statusCode).toBe(200);
    }
    expect((await call('POST', `/api/v1/kb/${encodeURIComponent("x' OR '1'='1")}/chunks`, bob.headers, { title: 'a', body: 'b' })).json().error.param).toBe('kb_id');
    const tooLong = await call('POST', '/api/v1/kb/bob-kb/chunks', bob.headers, { title: 'long', body: '字'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.param).toBe('body');
    expect((await call('POST', '/api/v1/kb/bob-kb/chunks', bob.headers, { title: 'x'.repeat(201), body: 'b' })).json().error.param).toBe('title');
    expect((await call('POST', '/api/v1/kb/bob-kb/chunks', bob.headers, { title: 'nul', body: 'a\u0000b' })).json().error.param).toBe('body');
    expect((await call('POST', '/api/v1/kb/bob-kb/chunks', bob.headers, { title: 'x', body: 'y', owner_id: alice.id })).statusCode).toBe(400);
    const huge = await call('POST', '/api/v1/kb/bob-kb/chunks', bob.headers, { title: 'x', body: 'y'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect((await call('GET', '/api/v1/kb/bob-kb/search?q=' + 'q'.repeat(501), bob.headers)).json().error.param).toBe('q');
    // creating a knowledge base: SQL stays text, bounds hold
    const made = await call('POST', '/api/v1/kb', bob.headers, { id: 'bob-sql', name: injections[0], description: injections[3] });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.kb).toMatchObject({ name: injections[0], description: injections[3] });
    expect((await call('POST', '/api/v1/kb', bob.headers, { id: "bob'--", name: 'x' })).json().error.param).toBe('id');
    expect((await call('POST', '/api/v1/kb', bob.headers, { id: 'bob-long', name: 'n'.repeat(101) })).json().error.param).toBe('name');
    expect((await call('POST', '/api/v1/kb', bob.headers, { id: 'bob-huge', name: 'x', description: 'd'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect((await call('POST', '/api/auth/logout', bob.headers, { pad: 'p'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect((await t.ctx.state().db.selectFrom('kb_chunks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBeGreaterThan(200);
  });
});
