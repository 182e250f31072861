// The built-in offline embedder: latent semantic analysis (TF-IDF over segmented words, reduced by a truncated SVD)
// fitted on the site's own text. It needs no model download and no network, so knowledge-base retrieval works on a
// fresh machine; an upstream embeddings endpoint replaces it when one is configured.
//
// Fitting: A (documents × terms) holds sublinear TF-IDF rows, each of unit length. A randomized range finder
// (Halko, Martinsson & Tropp 2011, algorithm 4.4 with two power iterations) finds the top-k right singular vectors
// V_k of A — exactly, from the eigen decomposition of A Aᵀ, when the corpus has at most EXACT_MAX_DOCS documents (the
// site's has a few hundred); a text is embedded as V_kᵀ·tfidf(text), normalised — the same fold-in for chunks and queries, so cosine
// similarity compares like with like. The random test matrix comes from a fixed seed: the same corpus always gives
// the same model, and the model id is a hash of what it was fitted on.
import crypto from 'node:crypto';
import { EigenvalueDecomposition, Matrix, QrDecomposition } from 'ml-matrix';
import { sfc32Next } from '../calc/yijing/generator.ts';

export interface LsaModel {
  /** `lsa-<dims>-<first 12 hex of the corpus hash>`: recorded with every chunk embedded by this model */
  id: string;
  dims: number;
  vocab: string[];
  idf: Float64Array;
  /** terms × dims, row-major: V_k */
  proj: Float32Array;
}

export interface LsaOptions {
  /** target dimensions (fewer when the corpus is small) */
  dims?: number;
  /** terms seen in fewer documents are left out (noise, typos) */
  minDf?: number;
}

const OVERSAMPLE = 10;
const POWER_ITERATIONS = 2;
/** Up to this many documents the SVD is exact (the eigen decomposition of the documents' Gram matrix A Aᵀ). */
const EXACT_MAX_DOCS = 800;
/** Part of the model's corpus hash: a model fitted by an older method is never taken for this one's. */
const FIT_METHOD = 'lsa/gram-evd-v2';

/** Fits the model on documents given as token lists (segmented words). */
export function fitLsa(docs: string[][], opts: LsaOptions = {}): LsaModel {
  const minDf = opts.minDf ?? 1;
  const df = new Map<string, number>();
  for (const tokens of docs) for (const t of new Set(tokens)) df.set(t, (df.get(t) ?? 0) + 1);
  const vocab = [...df.entries()].filter(([, n]) => n >= minDf).map(([t]) => t).sort();
  if (docs.length < 2 || vocab.length < 2) throw new Error('the LSA embedder needs at least two documents with words to fit');
  const index = new Map(vocab.map((t, i) => [t, i]));
  const n = docs.length;
  const idf = Float64Array.from(vocab, (t) => Math.log((1 + n) / (1 + df.get(t)!)) + 1);

  // Sparse rows of A.
  const rows = docs.map((tokens) => tfidfSparse(tokens, index, idf));
  const l = Math.min((opts.dims ?? 128) + OVERSAMPLE, n, vocab.length);
  const dims = Math.min(opts.dims ?? 128, l - 1 > 0 ? l - 1 : 1);

  // B (l × terms) with Bᵀ = Aᵀ Q for an orthonormal basis Q (n × l) of A's column space: the identity when the corpus
  // is small enough for the exact decomposition (then B Bᵀ = A Aᵀ and the singular vectors are exact, so a small
  // edit to the text moves the model only as much as the text moved), else the randomized range finder.
  let gram: Matrix; // l × l = B Bᵀ
  let backProject: (u: Matrix) => Matrix; // u ↦ Bᵀ u (terms × 1)
  if (n <= EXACT_MAX_DOCS) {
    gram = sparseGram(rows);
    backProject = (u) => mulSparseT(rows, u, vocab.length);
  } else {
    const rng = Uint32Array.of(0x6b62, 0x6c7361, 0x7631, 0x5eed);
    const omega = new Matrix(vocab.length, l);
    for (let i = 0; i < vocab.length; i++) for (let j = 0; j < l; j++) omega.set(i, j, gaussian(rng));
    let y = mulSparse(rows, omega); // n × l
    for (let it = 0; it < POWER_ITERATIONS; it++) {
      y = orthonormal(y);
      y = mulSparse(rows, mulSparseT(rows, y, vocab.length));
    }
    const q = orthonormal(y); // n × l
    const bt = mulSparseT(rows, q, vocab.length); // terms × l  (Bᵀ = Aᵀ Q)
    gram = bt.transpose().mmul(bt);
    backProject = (u) => bt.mmul(u);
  }
  const eig = new EigenvalueDecomposition(gram, { assumeSymmetric: true });
  const values = eig.realEigenvalues;
  const order = values.map((v, i) => [v, i] as const).sort((x, z) => z[0] - x[0]).slice(0, dims);
  const ub = eig.eigenvectorMatrix;
  const proj = new Float32Array(vocab.length * dims);
  order.forEach(([value, col], k) => {
    const sigma = Math.sqrt(Math.max(value, 0));
    if (sigma === 0) return;
    const u = ub.getColumnVector(col);
    const v = backProject(u);
    // Sign convention: the largest component positive, so the model does not depend on the eigen solver's choice.
    let maxAbs = 0;
    let sign = 1;
    for (let t = 0; t < vocab.length; t++) {
      const x = v.get(t, 0);
      if (Math.abs(x) > maxAbs) {
        maxAbs = Math.abs(x);
        sign = x < 0 ? -1 : 1;
      }
    }
    for (let t = 0; t < vocab.length; t++) proj[t * dims + k] = (sign * v.get(t, 0)) / sigma;
  });

  return { id: `lsa-${dims}-${corpusHash(docs)}`, dims, vocab, idf, proj };
}

/** The corpus part of a model id (first 12 hex of a SHA-256 over the token lists): tells whether a stored model was
 * fitted on exactly these documents without fitting again. */
export function corpusHash(docs: string[][]): string {
  const hash = crypto.createHash('sha256').update(`${FIT_METHOD}\n`);
  for (const tokens of docs) hash.update(tokens.join(' ')).update('\n');
  return hash.digest('hex').slice(0, 12);
}

/** Embeds a token list: V_kᵀ·tfidf, unit length (all zeros when no word is known to the model). */
export function embedLsa(model: LsaModel, tokens: string[], index = vocabIndex(model)): Float32Array {
  const out = new Float32Array(model.dims);
  for (const [t, w] of tfidfSparse(tokens, index, model.idf)) {
    const base = t * model.dims;
    for (let k = 0; k < model.dims; k++) out[k] += w * model.proj[base + k];
  }
  return unit(out);
}

const indexCache = new WeakMap<LsaModel, Map<string, number>>();
export function vocabIndex(model: LsaModel): Map<string, number> {
  let index = indexCache.get(model);
  if (!index) {
    index = new Map(model.vocab.map((t, i) => [t, i]));
    indexCache.set(model, index);
  }
  return index;
}

/** Serialised form for storage (JSON-safe). */
export function serializeLsa(model: LsaModel): string {
  return JSON.stringify({ id: model.id, dims: model.dims, vocab: model.vocab, idf: [...model.idf], proj: Buffer.from(model.proj.buffer, model.proj.byteOffset, model.proj.byteLength).toString('base64') });
}

export function deserializeLsa(text: string): LsaModel {
  const o = JSON.parse(text) as { id: string; dims: number; vocab: string[]; idf: number[]; proj: string };
  const buf = Buffer.from(o.proj, 'base64');
  const proj = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  return { id: o.id, dims: o.dims, vocab: o.vocab, idf: Float64Array.from(o.idf), proj };
}

/** A Aᵀ for sparse rows A: the documents' pairwise dot products. */
function sparseGram(rows: Array<Array<[number, number]>>): Matrix {
  const maps = rows.map((r) => new Map(r));
  const g = new Matrix(rows.length, rows.length);
  for (let i = 0; i < rows.length; i++) {
    for (let j = i; j < rows.length; j++) {
      const [few, lookup] = rows[i]!.length <= rows[j]!.length ? [rows[i]!, maps[j]!] : [rows[j]!, maps[i]!];
      let dot = 0;
      for (const [t, w] of few) dot += w * (lookup.get(t) ?? 0);
      g.set(i, j, dot);
      g.set(j, i, dot);
    }
  }
  return g;
}

/** Sparse unit-length TF-IDF row: [term index, weight] pairs, sublinear tf. */
function tfidfSparse(tokens: string[], index: Map<string, number>, idf: Float64Array): Array<[number, number]> {
  const counts = new Map<number, number>();
  for (const t of tokens) {
    const i = index.get(t);
    if (i !== undefined) counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  const row: Array<[number, number]> = [];
  let norm = 0;
  for (const [i, c] of counts) {
    const w = (1 + Math.log(c)) * idf[i];
    row.push([i, w]);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const r of row) r[1] /= norm;
  return row;
}

function mulSparse(rows: Array<Array<[number, number]>>, m: Matrix): Matrix {
  const out = new Matrix(rows.length, m.columns);
  rows.forEach((row, r) => {
    for (const [t, w] of row) for (let j = 0; j < m.columns; j++) out.set(r, j, out.get(r, j) + w * m.get(t, j));
  });
  return out;
}

/** Aᵀ·m for sparse rows A (n × terms) and m (n × l): terms × l. */
function mulSparseT(rows: Array<Array<[number, number]>>, m: Matrix, terms: number): Matrix {
  const out = new Matrix(terms, m.columns);
  rows.forEach((row, r) => {
    for (const [t, w] of row) for (let j = 0; j < m.columns; j++) out.set(t, j, out.get(t, j) + w * m.get(r, j));
  });
  return out;
}

function orthonormal(m: Matrix): Matrix {
  return new QrDecomposition(m).orthogonalMatrix.subMatrix(0, m.rows - 1, 0, Math.min(m.rows, m.columns) - 1);
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return v;
  const s = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i] *= s;
  return v;
}

/** Standard normal from the seeded generator (Box–Muller). */
function gaussian(rng: Uint32Array): number {
  const u1 = (sfc32Next(rng) + 1) / 4294967297;
  const u2 = sfc32Next(rng) / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
