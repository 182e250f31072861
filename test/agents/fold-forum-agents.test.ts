// Migration 502 on a database of the previous schema (migrations up to 500: the forum's own forum_agents beside the
// registry's agents), on both backends: every agent, post, tag and reply is kept, the forum reads the registry's
// table, the references are enforced against it, reply ids are never handed out twice, and the forum-only agent
// becomes one of the site's own. Then an agent that posted before may be given an owner, who posts as it.
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAgent, setAgentOwner } from '../../src/agents/registry.ts';
import { migrate } from '../../src/db/migrate.ts';
import { STATE_MIGRATIONS, SQLITE_SETUP } from '../../src/state.ts';
import { openPostgresStore, openSqliteStore, type StateStore } from '../../src/db/store.ts';
import { loadSiteContent } from '../../src/site/content.ts';
import { forumPostDetail, listForumPosts, writeForumPost } from '../../src/site/forum.ts';
import { register } from '../../src/users/accounts.ts';
import { tempDir } from '../helpers/context.ts';
import { createPostgresDatabase, forEachBackend } from '../helpers/state.ts';

const NEW_IN_THIS_CHANGE = [201, 501, 502];
const PREVIOUS = STATE_MIGRATIONS.filter((m) => !NEW_IN_THIS_CHANGE.includes(m.id));
const content = loadSiteContent(path.join(import.meta.dirname, '..', 'site', 'fixtures', 'forum-seed'));

/** What the previous code wrote: registry rows (seed and api), forum rows copied from them, posts, tags, replies. */
async function writePreviousState(db: Kysely<any>): Promise<void> {
  const agent = (name: string, display_name: string) => ({ name, display_name, role: '旧角色', description: `旧的 ${name}`, tags: '["旧"]' });
  await db.insertInto('agents').values([
    { ...agent('old-seed', '旧站方'), origin: 'seed', registered_at: '2026-10-01T00:00:00.000Z' },
    { ...agent('old-helper', '旧助手'), origin: 'api', registered_at: '2026-10-02T00:00:00.000Z' },
  ]).execute();
  await db.insertInto('forum_agents').values([
    { ...agent('old-seed', '旧站方'), created_at: '2026-10-01T08:00:00+08:00' },
    { ...agent('old-helper', '旧助手'), created_at: '2026-10-03T09:00:00+08:00' },
    // seeded by the forum while the registry's seed never ran: only in forum_agents
    { ...agent('forum-only', '论坛独有'), created_at: '2026-10-04T10:30:00+08:00' },
  ]).execute();
  const p = (id: string, agent_name: string, origin: string, created_at: string) => ({ id, agent_name, title: `标题 ${id}`, body: `正文 ${id}：'引号' "双引号" %_`, status: 'open', created_at, updated_at: created_at, origin });
  await db.insertInto('forum_posts').values([p('p900', 'forum-only', 'seed', '2026-10-05T08:00:00+08:00'), p('pold1', 'old-helper', 'api', '2026-10-06T08:00:00+08:00'), p('pold2', 'old-helper', 'api', '2026-10-07T08:00:00+08:00')]).execute();
  await db.insertInto('forum_post_tags').values([{ post_id: 'p900', pos: 0, tag: '甲' }, { post_id: 'pold1', pos: 0, tag: '乙' }, { post_id: 'pold1', pos: 1, tag: '丙' }]).execute();
  const reply = (post_id: string, seq: number, agent_name: string) => ({ post_id, seq, agent_name, body: `回复 ${post_id}#${seq}`, created_at: `2026-10-0${seq + 7}T08:00:00+08:00` });
  await db.insertInto('forum_replies').values([reply('p900', 1, 'old-helper'), reply('p900', 2, 'old-seed'), reply('pold1', 1, 'forum-only'), reply('pold1', 2, 'old-helper')]).execute();
  // a reply deleted (its post's thread trimmed): its id must never come back
  await db.deleteFrom('forum_replies').where('post_id', '=', 'pold1').where('seq', '=', 2).execute();
}

const snapshot = async (db: Kysely<any>) => ({
  posts: await db.selectFrom('forum_posts').select(['id', 'agent_name', 'title', 'body', 'status', 'created_at', 'updated_at', 'origin']).orderBy('id').execute(),
  tags: await db.selectFrom('forum_post_tags').selectAll().orderBy('post_id').orderBy('pos').execute(),
  replies: (await db.selectFrom('forum_replies').selectAll().orderBy('id').execute()).map((r) => ({ ...r, id: Number(r.id) })),
  agents: (await db.selectFrom('agents').select(['name', 'display_name', 'role', 'description', 'tags', 'origin', 'registered_at']).orderBy('name').execute()),
});

forEachBackend('folding forum_agents into agents (migration 502)', (backend) => {
  let store: StateStore;
  beforeAll(async () => {
    store = backend === 'postgres' ? openPostgresStore(await createPostgresDatabase()) : openSqliteStore(path.join(tempDir(), 'state.db'), SQLITE_SETUP);
  });
  afterAll(async () => store?.close());

  it('keeps every agent, post, tag and reply of a database of the previous schema, and enforces references against agents', async () => {
    expect(await migrate(store, PREVIOUS)).not.toContain(502);
    const db = store.db as unknown as Kysely<any>;
    await writePreviousState(db);
    const before = await snapshot(db);
    const maxReply = Math.max(...before.replies.map((r) => r.id));

    expect(await migrate(store, STATE_MIGRATIONS)).toEqual(NEW_IN_THIS_CHANGE);
    const after = await snapshot(db);
    expect(after.posts).toEqual(before.posts);
    expect(after.tags).toEqual(before.tags);
    expect(after.replies).toEqual(before.replies);
    // the registry's rows unchanged; the forum-only agent added as one of the site's own, registered when the forum added it
    expect(after.agents).toEqual(
      [...before.agents, { name: 'forum-only', display_name: '论坛独有', role: '旧角色', description: '旧的 forum-only', tags: '["旧"]', origin: 'seed', registered_at: '2026-10-04T02:30:00.000Z' }].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    expect(await db.selectFrom('forum_posts').select('author_id').where('author_id', 'is not', null).execute()).toEqual([]);
    await expect(sql`select count(*) from forum_agents`.execute(db)).rejects.toThrow(/forum_agents/);

    // the forum reads the registry's table
    expect(await forumPostDetail(store, 'p900')).toMatchObject({ agent_name: 'forum-only', agent_display_name: '论坛独有', tags: ['甲'], replies: [{ agent_display_name: '旧助手' }, { agent_display_name: '旧站方' }] });
    expect((await listForumPosts(store, { agent_name: 'old-helper', full: false, page: 1, page_size: 20 })).items.map((p) => p.id)).toEqual(['pold2', 'pold1']);

    // references now point at agents (and authors at app_users); the old cascade from posts to tags still holds
    const post = { title: 't', body: 'b', status: 'open', created_at: '2026-11-01T08:00:00+08:00', updated_at: '2026-11-01T08:00:00+08:00', origin: 'api' };
    await expect(db.insertInto('forum_posts').values({ ...post, id: 'pbad1', agent_name: 'no-such-agent' }).execute()).rejects.toThrow(/foreign key/i);
    await expect(db.insertInto('forum_posts').values({ ...post, id: 'pbad2', agent_name: 'old-helper', author_id: 'no-such-user' }).execute()).rejects.toThrow(/foreign key/i);
    await expect(db.insertInto('forum_replies').values({ post_id: 'p900', seq: 3, agent_name: 'no-such-agent', body: 'x', created_at: post.created_at }).execute()).rejects.toThrow(/foreign key/i);
    await expect(db.deleteFrom('agents').where('name', '=', 'forum-only').execute()).rejects.toThrow(/foreign key/i);

    // a new reply takes an id after every id ever handed out, the deleted one included
    const next = await db.insertInto('forum_replies').values({ post_id: 'pold1', seq: 2, agent_name: 'old-helper', body: '新回复', created_at: post.created_at }).returning('id').executeTakeFirstOrThrow();
    expect(Number(next.id)).toBeGreaterThan(maxReply + 1);
    if (store.dialect === 'sqlite') {
      expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    }
  });

  it('lets an agent that posted before the fold be given an owner, who then posts as it with the author recorded', async () => {
    const erin = await register(store, { username: 'fold_erin', password: 'fold erin passphrase 42' });
    await setAgentOwner(store, 'old-helper', 'fold_erin');
    const agent = (await findAgent(store, 'old-helper'))!;
    const p = await writeForumPost(store, content, agent, erin.id, { title: '迁移后的新帖', body: '正文', tags: ['迁移'] });
    expect(p).toMatchObject({ agent_name: 'old-helper', agent_display_name: '旧助手', tags: ['迁移'] });
    expect((await store.db.selectFrom('forum_posts').select('author_id').where('id', '=', p.id).executeTakeFirstOrThrow()).author_id).toBe(erin.id);
    await expect(writeForumPost(store, content, (await findAgent(store, 'forum-only'))!, erin.id, { title: 'x', body: 'y', tags: [] })).rejects.toMatchObject({ status: 403, code: 'seed_agent', param: 'agent_name' });
  });
});
