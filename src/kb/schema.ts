// State tables of the knowledge bases (ids 400–499), on SQLite and PostgreSQL. The chunk rows are the same on both;
// the two indexes over them are each dialect's own, created here side by side:
//   full text  SQLite: an FTS5 table (unicode61 over the segmented words, bm25 ranking), rowid = chunk seq
//              PostgreSQL: a stored tsvector column (to_tsvector('simple', terms); the words are already segmented)
//              with a GIN index
//   vectors    SQLite: a sqlite-vec vec0 table, created by vectors.ts once the embedder's dimension is known
//              PostgreSQL: kb_vectors, a plain real[] per chunk, searched by exact cosine in SQL (at tens of
//              thousands of chunks a full scan is fast enough; pgvector would be the next step, not needed here)
import { sql, type Generated, type Kysely } from 'kysely';
import type { Migration } from '../db/migrate.ts';
import type { StateDialect } from '../db/store.ts';
import type Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';

export interface KbTables {
  kb_bases: {
    id: string;
    name: string;
    description: string;
    /** app_users.id of the owner; null for the site's own knowledge base (maintained by `npm run kb`) */
    owner_id: string | null;
    created_at: string;
  };
  kb_chunks: {
    seq: Generated<number>;
    kb_id: string;
    title: string;
    body: string;
    /** where the text came from (a note's path, a README), or null for a user's chunk */
    source: string | null;
    /** the segmented words, space-separated: what the full-text index holds */
    terms: string;
    /** id of the embedder whose vector is in the vector index (lsa-…, openai:<model>); null before embedding */
    embedder: string | null;
    /** SHA-256 of title + body, for an idempotent seed */
    content_hash: string;
    created_by: string | null;
    created_at: string;
  };
  /** fitted offline embedders (LSA), kept so query and chunk vectors stay comparable until re-embedded */
  kb_models: {
    id: string;
    kind: string;
    dims: number;
    body: string;
    created_at: string;
  };
  /** PostgreSQL only: the vector of each chunk (SQLite keeps them in the vec0 table kb_vec) */
  kb_vectors: {
    chunk_seq: number;
    kb_id: string;
    embedding: number[];
  };
}

declare module '../db/tables.ts' {
  interface StateTables extends KbTables {}
}

/** A new SQLite state connection loads sqlite-vec first: the vector index is a vec0 virtual table (indexes.ts). */
export function kbSqliteSetup(db: Database.Database): void {
  sqliteVec.load(db);
}

export const kbMigrations: Migration[] = [
  {
    id: 400,
    name: 'knowledge bases, chunks, full-text index, fitted embedders',
    async up(db: Kysely<any>, dialect: StateDialect) {
      await db.schema
        .createTable('kb_bases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.references('app_users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('kb_chunks')
        .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('kb_id', 'text', (c) => c.notNull().references('kb_bases.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('source', 'text')
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('embedder', 'text')
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('kb_chunks_content', ['kb_id', 'content_hash'])
        .execute();
      await db.schema
        .createTable('kb_models')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('dims', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      if (dialect === 'sqlite') {
        await sql`CREATE VIRTUAL TABLE kb_fts USING fts5(terms, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      } else {
        await sql`ALTER TABLE kb_chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED`.execute(db);
        await sql`CREATE INDEX kb_chunks_fts ON kb_chunks USING gin (tsv)`.execute(db);
        await db.schema
          .createTable('kb_vectors')
          .addColumn('chunk_seq', 'bigint', (c) => c.primaryKey().references('kb_chunks.seq').onDelete('cascade'))
          .addColumn('kb_id', 'text', (c) => c.notNull())
          .addColumn('embedding', sql`real[]`, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('kb_vectors_by_kb').on('kb_vectors').column('kb_id').execute();
      }
    },
  },
  {
    // Ids were one namespace for every account (a second account could not create an id another had used, and the
    // 409 told it that the id existed). An account's knowledge base is now stored as "<owner id>/<id>"; the site's
    // keep their ids. Existing ones move, with their chunks and vectors, in this migration's transaction.
    id: 401,
    name: 'knowledge-base ids per owner',
    async up(db: Kysely<any>, dialect: StateDialect) {
      const owned = await db.selectFrom('kb_bases').select(['id', 'name', 'description', 'owner_id', 'created_at']).where('owner_id', 'is not', null).execute();
      const vec = dialect === 'sqlite' && (await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'kb_vec'`.execute(db)).rows[0]!.n > 0;
      for (const kb of owned) {
        const to = `${kb.owner_id}/${kb.id}`;
        await db.insertInto('kb_bases').values({ ...kb, id: to }).execute();
        await db.updateTable('kb_chunks').set({ kb_id: to }).where('kb_id', '=', kb.id).execute();
        if (dialect === 'postgres') await db.updateTable('kb_vectors').set({ kb_id: to }).where('kb_id', '=', kb.id).execute();
        if (vec) {
          // kb_id is the vec0 table's partition key: rows move by delete and insert
          const rows = (await sql<{ chunk_seq: number; embedding: Buffer }>`SELECT chunk_seq, embedding FROM kb_vec WHERE kb_id = ${kb.id}`.execute(db)).rows;
          await sql`DELETE FROM kb_vec WHERE kb_id = ${kb.id}`.execute(db);
          for (const r of rows) await sql`INSERT INTO kb_vec (chunk_seq, kb_id, embedding) VALUES (CAST(${r.chunk_seq} AS INTEGER), ${to}, ${r.embedding})`.execute(db);
        }
        await db.deleteFrom('kb_bases').where('id', '=', kb.id).execute();
      }
    },
  },
];
