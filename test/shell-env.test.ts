// Tests never depend on the shell: with the service's variables set where `npm test` runs (PORT, SITE_URL, a state
// database elsewhere …), tests that state the site's own address (read_notes, search_site: their links) failed.
// The setup file removes them; this runs a sample of such tests under such a shell.
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('a sample of tests passes with PORT, SITE_URL and other service variables set in the shell', () => {
  const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/tools/read_notes.test.ts', 'test/tools/search_site.test.ts', 'test/config.test.ts'], {
    env: { ...process.env, PORT: '1234', HOST: '0.0.0.0', SITE_URL: 'https://shell.example.org', SITE_NAME: '别的站', KEY_PREFIX: 'shell', MCP_AUTH: 'none', LLM_DAILY_TOKENS: '5' },
    encoding: 'utf8',
  });
  expect(r.status, r.stdout.slice(-3000) + r.stderr.slice(-2000)).toBe(0);
}, 300_000);
