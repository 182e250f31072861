// Hybrid retrieval: the full-text index and the vector index each rank candidate chunks, reciprocal rank fusion
// merges the two lists. Either index alone is available too (`mode`), for comparison and diagnosis.
import type { StateStore } from '../db/store.ts';
import type { Embedder } from './embedder.ts';
import { publicKbId } from './chunks.ts';
import { reciprocalRankFusion } from './fusion.ts';
import { fullTextSearch, vectorSearch } from './indexes.ts';
import { queryIndexWords } from '../site/segment.ts';

export type RetrievalMode = 'hybrid' | 'fulltext' | 'vector';

/** How many candidates each index contributes before fusion. */
const POOL = 40;

export interface Hit {
  id: number;
  kb_id: string;
  title: string;
  body: string;
  source: string | null;
  score: number;
  /** 1-based rank in each index's list (null: that index did not find it) */
  ranks: { fulltext: number | null; vector: number | null };
}

export async function retrieve(store: StateStore, embedder: Embedder, kbIds: string[], query: string, opts: { k?: number; mode?: RetrievalMode } = {}): Promise<Hit[]> {
  const k = opts.k ?? 5;
  const mode = opts.mode ?? 'hybrid';
  const [text, vector] = await Promise.all([
    mode === 'vector' ? [] : fullTextSearch(store, kbIds, queryIndexWords(query), POOL),
    mode === 'fulltext' ? [] : embedder.embed([query]).then(([v]) => (v!.some((x) => x !== 0) ? vectorSearch(store, kbIds, v!, POOL) : [])),
  ]);
  const candidates = [...new Set([...text, ...vector])];
  if (!candidates.length) return [];
  const rows = await store.db.selectFrom('kb_chunks').select(['seq', 'kb_id', 'title', 'body', 'source', 'embedder']).where('seq', 'in', candidates).execute();
  const bySeq = new Map(rows.map((r) => [Number(r.seq), r]));
  // A vector stored by another embedder (not yet re-embedded) is not comparable with this query's.
  const vectorList = vector.filter((seq) => bySeq.get(seq)?.embedder === embedder.id);
  const fused = reciprocalRankFusion([text, vectorList]);
  return fused.slice(0, k).map((f) => {
    const r = bySeq.get(f.id)!;
    return { id: f.id, kb_id: publicKbId(r.kb_id), title: r.title, body: r.body, source: r.source, score: Number(f.score.toFixed(6)), ranks: { fulltext: f.ranks[0] ?? null, vector: f.ranks[1] ?? null } };
  });
}

/** A question about the asker's own circumstances: 我, 我们家, 我的, 咱家, 孩子 (a parent asking about their child). */
const ABOUT_THE_ASKER = /我|咱|孩子|儿子|女儿/;

export function aboutTheAsker(question: string): boolean {
  return ABOUT_THE_ASKER.test(question);
}

/**
 * The chunks given to the chat as context, best first: those that share a word with the question (a chunk found by
 * vector similarity alone is too loose to cite; it still counts in the fusion that ranks those that do). A question
 * about the asker's own things looks in their own knowledge bases first: what they wrote about their family comes
 * before the site's notes, which share more words with any question about 平行志愿 or 位次 but know nothing of them.
 */
export async function contextChunks(store: StateStore, embedder: Embedder, kbIds: string[], ownKbIds: string[], question: string, k: number): Promise<Hit[]> {
  const topical = async (ids: string[]) => (ids.length ? (await retrieve(store, embedder, ids, question, { k: k * 2 })).filter((h) => h.ranks.fulltext !== null) : []);
  const own = aboutTheAsker(question) ? ownKbIds.filter((id) => kbIds.includes(id)) : [];
  if (!own.length) return (await topical(kbIds)).slice(0, k);
  const [mine, rest] = await Promise.all([topical(own), topical(kbIds.filter((id) => !own.includes(id)))]);
  return [...mine, ...rest].slice(0, k);
}
