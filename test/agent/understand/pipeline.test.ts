// The understanding is a one-way pipeline (issue 30): read → decide → fill → plan, each stage its own module, no
// stage calling into an earlier one. Checked on the sources: a stage imports values only from its own helpers and
// the vocabulary shared by all (cues, tool fields, the router); from an earlier stage it may import types only.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve('src/agent/understand');
/** value imports of a module (type-only imports excluded), as resolved file names relative to src/agent */
function valueImports(file: string): string[] {
  const src = fs.readFileSync(path.join(dir, file), 'utf8');
  return [...src.matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)';/gm)]
    .filter((m) => !/^\{\s*type\b[^}]*\}$/.test(m[1]!.trim()) || /,\s*(?!type\b)\w/.test(m[1]!))
    .map((m) => path.relative(path.resolve('src/agent'), path.resolve(dir, m[2]!)));
}

// the modules of each stage, in pipeline order
const STAGES: Array<[string, string[]]> = [
  ['read', ['understand/read.ts', 'understand/reading.ts']],
  ['decide', ['understand/decide.ts', 'understand/intents.ts']],
  ['fill', ['understand/fill.ts', 'understand/arguments.ts', 'extract.ts']],
  ['plan', ['understand/planner.ts']],
];

describe('the understanding is a one-way pipeline', () => {
  it.each(STAGES.map(([stage, files], i) => [stage, files, i] as const))('%s imports no value from another stage', (_stage, files, i) => {
    const others = STAGES.flatMap(([, f], j) => (j === i ? [] : f));
    for (const file of files.filter((f) => f.startsWith('understand/'))) {
      const bad = valueImports(file.slice('understand/'.length)).filter((x) => others.includes(x));
      expect(bad, `${file} imports ${bad.join(', ')}`).toEqual([]);
    }
  });

  it('the orchestrator runs the stages in order, once per piece', () => {
    const src = fs.readFileSync(path.join(dir, 'understand.ts'), 'utf8');
    const body = /async function planPiece[\s\S]*?\n}/.exec(src)![0];
    const order = ['decide(', 'fill(', 'planOf('].map((s) => body.indexOf(s));
    expect(order.every((x) => x > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(src).toContain('readMessage(');
  });
});
