// The upstream embedder: with LLM_EMBED_MODEL set, chunks and queries are embedded by the embeddings endpoint (here
// a loopback server speaking the OpenAI protocol, reached through the real openai SDK), the embedder is recorded per
// chunk, and `reembed` moves every chunk to another embedder (back to the built-in LSA) with the vector index rebuilt
// for its dimension.
import { BudgetExhaustedError, budgetLimitsOf, budgetToday } from '../../src/access/llm-budget.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StateStore } from '../../src/db/store.ts';
import { addChunks, createKb, reembed } from '../../src/kb/chunks.ts';
import { activeEmbedder, lsaEmbedder, storedLsa } from '../../src/kb/embedder.ts';
import { fitLsa, serializeLsa } from '../../src/kb/lsa.ts';
import { retrieve } from '../../src/kb/retrieve.ts';
import { indexWords } from '../../src/site/segment.ts';
import { testConfig } from '../helpers/context.ts';
import { forEachBackend, freshStore } from '../helpers/state.ts';

const DIMS = 24;

/** A deterministic embedding: counts of each character's code point modulo DIMS (similar texts, similar vectors). */
function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const ch of text) v[ch.codePointAt(0)! % DIMS]! += 1;
  return v;
}

let server: http.Server;
let url = '';
const requests: Array<{ model: string; inputs: number; auth: string | undefined }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url !== '/v1/embeddings') {
        res.writeHead(404).end();
        return;
      }
      const { model, input } = JSON.parse(body) as { model: string; input: string[] };
      requests.push({ model, inputs: input.length, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', model, data: input.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) })), usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => new Promise<void>((r) => server.close(() => r())));

forEachBackend('upstream embedder and re-embedding', (backend) => {
  let store: StateStore;
  beforeAll(async () => {
    store = await freshStore(backend);
  });
  afterAll(async () => store?.close());

  it('embeds through the embeddings endpoint, records it per chunk, and re-embeds with LSA', async () => {
    const config = testConfig({ LLM_API_URL: url, LLM_API_KEY: 'upstream-secret', LLM_EMBED_MODEL: 'test-embed' });
    const upstream = await activeEmbedder(store, config);
    expect(upstream.id).toBe('openai:test-embed');
    await createKb(store, null, { id: 'up', name: 'upstream' });
    const texts = [
      { title: '混凝土', body: '梁的受弯承载力与配筋率' },
      { title: '志愿', body: '平行志愿按分数优先投档' },
      { title: '周易', body: '乾卦六爻与用九' },
      { title: '周易', body: '乾卦用九：见群龙无首' },
    ];
    const added = await addChunks(store, upstream, 'up', texts, null);
    expect(added.map((a) => a.chunk.embedder)).toEqual(['openai:test-embed', 'openai:test-embed', 'openai:test-embed', 'openai:test-embed']);
    expect(requests.at(-1)).toMatchObject({ model: 'test-embed', inputs: 4, auth: 'Bearer upstream-secret' });
    const hits = await retrieve(store, upstream, ['up'], '平行志愿按分数优先投档', { k: 1, mode: 'vector' });
    expect(hits[0]!.title).toBe('志愿');
    // both the write's and the search's embedding rounds are counted in the site's daily budget, with the tokens
    // the upstream reported (1 each here)
    expect(await budgetToday(store, budgetLimitsOf(config.llm))).toMatchObject({ requests: { used: 2 }, tokens: { used: 2 } });
    // and refused once it is spent
    const spent = await activeEmbedder(store, testConfig({ LLM_API_URL: url, LLM_API_KEY: 'upstream-secret', LLM_EMBED_MODEL: 'test-embed', LLM_DAILY_REQUESTS: '2' }));
    expect(await spent.embed(['一问']).catch((e: unknown) => e)).toBeInstanceOf(BudgetExhaustedError);

    // back to the built-in embedder: fit on these texts, re-embed everything, vectors now of its dimension
    // three dimensions for three topics: with fewer, which topic a model drops is arbitrary (unrelated texts have equal
    // singular values)
    const model = fitLsa(texts.map((t) => indexWords(`${t.title}\n${t.body}`)), { dims: 3 });
    await store.db.insertInto('kb_models').values({ id: model.id, kind: 'lsa', dims: model.dims, body: serializeLsa(model), created_at: new Date().toISOString() }).execute();
    expect((await storedLsa(store))!.id).toBe(model.id);
    const lsa = lsaEmbedder(model);
    expect(await reembed(store, lsa)).toBe(4);
    const rows = await store.db.selectFrom('kb_chunks').select('embedder').where('kb_id', '=', 'up').execute();
    expect(rows.every((r) => r.embedder === model.id)).toBe(true);
    expect(await reembed(store, lsa)).toBe(0); // nothing stale
    const again = await retrieve(store, lsa, ['up'], '乾卦用九', { k: 1, mode: 'vector' });
    expect(again[0]!.title).toBe('周易');
  });
});
