// The state database: every area that stores state adds its migrations to this list.
import { accessMigrations } from '../access/schema.ts';
import { forumMigrations } from '../site/forum-store.ts';
import { openWritableDb, type DB, type Migration } from './open.ts';

export const STATE_MIGRATIONS: Migration[] = [...accessMigrations, ...forumMigrations];

export function openStateDb(file: string): DB {
  return openWritableDb(file, STATE_MIGRATIONS);
}
