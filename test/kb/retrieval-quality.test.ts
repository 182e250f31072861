// Retrieval quality on the site knowledge base: reader questions, each with the chunk that answers it. The tuned set
// (retrieval-questions.json; the LSA dimensions were chosen on it): the right chunk in the top 3 of hybrid retrieval
// as often as measured, the hybrid beating each index alone. The held-out set (retrieval-heldout.json, written
// afterwards from other sections and never tuned on): its figures are the estimate for unseen questions; the test
// holds them to a floor just under what was measured, to catch a regression. All figures are printed, on both
// backends (FTS5 bm25 on SQLite; idf-weighted ts_rank on PostgreSQL).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StateStore } from '../../src/db/store.ts';
import { testConfig } from '../helpers/context.ts';
import { forEachBackend, freshStore } from '../helpers/state.ts';
import { activeEmbedder, type Embedder } from '../../src/kb/embedder.ts';
import { retrieve, type RetrievalMode } from '../../src/kb/retrieve.ts';
import { seedSiteKb } from '../../src/kb/site-seed.ts';

type Pairs = Array<{ q: string; source: string; also?: string[] }>;
const load = (file: string) => (JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')) as { pairs: Pairs }).pairs;
const pairs = load('./retrieval-questions.json');
const heldOut = load('./retrieval-heldout.json');
/** Hybrid floors, the hits measured with the exact LSA fit less one question (see README "Knowledge base"): tuned
 * 37/42 and held out 28/32, on both backends. (Issue 15 asked for 90 % on the tuned set; the 92.9 % first reported
 * came from the randomized fit's projection and fell to 83–90 % with one-sentence edits of the notes.) */
const FLOOR = { tuned: 36 / 42, heldOut: 27 / 32 };

forEachBackend('site knowledge base retrieval quality', (backend) => {
  let store: StateStore;
  let embedder: Embedder;
  beforeAll(async () => {
    store = await freshStore(backend);
    await seedSiteKb(store, testConfig());
    embedder = await activeEmbedder(store, testConfig());
  });
  afterAll(async () => store?.close());

  const hitRate = async (set: Pairs, mode: RetrievalMode) => {
    const misses: string[] = [];
    for (const p of set) {
      const top = await retrieve(store, embedder, ['site'], p.q, { k: 3, mode });
      const answers = new Set([p.source, ...(p.also ?? [])]);
      if (!top.some((h) => h.source !== null && answers.has(h.source))) misses.push(p.q);
    }
    return { rate: (set.length - misses.length) / set.length, misses };
  };
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  async function measure(name: string, set: Pairs) {
    const sources = new Set((await store.db.selectFrom('kb_chunks').select('source').execute()).map((r) => r.source));
    for (const p of set) for (const s of [p.source, ...(p.also ?? [])]) expect(sources, `no chunk with source ${s}`).toContain(s);
    const hybrid = await hitRate(set, 'hybrid');
    const fulltext = await hitRate(set, 'fulltext');
    const vector = await hitRate(set, 'vector');
    process.stdout.write(
      `[${backend}] ${name}: top-3 hit rate over ${set.length} questions: hybrid ${pct(hybrid.rate)}, full text alone ${pct(fulltext.rate)}, vector (${embedder.id}) alone ${pct(vector.rate)}\n` +
        (hybrid.misses.length ? `  hybrid misses: ${hybrid.misses.join(' | ')}\n` : ''),
    );
    return { hybrid, fulltext, vector };
  }

  it(`finds the answering chunk in the top 3 for ${pairs.length} tuned questions as measured, and the hybrid beats each index alone`, async () => {
    expect(pairs.length).toBeGreaterThanOrEqual(30);
    const { hybrid, fulltext, vector } = await measure('tuned set', pairs);
    expect(hybrid.rate).toBeGreaterThan(fulltext.rate);
    expect(hybrid.rate).toBeGreaterThan(vector.rate);
    expect(hybrid.rate).toBeGreaterThanOrEqual(FLOOR.tuned);
  });

  it(`holds its measured quality on ${heldOut.length} held-out questions`, async () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(30);
    const asked = new Set(pairs.flatMap((p) => [p.source, ...(p.also ?? [])]));
    for (const p of heldOut) expect(asked.has(p.source), p.source).toBe(false); // other sections than the tuned set
    const { hybrid } = await measure('held-out set', heldOut);
    expect(hybrid.rate).toBeGreaterThanOrEqual(FLOOR.heldOut);
  });
});
