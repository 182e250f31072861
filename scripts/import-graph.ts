// The import graph of src/ and tools/, read from the TypeScript sources as text, with the two checks the layer rule
// in docs/architecture.md asks for: no import cycle (type imports and dynamic imports count: a type import across a
// layer ties the floors together as surely as a value import), and no import that runs against the layers.
//
// `npm run imports` prints both and exits 1 on any finding; test/scripts/import-graph.test.ts runs the same checks.
// TypeScript 7 (the native compiler) has no JavaScript API, so the imports are read with patterns that match every
// form the project writes: `import … from`, `export … from`, `import '…'`, `import('…')`, `declare module '…'`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** file (relative to the root, with forward slashes) → the files of the graph it imports */
export type ImportGraph = Map<string, Set<string>>;

const STATIC = /(?:^|\n)[ \t]*(?:import|export)\s+(?:[\w$*{},\s]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const AUGMENTED = /(?:^|\n)[ \t]*declare\s+module\s+['"](\.[^'"\n]+)['"]/g;

function sourceFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
}

function resolve(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null; // a package
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stem = base.replace(/\.(js|ts)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}/index.ts`]) if (files.has(candidate)) return candidate;
  return null;
}

/** Reads the imports of every .ts file under `dirs` (relative to `root`); edges to files outside them are dropped. */
export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const files = new Set(dirs.flatMap((d) => sourceFiles(root, d)));
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const targets = new Set<string>();
    for (const pattern of [STATIC, DYNAMIC, AUGMENTED]) {
      for (const m of text.matchAll(pattern)) {
        const target = resolve(file, m[1]!, files);
        if (target && target !== file) targets.add(target);
      }
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan), each sorted, largest first. */
export function findCycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => b.length - a.length);
}

/** A layer rule: files under any of `from` may not import files under any of `to`. */
export interface LayerRule {
  name: string;
  from: readonly string[];
  to: readonly string[];
}

const TRANSPORTS = ['src/http/', 'src/mcp/'];
const AREAS = ['src/access/', 'src/agent/', 'src/agents/', 'src/calc/', 'src/data/', 'src/discovery/', 'src/kb/', 'src/pages/', 'src/resources/', 'src/site/', 'src/users/'];

/** The layer rule of docs/architecture.md. */
export const LAYER_RULES: readonly LayerRule[] = [
  { name: 'engines never import transports', from: ['src/calc/', 'src/data/', 'src/site/', 'src/kb/', 'src/agent/', 'src/access/', 'src/users/', 'src/agents/', 'src/resources/', 'src/discovery/'], to: TRANSPORTS },
  { name: 'tools never import transports', from: ['tools/'], to: TRANSPORTS },
  { name: 'the state layer imports no area', from: ['src/db/'], to: [...AREAS, ...TRANSPORTS, 'tools/', 'src/state.ts', 'src/context.ts'] },
  { name: 'pure calculators import no database, tool or transport', from: ['src/calc/'], to: ['src/db/', 'tools/', ...TRANSPORTS] },
];

const under = (file: string, prefixes: readonly string[]) => prefixes.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));

/** Every import that breaks a rule, as "rule: from → to". */
export function layerViolations(graph: ImportGraph, rules: readonly LayerRule[] = LAYER_RULES): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    for (const rule of rules) {
      if (!under(file, rule.from)) continue;
      for (const target of targets) if (under(target, rule.to)) found.push(`${rule.name}: ${file} → ${target}`);
    }
  }
  return found.sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const graph = readImportGraph(root, ['src', 'tools']);
  const cycles = findCycles(graph);
  const violations = layerViolations(graph);
  for (const c of cycles) console.log(`cycle of ${c.length} files: ${c.join(', ')}`);
  for (const v of violations) console.log(v);
  const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
  console.log(`${graph.size} files, ${edges} imports: ${cycles.length} cycles, ${violations.length} layer violations`);
  process.exit(cycles.length || violations.length ? 1 : 0);
}
