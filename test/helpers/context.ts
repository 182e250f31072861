// A real ServiceContext for tests: the real data database (built by the global setup) and a fresh state database
// in a temporary directory (SQLite, whatever the environment says; test/helpers/state.ts gives PostgreSQL ones).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENV_VARS, loadConfig, type Config } from '../../src/config.ts';
import { createContext, type ServiceContext } from '../../src/context.ts';

export type ConfigOverrides = Partial<Record<keyof typeof ENV_VARS, string>>;

export function tempDir(prefix = 'svc-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(overrides: ConfigOverrides = {}): Config {
  const dir = tempDir();
  return loadConfig(process.env, { LOG_LEVEL: 'silent', STATE_DB: path.join(dir, 'state.db'), STATE_DATABASE_URL: '', ...overrides });
}

export function testContext(overrides: ConfigOverrides = {}): ServiceContext {
  return createContext(testConfig(overrides));
}
