// State tables of the access layer (keys, their daily usage, per-tool call statistics): their Kysely types and
// their migrations (ids 100–199), on SQLite and PostgreSQL alike. Times are ISO-8601 UTC text and days are
// YYYY-MM-DD text on both backends, so comparisons and ordering are the same everywhere.
import { sql, type Generated, type Kysely } from 'kysely';
import type { Migration } from '../db/migrate.ts';
import { withoutRowid } from '../db/migrate.ts';
import type { StateDialect } from '../db/store.ts';

export type KeyStatus = 'enabled' | 'disabled' | 'revoked';

export interface AccessTables {
  api_keys: {
    id: string;
    name: string;
    /** SHA-256 hex of the full key; the key itself is never stored */
    key_hash: string;
    last4: string;
    status: KeyStatus;
    daily_limit: number;
    created_at: string;
    expires_at: string | null;
    revoked_at: string | null;
    last_used_at: string | null;
  };
  key_usage_daily: {
    key_id: string;
    /** quota day in Asia/Shanghai, YYYY-MM-DD */
    day: string;
    calls: Generated<number>;
    tokens: Generated<number>;
  };
  tool_stats_daily: {
    day: string;
    tool: string;
    /** mcp, rest or agent */
    transport: string;
    calls: Generated<number>;
    errors: Generated<number>;
    total_ms: Generated<number>;
    max_ms: Generated<number>;
  };
  /** the latency histogram of tool_stats_daily, one row per bucket (tool-stats.ts LATENCY_BUCKETS_MS) */
  tool_latency_daily: {
    day: string;
    tool: string;
    transport: string;
    bucket: number;
    calls: number;
  };
  /** the site-wide daily budget of the upstream model (llm-budget.ts), one row per quota day (and `day/anonymous`) */
  llm_budget_daily: {
    day: string;
    requests: number;
    tokens: number;
  };
  /** /health's write probe: one row per node, rewritten by each health check (a full disk fails it) */
  health_probe: {
    node: string;
    probed_at: string;
  };
}

declare module '../db/tables.ts' {
  interface StateTables extends AccessTables {}
}

export const accessMigrations: Migration[] = [
  {
    id: 100,
    name: 'api keys and daily usage',
    async up(db: Kysely<any>, dialect: StateDialect) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('enabled', 'disabled', 'revoked')`))
        .addColumn('daily_limit', 'integer', (c) => c.notNull().check(sql`daily_limit >= 1`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('last_used_at', 'text')
        .execute();
      await withoutRowid(
        db.schema
          .createTable('key_usage_daily')
          .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('key_usage_daily_pk', ['key_id', 'day']),
        dialect,
      ).execute();
    },
  },
  {
    id: 101,
    name: 'per-tool daily call statistics; usage by day',
    async up(db: Kysely<any>, dialect: StateDialect) {
      await db.schema.createIndex('key_usage_daily_day').on('key_usage_daily').column('day').execute();
      await withoutRowid(
        db.schema
          .createTable('tool_stats_daily')
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('tool', 'text', (c) => c.notNull())
          .addColumn('transport', 'text', (c) => c.notNull())
          .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('total_ms', 'double precision', (c) => c.notNull().defaultTo(0))
          .addColumn('max_ms', 'double precision', (c) => c.notNull().defaultTo(0))
          .addColumn('histogram', 'text', (c) => c.notNull().defaultTo('[]'))
          .addPrimaryKeyConstraint('tool_stats_daily_pk', ['day', 'tool', 'transport']),
        dialect,
      ).execute();
    },
  },
  {
    // The JSON histogram column had to be read, merged and written back, which two nodes flushing the same row at
    // once on PostgreSQL would do as a lost update. One row per bucket makes every flush a pure additive upsert.
    id: 102,
    name: 'tool latency histogram as one row per bucket (additive across nodes)',
    async up(db: Kysely<any>, dialect: StateDialect) {
      await withoutRowid(
        db.schema
          .createTable('tool_latency_daily')
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('tool', 'text', (c) => c.notNull())
          .addColumn('transport', 'text', (c) => c.notNull())
          .addColumn('bucket', 'integer', (c) => c.notNull())
          .addColumn('calls', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('tool_latency_daily_pk', ['day', 'tool', 'transport', 'bucket']),
        dialect,
      ).execute();
      // Carry over the histograms already stored (JSON arrays of counts); the two dialects spell "expand a JSON
      // array with positions" differently.
      const expand =
        dialect === 'sqlite'
          ? sql`INSERT INTO tool_latency_daily (day, tool, transport, bucket, calls)
                SELECT s.day, s.tool, s.transport, CAST(j.key AS integer), CAST(j.value AS integer)
                  FROM tool_stats_daily s, json_each(CASE WHEN json_valid(s.histogram) THEN s.histogram ELSE '[]' END) j
                 WHERE CAST(j.value AS integer) > 0`
          : sql`INSERT INTO tool_latency_daily (day, tool, transport, bucket, calls)
                SELECT s.day, s.tool, s.transport, (j.ord - 1)::integer, j.value::integer
                  FROM tool_stats_daily s, jsonb_array_elements_text(s.histogram::jsonb) WITH ORDINALITY AS j(value, ord)
                 WHERE j.value::integer > 0`;
      await expand.execute(db);
      await db.schema.alterTable('tool_stats_daily').dropColumn('histogram').execute();
    },
  },
  {
    id: 103,
    name: 'site-wide daily budget of the upstream model',
    async up(db: Kysely<any>, dialect: StateDialect) {
      await withoutRowid(
        db.schema
          .createTable('llm_budget_daily')
          .addColumn('day', 'text', (c) => c.primaryKey())
          .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0)),
        dialect,
      ).execute();
    },
  },
  {
    id: 104,
    name: "the health check's write probe",
    async up(db: Kysely<any>, dialect: StateDialect) {
      await withoutRowid(db.schema.createTable('health_probe').addColumn('node', 'text', (c) => c.primaryKey()).addColumn('probed_at', 'text', (c) => c.notNull()), dialect).execute();
    },
  },
];
