// The README's keyword → tool table is the registry's: regenerate it with
// `npx tsx -e "import('./src/agent/keyword-table.ts').then(async (m) => console.log(m.keywordTable((await import('./tools/index.ts')).TOOLS)))"`.
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { keywordTable } from '../../src/agent/keyword-table.ts';
import { TOOLS } from '../../tools/index.ts';

it('README carries the keyword → tool table generated from the registry', () => {
  const readme = fs.readFileSync('README.md', 'utf8');
  const block = /<!-- keyword-table:start -->\n([\s\S]*?)\n<!-- keyword-table:end -->/.exec(readme);
  expect(block, 'README lacks the keyword-table markers').not.toBeNull();
  expect(block![1]).toBe(keywordTable(TOOLS));
});
