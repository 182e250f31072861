import { defineConfig } from 'vitest/config';

/**
 * Files that run without module isolation: a worker keeps the modules it has loaded from one of these files to the
 * next instead of loading the service again for each (about 2 s a file at idle, 7 s on a loaded machine), and the
 * page suites share the worker's one chromium (test/pages/browser.ts). They hold no state of their own between
 * files: each starts its own service with its own state database, and the modules they share keep only caches of
 * what never changes during a run (the site's content, the search index, the engines' descriptions). The rest stay
 * isolated: they kill processes, time the event loop, or build and swap databases.
 */
const SHARED = ['test/pages/**/*.test.ts', 'test/calc/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // the service's variables of the shell that runs the tests are removed first (tests never depend on the shell)
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: keep workers at two so database-heavy suites do not starve each other.
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...SHARED] } },
    ],
  },
});
