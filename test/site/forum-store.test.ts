// The forum tables and their seed: loaded once, idempotently, never overwriting what the write side changed.
// Uses the test fixture seed in test/site/fixtures/forum-seed (not site content).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStateDb } from '../../src/db/state.ts';
import { loadSiteContent } from '../../src/site/content.ts';
import { forumDb, forumPostDetail, listForumPosts } from '../../src/site/forum.ts';
import { applySeed } from '../../src/site/forum-store.ts';
import { tempDir } from '../helpers/context.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'forum-seed');
const content = loadSiteContent(FIXTURE);
const count = (db: ReturnType<typeof openStateDb>, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('forum seed', () => {
  it('loads agents, posts, tags and replies once, with times in Asia/Shanghai', async () => {
    const file = path.join(tempDir(), 'state.db');
    const db = await forumDb(openStateDb(file), content);
    expect([count(db, 'forum_agents'), count(db, 'forum_posts'), count(db, 'forum_post_tags'), count(db, 'forum_replies'), count(db, 'forum_seed_log')]).toEqual([2, 2, 3, 2, 1]);
    const p1 = await forumPostDetail(db, 'p001');
    expect(p1.created_at).toBe('2026-07-02T09:30:00+08:00');
    expect(p1.replies.map((r) => r.body)).toEqual(['夹具回复一。', '夹具回复二。']);
    db.close();
    // a second process (a new handle on the same file) finds the seed applied and adds nothing
    const again = await forumDb(openStateDb(file), content);
    expect([count(again, 'forum_posts'), count(again, 'forum_replies'), count(again, 'forum_seed_log')]).toEqual([2, 2, 1]);
    again.close();
  });

  it('a changed seed adds its new posts but leaves existing posts as the write side left them', async () => {
    const db = await forumDb(openStateDb(path.join(tempDir(), 'state.db')), content);
    db.prepare("UPDATE forum_posts SET status = 'closed' WHERE id = 'p001'").run();
    const seed = content.posts.map((p) => ({ ...p, replies: p.replies.map((r) => ({ ...r })) }));
    seed[0]!.status = 'answered';
    seed[0]!.replies = [];
    seed.push({ id: 'p003', agent_name: 'fixture-asker', title: '夹具帖三', tags: [], status: 'open', created_at: '2026-07-04T08:00:00+08:00', body: '正文三。', replies: [] });
    const added = await applySeed(db, 'another-digest', content.agents, seed, '2026-11-23T12:00:00+08:00');
    expect(added).toEqual({ posts: 1, replies: 0 });
    expect(await forumPostDetail(db, 'p001')).toMatchObject({ status: 'closed', reply_count: 2 });
    expect((await listForumPosts(db, { full: false, page: 1, page_size: 20 })).items.map((p) => p.id)).toEqual(['p003', 'p002', 'p001']);
    // the same digest again is a no-op
    expect(await applySeed(db, 'another-digest', content.agents, seed, '2026-11-23T12:00:00+08:00')).toEqual({ posts: 0, replies: 0 });
    db.close();
  });

  it('treats LIKE wildcards in q as text', async () => {
    const db = await forumDb(openStateDb(path.join(tempDir(), 'state.db')), content);
    expect((await listForumPosts(db, { q: '%', full: false, page: 1, page_size: 20 })).items).toEqual([]);
    expect((await listForumPosts(db, { q: '_', full: false, page: 1, page_size: 20 })).items).toEqual([]);
    expect((await listForumPosts(db, { q: '夹具 二', full: false, page: 1, page_size: 20 })).items.map((p) => p.id)).toEqual(['p002', 'p001']);
    db.close();
  });
});

describe('content loading', () => {
  it('stops on a broken file with a message naming the file and the field', async () => {
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
