// The two indexes of the knowledge base, where the dialects differ — each operation's SQLite and PostgreSQL forms
// side by side (tables: schema.ts):
//   full text: FTS5 MATCH ranked by bm25 | to_tsvector('simple') @@ to_tsquery ranked by ts_rank_cd
//   vectors:   sqlite-vec vec0 KNN (cosine distance) | exact cosine over real[] in SQL (unit vectors: a dot product)
// Everything else about chunks is written once, in chunks.ts.
import { sql, type Kysely } from 'kysely';
import type { StateTables } from '../db/tables.ts';
import type { StateStore } from '../db/store.ts';

type Db = Kysely<StateTables>;

/** FTS5 and tsquery syntax from words: each word quoted (SQLite) or reduced to letters and digits (PostgreSQL). */
function ftsQuery(dialect: StateStore['dialect'], words: string[]): string | null {
  if (dialect === 'sqlite') return words.length ? words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ') : null;
  return pgWords(words).length ? 'any' : null;
}

/** PostgreSQL query words: letters and digits only (each becomes one quoted tsquery lexeme). */
function pgWords(words: string[]): string[] {
  return [...new Set(words.map((w) => w.replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean))];
}

/** Adds a chunk's words to the full-text index (inside the chunk's transaction). */
export async function indexTerms(db: Db, dialect: StateStore['dialect'], seq: number, terms: string): Promise<void> {
  if (dialect === 'sqlite') await sql`INSERT INTO kb_fts (rowid, terms) VALUES (${seq}, ${terms})`.execute(db);
  // PostgreSQL: the GIN expression index follows kb_chunks.terms by itself.
}

/** Chunk seqs of these knowledge bases matching any of the words, best first. */
export async function fullTextSearch(store: StateStore, kbIds: string[], words: string[], limit: number): Promise<number[]> {
  const q = ftsQuery(store.dialect, words);
  if (!q || !kbIds.length) return [];
  const rows =
    store.dialect === 'sqlite'
      ? await sql<{ seq: number }>`SELECT c.seq FROM kb_fts f JOIN kb_chunks c ON c.seq = f.rowid
            WHERE kb_fts MATCH ${q} AND c.kb_id IN (${sql.join(kbIds)}) ORDER BY bm25(kb_fts), c.seq LIMIT ${limit}`.execute(store.db)
      : // ts_rank knows no inverse document frequency, so a common word would weigh as much as a rare one; each
        // matching word's rank (length-normalised) is weighted by its BM25 idf, counted through the GIN index.
        await sql<{ seq: number }>`WITH q AS (SELECT DISTINCT quote_literal(term)::tsquery AS tq FROM unnest(${pgWords(words)}::text[]) AS term),
              n AS (SELECT count(*)::float8 AS n FROM kb_chunks WHERE kb_id IN (${sql.join(kbIds)})),
              w AS (SELECT q.tq, ln(1 + ((SELECT n FROM n) - d.df + 0.5) / (d.df + 0.5)) AS idf
                      FROM q CROSS JOIN LATERAL (SELECT count(*)::float8 AS df FROM kb_chunks c WHERE c.kb_id IN (${sql.join(kbIds)}) AND c.tsv @@ q.tq) d
                     WHERE d.df > 0)
            SELECT c.seq FROM kb_chunks c JOIN w ON c.tsv @@ w.tq
             WHERE c.kb_id IN (${sql.join(kbIds)})
             GROUP BY c.seq ORDER BY sum(w.idf * ts_rank(c.tsv, w.tq, 1)) DESC, c.seq LIMIT ${limit}`.execute(store.db);
  return rows.rows.map((r) => Number(r.seq));
}

/** The dimension of the SQLite vector table, or null when it does not exist yet. */
async function sqliteVecDims(db: Db): Promise<number | null> {
  const row = (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'kb_vec'`.execute(db)).rows[0];
  const m = row ? /float\[(\d+)\]/.exec(row.sql) : null;
  return m ? Number(m[1]) : null;
}

/**
 * Makes the vector index ready for vectors of `dims` dimensions. SQLite's vec0 table has a fixed dimension: a new
 * embedder of another dimension replaces it (its vectors were of the old embedder and are re-embedded anyway).
 */
export async function prepareVectors(db: Db, dialect: StateStore['dialect'], dims: number): Promise<void> {
  if (dialect !== 'sqlite') return;
  const current = await sqliteVecDims(db);
  if (current === dims) return;
  if (current !== null) await sql`DROP TABLE kb_vec`.execute(db);
  await sql`CREATE VIRTUAL TABLE kb_vec USING vec0(chunk_seq integer primary key, kb_id text partition key, embedding float[${sql.raw(String(dims))}] distance_metric=cosine)`.execute(db);
}

/** Stores (or replaces) a chunk's vector. */
export async function putVector(db: Db, dialect: StateStore['dialect'], seq: number, kbId: string, vector: Float32Array): Promise<void> {
  // A chunk none of whose words the embedder knows (an LSA model fitted on the site's text meeting an English note,
  // say) embeds to all zeros: no direction, so no place in the vector index. Stored, its cosine distance is NaN,
  // which vec0 ranks first for every query; it stays findable by full text.
  if (!vector.some((x) => x !== 0)) {
    if (dialect === 'sqlite') await sql`DELETE FROM kb_vec WHERE chunk_seq = ${seq}`.execute(db);
    else await db.deleteFrom('kb_vectors').where('chunk_seq', '=', seq).execute();
    return;
  }
  if (dialect === 'sqlite') {
    await sql`DELETE FROM kb_vec WHERE chunk_seq = ${seq}`.execute(db);
    const blob = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
    await sql`INSERT INTO kb_vec (chunk_seq, kb_id, embedding) VALUES (CAST(${seq} AS INTEGER), ${kbId}, ${blob})`.execute(db);
  } else {
    const embedding = Array.from(vector);
    await db
      .insertInto('kb_vectors')
      .values({ chunk_seq: seq, kb_id: kbId, embedding })
      .onConflict((oc) => oc.column('chunk_seq').doUpdateSet({ embedding, kb_id: kbId }))
      .execute();
  }
}

/** Chunk seqs of these knowledge bases nearest to the (unit) query vector by cosine, best first. */
export async function vectorSearch(store: StateStore, kbIds: string[], vector: Float32Array, limit: number): Promise<number[]> {
  if (!kbIds.length) return [];
  if (store.dialect === 'sqlite') {
    if ((await sqliteVecDims(store.db)) !== vector.length) return [];
    const blob = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
    // vec0 answers k per partition value; the lists are merged by distance here.
    const hits: Array<{ seq: number; distance: number }> = [];
    for (const kbId of kbIds) {
      const rows = await sql<{ chunk_seq: number; distance: number }>`SELECT chunk_seq, distance FROM kb_vec
          WHERE embedding MATCH ${blob} AND k = ${limit} AND kb_id = ${kbId}`.execute(store.db);
      for (const r of rows.rows) if (Number.isFinite(r.distance)) hits.push({ seq: Number(r.chunk_seq), distance: r.distance });
    }
    return hits.sort((a, b) => a.distance - b.distance || a.seq - b.seq).slice(0, limit).map((h) => h.seq);
  }
  const rows = await sql<{ chunk_seq: number }>`SELECT v.chunk_seq FROM kb_vectors v
      WHERE v.kb_id IN (${sql.join(kbIds)}) AND cardinality(v.embedding) = ${vector.length}
      ORDER BY (SELECT sum(a * b) FROM unnest(v.embedding, ${Array.from(vector)}::real[]) AS t(a, b)) DESC, v.chunk_seq
      LIMIT ${limit}`.execute(store.db);
  return rows.rows.map((r) => Number(r.chunk_seq));
}

/** Takes chunks out of both indexes (before their rows are deleted; PostgreSQL's follow the rows by themselves). */
export async function unindexChunks(db: Db, dialect: StateStore['dialect'], seqs: number[]): Promise<void> {
  if (dialect !== 'sqlite' || !seqs.length) return;
  await sql`DELETE FROM kb_fts WHERE rowid IN (${sql.join(seqs)})`.execute(db);
  if ((await sqliteVecDims(db)) !== null) await sql`DELETE FROM kb_vec WHERE chunk_seq IN (${sql.join(seqs)})`.execute(db);
}

/** Drops every vector (before a re-embedding with another embedder). */
export async function clearVectors(db: Db, dialect: StateStore['dialect']): Promise<void> {
  if (dialect === 'sqlite') {
    if ((await sqliteVecDims(db)) !== null) await sql`DELETE FROM kb_vec`.execute(db);
  } else {
    await db.deleteFrom('kb_vectors').execute();
  }
}
