// Runs once before the suite: builds what the tests read (the data database from the real bundle) when it is
// missing, exactly as `npm start` does on a fresh machine, and starts one throw-away PostgreSQL cluster (a temporary
// directory, a unix socket, a free port) for the state tests' PostgreSQL side; each test file creates its own
// database in it. The cluster and its directory are removed when the run ends. Without PostgreSQL installed the
// PostgreSQL side is skipped with a message, except with CI set, where that is a failure.
import type { TestProject } from 'vitest/node';
import { startPgCluster, findPostgresBin, type PgCluster } from '../scripts/pg-cluster.ts';
import { loadConfig } from '../src/config.ts';
import { ensureBuilt } from '../src/setup.ts';
import { clearServiceEnv } from './setup-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's maintenance database; '' when PostgreSQL is not installed (never with CI set) */
    postgresUrl: string;
  }
}

/** The run's one cluster and data build, whichever project asks first (vitest.config.ts has two projects, the
 * isolated files and the shared ones, and each runs the global setup); stopped when the last project ends. */
const RUN = Symbol.for('svc.test.global-setup');
type Run = { ready: Promise<PgCluster | null>; users: number };
const shared = globalThis as typeof globalThis & { [RUN]?: Run };

async function prepare(): Promise<PgCluster | null> {
  clearServiceEnv(); // the data database is built where the tests will look for it: the defaults
  let cluster: PgCluster | null = null;
  if (findPostgresBin() || process.env.CI) {
    // fsync off: the tests kill service processes, never the database server, so durability of the server's own
    // files across a power cut is not what they check.
    cluster = await startPgCluster({ settings: { fsync: 'off', full_page_writes: 'off' } });
  } else {
    process.stderr.write('PostgreSQL is not installed (apt-get install -y postgresql): the PostgreSQL side of the state tests is skipped\n');
  }
  await ensureBuilt(loadConfig(), { quiet: true });
  return cluster;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = (shared[RUN] ??= { ready: prepare(), users: 0 });
  run.users++;
  const cluster = await run.ready;
  project.provide('postgresUrl', cluster?.url() ?? '');
  return async () => {
    if (--run.users > 0) return;
    delete shared[RUN];
    await cluster?.stop();
  };
}
