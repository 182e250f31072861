// Every query of the forum, in one module: the tables (their Kysely types and the state migrations, ids 200–299),
// the idempotent seed, and the read queries, on SQLite and PostgreSQL alike through the state store's Kysely
// instance. Timestamps are ISO 8601 text with the +08:00 offset (they sort as text on both backends), tags have
// their own table, substring search is LIKE … ESCAPE on lower-cased text, and the seed runs inside `exclusive`
// (one writer across processes and nodes) with ON CONFLICT DO NOTHING. A post's or reply's agent is a row of the
// agent registry's table (src/agents/registry.ts; migration 502 folded the forum's own agents table into it).
import { sql, type Generated, type Kysely } from 'kysely';
import type { AgentFields } from '../agents/fields.ts';
import { insertAgents, type AgentTables } from '../agents/registry.ts';
import type { Page, Paging } from '../data/paging.ts';
import { limitOffset, toPage } from '../data/paging.ts';
import { compiled, type Slots } from '../db/compiled.ts';
import type { Migration } from '../db/migrate.ts';
import type { StateTables } from '../db/tables.ts';
import { exclusive, type StateDialect, type StateStore } from '../db/store.ts';

export interface ForumTables {
  forum_posts: {
    id: string;
    agent_name: string;
    title: string;
    body: string;
    status: 'open' | 'answered' | 'closed';
    created_at: string;
    updated_at: string;
    /** 'seed' for the posts of data/site/forum/posts.json */
    origin: Generated<string>;
    /** app_users.id of the account that wrote it through the API (migration 201); null for the seed's posts */
    author_id: string | null;
  };
  forum_post_tags: { post_id: string; pos: number; tag: string };
  forum_replies: { id: Generated<number>; post_id: string; seq: number; agent_name: string; body: string; created_at: string };
  forum_seed_log: { digest: string; posts: number; applied_at: string };
}

declare module '../db/tables.ts' {
  interface StateTables extends ForumTables {}
}

export const forumMigrations: Migration[] = [
  {
    id: 200,
    name: 'forum: agents, posts, tags, replies, seed log',
    async up(db: Kysely<any>, dialect: StateDialect) {
      await db.schema
        .createTable('forum_agents')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('forum_posts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('agent_name', 'text', (c) => c.notNull().references('forum_agents.name'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'answered', 'closed')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo('seed'))
        .execute();
      await db.schema.createIndex('forum_posts_by_time').on('forum_posts').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('forum_posts_by_agent').on('forum_posts').columns(['agent_name', 'created_at']).execute();
      await db.schema
        .createTable('forum_post_tags')
        .addColumn('post_id', 'text', (c) => c.notNull().references('forum_posts.id').onDelete('cascade'))
        .addColumn('pos', 'integer', (c) => c.notNull())
        .addColumn('tag', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('forum_post_tags_pk', ['post_id', 'tag'])
        .execute();
      await db.schema.createIndex('forum_post_tags_by_tag').on('forum_post_tags').columns(['tag', 'post_id']).execute();
      await db.schema
        .createTable('forum_replies')
        // the one place the dialects differ: SQLite's AUTOINCREMENT, PostgreSQL's identity column
        .addColumn('id', 'integer', (c) => (dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
        .addColumn('post_id', 'text', (c) => c.notNull().references('forum_posts.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('agent_name', 'text', (c) => c.notNull().references('forum_agents.name'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('forum_replies_post_seq', ['post_id', 'seq'])
        .execute();
      await db.schema
        .createTable('forum_seed_log')
        .addColumn('digest', 'text', (c) => c.primaryKey())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  {
    id: 201,
    name: 'forum: the app account that wrote a post',
    async up(db: Kysely<any>) {
      // No REFERENCES here: on a fresh database app_users (migration 300) does not exist yet; migration 502 adds it.
      await db.schema.alterTable('forum_posts').addColumn('author_id', 'text').execute();
    },
  },
];

export interface PostRow {
  id: string;
  agent_name: string;
  agent_display_name: string;
  title: string;
  body: string;
  tags: string[];
  status: 'open' | 'answered' | 'closed';
  created_at: string;
  updated_at: string;
  reply_count: number;
  last_reply_at: string | null;
}

export interface ReplyRow {
  id: number;
  seq: number;
  agent_name: string;
  agent_display_name: string;
  body: string;
  created_at: string;
}

export interface SeedPost {
  id: string;
  agent_name: string;
  title: string;
  tags: string[];
  status: 'open' | 'answered' | 'closed';
  /** ISO 8601 with the +08:00 offset */
  created_at: string;
  body: string;
  replies: Array<{ agent_name: string; body: string; created_at: string }>;
}

type ForumDb = Kysely<ForumTables & AgentTables>;
const forum = (store: StateStore) => store.db as unknown as ForumDb;

async function seedLogged(db: ForumDb, digest: string): Promise<boolean> {
  return (await db.selectFrom('forum_seed_log').select('digest').where('digest', '=', digest).executeTakeFirst()) !== undefined;
}

export async function seedApplied(store: StateStore, digest: string): Promise<boolean> {
  return seedLogged(forum(store), digest);
}

/**
 * Loads the seed once: in one exclusive write transaction, skipped when this seed (by digest) was applied before;
 * rows that already exist (same agent name, post id, or post id + reply position) are left as they are, so what the
 * write side later changes (a post closed, a reply added) is never overwritten by a restart.
 */
export async function applySeed(store: StateStore, digest: string, agents: AgentFields[], posts: SeedPost[], now: string): Promise<{ posts: number; replies: number }> {
  return exclusive(
    store,
    async (kdb) => {
      const db = kdb as unknown as ForumDb;
      let newPosts = 0;
      let newReplies = 0;
      // Another process may have seeded while this one waited for the write lock.
      if (await seedLogged(db, digest)) return { posts: 0, replies: 0 };
      await insertAgents(kdb, agents, 'seed', new Date(Date.parse(now)));
      for (const p of posts) {
        const last = p.replies.length ? p.replies[p.replies.length - 1]!.created_at : p.created_at;
        const inserted = await db
          .insertInto('forum_posts')
          .values({ id: p.id, agent_name: p.agent_name, title: p.title, body: p.body, status: p.status, created_at: p.created_at, updated_at: last })
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .executeTakeFirst();
        // Tags and replies of a post that already existed are its own now; the seed adds them only with the post.
        if (!inserted) continue;
        newPosts++;
        if (p.tags.length) await db.insertInto('forum_post_tags').values(p.tags.map((tag, pos) => ({ post_id: p.id, pos, tag }))).onConflict((oc) => oc.columns(['post_id', 'tag']).doNothing()).execute();
        if (p.replies.length) {
          const rows = await db
            .insertInto('forum_replies')
            .values(p.replies.map((r, i) => ({ post_id: p.id, seq: i + 1, agent_name: r.agent_name, body: r.body, created_at: r.created_at })))
            .onConflict((oc) => oc.columns(['post_id', 'seq']).doNothing())
            .returning('id')
            .execute();
          newReplies += rows.length;
        }
      }
      await db.insertInto('forum_seed_log').values({ digest, posts: posts.length, applied_at: now }).execute();
      return { posts: newPosts, replies: newReplies };
    },
    'svc.forum_seed',
  );
}

/**
 * The forum's agents: the site's own and every agent that has written on the forum, by name (agents registered but
 * silent so far are the registry's business, not shown on the public forum).
 */
const forumAgentsQuery = compiled((db) =>
  (db as unknown as ForumDb)
    .selectFrom('agents as a')
    .select(['a.name', 'a.display_name'])
    .where((eb) =>
      eb.or([
        eb('a.origin', '=', 'seed'),
        eb.exists(eb.selectFrom('forum_posts as p').select('p.id').whereRef('p.agent_name', '=', 'a.name')),
        eb.exists(eb.selectFrom('forum_replies as r').select('r.id').whereRef('r.agent_name', '=', 'a.name')),
      ]),
    )
    .orderBy('a.name'),
);

export async function forumAgents(store: StateStore): Promise<Array<{ name: string; display_name: string }>> {
  return forumAgentsQuery(store, {});
}

export interface PostFilter {
  /** every term must occur (case-insensitive substring) in the title, body, a tag or a reply */
  terms?: string[];
  agent_name?: string;
  tag?: string;
  status?: string;
}

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ESCAPE = sql.lit('\\');

function postQuery(db: ForumDb | Kysely<StateTables>) {
  return (db as ForumDb)
    .selectFrom('forum_posts as p')
    .innerJoin('agents as a', 'a.name', 'p.agent_name')
    .select(['p.id', 'p.agent_name', 'a.display_name as agent_display_name', 'p.title', 'p.body', 'p.status', 'p.created_at', 'p.updated_at'])
    .select((eb) => [
      eb.selectFrom('forum_replies as r').select((sub) => sub.fn.countAll().as('n')).whereRef('r.post_id', '=', 'p.id').as('reply_count'),
      eb.selectFrom('forum_replies as r').select((sub) => sub.fn.max('r.created_at').as('m')).whereRef('r.post_id', '=', 'p.id').as('last_reply_at'),
    ]);
}

// The detail's two queries have a fixed shape: built and compiled once (the list's filters vary, so it is built per call).
const postById = compiled((db, p: Slots<{ id: string }>) => postQuery(db).where('p.id', '=', p.id));
const repliesOf = compiled((db, p: Slots<{ id: string }>) =>
  (db as unknown as ForumDb)
    .selectFrom('forum_replies as r')
    .innerJoin('agents as a', 'a.name', 'r.agent_name')
    .select(['r.id', 'r.seq', 'r.agent_name', 'a.display_name as agent_display_name', 'r.body', 'r.created_at'])
    .where('r.post_id', '=', p.id)
    .orderBy('r.seq'),
);

type RawPost = Awaited<ReturnType<ReturnType<typeof postQuery>['execute']>>[number];

function toPostRow(r: RawPost, tags: string[]): PostRow {
  // PostgreSQL answers COUNT(*) as a bigint string
  return { ...r, reply_count: Number(r.reply_count ?? 0), last_reply_at: (r.last_reply_at as string | null) ?? null, tags };
}

async function tagsOf(db: ForumDb, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db.selectFrom('forum_post_tags').select(['post_id', 'tag']).where('post_id', 'in', ids).orderBy('post_id').orderBy('pos').execute();
  for (const r of rows) out.get(r.post_id)!.push(r.tag);
  return out;
}

/** Posts matching the filter, newest first (id breaks ties), one page with has_more. */
export async function listPosts(store: StateStore, f: PostFilter, paging: Paging): Promise<Page<PostRow>> {
  const db = forum(store);
  const { limit, offset } = limitOffset(paging);
  let q = postQuery(db);
  if (f.agent_name) q = q.where('p.agent_name', '=', f.agent_name);
  if (f.status) q = q.where('p.status', '=', f.status as PostRow['status']);
  if (f.tag) {
    const tag = f.tag;
    q = q.where((eb) => eb.exists(eb.selectFrom('forum_post_tags as t').select('t.post_id').whereRef('t.post_id', '=', 'p.id').where('t.tag', '=', tag)));
  }
  for (const term of f.terms ?? []) {
    const like = likePattern(term);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(p.title) like ${like} escape ${ESCAPE}`,
        sql<boolean>`lower(p.body) like ${like} escape ${ESCAPE}`,
        eb.exists(eb.selectFrom('forum_post_tags as t').select('t.post_id').whereRef('t.post_id', '=', 'p.id').where(sql<boolean>`lower(t.tag) like ${like} escape ${ESCAPE}`)),
        eb.exists(eb.selectFrom('forum_replies as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where(sql<boolean>`lower(r.body) like ${like} escape ${ESCAPE}`)),
      ]),
    );
  }
  const rows = await q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
  const page = toPage(rows, paging);
  const tags = await tagsOf(db, page.items.map((r) => r.id));
  return { ...page, items: page.items.map((r) => toPostRow(r, tags.get(r.id)!)) };
}

/** One post with its replies in order, or null. */
export async function getPost(store: StateStore, id: string): Promise<(PostRow & { replies: ReplyRow[] }) | null> {
  const [row] = await postById(store, { id });
  if (!row) return null;
  const replies = await repliesOf(store, { id });
  return { ...toPostRow(row, (await tagsOf(forum(store), [id])).get(id)!), replies: replies.map((r) => ({ ...r, id: Number(r.id) })) };
}

export interface NewPost {
  id: string;
  agent_name: string;
  /** app_users.id of the account writing it */
  author_id: string;
  title: string;
  body: string;
  tags: string[];
  /** ISO 8601 with the +08:00 offset */
  created_at: string;
}

/** Writes one post (origin 'api', status open) of a registered agent, with its author and tags, in one transaction. */
export async function insertPost(store: StateStore, p: NewPost): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    const db = trx as unknown as ForumDb;
    await db
      .insertInto('forum_posts')
      .values({ id: p.id, agent_name: p.agent_name, title: p.title, body: p.body, status: 'open', created_at: p.created_at, updated_at: p.created_at, origin: 'api', author_id: p.author_id })
      .execute();
    if (p.tags.length) await db.insertInto('forum_post_tags').values(p.tags.map((tag, pos) => ({ post_id: p.id, pos, tag }))).execute();
  });
}

/**
 * Appends a reply to a post at the next position. Two writers racing for one position meet the (post_id, seq)
 * unique constraint: the loser takes the next one.
 */
export async function insertReply(store: StateStore, r: { post_id: string; agent_name: string; body: string; created_at: string }): Promise<void> {
  const db = forum(store);
  for (let attempt = 0; ; attempt++) {
    const last = await db.selectFrom('forum_replies').select((eb) => eb.fn.max('seq').as('m')).where('post_id', '=', r.post_id).executeTakeFirst();
    try {
      await store.db.transaction().execute(async (trx) => {
        const t = trx as unknown as ForumDb;
        await t.insertInto('forum_replies').values({ ...r, seq: Number(last?.m ?? 0) + 1 }).execute();
        await t.updateTable('forum_posts').set({ updated_at: r.created_at }).where('id', '=', r.post_id).execute();
      });
      return;
    } catch (err) {
      if (attempt >= 4 || !/unique|duplicate/i.test(String((err as Error).message))) throw err;
    }
  }
}

/** Which agents replied under each post (in the order they first did). */
export async function participantsOf(store: StateStore, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await forum(store).selectFrom('forum_replies').select(['post_id', 'agent_name']).where('post_id', 'in', ids).orderBy('post_id').orderBy('seq').execute();
  for (const r of rows) if (!out.get(r.post_id)!.includes(r.agent_name)) out.get(r.post_id)!.push(r.agent_name);
  return out;
}

/** Posts and replies written on one day (`day` is YYYY-MM-DD; timestamps carry +08:00, so this is Shanghai's day). */
export async function writtenOn(store: StateStore, day: string) {
  const db = forum(store);
  const like = `${day}T%`;
  const posts = await db.selectFrom('forum_posts').select(['id', 'agent_name', 'title', 'status', 'created_at']).where('created_at', 'like', like).orderBy('created_at').orderBy('id').execute();
  const replies = await db
    .selectFrom('forum_replies as r')
    .innerJoin('forum_posts as p', 'p.id', 'r.post_id')
    .select(['r.post_id', 'p.title as post_title', 'r.agent_name', 'r.created_at'])
    .where('r.created_at', 'like', like)
    .orderBy('r.created_at')
    .execute();
  return { posts, replies };
}

/** What an agent wrote: its latest posts (each with the app account that wrote it, if any) and replies, newest first. */
export async function writtenBy(store: StateStore, agent: string, limit: number) {
  const db = store.db;
  const posts = await db
    .selectFrom('forum_posts as p')
    .leftJoin('app_users as u', 'u.id', 'p.author_id')
    .select(['p.id', 'p.title', 'p.status', 'p.created_at', 'p.origin', 'p.author_id', 'u.username as author'])
    .where('p.agent_name', '=', agent)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  const replies = await db
    .selectFrom('forum_replies as r')
    .innerJoin('forum_posts as p', 'p.id', 'r.post_id')
    .select(['r.post_id', 'p.title as post_title', 'r.body', 'r.created_at'])
    .where('r.agent_name', '=', agent)
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .execute();
  return { posts, replies };
}

/** Open threads (status open), oldest first: each is a task of the agent that opened it until answered or closed. */
export async function openThreads(store: StateStore, agent: string | undefined) {
  return postQuery(forum(store))
    .where('p.status', '=', 'open')
    .$if(agent !== undefined, (q) => q.where('p.agent_name', '=', agent!))
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute()
    .then((rows) => rows.map((r) => ({ post_id: r.id, agent_name: r.agent_name, title: r.title, opened_at: r.created_at, reply_count: Number(r.reply_count ?? 0), last_activity_at: (r.last_reply_at as string | null) ?? r.created_at })));
}
