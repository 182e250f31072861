// Knowledge bases and their chunks: listing, creating, adding, listing and deleting chunks (both indexes in the
// chunk's transaction), deleting a knowledge base, and re-embedding. The SQL that differs per dialect is in
// indexes.ts; everything here is written once.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { limitOffset, type Page as ListPage, type Paging } from '../data/paging.ts';
import type { StateTables } from '../db/tables.ts';
import { exclusive, type StateStore } from '../db/store.ts';
import { ForbiddenError, ServiceError } from '../errors.ts';
import { chunkText, type Embedder } from './embedder.ts';
import { clearVectors, indexTerms, prepareVectors, putVector, unindexChunks } from './indexes.ts';
import { sectionId } from '../site/render.ts';
import { indexWords } from '../site/segment.ts';

export const SITE_KB = 'site';

// Knowledge-base ids are per owner: the id a user chooses ("notes") is stored as "<owner id>/notes", so two accounts
// may both have "notes", and whether another account has an id is never visible (an id that is not yours is simply
// not found). The site's own knowledge bases keep their plain ids, which no account may take. Everything answered
// to a caller carries the id as the user chose it (publicKbId).

/** The stored id of an owner's knowledge base (the site's: its id as it is). */
export function storageKbId(ownerId: string | null, kbId: string): string {
  return ownerId ? `${ownerId}/${kbId}` : kbId;
}

/** The id a caller sees: the stored id without its owner. */
export function publicKbId(stored: string): string {
  const slash = stored.indexOf('/');
  return slash < 0 ? stored : stored.slice(slash + 1);
}

export interface KbSummary {
  id: string;
  name: string;
  description: string;
  /** "site" (read-only, maintained by the service) or "own" (the caller's) */
  owner: 'site' | 'own';
  chunks: number;
  created_at: string;
}

export interface NewChunk {
  title: string;
  body: string;
  source?: string | null;
}

export interface StoredChunk {
  id: number;
  kb_id: string;
  title: string;
  body: string;
  source: string | null;
  embedder: string | null;
  created_at: string;
}

/** The source of a site note's chunk: the note's file and, for a section, its heading as written. */
export function noteChunkSource(slug: string, heading?: string): string {
  return `notes/${slug}.md${heading ? `#${heading}` : ''}`;
}

/** Where a reader can read a chunk in full: the note's page, at the chunk's section, for the site's note chunks
 * (noteChunkSource), the source itself when it is a web address, else null (the data READMEs and sources given as
 * citations). */
export function chunkUrl(source: string | null): string | null {
  if (!source) return null;
  const note = /^notes\/([a-z0-9-]+)\.md(?:#(.+))?$/.exec(source);
  if (note) return `/notes/${note[1]}${note[2] ? `#${encodeURIComponent(sectionId(note[2]))}` : ''}`;
  return /^https?:\/\/[^\s]+$/i.test(source) ? source : null;
}

/** The bundle's datasets by their folder, as a reader knows them (the data READMEs' chunks are named by these). */
const DATASETS: Record<string, string> = {
  '.': '数据包总览',
  'gaokao/rank_tables': '一分一段表',
  'gaokao/score_lines': '历年录取分数线',
  'gaokao/rankings_evaluations': '排名与学科评估',
  'gaokao/admission_plans': '招生计划',
  'gaokao/lines_2026': '2026 年投档线与专业录取线',
  'gaokao/batch_lines': '批次线（省控线）',
  'gaokao/majors': '本科专业目录',
  'gaokao/official_provincial': '省级官方录取表',
  'gaokao/universities': '院校名录',
};

/**
 * A chunk's title as a reader is shown it: its own, except that the data READMEs' chunks (stored as "数据说明
 * <path> · <heading>", the path kept for the index) are named by their dataset — a source is named by its title,
 * never by a file path.
 */
export function chunkTitle(c: { title: string; source?: string | null }): string {
  const readme = /^data\/(.+)$/.exec(c.source ?? '');
  if (!readme) return c.title;
  const folder = readme[1]!.includes('/') ? readme[1]!.slice(0, readme[1]!.lastIndexOf('/')) : '.';
  const heading = c.title.replace(/^数据说明 \S+ · /, '');
  return `数据说明：${DATASETS[folder] ?? folder.split('/').pop()} · ${heading}`;
}

/**
 * Where a cited chunk comes from, in words (the answer's 参考资料 list): the site's notes or data READMEs by kind —
 * their stored source is an internal path, which a reader is never shown (the citation's url leads to the note) —
 * and a user's own chunk by its knowledge base and the source they gave, as they typed it.
 */
export function chunkOrigin(c: { kb_id: string; source: string | null }): string {
  if (c.kb_id === SITE_KB) return c.source?.startsWith('notes/') ? '本站笔记' : c.source?.startsWith('data/') ? '本站数据说明' : '本站知识库';
  return `我的知识库 ${c.kb_id}`;
}

export function contentHash(title: string, body: string): string {
  return createHash('sha256').update(title).update('\u0000').update(body).digest('hex');
}

/** The knowledge bases a user may read: the site's and their own, with chunk counts. */
export async function listKbs(store: StateStore, userId: string): Promise<KbSummary[]> {
  const rows = await store.db
    .selectFrom('kb_bases as b')
    .leftJoin('kb_chunks as c', 'c.kb_id', 'b.id')
    .select(['b.id', 'b.name', 'b.description', 'b.owner_id', 'b.created_at', (eb) => eb.fn.count<number>('c.seq').as('chunks')])
    .where((eb) => eb.or([eb('b.owner_id', 'is', null), eb('b.owner_id', '=', userId)]))
    .groupBy(['b.id', 'b.name', 'b.description', 'b.owner_id', 'b.created_at'])
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({ id: publicKbId(r.id), name: r.name, description: r.description, owner: r.owner_id === null ? 'site' : 'own', chunks: Number(r.chunks), created_at: r.created_at }));
}

/** Creates a knowledge base; false when the owner already has one with this id, or (for an account) it is a site id. */
export async function createKb(store: StateStore, ownerId: string | null, kb: { id: string; name: string; description?: string }, now = new Date()): Promise<boolean> {
  if (ownerId && (await store.db.selectFrom('kb_bases').select('id').where('id', '=', kb.id).where('owner_id', 'is', null).executeTakeFirst())) return false;
  const r = await store.db
    .insertInto('kb_bases')
    .values({ id: storageKbId(ownerId, kb.id), name: kb.name, description: kb.description ?? '', owner_id: ownerId, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** The stored id of the user's knowledge base `kbId`, or 404 (none of theirs) / 403 (the site's, read-only). */
export async function writableKb(store: StateStore, kbId: string, userId: string): Promise<string> {
  const own = storageKbId(userId, kbId);
  const rows = await store.db.selectFrom('kb_bases').select(['id', 'owner_id']).where('id', 'in', [own, kbId]).execute();
  if (rows.some((r) => r.id === own && r.owner_id === userId)) return own;
  if (rows.some((r) => r.id === kbId && r.owner_id === null)) throw new ForbiddenError(`the knowledge base "${kbId}" is the site's own and read-only; create your own with POST /api/v1/kb`, 'kb_read_only');
  throw new ServiceError(`kb_id: you have no knowledge base "${kbId}"; GET /api/v1/kb lists yours, POST /api/v1/kb creates one`, 404, 'not_found_error', 'kb_not_found', 'kb_id');
}

/** The stored ids of the knowledge bases a user may search among `requested` (ids as the user names them; all
 * readable ones when none are named): the site's and the user's own. */
export async function readableKbIds(store: StateStore, userId: string | null, requested?: string[]): Promise<string[]> {
  let q = store.db.selectFrom('kb_bases').select('id').where((eb) => (userId ? eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]) : eb('owner_id', 'is', null)));
  if (requested?.length) q = q.where('id', 'in', requested.flatMap((id) => (userId ? [id, storageKbId(userId, id)] : [id])));
  return (await q.orderBy('id').execute()).map((r) => r.id);
}

export interface AddResult {
  chunk: StoredChunk;
  /** the same title and body were already in this knowledge base: that chunk is returned */
  duplicate: boolean;
}

/**
 * Adds chunks to a knowledge base: each row, its words in the full-text index and its vector, in one transaction
 * (committed before this resolves: an acknowledged chunk survives a crash). Vectors are computed first, outside the
 * transaction (an upstream embedder is a network call).
 */
export async function addChunks(store: StateStore, embedder: Embedder, kbId: string, chunks: NewChunk[], createdBy: string | null, now = new Date()): Promise<AddResult[]> {
  const vectors = await embedder.embed(chunks.map((c) => chunkText(c.title, c.body)));
  return exclusive(store, async (db) => {
    const out: AddResult[] = [];
    for (const [i, c] of chunks.entries()) {
      const hash = contentHash(c.title, c.body);
      const terms = indexWords(chunkText(c.title, c.body)).join(' ');
      const inserted = await db
        .insertInto('kb_chunks')
        .values({ kb_id: kbId, title: c.title, body: c.body, source: c.source ?? null, terms, embedder: embedder.id, content_hash: hash, created_by: createdBy, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['kb_id', 'content_hash']).doNothing())
        .returning(['seq', 'kb_id', 'title', 'body', 'source', 'embedder', 'created_at'])
        .executeTakeFirst();
      if (!inserted) {
        const existing = await db.selectFrom('kb_chunks').select(['seq', 'kb_id', 'title', 'body', 'source', 'embedder', 'created_at']).where('kb_id', '=', kbId).where('content_hash', '=', hash).executeTakeFirstOrThrow();
        const { seq: existingSeq, ...found } = existing;
        out.push({ chunk: { ...found, kb_id: publicKbId(found.kb_id), id: Number(existingSeq) }, duplicate: true });
        continue;
      }
      const { seq: insertedSeq, ...row } = inserted;
      const seq = Number(insertedSeq);
      await indexTerms(db, store.dialect, seq, terms);
      await prepareVectors(db, store.dialect, vectors[i]!.length);
      await putVector(db, store.dialect, seq, kbId, vectors[i]!);
      out.push({ chunk: { ...row, kb_id: publicKbId(row.kb_id), id: seq }, duplicate: false });
    }
    return out;
  });
}

async function removeChunks(db: Kysely<StateTables>, dialect: StateStore['dialect'], seqs: number[]): Promise<void> {
  if (!seqs.length) return;
  await unindexChunks(db, dialect, seqs);
  await db.deleteFrom('kb_chunks').where('seq', 'in', seqs).execute();
}

/** Removes chunks (a site seed whose text changed), from both indexes too. */
export async function deleteChunks(store: StateStore, seqs: number[]): Promise<void> {
  if (!seqs.length) return;
  await exclusive(store, (db) => removeChunks(db, store.dialect, seqs));
}

/** A knowledge base's chunks, newest first. */
export async function listChunks(store: StateStore, kbId: string, p: Paging): Promise<ListPage<StoredChunk>> {
  const { limit, offset } = limitOffset(p);
  const rows = await store.db
    .selectFrom('kb_chunks')
    .select(['seq', 'kb_id', 'title', 'body', 'source', 'embedder', 'created_at'])
    .where('kb_id', '=', kbId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { items: rows.slice(0, p.page_size).map(({ seq, ...r }) => ({ ...r, kb_id: publicKbId(r.kb_id), id: Number(seq) })), page: p.page, page_size: p.page_size, has_more: rows.length > p.page_size };
}

/** Deletes one chunk of a knowledge base, from both indexes; false when that knowledge base has no such chunk. */
export async function deleteChunk(store: StateStore, kbId: string, id: number): Promise<boolean> {
  return exclusive(store, async (db) => {
    const row = await db.selectFrom('kb_chunks').select('seq').where('kb_id', '=', kbId).where('seq', '=', id).executeTakeFirst();
    if (!row) return false;
    await removeChunks(db, store.dialect, [Number(row.seq)]);
    return true;
  });
}

/** Deletes a knowledge base with all its chunks (one transaction); how many chunks went with it. */
export async function deleteKb(store: StateStore, kbId: string): Promise<number> {
  return exclusive(store, async (db) => {
    const seqs = (await db.selectFrom('kb_chunks').select('seq').where('kb_id', '=', kbId).execute()).map((r) => Number(r.seq));
    await removeChunks(db, store.dialect, seqs);
    await db.deleteFrom('kb_bases').where('id', '=', kbId).execute();
    return seqs.length;
  });
}

const REEMBED_BATCH = 256;

/**
 * Gives every chunk not embedded by `embedder` a vector from it (all of them with `all`). Batches commit one by one,
 * so an interrupted run resumes where it stopped. Returns how many chunks were re-embedded.
 */
export async function reembed(store: StateStore, embedder: Embedder, opts: { all?: boolean; onProgress?: (done: number) => void } = {}): Promise<number> {
  if (opts.all) await exclusive(store, async (db) => {
    await clearVectors(db, store.dialect);
    await db.updateTable('kb_chunks').set({ embedder: null }).execute();
  });
  let done = 0;
  for (;;) {
    const batch = await store.db
      .selectFrom('kb_chunks')
      .select(['seq', 'kb_id', 'title', 'body'])
      .where((eb) => eb.or([eb('embedder', 'is', null), eb('embedder', '!=', embedder.id)]))
      .orderBy('seq')
      .limit(REEMBED_BATCH)
      .execute();
    if (!batch.length) return done;
    const vectors = await embedder.embed(batch.map((c) => chunkText(c.title, c.body)));
    await exclusive(store, async (db) => {
      await prepareVectors(db, store.dialect, vectors[0]!.length);
      for (const [i, c] of batch.entries()) {
        await putVector(db, store.dialect, Number(c.seq), c.kb_id, vectors[i]!);
        await db.updateTable('kb_chunks').set({ embedder: embedder.id }).where('seq', '=', c.seq).execute();
      }
    });
    done += batch.length;
    opts.onProgress?.(done);
  }
}
