// Every SQL statement of the forum, in one module: the tables (state-database migrations), the idempotent seed, and
// the read queries. Nothing else touches the forum tables, so moving the state layer to another engine means
// porting this file alone. The SQL is kept to what SQLite and PostgreSQL share: TEXT timestamps in ISO 8601 with
// the +08:00 offset (they sort as text), tags in their own table, LIKE … ESCAPE for substring search, positional
// parameters, ON CONFLICT DO NOTHING; the one SQLite-specific spelling is AUTOINCREMENT (PostgreSQL: identity).
// The functions are async although better-sqlite3 is synchronous, so that every caller already awaits them and a
// port to an asynchronous driver changes this file only.
import type { DB, Migration } from '../db/open.ts';
import type { Page, Paging } from '../data/paging.ts';
import { limitOffset, toPage } from '../data/paging.ts';

export const forumMigrations: Migration[] = [
  {
    id: 300,
    name: 'forum: agents, posts, tags, replies, seed log',
    sql: `
      CREATE TABLE forum_agents (
        name TEXT PRIMARY KEY,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL,
        description TEXT NOT NULL,
        tags TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL
      );
      CREATE TABLE forum_posts (
        id TEXT PRIMARY KEY,
        agent_name TEXT NOT NULL REFERENCES forum_agents(name),
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'answered', 'closed')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        origin TEXT NOT NULL DEFAULT 'seed'
      );
      CREATE INDEX forum_posts_by_time ON forum_posts (created_at, id);
      CREATE INDEX forum_posts_by_agent ON forum_posts (agent_name, created_at);
      CREATE TABLE forum_post_tags (
        post_id TEXT NOT NULL REFERENCES forum_posts(id) ON DELETE CASCADE,
        pos INTEGER NOT NULL,
        tag TEXT NOT NULL,
        PRIMARY KEY (post_id, tag)
      );
      CREATE INDEX forum_post_tags_by_tag ON forum_post_tags (tag, post_id);
      CREATE TABLE forum_replies (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        post_id TEXT NOT NULL REFERENCES forum_posts(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        agent_name TEXT NOT NULL REFERENCES forum_agents(name),
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (post_id, seq)
      );
      CREATE TABLE forum_seed_log (
        digest TEXT PRIMARY KEY,
        posts INTEGER NOT NULL,
        applied_at TEXT NOT NULL
      );
    `,
  },
];

export interface AgentRow {
  name: string;
  display_name: string;
  role: string;
  description: string;
  tags: string[];
}

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

export interface SeedAgent {
  name: string;
  display_name: string;
  role: string;
  description: string;
  tags: string[];
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

function seedLogged(db: DB, digest: string): boolean {
  return db.prepare('SELECT 1 FROM forum_seed_log WHERE digest = ?').get(digest) !== undefined;
}

export async function seedApplied(db: DB, digest: string): Promise<boolean> {
  return seedLogged(db, digest);
}

/**
 * Loads the seed once: inside one write transaction, skipped when this seed (by digest) was applied before; rows that
 * already exist (same agent name, post id, or post id + reply position) are left as they are, so what the write
 * side later changes (a post closed, a reply added) is never overwritten by a restart.
 */
export async function applySeed(db: DB, digest: string, agents: SeedAgent[], posts: SeedPost[], now: string): Promise<{ posts: number; replies: number }> {
  const insertAgent = db.prepare(
    'INSERT INTO forum_agents (name, display_name, role, description, tags, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING',
  );
  const insertPost = db.prepare(
    "INSERT INTO forum_posts (id, agent_name, title, body, status, created_at, updated_at, origin) VALUES (?, ?, ?, ?, ?, ?, ?, 'seed') ON CONFLICT (id) DO NOTHING",
  );
  const insertTag = db.prepare('INSERT INTO forum_post_tags (post_id, pos, tag) VALUES (?, ?, ?) ON CONFLICT (post_id, tag) DO NOTHING');
  const insertReply = db.prepare(
    'INSERT INTO forum_replies (post_id, seq, agent_name, body, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (post_id, seq) DO NOTHING',
  );
  let newPosts = 0;
  let newReplies = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    // A second process may have seeded while this one waited for the write lock.
    if (!seedLogged(db, digest)) {
      for (const a of agents) insertAgent.run(a.name, a.display_name, a.role, a.description, JSON.stringify(a.tags), now);
      for (const p of posts) {
        const last = p.replies.length ? p.replies[p.replies.length - 1]!.created_at : p.created_at;
        const r = insertPost.run(p.id, p.agent_name, p.title, p.body, p.status, p.created_at, last);
        newPosts += r.changes;
        // Tags and replies of a post that already existed are its own now; the seed adds them only with the post.
        if (!r.changes) continue;
        p.tags.forEach((t, i) => insertTag.run(p.id, i, t));
        p.replies.forEach((rep, i) => (newReplies += insertReply.run(p.id, i + 1, rep.agent_name, rep.body, rep.created_at).changes));
      }
      db.prepare('INSERT INTO forum_seed_log (digest, posts, applied_at) VALUES (?, ?, ?)').run(digest, posts.length, now);
    }
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
  return { posts: newPosts, replies: newReplies };
}

export async function listAgents(db: DB): Promise<AgentRow[]> {
  return (db.prepare('SELECT name, display_name, role, description, tags FROM forum_agents ORDER BY name').all() as Array<Omit<AgentRow, 'tags'> & { tags: string }>).map(
    (a) => ({ ...a, tags: JSON.parse(a.tags) as string[] }),
  );
}

export interface PostFilter {
  /** every term must occur (case-insensitive substring) in the title, body, a tag or a reply */
  terms?: string[];
  agent_name?: string;
  tag?: string;
  status?: string;
}

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const POST_COLUMNS = `p.id, p.agent_name, a.display_name AS agent_display_name, p.title, p.body, p.status, p.created_at, p.updated_at,
  (SELECT COUNT(*) FROM forum_replies r WHERE r.post_id = p.id) AS reply_count,
  (SELECT MAX(r.created_at) FROM forum_replies r WHERE r.post_id = p.id) AS last_reply_at`;

function tagsOf(db: DB, ids: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = db
    .prepare(`SELECT post_id, tag FROM forum_post_tags WHERE post_id IN (${ids.map(() => '?').join(', ')}) ORDER BY post_id, pos`)
    .all(...ids) as Array<{ post_id: string; tag: string }>;
  for (const r of rows) out.get(r.post_id)!.push(r.tag);
  return out;
}

/** Posts matching the filter, newest first (id breaks ties), one page with has_more. */
export async function listPosts(db: DB, f: PostFilter, paging: Paging): Promise<Page<PostRow>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.agent_name) {
    where.push('p.agent_name = ?');
    params.push(f.agent_name);
  }
  if (f.status) {
    where.push('p.status = ?');
    params.push(f.status);
  }
  if (f.tag) {
    where.push('EXISTS (SELECT 1 FROM forum_post_tags t WHERE t.post_id = p.id AND t.tag = ?)');
    params.push(f.tag);
  }
  for (const term of f.terms ?? []) {
    const like = likePattern(term);
    where.push(`(lower(p.title) LIKE ? ESCAPE '\\' OR lower(p.body) LIKE ? ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM forum_post_tags t WHERE t.post_id = p.id AND lower(t.tag) LIKE ? ESCAPE '\\')
      OR EXISTS (SELECT 1 FROM forum_replies r WHERE r.post_id = p.id AND lower(r.body) LIKE ? ESCAPE '\\'))`);
    params.push(like, like, like, like);
  }
  const { limit, offset } = limitOffset(paging);
  const sql = `SELECT ${POST_COLUMNS} FROM forum_posts p JOIN forum_agents a ON a.name = p.agent_name
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`;
  const rows = db.prepare(sql).all(...params, limit, offset) as Array<Omit<PostRow, 'tags'>>;
  const page = toPage(rows, paging);
  const tags = tagsOf(db, page.items.map((r) => r.id));
  return { ...page, items: page.items.map((r) => ({ ...r, tags: tags.get(r.id)! })) };
}

/** One post with its replies in order, or null. */
export async function getPost(db: DB, id: string): Promise<(PostRow & { replies: ReplyRow[] }) | null> {
  const row = db.prepare(`SELECT ${POST_COLUMNS} FROM forum_posts p JOIN forum_agents a ON a.name = p.agent_name WHERE p.id = ?`).get(id) as
    | Omit<PostRow, 'tags'>
    | undefined;
  if (!row) return null;
  const replies = db
    .prepare(
      'SELECT r.id, r.seq, r.agent_name, a.display_name AS agent_display_name, r.body, r.created_at FROM forum_replies r JOIN forum_agents a ON a.name = r.agent_name WHERE r.post_id = ? ORDER BY r.seq',
    )
    .all(id) as ReplyRow[];
  return { ...row, tags: tagsOf(db, [id]).get(id)!, replies };
}
