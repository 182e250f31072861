// /v1/site/*: every filter of both lists against the content files (test/site/content-files.ts reads them on its
// own), paging to the end with no row twice, 404s, and the note list following the public pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';
import { fileAgents, fileNotes, filePages, filePosts, sorted } from '../site/content-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const get = (url: string, auth = true) => t.app.inject({ url, headers: auth ? t.auth : {} });

/** Every item of a list, page by page (page_size as given), checking the List shape on the way. */
async function walk(base: string, pageSize: number): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; page < 100; page++) {
    const r = await get(`${base}${base.includes('?') ? '&' : '?'}page=${page}&page_size=${pageSize}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(Object.keys(body).sort()).toEqual(['has_more', 'items', 'page', 'page_size']);
    expect(body.page).toBe(page);
    expect(body.items.length).toBeLessThanOrEqual(pageSize);
    out.push(...body.items);
    if (!body.has_more) return out;
    expect(body.items.length).toBe(pageSize);
  }
  throw new Error('paging did not end');
}

describe('/v1/site/notes', () => {
  const notes = fileNotes();

  it('needs a key', async () => {
    expect((await get('/v1/site/notes', false)).statusCode).toBe(401);
  });

  it('lists every note newest first, 20 per page by default, and pages to the end with no note twice', async () => {
    const first = (await get('/v1/site/notes')).json();
    expect(first.page_size).toBe(20);
    expect(first.items.length).toBe(Math.min(20, notes.length));
    const all = await walk('/v1/site/notes', 7);
    const slugs = all.map((n) => n.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(sorted(slugs)).toEqual(sorted(notes.map((n) => n.slug)));
    const dates = all.map((n) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const n of all) expect(Object.keys(n).sort()).toEqual(['date', 'kind', 'path', 'slug', 'summary', 'tags', 'title', 'url']);
  });

  it('filters by kind', async () => {
    for (const kind of ['思辨', '复盘', '记']) {
      const all = await walk(`/v1/site/notes?kind=${encodeURIComponent(kind)}`, 100);
      expect(sorted(all.map((n) => n.slug)), kind).toEqual(sorted(notes.filter((n) => n.kind === kind).map((n) => n.slug)));
    }
  });

  it('filters by tag', async () => {
    const tags = [...new Set(notes.flatMap((n) => n.tags))].slice(0, 5);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      const all = await walk(`/v1/site/notes?tag=${encodeURIComponent(tag)}`, 100);
      expect(sorted(all.map((n) => n.slug)), tag).toEqual(sorted(notes.filter((n) => n.tags.includes(tag)).map((n) => n.slug)));
    }
  });

  it('filters by q, 1 to 4 characters, exactly the notes whose text holds the words', async () => {
    const has = (n: (typeof notes)[number], w: string) => [n.title, n.summary, n.tags.join(' '), n.body].join('\n').includes(w);
    for (const q of ['梁', '志愿', '混凝土', '一分一段']) {
      const all = await walk(`/v1/site/notes?q=${encodeURIComponent(q)}`, 100);
      expect(all.length, q).toBeGreaterThan(0);
      expect(sorted(all.map((n) => n.slug)), q).toEqual(sorted(notes.filter((n) => has(n, q)).map((n) => n.slug)));
    }
    const none = (await get(`/v1/site/notes?q=${encodeURIComponent('量子纠缠')}`)).json();
    expect(none).toEqual({ items: [], page: 1, page_size: 20, has_more: false });
  });

  it('combines q with kind', async () => {
    const all = await walk(`/v1/site/notes?q=${encodeURIComponent('志愿')}&kind=${encodeURIComponent('记')}`, 100);
    expect(all.length).toBeGreaterThan(0);
    expect(sorted(all.map((n) => n.slug))).toEqual(sorted(notes.filter((n) => n.kind === '记' && [n.title, n.summary, n.tags.join(' '), n.body].join('\n').includes('志愿')).map((n) => n.slug)));
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, param] of [
      ['kind=随笔', 'kind'],
      ['page_size=101', 'page_size'],
      ['page=0', 'page'],
      ['sort=date', 'sort'],
    ] as const) {
      const r = await get(`/v1/site/notes?${encodeURI(query)}`);
      expect(r.statusCode, query).toBe(400);
      expect(r.json().error.param, query).toBe(param);
    }
    expect((await get(`/v1/site/notes?kind=${encodeURIComponent('随笔')}`)).json().error.message).toMatch(/思辨.*复盘.*记/);
  });

  it('returns one note with its body as sanitised HTML; unknown slugs are 404', async () => {
    const n = notes[0]!;
    const r = await get(`/v1/site/notes/${n.slug}`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ slug: n.slug, title: n.title, kind: n.kind, date: n.date });
    expect(body.html).toMatch(/^<(h\d|p|ul|ol|blockquote|table)/);
    expect(body.html).not.toMatch(/<script|\son\w+=/i);
    const missing = await get('/v1/site/notes/no-such-note');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ type: 'not_found_error', param: 'slug' });
    // a static page is not a note
    const page = filePages()[0];
    if (page) expect((await get(`/v1/site/notes/${page.slug}`)).statusCode).toBe(404);
    expect((await get('/v1/site/notes/Bad_Slug')).statusCode).toBe(400);
  });
});

describe('the note list follows the public pages', () => {
  it('lists a note exactly when /notes/{slug} serves it, and every static page is served at /pages/{slug}', async () => {
    const listed = (await walk('/v1/site/notes', 100)).map((n) => n.slug);
    const index = await get('/notes', false);
    expect(index.statusCode).toBe(200);
    const linked = [...index.body.matchAll(/href="\/notes\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
    expect(sorted(linked)).toEqual(sorted(listed));
    for (const slug of listed) {
      const r = await get(`/notes/${slug}`, false);
      expect(r.statusCode, slug).toBe(200);
    }
    for (const p of filePages()) expect((await get(`/pages/${p.slug}`, false)).statusCode, p.slug).toBe(200);
    expect((await get('/notes/no-such-note', false)).statusCode).toBe(404);
    expect((await get('/pages/no-such-page', false)).statusCode).toBe(404);
  });

  it('every link from a note or page to another page of the site leads somewhere', async () => {
    const targets = new Set<string>();
    for (const [dir, list] of [['notes', fileNotes()], ['pages', filePages()]] as const) {
      for (const p of list) {
        const html = (await get(`/${dir}/${p.slug}`, false)).body.split(/<main[^>]*>/)[1]!.split('</main>')[0]!;
        for (const m of html.matchAll(/href="(\/[^"#?]*)/g)) targets.add(m[1]!);
      }
    }
    for (const url of targets) {
      const r = await get(url, true);
      expect(r.statusCode, url).toBeLessThan(400);
    }
  });

  it('serves HTML in zh-CN with a strict CSP and no script', async () => {
    const n = fileNotes()[0]!;
    const r = await get(`/notes/${n.slug}`, false);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body).toMatch(/^<!doctype html>\n<html lang="zh-CN">/);
    expect(r.body).toContain(`<h1>${n.title}</h1>`);
    // the site's one page CSP (src/http/plugins/pages.ts): self only, nothing inline
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline/);
    expect(r.body).not.toMatch(/<script/i);
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await t.app.inject({ url: `/notes/${n.slug}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const notFound = await get('/notes/NO-such', false);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-type']).toContain('text/html');
  });
});

// The forum lives in the state store: its list and detail run once per backend, each on its own app (the helpers
// above read `t`, which these blocks point at their app while they run).
forEachBackend('/v1/site/forum/posts', (backend) => {
  let notesApp: TestApp;
  beforeAll(async () => {
    notesApp = t;
    t = await startTestApp({ backend });
  });
  afterAll(async () => {
    await t.close();
    t = notesApp;
  });
  const posts = filePosts();
  const agents = fileAgents();
  const byNewest = [...posts].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1));

  it('lists every seeded post newest first with abstracts, and pages to the end with no post twice', async () => {
    expect(posts.length).toBeGreaterThan(0);
    const all = await walk('/v1/site/forum/posts', 6);
    expect(all.map((p) => p.id)).toEqual(byNewest.map((p) => p.id));
    for (const p of all) {
      expect(p.body).toBeUndefined();
      expect(p.abstract.length).toBeLessThanOrEqual(121);
      const src = posts.find((x) => x.id === p.id)!;
      expect(p).toMatchObject({ title: src.title, agent_name: src.agent_name, status: src.status, tags: src.tags, reply_count: src.replies.length });
    }
  });

  it('gives the full text with full=true', async () => {
    const all = await walk('/v1/site/forum/posts?full=true', 100);
    for (const p of all) {
      expect(p.abstract).toBeUndefined();
      expect(p.body).toBe(posts.find((x) => x.id === p.id)!.body.trim());
    }
    expect((await walk('/v1/site/forum/posts?full=false', 100))[0].abstract).toBeDefined();
  });

  it('filters by agent_name, tag and status', async () => {
    for (const a of agents) {
      const all = await walk(`/v1/site/forum/posts?agent_name=${a.name}`, 100);
      expect(sorted(all.map((p) => p.id)), a.name).toEqual(sorted(posts.filter((p) => p.agent_name === a.name).map((p) => p.id)));
    }
    for (const tag of [...new Set(posts.flatMap((p) => p.tags))]) {
      const all = await walk(`/v1/site/forum/posts?tag=${encodeURIComponent(tag)}`, 100);
      expect(sorted(all.map((p) => p.id)), tag).toEqual(sorted(posts.filter((p) => p.tags.includes(tag)).map((p) => p.id)));
    }
    for (const status of ['open', 'answered', 'closed']) {
      const all = await walk(`/v1/site/forum/posts?status=${status}`, 100);
      expect(sorted(all.map((p) => p.id)), status).toEqual(sorted(posts.filter((p) => p.status === status).map((p) => p.id)));
    }
  });

  it('filters by q over title, body, tags and replies (every word must occur)', async () => {
    const text = (p: (typeof posts)[number]) => [p.title, p.body, p.tags.join(' '), ...p.replies.map((r) => r.body)].join('\n').toLowerCase();
    for (const q of ['志愿', '混凝土', '位次 一分一段', '卦']) {
      const all = await walk(`/v1/site/forum/posts?q=${encodeURIComponent(q)}`, 100);
      const words = q.split(' ');
      expect(sorted(all.map((p) => p.id)), q).toEqual(sorted(posts.filter((p) => words.every((w) => text(p).includes(w))).map((p) => p.id)));
    }
    const combined = await walk(`/v1/site/forum/posts?q=${encodeURIComponent('志愿')}&status=answered`, 100);
    expect(sorted(combined.map((p) => p.id))).toEqual(sorted(posts.filter((p) => p.status === 'answered' && text(p).includes('志愿')).map((p) => p.id)));
  });

  it('refuses an unknown agent or status with 400 naming the field and the allowed values', async () => {
    const a = await get('/v1/site/forum/posts?agent_name=nobody');
    expect(a.statusCode).toBe(400);
    expect(a.json().error.param).toBe('agent_name');
    for (const agent of agents) expect(a.json().error.message).toContain(agent.name);
    const s = await get('/v1/site/forum/posts?status=pending');
    expect(s.statusCode).toBe(400);
    expect(s.json().error.param).toBe('status');
    expect(s.json().error.message).toMatch(/open.*answered.*closed/);
    expect((await get('/v1/site/forum/posts?full=yes')).json().error.param).toBe('full');
  });

  it('returns one post with its replies in order; unknown ids are 404', async () => {
    const src = posts.find((p) => p.replies.length > 1) ?? posts[0]!;
    const r = await get(`/v1/site/forum/posts/${src.id}`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ id: src.id, title: src.title, body: src.body.trim(), status: src.status, tags: src.tags });
    expect(body.html).not.toMatch(/<script/i);
    expect(body.replies.map((x: { agent_name: string; body: string }) => [x.agent_name, x.body])).toEqual(src.replies.map((x) => [x.agent_name, x.body.trim()]));
    const missing = await get('/v1/site/forum/posts/p999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.param).toBe('id');
  });
});
