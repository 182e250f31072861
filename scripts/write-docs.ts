// `npm run docs`: regenerates the generated blocks of the README and docs/ from the registry: the list of tools in
// README.md and the assistant's keyword → tool table in docs/assistant.md. Their tests fail when a block is stale
// (test/readme.test.ts, test/agent/readme-keywords.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keywordTable } from '../src/agent/keyword-table.ts';
import { TOOLS } from '../tools/index.ts';
import type { SiteTool } from '../tools/types.ts';

/** The README's list of tools: name, then the Chinese and English titles. */
export function toolListMarkdown(tools: readonly SiteTool[]): string {
  return tools.map((t) => `- \`${t.name}\`: ${t.title}`).join('\n');
}

/** file → marker name → the block's generated text */
export function generatedBlocks(): Record<string, Record<string, string>> {
  return {
    'README.md': { tools: toolListMarkdown(TOOLS) },
    'docs/assistant.md': { 'keyword-table': keywordTable(TOOLS) },
  };
}

/** The text between `<!-- name:start -->` and `<!-- name:end -->`, or null without the markers. */
export function readBlock(text: string, name: string): string | null {
  return new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n?<!-- ${name}:end -->`).exec(text)?.[1] ?? null;
}

function writeBlock(text: string, name: string, body: string): string {
  return text.replace(new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`), (_m, start: string, end: string) => `${start}${body}\n${end}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const [file, blocks] of Object.entries(generatedBlocks())) {
    let text = fs.readFileSync(file, 'utf8');
    for (const [name, body] of Object.entries(blocks)) {
      if (readBlock(text, name) === null) throw new Error(`${file} lacks the ${name} markers`);
      text = writeBlock(text, name, body);
    }
    fs.writeFileSync(file, text);
    console.log(`${file}: ${Object.keys(blocks).join(', ')} regenerated`);
  }
}
