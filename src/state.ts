// The composition root of the state database: the one place that knows which areas store state. Each area owns a
// schema module (its table interface, added to StateTables in src/db/tables.ts, and its migrations in its own id
// block: access 100–199, forum 200–299, users 300–399, kb 400–499, agents 500–599); this file collects them and
// opens the store through the area-blind state layer (src/db/state.ts).
import { accessMigrations } from './access/schema.ts';
import { agentMigrations } from './agents/registry.ts';
import { kbMigrations, kbSqliteSetup } from './kb/schema.ts';
import { forumMigrations } from './site/forum-store.ts';
import { userMigrations } from './users/schema.ts';
import type { Migration } from './db/migrate.ts';
import { openStore, type StateSchema, type StateSettings } from './db/state.ts';
import type { StateStore } from './db/store.ts';

export { StateOpenError, type StateSettings } from './db/state.ts';

/** Every state migration, each area in its own id block. */
export const STATE_MIGRATIONS: readonly Migration[] = [...accessMigrations, ...forumMigrations, ...userMigrations, ...kbMigrations, ...agentMigrations];

/** Run on each new SQLite state connection before the migrations. */
export const SQLITE_SETUP: StateSchema['sqliteSetup'] = [kbSqliteSetup];

/** Opens the configured backend with every area's tables and applies pending migrations. */
export function openStateStore(settings: StateSettings, opts: { onError?: (err: Error) => void } = {}): Promise<StateStore> {
  return openStore(settings, { migrations: STATE_MIGRATIONS, sqliteSetup: SQLITE_SETUP }, opts);
}
