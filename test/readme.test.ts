// The README documents every configuration variable with its default.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARS } from '../src/config.ts';

describe('README', () => {
  const readme = fs.readFileSync('README.md', 'utf8');
  it('opens with what the service is and the two commands', () => {
    const head = readme.slice(0, 3000);
    expect(head).toContain('npm install && npm start');
    expect(head).toContain('npm test');
    expect(readme.indexOf('## Layout')).toBeGreaterThan(0);
  });
  it.each(Object.entries(ENV_VARS))('documents %s with its default', (name, spec) => {
    const row = readme.split('\n').find((l) => l.startsWith('|') && l.includes(`\`${name}\``));
    expect(row, `${name} is missing from the configuration table`).toBeDefined();
    if (spec.default && name !== 'SITE_URL') expect(row).toContain(`\`${spec.default}\``);
  });
});
