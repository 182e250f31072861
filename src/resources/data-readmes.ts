// The data bundle's READMEs (provenance: where each file came from, licence, known defects) as resources, read
// from SITE_DATA_DIR at call time so they are always the bundle the database was imported from.
import fs from 'node:fs';
import path from 'node:path';
import type { ServiceContext } from '../context.ts';
import { RESOURCE_SCHEME, type ResourceEntry, type ResourceProvider } from './registry.ts';

const PREFIX = `${RESOURCE_SCHEME}://data/readme/`;

/** Bundle-relative paths of every README*, in a stable (sorted) order. */
function readmes(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else if (/^readme/i.test(e.name)) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

function entry(rel: string, dir: string): ResourceEntry {
  const folder = path.posix.dirname(rel);
  return {
    uri: PREFIX + rel,
    name: rel,
    title: folder === '.' ? '数据包说明 · Data bundle README' : `数据说明：${folder} · README of ${folder}`,
    description: `Provenance of the data bundle${folder === '.' ? '' : ` folder ${folder}`}: sources, licences, cleaning notes and known defects (${rel}).`,
    mimeType: rel.endsWith('.md') ? 'text/markdown' : 'text/plain',
    size: fs.statSync(path.join(dir, rel)).size,
  };
}

export const dataReadmes: ResourceProvider = {
  name: 'data-readme',
  list: (ctx: ServiceContext) => readmes(ctx.config.dataDir).map((rel) => entry(rel, ctx.config.dataDir)),
  read(uri, ctx) {
    if (!uri.startsWith(PREFIX)) return null;
    const rel = uri.slice(PREFIX.length);
    // Only the listed files: no path outside the bundle, nothing but READMEs.
    if (!readmes(ctx.config.dataDir).includes(rel)) return null;
    return { uri, mimeType: entry(rel, ctx.config.dataDir).mimeType, text: fs.readFileSync(path.join(ctx.config.dataDir, rel), 'utf8') };
  },
  template: {
    uriTemplate: `${PREFIX}{path}`,
    name: 'data-readme',
    title: '数据说明 · Data bundle READMEs',
    description: 'A README of the data bundle by its path (e.g. gaokao/score_lines/README.txt): provenance and known defects.',
    mimeType: 'text/plain',
    variable: 'path',
    values: (ctx) => readmes(ctx.config.dataDir),
  },
};
