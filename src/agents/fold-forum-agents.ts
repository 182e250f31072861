// Migration 502: the forum's own agents table (forum_agents, migration 200) folded into the registry's `agents`, so
// there is one table of agents and the forum joins it. Every row is kept: a forum agent the registry lacks (the
// forum's seed was applied but the registry's never was) is added as a seed agent, registered when the forum added
// it; posts, tags and replies keep their ids, text and times. Then the posts' and replies' agent_name reference
// `agents`, forum_posts.author_id (migration 201) references app_users, and forum_agents is dropped.
//
// PostgreSQL alters the constraints in place. SQLite cannot change a foreign key, and cannot turn foreign keys off
// inside the migration's transaction, so it rebuilds the three tables that hold or inherit the references (the
// procedure of sqlite.org/lang_altertable.html#otheralter) in an order where no DROP TABLE ever cascades: new tables
// beside the old ones, rows copied, the old children dropped before their parents, the new tables renamed into
// place (a rename rewrites the references of the other new tables), and a foreign_key_check before the commit.
import { sql, type Kysely } from 'kysely';
import type { Migration } from '../db/migrate.ts';
import type { StateDialect } from '../db/store.ts';

const POST_COLUMNS = ['id', 'agent_name', 'title', 'body', 'status', 'created_at', 'updated_at', 'origin', 'author_id'];
const TAG_COLUMNS = ['post_id', 'pos', 'tag'];
const REPLY_COLUMNS = ['id', 'post_id', 'seq', 'agent_name', 'body', 'created_at'];

async function registerForumOnlyAgents(db: Kysely<any>): Promise<void> {
  const missing = await db
    .selectFrom('forum_agents as f')
    .selectAll('f')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('agents as a').select('a.name').whereRef('a.name', '=', 'f.name'))))
    .execute();
  for (const f of missing) {
    // the forum stored +08:00 wall-clock times, the registry ISO UTC
    await db
      .insertInto('agents')
      .values({ name: f.name, display_name: f.display_name, role: f.role, description: f.description, tags: f.tags, origin: 'seed', registered_at: new Date(Date.parse(f.created_at)).toISOString(), owner_id: null })
      .execute();
  }
}

async function foldPostgres(db: Kysely<any>): Promise<void> {
  const old = await sql<{ tbl: string; conname: string }>`
    select c.relname as tbl, k.conname from pg_constraint k join pg_class c on c.oid = k.conrelid
    where k.contype = 'f' and k.confrelid = 'forum_agents'::regclass`.execute(db);
  for (const k of old.rows) await db.schema.alterTable(k.tbl).dropConstraint(k.conname).execute();
  await db.schema.alterTable('forum_posts').addForeignKeyConstraint('forum_posts_agent_name_fkey', ['agent_name'], 'agents', ['name']).execute();
  await db.schema.alterTable('forum_replies').addForeignKeyConstraint('forum_replies_agent_name_fkey', ['agent_name'], 'agents', ['name']).execute();
  await db.schema.alterTable('forum_posts').addForeignKeyConstraint('forum_posts_author_id_fkey', ['author_id'], 'app_users', ['id']).execute();
  await db.schema.dropTable('forum_agents').execute(); // without CASCADE: fails if anything still depends on it
}

const copy = (db: Kysely<any>, from: string, to: string, columns: string[]) =>
  sql`insert into ${sql.table(to)} (${sql.join(columns.map((c) => sql.ref(c)))}) select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(from)}`.execute(db);

// The new tables restate migration 200's (and 201's column) on purpose, with only the references changed: a shipped
// migration's DDL is history and is not shared with later ones, so neither can change under the other.
async function foldSqlite(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('forum_posts_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_name', 'text', (c) => c.notNull().references('agents.name'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'answered', 'closed')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('seed'))
    .addColumn('author_id', 'text', (c) => c.references('app_users.id'))
    .execute();
  await db.schema
    .createTable('forum_post_tags_new')
    .addColumn('post_id', 'text', (c) => c.notNull().references('forum_posts_new.id').onDelete('cascade'))
    .addColumn('pos', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('forum_post_tags_pk', ['post_id', 'tag'])
    .execute();
  await db.schema
    .createTable('forum_replies_new')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('post_id', 'text', (c) => c.notNull().references('forum_posts_new.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('agent_name', 'text', (c) => c.notNull().references('agents.name'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('forum_replies_post_seq', ['post_id', 'seq'])
    .execute();
  await copy(db, 'forum_posts', 'forum_posts_new', POST_COLUMNS);
  await copy(db, 'forum_post_tags', 'forum_post_tags_new', TAG_COLUMNS);
  await copy(db, 'forum_replies', 'forum_replies_new', REPLY_COLUMNS);
  // AUTOINCREMENT never hands out an id again, even of a deleted reply: carry the counter over
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'forum_replies'`.execute(db);

  // children before parents, so no implicit DELETE of a DROP TABLE reaches a row that is kept
  for (const t of ['forum_post_tags', 'forum_replies', 'forum_posts', 'forum_agents']) await db.schema.dropTable(t).execute();
  for (const t of ['forum_posts', 'forum_post_tags', 'forum_replies']) await db.schema.alterTable(`${t}_new`).renameTo(t).execute();

  const seq = counter.rows[0]?.seq;
  if (seq !== undefined) {
    const updated = await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'forum_replies'`.execute(db);
    if (!Number(updated.numAffectedRows)) await sql`insert into sqlite_sequence (name, seq) values ('forum_replies', ${seq})`.execute(db);
  }
  await db.schema.createIndex('forum_posts_by_time').on('forum_posts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('forum_posts_by_agent').on('forum_posts').columns(['agent_name', 'created_at']).execute();
  await db.schema.createIndex('forum_post_tags_by_tag').on('forum_post_tags').columns(['tag', 'post_id']).execute();
  const broken = await sql`pragma foreign_key_check`.execute(db);
  if (broken.rows.length) throw new Error(`folding forum_agents into agents left ${broken.rows.length} broken references: ${JSON.stringify(broken.rows.slice(0, 3))}`);
}

export function foldForumAgents(id: number): Migration {
  return {
    id,
    name: "forum: agents in the registry's table (forum_agents folded into agents); posts' authors reference app_users",
    async up(db: Kysely<any>, dialect: StateDialect) {
      await registerForumOnlyAgents(db);
      await (dialect === 'postgres' ? foldPostgres(db) : foldSqlite(db));
    },
  };
}
