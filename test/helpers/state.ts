// The state tests run against both backends: `forEachBackend` runs a describe block once on a fresh SQLite file and
// once on a fresh PostgreSQL database in the suite's throw-away cluster (test/global-setup.ts). Without PostgreSQL
// installed the PostgreSQL block is skipped locally; with CI set the global setup fails instead, so CI never skips.
import path from 'node:path';
import { createDatabase } from '../../scripts/pg-cluster.ts';
import { describe, inject } from 'vitest';
import { openStateStore, type StateSettings } from '../../src/state.ts';
import type { StateStore } from '../../src/db/store.ts';
import { tempDir, type ConfigOverrides } from './context.ts';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: readonly Backend[] = ['sqlite', 'postgres'];

/** A fresh, empty database in the test cluster; its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const admin = inject('postgresUrl');
  if (!admin) throw new Error('no PostgreSQL test cluster (see test/global-setup.ts)');
  return createDatabase(admin);
}

/** Configuration overrides that put the state on a fresh database of this backend. */
export async function stateOverrides(backend: Backend): Promise<ConfigOverrides> {
  if (backend === 'postgres') return { STATE_DATABASE_URL: await createPostgresDatabase() };
  return { STATE_DB: path.join(tempDir(), 'state.db'), STATE_DATABASE_URL: '' };
}

/** The store settings those overrides (or an environment holding them) name. */
export function settingsOf(o: ConfigOverrides | NodeJS.ProcessEnv): StateSettings {
  return { stateDb: o.STATE_DB ?? '', stateDatabaseUrl: o.STATE_DATABASE_URL ?? '' };
}

/** A fresh, migrated state store of this backend. */
export async function freshStore(backend: Backend): Promise<StateStore> {
  return openStateStore(settingsOf(await stateOverrides(backend)));
}

/** Runs `body` as one describe block per backend, named after it. */
export function forEachBackend(name: string, body: (backend: Backend) => void): void {
  for (const backend of BACKENDS) {
    const run = backend === 'sqlite' || inject('postgresUrl') ? describe : describe.skip;
    run(`${name} [${backend}]`, () => body(backend));
  }
}

/** A describe block for what only PostgreSQL does (several nodes on one database); skipped like the PostgreSQL side. */
export function describePostgres(name: string, body: () => void): void {
  (inject('postgresUrl') ? describe : describe.skip)(`${name} [postgres]`, body);
}

/** Calls counted for a key (on one day, or on all days), read straight from key_usage_daily. */
export async function countedCalls(store: StateStore, keyId: string, day?: string): Promise<number> {
  const row = await store.db
    .selectFrom('key_usage_daily')
    .select((eb) => eb.fn.sum<number>('calls').as('n'))
    .where('key_id', '=', keyId)
    .$if(day !== undefined, (q) => q.where('day', '=', day!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
