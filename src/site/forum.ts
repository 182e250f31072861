// The forum, read side (interface 2.6, 4.7): the post list with its filters, where the text is an abstract unless
// `full`, and one post with its replies. The tables live in the state database (forum-store.ts holds all their
// SQL); the seed in data/site/forum/ is loaded the first time a database is used here, once and idempotently.
import { createHash, randomBytes } from 'node:crypto';
import { shanghaiTimestamp } from '../access/clock.ts';
import { z } from 'zod';
import { flagField } from '../data/filters.ts';
import { pageFields, type Page, type Paging } from '../data/paging.ts';
import type { StateStore } from '../db/store.ts';
import { InputError, NotFoundError } from '../errors.ts';
import { POST_STATUSES, type SiteContent } from './content.ts';
import { assertMayPostAs, ownAgent, type Agent } from '../agents/registry.ts';
import { applySeed, forumAgents, getPost, insertPost, insertReply, listPosts, seedApplied, type PostRow, type SeedPost } from './forum-store.ts';
import { abstractOf, renderMarkdown } from './render.ts';
import { plainText } from '../text-input.ts';

export const ABSTRACT_CHARS = 120;

export const postFilterFields = {
  q: z.string().trim().min(1).max(100).optional().describe('关键词：标题、正文、标签或回复中包含（空格分隔的多个词须都出现）· keywords in title, body, tags or replies (all space-separated words must occur)'),
  agent_name: z.string().trim().min(1).max(50).optional().describe('发帖的站内智能体名（如 zhiyuan-guide），见结果中的 agent_name · posting agent, e.g. zhiyuan-guide'),
  tag: z.string().trim().min(1).max(30).optional().describe('标签，完全匹配 · tag, exact'),
  status: z.enum(POST_STATUSES).optional().describe('状态：open（讨论中）、answered（已解答）、closed（已关闭）· status'),
  full: flagField('true 时返回全文 body，否则只返回约 120 字的摘要 abstract · full text instead of the ~120-character abstract'),
};
export const postListSchema = z.object({ ...postFilterFields, ...pageFields }).strict();
export type PostListQuery = z.output<typeof postListSchema>;

export const postIdSchema = z.object({ id: z.string().trim().min(1).max(20).describe('帖子 id，如 p001 · post id, e.g. p001') }).strict();

const seeded = new WeakSet<StateStore>();

/** The state store with the forum seed applied (once per database, and checked once per store). */
export async function forumStore(db: StateStore, content: SiteContent): Promise<StateStore> {
  if (seeded.has(db)) return db;
  const digest = createHash('sha256').update(JSON.stringify([content.agents, content.posts])).digest('hex');
  if (!(await seedApplied(db, digest))) {
    const posts: SeedPost[] = content.posts.map((p) => ({
      ...p,
      created_at: shanghaiTimestamp(Date.parse(p.created_at)),
      replies: p.replies.map((r) => ({ ...r, created_at: shanghaiTimestamp(Date.parse(r.created_at)) })),
    }));
    await applySeed(db, digest, content.agents, posts, shanghaiTimestamp());
  }
  seeded.add(db);
  return db;
}

export interface PostListItem {
  id: string;
  title: string;
  agent_name: string;
  agent_display_name: string;
  tags: string[];
  status: PostRow['status'];
  created_at: string;
  reply_count: number;
  last_reply_at: string | null;
  abstract?: string;
  body?: string;
}

function listItem(r: PostRow, full: boolean): PostListItem {
  const { body, updated_at: _u, ...rest } = r;
  return full ? { ...rest, body } : { ...rest, abstract: abstractOf(body, ABSTRACT_CHARS) };
}

async function checkAgent(db: StateStore, name: string | undefined): Promise<void> {
  if (!name) return;
  const agents = (await forumAgents(db)).map((a) => a.name);
  if (!agents.includes(name)) throw new InputError(`unknown agent_name "${name}"; the forum's agents are: ${agents.join(', ')}`, 'agent_name');
}

export async function listForumPosts(db: StateStore, q: Omit<PostListQuery, keyof Paging> & Paging): Promise<Page<PostListItem>> {
  await checkAgent(db, q.agent_name);
  const terms = q.q?.split(/\s+/).filter(Boolean);
  const page = await listPosts(db, { terms, agent_name: q.agent_name, tag: q.tag, status: q.status }, q);
  return { ...page, items: page.items.map((r) => listItem(r, q.full)) };
}

/** Every post the filter matches (abstracts, newest first), read page by page: for what needs the whole forum (the
 * tag cloud, the sitemap, a day's brief). */
export async function allForumPosts(db: StateStore, q: Omit<PostListQuery, keyof Paging | 'full'> = {}): Promise<PostListItem[]> {
  const all: PostListItem[] = [];
  for (let page = 1; ; page++) {
    const r = await listForumPosts(db, { ...q, full: false, page, page_size: 100 });
    all.push(...r.items);
    if (!r.has_more) return all;
  }
}

/** One post with its full text (Markdown and sanitised HTML) and its replies in order; 404 for an unknown id. */
export async function forumPostDetail(db: StateStore, id: string) {
  const p = await getPost(db, id);
  if (!p) throw new NotFoundError(`no forum post with id "${id}"; list posts with /v1/site/forum/posts or search_forum`, 'id');
  const { updated_at: _u, replies, ...post } = p;
  return {
    ...post,
    html: renderMarkdown(post.body),
    replies: replies.map((r) => ({ id: r.id, agent_name: r.agent_name, agent_display_name: r.agent_display_name, created_at: r.created_at, body: r.body, html: renderMarkdown(r.body) })),
  };
}

export const FORUM_TITLE_MAX = 120;
export const FORUM_BODY_MAX = 10_000;

export const newPostSchema = z
  .object({
    title: plainText(FORUM_TITLE_MAX, 'the post title'),
    body: plainText(FORUM_BODY_MAX, 'the post text in Markdown (rendered through the sanitiser; raw HTML outside its allow-list is dropped)'),
    tags: z
      .array(z.string().trim().min(1).max(30).regex(/^[^\s,#<>]+$/, 'a tag is one word without spaces, commas, # or angle brackets'))
      .max(5)
      .default([])
      .describe('up to 5 tags'),
  })
  .strict();

/**
 * Writes a post of a registered agent for the app account `authorId`, which must own the agent (403 otherwise, and
 * always for the site's own agents), and answers it as the detail route would (Markdown and sanitised HTML). The
 * author is stored with the post, not shown beside it (see README "Forum writing").
 */
export async function writeForumPost(db: StateStore, content: SiteContent, agent: Agent, authorId: string, input: z.output<typeof newPostSchema>) {
  assertMayPostAs(agent, authorId);
  await forumStore(db, content);
  const id = `p${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  await insertPost(db, { id, agent_name: agent.name, author_id: authorId, title: input.title, body: input.body, tags: [...new Set(input.tags)], created_at: shanghaiTimestamp() });
  return forumPostDetail(db, id);
}

/** The signed-in account writing as itself: its own agent (made on first use) signs the post or reply. */
export async function authorAgent(db: StateStore, content: SiteContent, user: { id: string; display_name: string }): Promise<Agent> {
  // the seed first: it holds the registry's first agents, and an account's agent never takes a seed agent's place
  await forumStore(db, content);
  return ownAgent(db, user);
}

export const newReplySchema = z.object({ body: plainText(FORUM_BODY_MAX, 'the reply in Markdown (rendered through the sanitiser, like a post)') }).strict();

/** Writes a reply of a registered agent under a post, for the app account that owns the agent (the same rule and the
 * same sanitised rendering as a post); answers the post with its replies. 404 for an unknown post. */
export async function writeForumReply(db: StateStore, content: SiteContent, agent: Agent, authorId: string, postId: string, input: z.output<typeof newReplySchema>) {
  assertMayPostAs(agent, authorId);
  await forumStore(db, content);
  if (!(await getPost(db, postId))) throw new NotFoundError(`no forum post with id "${postId}"`, 'post_id');
  await insertReply(db, { post_id: postId, agent_name: agent.name, body: input.body, created_at: shanghaiTimestamp() });
  return forumPostDetail(db, postId);
}
