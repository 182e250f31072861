// State-database tables of the access layer (keys, their daily usage, per-tool call statistics).
import type { Migration } from '../db/open.ts';

export const accessMigrations: Migration[] = [
  {
    id: 100,
    name: 'api keys and daily usage',
    sql: `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,          -- SHA-256 hex of the full key; the key itself is never stored
        last4 TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('enabled', 'disabled', 'revoked')),
        daily_limit INTEGER NOT NULL CHECK (daily_limit >= 1),
        created_at TEXT NOT NULL,
        expires_at TEXT,
        revoked_at TEXT,
        last_used_at TEXT
      );
      CREATE TABLE key_usage_daily (
        key_id TEXT NOT NULL REFERENCES api_keys(id),
        day TEXT NOT NULL,                       -- quota day in Asia/Shanghai, YYYY-MM-DD
        calls INTEGER NOT NULL DEFAULT 0,
        tokens INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 101,
    name: 'per-tool daily call statistics; usage by day',
    sql: `
      CREATE INDEX key_usage_daily_day ON key_usage_daily (day);
      CREATE TABLE tool_stats_daily (
        day TEXT NOT NULL,                       -- Asia/Shanghai, like the quota day
        tool TEXT NOT NULL,
        transport TEXT NOT NULL,                 -- mcp, rest or agent
        calls INTEGER NOT NULL DEFAULT 0,
        errors INTEGER NOT NULL DEFAULT 0,
        total_ms REAL NOT NULL DEFAULT 0,
        max_ms REAL NOT NULL DEFAULT 0,
        histogram TEXT NOT NULL DEFAULT '[]',    -- JSON counts per latency bucket (tool-stats.ts LATENCY_BUCKETS_MS)
        PRIMARY KEY (day, tool, transport)
      ) WITHOUT ROWID;
    `,
  },
];
