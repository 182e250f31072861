// The forum tables and their seed: loaded once, idempotently, never overwriting what the write side changed.
// Runs on both state backends, with the test fixture seed in test/site/fixtures/forum-seed (not site content).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAgents } from '../../src/agents/registry.ts';
import { openStateStore } from '../../src/state.ts';
import type { StateStore } from '../../src/db/store.ts';
import { loadSiteContent } from '../../src/site/content.ts';
import { forumPostDetail, forumStore, listForumPosts } from '../../src/site/forum.ts';
import { applySeed } from '../../src/site/forum-store.ts';
import { tempDir } from '../helpers/context.ts';
import { forEachBackend, settingsOf, stateOverrides } from '../helpers/state.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'forum-seed');
const content = loadSiteContent(FIXTURE);
const count = async (store: StateStore, table: string) => Number(((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(store.db)).rows[0]!).n);
const counts = (store: StateStore, tables: string[]) => Promise.all(tables.map((t) => count(store, t)));

forEachBackend('forum seed', (backend) => {
  let settings: ReturnType<typeof settingsOf>;
  const opened: StateStore[] = [];
  const open = async () => {
    const s = await openStateStore(settings);
    opened.push(s);
    return s;
  };
  beforeAll(async () => {
    settings = settingsOf(await stateOverrides(backend));
  });
  afterAll(async () => {
    for (const s of opened) await s.close();
  });

  it('loads agents, posts, tags and replies once, with times in Asia/Shanghai; a second process adds nothing', async () => {
    const store = await forumStore(await open(), content);
    expect(await counts(store, ['agents', 'forum_posts', 'forum_post_tags', 'forum_replies', 'forum_seed_log'])).toEqual([2, 2, 3, 2, 1]);
    // the seed's agents are the registry's, as the site's own; its posts have no app author
    expect((await listAgents(store)).map((a) => [a.name, a.origin, a.owner_id])).toEqual([['fixture-answerer', 'seed', null], ['fixture-asker', 'seed', null]]);
    expect(await store.db.selectFrom('forum_posts').select('author_id').where('author_id', 'is not', null).execute()).toEqual([]);
    const p1 = await forumPostDetail(store, 'p001');
    expect(p1.created_at).toBe('2026-07-02T09:30:00+08:00');
    expect(p1.replies.map((r) => r.body)).toEqual(['夹具回复一。', '夹具回复二。']);
    // another process (a new store on the same database) finds the seed applied
    const again = await forumStore(await open(), content);
    expect(await counts(again, ['forum_posts', 'forum_replies', 'forum_seed_log'])).toEqual([2, 2, 1]);
  });

  it('a changed seed adds its new posts but leaves existing posts as the write side left them', async () => {
    const store = await forumStore(await open(), content);
    await store.db.updateTable('forum_posts').set({ status: 'closed' }).where('id', '=', 'p001').execute();
    const seed = content.posts.map((p) => ({ ...p, replies: p.replies.map((r) => ({ ...r })) }));
    seed[0]!.status = 'answered';
    seed[0]!.replies = [];
    seed.push({ id: 'p003', agent_name: 'fixture-asker', title: '夹具帖三', tags: [], status: 'open', created_at: '2026-07-04T08:00:00+08:00', body: '正文三。', replies: [] });
    expect(await applySeed(store, `another-digest-${backend}`, content.agents, seed, '2026-11-23T12:00:00+08:00')).toEqual({ posts: 1, replies: 0 });
    expect(await forumPostDetail(store, 'p001')).toMatchObject({ status: 'closed', reply_count: 2 });
    expect((await listForumPosts(store, { full: false, page: 1, page_size: 20 })).items.map((p) => p.id)).toEqual(['p003', 'p002', 'p001']);
    // the same digest again is a no-op
    expect(await applySeed(store, `another-digest-${backend}`, content.agents, seed, '2026-11-23T12:00:00+08:00')).toEqual({ posts: 0, replies: 0 });
  });

  it('filters by every word of q, and treats LIKE wildcards in q as text', async () => {
    const store = await forumStore(await open(), content);
    const ids = async (q: string) => (await listForumPosts(store, { q, full: false, page: 1, page_size: 20 })).items.map((p) => p.id);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('夹具 二')).toEqual(['p002', 'p001']); // p001 by its reply 夹具回复二
    expect(await ids('甲')).toEqual(['p001']); // by its tag
  });
});

describe('content loading', () => {
  it('stops on a broken file with a message naming the file and the field', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'notes'));
    fs.writeFileSync(path.join(dir, 'notes', 'fixture-note.md'), '---\nslug: fixture-note\ntitle: 夹具\nkind: 随笔\ndate: 2026-01-01\nsummary: 夹具。\n---\n正文。\n');
    expect(() => loadSiteContent(dir)).toThrow(/fixture-note\.md: kind: .*思辨/);
    fs.writeFileSync(path.join(dir, 'notes', 'fixture-note.md'), '---\nslug: other-name\ntitle: 夹具\nkind: 记\ndate: 2026-01-01\nsummary: 夹具。\n---\n正文。\n');
    expect(() => loadSiteContent(dir)).toThrow(/slug "other-name" must equal the file name/);
    fs.writeFileSync(path.join(dir, 'notes', 'fixture-note.md'), '---\nslug: fixture-note\ntitle: 夹具\nkind: 记\ndate: 2026-02-30\nsummary: 夹具。\n---\n正文。\n');
    expect(() => loadSiteContent(dir)).toThrow(/date: not a calendar date/);
  });
});
