// State tables of app accounts: users, their login tokens and the login throttle (ids 300–399), on SQLite and
// PostgreSQL alike. Times are ISO-8601 UTC text. Neither a password nor a token is ever stored: users hold an
// argon2id PHC string, tokens their SHA-256.
import { sql, type Kysely } from 'kysely';
import type { Migration } from '../db/migrate.ts';
import { withoutRowid } from '../db/migrate.ts';
import type { StateDialect } from '../db/store.ts';

export interface UserTables {
  app_users: {
    id: string;
    /** as the user wrote it (NFKC) */
    username: string;
    /** the name folded for uniqueness (NFKC, lower case): "Alice" and "alice" are one account */
    username_key: string;
    display_name: string;
    /** argon2id PHC string (parameters and salt inside) */
    password_hash: string;
    created_at: string;
  };
  app_tokens: {
    /** SHA-256 hex of the token */
    token_hash: string;
    user_id: string;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
  };
  /** failed-login counters per account name and per client address, shared by every node */
  login_throttle: {
    /** 'account' (the folded user name, whether or not it exists) or 'ip' */
    scope: string;
    subject: string;
    window_start: string;
    failures: number;
    locked_until: string | null;
  };
}

declare module '../db/tables.ts' {
  interface StateTables extends UserTables {}
}

export const userMigrations: Migration[] = [
  {
    id: 300,
    name: 'app users, login tokens, login throttle',
    async up(db: Kysely<any>, dialect: StateDialect) {
      await db.schema
        .createTable('app_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('app_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('app_tokens_by_user').on('app_tokens').columns(['user_id', 'created_at']).execute();
      await withoutRowid(
        db.schema
          .createTable('login_throttle')
          .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('account', 'ip')`))
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('window_start', 'text', (c) => c.notNull())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('locked_until', 'text')
          .addPrimaryKeyConstraint('login_throttle_pk', ['scope', 'subject']),
        dialect,
      ).execute();
    },
  },
];
