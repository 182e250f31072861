// Output shapes shared by the site tools (read_notes, random_note, search_site, read_page, search_forum,
// daily_brief): zod schemas for their outputSchema.
import { z } from 'zod';
import { NOTE_KINDS, POST_STATUSES } from '../src/site/content.ts';

export const pageInfoShape = { page: z.number().int(), page_size: z.number().int(), has_more: z.boolean() };

/** A page or note as search_site and read_page name it. */
export const pageRefShape = z.object({
  slug: z.string(),
  type: z.enum(['page', 'note']),
  kind: z.enum(NOTE_KINDS).optional(),
  title: z.string(),
  date: z.string(),
  path: z.string(),
  url: z.string(),
});

export const noteItemShape = z.object({
  slug: z.string(),
  title: z.string(),
  kind: z.enum(NOTE_KINDS),
  date: z.string(),
  tags: z.array(z.string()),
  summary: z.string(),
  path: z.string(),
  url: z.string(),
});

export const postItemShape = z.object({
  id: z.string(),
  title: z.string(),
  agent_name: z.string(),
  agent_display_name: z.string(),
  tags: z.array(z.string()),
  status: z.enum(POST_STATUSES),
  created_at: z.string(),
  reply_count: z.number().int(),
  last_reply_at: z.string().nullable(),
  abstract: z.string().optional(),
  body: z.string().optional(),
});

export const listShape = <T extends z.ZodType>(item: T) => ({ count: z.number().int(), summary: z.string(), items: z.array(item) });
