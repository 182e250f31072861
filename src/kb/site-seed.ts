// The site's own knowledge base ("site"): the site's notes (as src/site/content.ts reads them, one chunk per section)
// and the data bundle's READMEs (SITE_DATA_DIR/**/README*, one chunk per heading or numbered block), seeded
// idempotently.
// Without an upstream embeddings model the LSA embedder is fitted on exactly these chunks and stored, so chunk and
// query vectors stay comparable until the next re-embedding; a changed seed (a note edited) removes the chunks
// whose text is gone, refits, and re-embeds.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { exclusive, type StateStore } from '../db/store.ts';
import { oncePerStore } from '../access/per-store.ts';
import { activeEmbedder, chunkText, usesUpstream } from './embedder.ts';
import { addChunks, contentHash, createKb, deleteChunks, noteChunkSource, reembed, SITE_KB, type NewChunk } from './chunks.ts';
import { corpusHash, fitLsa, serializeLsa } from './lsa.ts';
import { CONTENT_DIR, siteContent, type Note } from '../site/content.ts';
import { indexWords } from '../site/segment.ts';

/** Chunks longer than this are split at paragraph breaks. */
const MAX_CHUNK = 900;
// 64 dimensions for a corpus of a few hundred chunks: compared with 96, 128 and 192 on the retrieval set in
// test/kb/ (top-3 hit rate 88–93 %), 64 generalised best; more dimensions approach plain TF-IDF cosine.
export const LSA_DIMS = 64;

function splitLong(text: string): string[] {
  if (text.length <= MAX_CHUNK) return [text];
  const out: string[] = [];
  let cur = '';
  for (const para of text.split(/\n\s*\n/)) {
    if (cur && cur.length + para.length > MAX_CHUNK) {
      out.push(cur.trim());
      cur = '';
    }
    cur += `${para}\n\n`;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** A note's chunks: its opening text, then one per `##` section (long ones split at paragraphs). The source names the
 * note's file and section (`notes/<slug>.md#<heading>`); chunkUrl turns it into the note's page. */
export function noteChunks(note: Pick<Note, 'slug' | 'title' | 'markdown'>): NewChunk[] {
  const parts = note.markdown.split(/^## /m);
  const out: NewChunk[] = [];
  const intro = parts[0]!.trim();
  if (intro) out.push({ title: note.title, body: intro, source: noteChunkSource(note.slug) });
  for (const part of parts.slice(1)) {
    const nl = part.indexOf('\n');
    const heading = (nl < 0 ? part : part.slice(0, nl)).trim();
    const text = nl < 0 ? '' : part.slice(nl + 1).trim();
    if (!text) continue;
    for (const piece of splitLong(text)) out.push({ title: `${note.title} · ${heading}`, body: piece, source: noteChunkSource(note.slug, heading) });
  }
  return out;
}

/** A README's chunks: markdown headings, or the numbered blocks of the bundle's plain-text READMEs. */
export function readmeChunks(rel: string, text: string): NewChunk[] {
  const blocks = rel.endsWith('.md') ? text.split(/^(?=#{1,3} )/m) : text.split(/\n(?=\d+\)\s)|\n\s*\n(?=\S)/);
  const out: NewChunk[] = [];
  for (const block of blocks) {
    const trimmed = block.trim();
    if (trimmed.length < 40) continue;
    const first = trimmed.split('\n')[0]!.replace(/^#+\s*/, '').slice(0, 60);
    for (const piece of splitLong(trimmed)) out.push({ title: `数据说明 ${rel} · ${first}`, body: piece, source: `data/${rel}` });
  }
  return out;
}

function readmes(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? readmes(path.join(dir, e.name), base) : /^readme/i.test(e.name) ? [path.relative(base, path.join(dir, e.name))] : []));
}

/** Every chunk of the site knowledge base, in a fixed order (notes by file name, then the READMEs). */
export function siteChunks(config: Pick<Config, 'dataDir'>, contentDir = CONTENT_DIR): NewChunk[] {
  const notes = [...siteContent(contentDir).notes].sort((a, b) => (`${a.slug}.md` < `${b.slug}.md` ? -1 : 1));
  const seen = new Set<string>();
  return [
    ...notes.flatMap(noteChunks),
    ...readmes(config.dataDir).flatMap((rel) => readmeChunks(rel, fs.readFileSync(path.join(config.dataDir, rel), 'utf8'))),
  ].filter((c) => {
    const h = contentHash(c.title, c.body);
    if (seen.has(h)) return false;
    seen.add(h);
    return true;
  });
}

export interface SeedReport {
  chunks: number;
  added: number;
  removed: number;
  embedder: string;
  reembedded: number;
}

/** Seeds (or brings up to date) the site knowledge base; safe to run from several nodes at once. */
export async function seedSiteKb(store: StateStore, config: Config, opts: { contentDir?: string } = {}): Promise<SeedReport> {
  const chunks = siteChunks(config, opts.contentDir);
  await createKb(store, null, { id: SITE_KB, name: '本站知识库', description: "the site's notes and the data bundle's READMEs (read-only)" });
  // The fitted model first: chunks are embedded by it as they are added.
  if (!usesUpstream(config)) {
    const docs = chunks.map((c) => indexWords(chunkText(c.title, c.body)));
    const hash = corpusHash(docs);
    await exclusive(
      store,
      async (db) => {
        const have = await db.selectFrom('kb_models').select('id').where('kind', '=', 'lsa').where('id', 'like', `lsa-%-${hash}`).executeTakeFirst();
        if (have) return;
        const model = fitLsa(docs, { dims: LSA_DIMS });
        await db.insertInto('kb_models').values({ id: model.id, kind: 'lsa', dims: model.dims, body: serializeLsa(model), created_at: new Date().toISOString() }).execute();
      },
      'svc.kb.seed',
    );
  }
  const embedder = await activeEmbedder(store, config, { counted: false });
  const wanted = new Set(chunks.map((c) => contentHash(c.title, c.body)));
  const existing = await store.db.selectFrom('kb_chunks').select(['seq', 'content_hash']).where('kb_id', '=', SITE_KB).execute();
  const have = new Set(existing.map((r) => r.content_hash));
  const stale = existing.filter((r) => !wanted.has(r.content_hash)).map((r) => Number(r.seq));
  await deleteChunks(store, stale);
  const missing = chunks.filter((c) => !have.has(contentHash(c.title, c.body)));
  const added = missing.length ? (await addChunks(store, embedder, SITE_KB, missing, null)).filter((r) => !r.duplicate).length : 0;
  const reembedded = await reembed(store, embedder);
  return { chunks: chunks.length, added, removed: stale.length, embedder: embedder.id, reembedded };
}

const ready = oncePerStore((store) => seedSiteKb(store, configOf.get(store)!));
const configOf = new WeakMap<StateStore, Config>();

/** Seeds the site knowledge base once per process and store (npm start calls it at start; the KB routes wait for it).
 * A failed seed is retried by the next caller. */
export function siteKbReady(store: StateStore, config: Config): Promise<SeedReport> {
  configOf.set(store, config);
  return ready(store);
}
