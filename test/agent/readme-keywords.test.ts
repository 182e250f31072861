// The assistant doc's keyword → tool table is the registry's: regenerate it with `npm run docs`.
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { generatedBlocks, readBlock } from '../../scripts/write-docs.ts';

it('docs/assistant.md carries the keyword → tool table generated from the registry', () => {
  const block = readBlock(fs.readFileSync('docs/assistant.md', 'utf8'), 'keyword-table');
  expect(block, 'docs/assistant.md lacks the keyword-table markers').not.toBeNull();
  expect(block).toBe(generatedBlocks()['docs/assistant.md']!['keyword-table']);
});
