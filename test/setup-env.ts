// Tests never depend on the shell: the service's own variables (PORT, SITE_URL, STATE_DB … every one in ENV_VARS)
// that happen to be set where `npm test` runs are removed before any test file loads, so every configuration a test
// uses is the documented default plus what the test itself sets (LOG_LEVEL stays: vitest.config.ts sets it).
// Used by vitest.config.ts (setupFiles) and by the global setup.
import { ENV_VARS } from '../src/config.ts';

export function clearServiceEnv(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of Object.keys(ENV_VARS)) if (name !== 'LOG_LEVEL') delete env[name];
}

clearServiceEnv();
