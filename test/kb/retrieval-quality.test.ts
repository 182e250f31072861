// Retrieval quality on the site knowledge base: a fixed set of reader questions, each with the chunk that answers it
// (test/kb/retrieval-questions.json). The right chunk must be in the top 3 of hybrid retrieval for at least 90 % of
// them, and the hybrid must beat each index alone on the same set. All three figures are printed, on both backends
// (FTS5 bm25 on SQLite; idf-weighted ts_rank on PostgreSQL).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StateStore } from '../../src/db/store.ts';
import { testConfig } from '../helpers/context.ts';
import { forEachBackend, freshStore } from '../helpers/state.ts';
import { activeEmbedder, type Embedder } from '../../src/kb/embedder.ts';
import { retrieve, type RetrievalMode } from '../../src/kb/retrieve.ts';
import { seedSiteKb } from '../../src/kb/site-seed.ts';

const { pairs } = JSON.parse(fs.readFileSync(new URL('./retrieval-questions.json', import.meta.url), 'utf8')) as { pairs: Array<{ q: string; source: string; also?: string[] }> };

forEachBackend('site knowledge base retrieval quality', (backend) => {
  let store: StateStore;
  let embedder: Embedder;
  beforeAll(async () => {
    store = await freshStore(backend);
    await seedSiteKb(store, testConfig());
    embedder = await activeEmbedder(store, testConfig());
  });
  afterAll(async () => store?.close());

  it(`finds the answering chunk in the top 3 for ≥ 90 % of ${pairs.length} questions, and the hybrid beats each index alone`, async () => {
    expect(pairs.length).toBeGreaterThanOrEqual(30);
    const sources = new Set((await store.db.selectFrom('kb_chunks').select('source').execute()).map((r) => r.source));
    for (const p of pairs) for (const s of [p.source, ...(p.also ?? [])]) expect(sources, `no chunk with source ${s}`).toContain(s);
    const hitRate = async (mode: RetrievalMode) => {
      const misses: string[] = [];
      for (const p of pairs) {
        const top = await retrieve(store, embedder, ['site'], p.q, { k: 3, mode });
        const answers = new Set([p.source, ...(p.also ?? [])]);
        if (!top.some((h) => h.source !== null && answers.has(h.source))) misses.push(p.q);
      }
      return { rate: (pairs.length - misses.length) / pairs.length, misses };
    };
    const hybrid = await hitRate('hybrid');
    const fulltext = await hitRate('fulltext');
    const vector = await hitRate('vector');
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    process.stdout.write(
      `[${backend}] top-3 hit rate over ${pairs.length} questions: hybrid ${pct(hybrid.rate)}, full text alone ${pct(fulltext.rate)}, vector (${embedder.id}) alone ${pct(vector.rate)}\n` +
        (hybrid.misses.length ? `  hybrid misses: ${hybrid.misses.join(' | ')}\n` : ''),
    );
    expect(hybrid.rate).toBeGreaterThan(fulltext.rate);
    expect(hybrid.rate).toBeGreaterThan(vector.rate);
    expect(hybrid.rate).toBeGreaterThanOrEqual(0.9);
  });
});
