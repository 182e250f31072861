// State-database tables of the access layer (keys and their daily usage).
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
];
