// Notes and static pages: the list with its filters (q, kind, tag), one note or page by slug. The list is built from
// the same loaded content the public pages are served from, so a note is listed exactly when /notes/{slug} exists.
import { z } from 'zod';
import type { Config } from '../config.ts';
import { pageFields, type Page as ListPage, type Paging } from '../data/paging.ts';
import { NotFoundError } from '../errors.ts';
import { NOTE_KINDS, type Note, type NoteKind, type Page, type SiteContent } from './content.ts';
import { matchingSlugs, pagePath } from './search.ts';

export const slugField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a page slug: lowercase letters, digits and hyphens, e.g. read-yifenyiduan')
  .describe('页面 slug（小写字母、数字、连字符），见 read_notes / search_site 的结果 · page slug, as listed by read_notes or search_site');

export const noteFilterFields = {
  q: z.string().trim().min(1).max(100).optional().describe('关键词（标题、标签、摘要与正文，中文 1 字起即可）；有 q 时按相关度排序 · keywords (title, tags, summary, body; Chinese from one character); ranked by relevance'),
  kind: z.enum(NOTE_KINDS).optional().describe('类别：思辨（思考）、复盘（回顾）、记（记录） · kind: 思辨 reflection, 复盘 review, 记 record'),
  tag: z.string().trim().min(1).max(30).optional().describe('标签，完全匹配（如 志愿填报）· tag, exact (e.g. 志愿填报)'),
};

export const noteListSchema = z.object({ ...noteFilterFields, ...pageFields }).strict();
export type NoteListQuery = z.output<typeof noteListSchema>;

export const noteSlugSchema = z.object({ slug: slugField }).strict();

export interface NoteListItem {
  slug: string;
  title: string;
  kind: NoteKind;
  date: string;
  tags: string[];
  summary: string;
  path: string;
}

export function noteListItem(n: Note): NoteListItem {
  return { slug: n.slug, title: n.title, kind: n.kind, date: n.date, tags: n.tags, summary: n.summary, path: pagePath(n) };
}

/** The notes matching the filters: newest first, or by relevance when `q` is given. */
export function filterNotes(content: SiteContent, f: { q?: string; kind?: NoteKind; tag?: string }): Note[] {
  let notes: Note[] = content.notes;
  if (f.q) {
    const bySlug = new Map(notes.map((n) => [n.slug, n]));
    notes = matchingSlugs(content, f.q, 'notes').map((s) => bySlug.get(s)!);
  }
  return notes.filter((n) => (!f.kind || n.kind === f.kind) && (!f.tag || n.tags.includes(f.tag)));
}

export function paginate<T>(all: T[], p: Paging): ListPage<T> {
  const start = (p.page - 1) * p.page_size;
  return { items: all.slice(start, start + p.page_size), page: p.page, page_size: p.page_size, has_more: all.length > start + p.page_size };
}

export function listNotes(content: SiteContent, q: NoteListQuery): ListPage<NoteListItem> {
  return paginate(filterNotes(content, q).map(noteListItem), q);
}

/** A note or page by slug; NotFoundError (404) names the slug and where to find real ones. */
export function pageBySlug(content: SiteContent, slug: string, type?: 'note' | 'page'): Page {
  const p = content.bySlug.get(slug);
  if (!p || (type && p.type !== type)) {
    const where = type === 'page' ? `pages: ${content.pages.map((x) => x.slug).join(', ')}` : 'list them with /v1/site/notes or read_notes';
    throw new NotFoundError(`no ${type ?? 'page or note'} with slug "${slug}"; ${where}`, 'slug');
  }
  return p;
}

/** One note for /v1/site/notes/{slug}: its metadata and the body as sanitised HTML (interface 2.6). */
export function noteDetail(content: SiteContent, slug: string) {
  const n = pageBySlug(content, slug, 'note') as Note;
  return { ...noteListItem(n), html: n.html };
}

/** The public address of a note or page path (/notes/…, /pages/…) on this site. */
export function withUrl<T extends { path: string }>(config: Config, item: T): T & { url: string } {
  return { ...item, url: `${config.siteUrl}${item.path}` };
}
