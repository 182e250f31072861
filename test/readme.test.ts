// The front door and the docs behind it: the README opens with what the service is and the two commands and stays
// short, its list of tools is the registry's, every configuration variable is documented with its default, and every
// relative link of the README and docs/ resolves (the file exists; an anchor names one of its headings).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARS } from '../src/config.ts';
import { generatedBlocks, readBlock } from '../scripts/write-docs.ts';

const readme = fs.readFileSync('README.md', 'utf8');
const docs = fs.readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);

/** GitHub's heading anchors: lower case, punctuation dropped (letters of every script kept), spaces → '-'. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  for (const m of markdown.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

describe('README', () => {
  it('opens with what the service is and the two commands, and stays a front door', () => {
    const head = readme.slice(0, 3000);
    expect(head).toContain('npm install && npm start');
    expect(head).toContain('npm test');
    expect(readme.indexOf('## Layout')).toBeGreaterThan(0);
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('lists the registry\'s tools (regenerate with npm run docs)', () => {
    expect(readBlock(readme, 'tools')).toBe(generatedBlocks()['README.md']!.tools);
  });

  it('links to a doc for every area', () => {
    for (const doc of docs) if (doc !== 'docs/data-report.md') expect(readme, doc).toContain(`(${doc})`);
  });
});

describe('docs/configuration.md', () => {
  const table = fs.readFileSync('docs/configuration.md', 'utf8');
  it.each(Object.entries(ENV_VARS))('documents %s with its default', (name, spec) => {
    const row = table.split('\n').find((l) => l.startsWith('|') && l.includes(`\`${name}\``));
    expect(row, `${name} is missing from the configuration table`).toBeDefined();
    if (spec.default && name !== 'SITE_URL') expect(row).toContain(`\`${spec.default}\``);
  });
});

describe('links', () => {
  it.each(['README.md', ...docs])('every relative link of %s resolves', (file) => {
    const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    const broken: string[] = [];
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue; // http:, mailto:
      const [ref, anchor] = target.split('#') as [string, string | undefined];
      const resolved = ref ? path.join(path.dirname(file), decodeURI(ref)) : file;
      if (!fs.existsSync(resolved)) {
        broken.push(`${target} (no file ${resolved})`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !headingAnchors(fs.readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
