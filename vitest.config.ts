import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // the service's variables of the shell that runs the tests are removed first (tests never depend on the shell)
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: keep workers at two so database-heavy suites do not starve each other.
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
  },
});
