// The layer rule of docs/architecture.md, checked on the real tree, and the checker itself shown to catch what it
// is for on a small tree written here: a cycle through a type import, one through a dynamic import, an import
// across a layer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, layerViolations, readImportGraph } from '../../scripts/import-graph.ts';

const repo = path.resolve(import.meta.dirname, '../..');

describe('the project', () => {
  const graph = readImportGraph(repo, ['src', 'tools']);

  it('reads the imports of every module (the registry imports each tool)', () => {
    const registry = graph.get('tools/index.ts')!;
    for (const tool of fs.readdirSync(path.join(repo, 'tools')).filter((f) => !['index.ts', 'types.ts', 'run.ts'].includes(f) && f.endsWith('.ts'))) {
      expect(registry.has(`tools/${tool}`), tool).toBe(true);
    }
  });

  it('has no import cycle in src/ and tools/, type and dynamic imports included', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('keeps its layers: engines and tools never import transports, the state layer imports no area', () => {
    expect(layerViolations(graph)).toEqual([]);
  });
});

describe('the checker, on a tree made to fail', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('src/db/store.ts', "import type { Forum } from '../site/forum.ts';\nexport const open = 1;\n");
  write('src/site/forum.ts', "import {\n  open,\n  type X,\n} from '../db/store.ts';\nimport fs from 'node:fs';\nexport interface Forum { n: number }\n");
  write('src/calc/beam.ts', "export { route } from '../http/routes.ts';\n");
  write('src/http/routes.ts', "export const route = 1;\n");
  write('tools/index.ts', "import about from './about.ts';\nexport const TOOLS = [about];\n");
  write('tools/about.ts', "export default { async handler() { const { TOOLS } = await import('./index.ts'); return TOOLS; } };\n");
  write('src/agent/plain.ts', "// import nothing from '../http/routes.ts'\nexport const s = \"import x from '../http/routes.ts'\";\n");
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const graph = readImportGraph(root, ['src', 'tools']);

  it('finds a cycle through a multi-line type import and one through a dynamic import', () => {
    expect(findCycles(graph)).toEqual([
      ['src/db/store.ts', 'src/site/forum.ts'],
      ['tools/about.ts', 'tools/index.ts'],
    ]);
  });

  it('names each import that runs against the layers, and nothing in comments or strings', () => {
    expect(layerViolations(graph)).toEqual([
      'engines never import transports: src/calc/beam.ts → src/http/routes.ts',
      'pure calculators import no database, tool or transport: src/calc/beam.ts → src/http/routes.ts',
      'the state layer imports no area: src/db/store.ts → src/site/forum.ts',
    ]);
  });
});
