// Which embedder turns chunk and query text into vectors: the upstream embeddings endpoint when LLM_EMBED_MODEL is
// set (with LLM_API_URL and LLM_API_KEY, through the openai SDK), else the built-in LSA model fitted on the site's
// own text and stored in kb_models (the newest one). Every vector is unit length, so cosine is a dot product. The
// embedder's id is recorded with each chunk; vectors of another embedder are never compared with this one's.
import OpenAI from 'openai';
import type { Config } from '../config.ts';
import type { StateStore } from '../db/store.ts';
import { UnavailableError } from '../errors.ts';
import { perStore } from '../access/per-store.ts';
import { budgetLimitsOf, reserveRound, settleRound, type BudgetLimits } from '../access/llm-budget.ts';
import { tokensOf } from '../agent/tokens.ts';
import { deserializeLsa, embedLsa, type LsaModel } from './lsa.ts';
import { indexWords } from '../site/segment.ts';

export interface Embedder {
  /** recorded with each chunk: `lsa-<dims>-<corpus hash>` or `openai:<model>` */
  id: string;
  embed(texts: string[]): Promise<Float32Array[]>;
}

const EMBED_BATCH = 64;

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

/**
 * The upstream embeddings endpoint. With `budget` every batch is a round of the site's daily budget of the upstream
 * model (reserved with its input's tokens, settled with what the upstream reports), like every chat round: the
 * knowledge base's writes and searches cost the operator too.
 */
export function upstreamEmbedder(llm: Config['llm'], budget?: { store: StateStore; limits: BudgetLimits }): Embedder {
  const client = new OpenAI({ baseURL: llm.apiUrl, apiKey: llm.apiKey || 'none', maxRetries: 2, timeout: 60_000 });
  return {
    id: `openai:${llm.embedModel}`,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const batch = texts.slice(i, i + EMBED_BATCH);
        const prompt = batch.reduce((n, t) => n + tokensOf(t), 0);
        const reservation = budget ? await reserveRound(budget.store, budget.limits, { prompt, maxTokens: 0 }) : null;
        let used = prompt;
        let r: Awaited<ReturnType<typeof client.embeddings.create>>;
        try {
          r = await client.embeddings.create({ model: llm.embedModel, input: batch, encoding_format: 'float' });
          used = r.usage?.prompt_tokens ?? prompt;
        } finally {
          if (budget && reservation) await settleRound(budget.store, budget.limits, reservation, used).catch(() => undefined);
        }
        for (const d of [...r.data].sort((a, b) => a.index - b.index)) out.push(unit(Float32Array.from(d.embedding)));
      }
      if (out.length !== texts.length) throw new Error(`the embeddings endpoint returned ${out.length} vectors for ${texts.length} texts`);
      return out;
    },
  };
}

export function lsaEmbedder(model: LsaModel): Embedder {
  return { id: model.id, embed: async (texts) => texts.map((t) => embedLsa(model, indexWords(t))) };
}

const loaded = perStore(() => ({ model: null as LsaModel | null }));

/** The newest stored LSA model, or null before the site knowledge base was seeded. Loaded once per model id. */
export async function storedLsa(store: StateStore): Promise<LsaModel | null> {
  const head = await store.db.selectFrom('kb_models').select('id').where('kind', '=', 'lsa').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!head) return null;
  const cache = loaded(store);
  if (cache.model?.id !== head.id) {
    const row = await store.db.selectFrom('kb_models').select('body').where('id', '=', head.id).executeTakeFirstOrThrow();
    cache.model = deserializeLsa(row.body);
  }
  return cache.model;
}

export function usesUpstream(config: Config): boolean {
  return Boolean(config.llm.embedModel && config.llm.apiUrl);
}

/** The embedder this configuration uses now; an upstream one counts against the site's daily budget unless
 * `counted` is false (the site's own seeding at start, which a spent budget must not stop). */
export async function activeEmbedder(store: StateStore, config: Config, opts: { counted?: boolean } = {}): Promise<Embedder> {
  if (usesUpstream(config)) return upstreamEmbedder(config.llm, opts.counted === false ? undefined : { store, limits: budgetLimitsOf(config.llm) });
  const model = await storedLsa(store);
  if (!model) throw new UnavailableError('the knowledge base has no fitted embedder yet; run `npm run kb -- seed` (npm start does it)', 'kb_not_seeded');
  return lsaEmbedder(model);
}

/** The text a chunk is embedded and indexed by: its title, then its body. */
export function chunkText(title: string, body: string): string {
  return `${title}\n${body}`;
}
