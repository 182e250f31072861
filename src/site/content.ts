// The site's own content, read from data/site/ (format: CONTENT-FORMAT in the README's site-content section):
// notes and static pages as Markdown with YAML front matter, the forum seed, and the gaokao calendar. Everything is
// read once per directory and validated; a file that breaks the format stops the load with a message naming the
// file and the field, so a broken note can never silently drop out of the list while its page is still linked.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { seedAgentSchema, type AgentFields } from '../agents/fields.ts';
import { REPO_ROOT } from '../config.ts';
import { markdownToText, renderMarkdown } from './render.ts';

export const CONTENT_DIR = path.join(REPO_ROOT, 'data', 'site');

export const NOTE_KINDS = ['思辨', '复盘', '记'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
  .pipe(z.string().regex(DATE, 'YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a calendar date'));

const pageMeta = z
  .object({
    slug: z.string().regex(SLUG, 'lowercase ascii words joined by hyphens'),
    title: z.string().trim().min(1).max(100),
    date: isoDate,
    tags: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
    summary: z.string().trim().min(1).max(500),
  })
  .strict();
const noteMeta = pageMeta.extend({ kind: z.enum(NOTE_KINDS) }).strict();

export interface Page {
  type: 'page' | 'note';
  slug: string;
  title: string;
  date: string;
  tags: string[];
  summary: string;
  /** present for notes */
  kind?: NoteKind;
  /** the Markdown body, as written */
  markdown: string;
  /** the body as sanitised HTML */
  html: string;
  /** the body as plain text (what search indexes and read_page returns) */
  text: string;
}
export type Note = Page & { type: 'note'; kind: NoteKind };


export const POST_STATUSES = ['open', 'answered', 'closed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
const timestamp = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), 'ISO 8601 with offset, e.g. 2026-07-02T09:30:00+08:00');

export const forumSeedPostSchema = z
  .object({
    id: z.string().regex(/^p\d{3,}$/, 'p001, p002, …'),
    agent_name: z.string().regex(SLUG),
    title: z.string().trim().min(1).max(200),
    tags: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
    status: z.enum(POST_STATUSES),
    created_at: timestamp,
    body: z.string().trim().min(1),
    replies: z.array(z.object({ agent_name: z.string().regex(SLUG), body: z.string().trim().min(1), created_at: timestamp }).strict()).default([]),
  })
  .strict();
export type ForumSeedPost = z.output<typeof forumSeedPostSchema>;

export const CALENDAR_KINDS = ['exam', 'registration', 'scores', 'application', 'admission', 'other'] as const;
export const calendarEntrySchema = z
  .object({
    date: isoDate,
    end_date: isoDate.optional(),
    title: z.string().trim().min(1),
    scope: z.string().trim().min(1).max(10),
    kind: z.enum(CALENDAR_KINDS),
    status: z.enum(['announced', 'customary']),
    note: z.string().trim().min(1),
    source: z.object({ title: z.string().min(1), publisher: z.string().min(1), url: z.string().url(), date: isoDate }).strict(),
  })
  .strict()
  .refine((e) => !e.end_date || e.end_date >= e.date, { path: ['end_date'], message: 'end_date is before date' });
export type CalendarEntry = z.output<typeof calendarEntrySchema>;

export interface SiteContent {
  dir: string;
  /** notes, newest first (date, then slug) */
  notes: Note[];
  /** static pages, by slug */
  pages: Page[];
  /** notes and pages by slug (slugs are unique across both) */
  bySlug: Map<string, Page>;
  /** agents.json: the site's own agents, with the fields the agent registry stores them with */
  agents: AgentFields[];
  posts: ForumSeedPost[];
  calendar: CalendarEntry[];
}

export class ContentError extends Error {}

function issueText(file: string, err: z.ZodError): string {
  return err.issues.map((i) => `${file}: ${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** Splits `---\nYAML\n---\nbody`; the YAML is parsed by the `yaml` package (YAML 1.2, dates stay strings). */
function splitFrontMatter(file: string, source: string): { meta: unknown; body: string } {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(source);
  if (!m) throw new ContentError(`${file}: missing front matter (--- … ---) at the top`);
  try {
    return { meta: parseYaml(m[1]!), body: m[2]! };
  } catch (err) {
    throw new ContentError(`${file}: front matter is not valid YAML: ${(err as Error).message}`);
  }
}

function readPage(file: string, type: 'page' | 'note'): Page {
  const rel = path.relative(REPO_ROOT, file);
  const { meta, body } = splitFrontMatter(rel, fs.readFileSync(file, 'utf8'));
  const parsed = (type === 'note' ? noteMeta : pageMeta).safeParse(meta);
  if (!parsed.success) throw new ContentError(issueText(rel, parsed.error));
  const m = parsed.data as z.output<typeof noteMeta>;
  if (m.slug !== path.basename(file, '.md')) throw new ContentError(`${rel}: slug "${m.slug}" must equal the file name`);
  if (!body.trim()) throw new ContentError(`${rel}: the body is empty`);
  return { type, ...m, markdown: body.trim(), html: renderMarkdown(body), text: markdownToText(body) };
}

function readDir(dir: string, type: 'page' | 'note'): Page[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => readPage(path.join(dir, f), type));
}

function readJson<T>(file: string, schema: z.ZodType<T>): T[] {
  if (!fs.existsSync(file)) return [];
  const rel = path.relative(REPO_ROOT, file);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ContentError(`${rel}: not valid JSON: ${(err as Error).message}`);
  }
  const parsed = z.array(schema).safeParse(raw);
  if (!parsed.success) throw new ContentError(issueText(rel, parsed.error));
  return parsed.data;
}

function checkForum(dir: string, agents: AgentFields[], posts: ForumSeedPost[]): void {
  const where = path.relative(REPO_ROOT, path.join(dir, 'forum'));
  const names = new Set(agents.map((a) => a.name));
  if (names.size !== agents.length) throw new ContentError(`${where}/agents.json: agent names must be unique`);
  const ids = new Set<string>();
  for (const p of posts) {
    if (ids.has(p.id)) throw new ContentError(`${where}/posts.json: post id ${p.id} appears twice`);
    ids.add(p.id);
    for (const who of [p.agent_name, ...p.replies.map((r) => r.agent_name)]) {
      if (!names.has(who)) throw new ContentError(`${where}/posts.json: ${p.id} names agent "${who}", which agents.json does not list`);
    }
    let last = Date.parse(p.created_at);
    for (const r of p.replies) {
      const t = Date.parse(r.created_at);
      if (t < last) throw new ContentError(`${where}/posts.json: a reply of ${p.id} is dated before the post or the reply above it`);
      last = t;
    }
  }
}

export function byNewest<T extends { date: string; slug: string }>(a: T, b: T): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/** Reads and validates everything under `dir`. */
export function loadSiteContent(dir: string = CONTENT_DIR): SiteContent {
  const notes = (readDir(path.join(dir, 'notes'), 'note') as Note[]).sort(byNewest);
  const pages = readDir(path.join(dir, 'pages'), 'page');
  const bySlug = new Map<string, Page>();
  for (const p of [...pages, ...notes]) {
    if (bySlug.has(p.slug)) throw new ContentError(`slug "${p.slug}" is used by a page and a note; slugs are one namespace (read_page)`);
    bySlug.set(p.slug, p);
  }
  const agents = readJson(path.join(dir, 'forum', 'agents.json'), seedAgentSchema);
  const posts = readJson(path.join(dir, 'forum', 'posts.json'), forumSeedPostSchema);
  checkForum(dir, agents, posts);
  const calendar = readJson(path.join(dir, 'gaokao-calendar.json'), calendarEntrySchema).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { dir, notes, pages, bySlug, agents, posts, calendar };
}

const loaded = new Map<string, SiteContent>();

/** The content of `dir`, read once per process (the files are part of the release, not edited at run time). */
export function siteContent(dir: string = CONTENT_DIR): SiteContent {
  let c = loaded.get(dir);
  if (!c) loaded.set(dir, (c = loadSiteContent(dir)));
  return c;
}
