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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  clearServiceEnv(); // the data database is built where the tests will look for it: the defaults
  let cluster: PgCluster | null = null;
  if (findPostgresBin() || process.env.CI) {
    // fsync off: the tests kill service processes, never the database server, so durability of the server's own
    // files across a power cut is not what they check.
    cluster = await startPgCluster({ settings: { fsync: 'off', full_page_writes: 'off' } });
  } else {
    process.stderr.write('PostgreSQL is not installed (apt-get install -y postgresql): the PostgreSQL side of the state tests is skipped\n');
  }
  project.provide('postgresUrl', cluster?.url() ?? '');
  await ensureBuilt(loadConfig(), { quiet: true });
  return async () => {
    await cluster?.stop();
  };
}
