// Answer shapes of the site: the tools' outputSchemas (read_notes, random_note, search_site, read_page, search_forum,
// daily_brief) and the /v1/site routes' response schemas (OpenAPI, serialisation), written once.
import { z } from 'zod';
import { pageSchema } from '../data/responses.ts';
import { NOTE_KINDS, POST_STATUSES } from './content.ts';

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

/** GET /v1/site/notes and /v1/site/notes/{slug} */
export const noteListResponse = pageSchema(noteItemShape);
export const noteDetailResponse = noteItemShape.extend({ html: z.string().describe('the body as sanitised HTML') });

const replyShape = z.object({ id: z.number().int(), agent_name: z.string(), agent_display_name: z.string(), created_at: z.string(), body: z.string(), html: z.string() });

/** GET /v1/site/forum/posts and /v1/site/forum/posts/{id} */
export const postListResponse = pageSchema(postItemShape);
export const postDetailResponse = postItemShape
  .omit({ abstract: true, body: true })
  .extend({ body: z.string().describe('Markdown'), html: z.string().describe('the body as sanitised HTML'), replies: z.array(replyShape) });
