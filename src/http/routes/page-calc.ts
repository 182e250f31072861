// The calculator pages compute with engine.js: the engine's index.ts bundled for the browser by esbuild on first
// request (zod included), so each page and its POST /v1/calc/* route run the same code. The pages themselves, their
// scripts and stylesheets are served like every other page (routes/pages.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { describe as describeConcrete } from '../../calc/concrete/describe.ts';
import { describe as describeSteel } from '../../calc/steel/describe.ts';
import { describeFrame } from '../../calc/steel/frame/describe.ts';
import type { ServiceContext } from '../../context.ts';
import { assetSender, bundle } from '../plugins/pages.ts';

const CALC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../calc');

/**
 * Runs first in every engine.js: zod builds each object schema with a compiled parser when `new Function` works,
 * and finds out by calling it once; the page's Content-Security-Policy refuses that call and reports a violation
 * on every load, though zod catches the error. Set before any engine module builds a schema, jitless skips the probe.
 */
const ZOD_JITLESS = path.join(CALC_DIR, 'zod-jitless.ts');

/** page path → engine folder under src/calc, its entry when that is not index.ts, and its description of its inputs */
export const ENGINES: Array<{ page: string; engine: string; entry?: string; describe: { name: string; of: () => unknown } }> = [
  { page: '/tools/concrete', engine: 'concrete', describe: { name: 'describe', of: describeConcrete } },
  { page: '/tools/steel', engine: 'steel', describe: { name: 'describe', of: describeSteel } },
  { page: '/tools/steel-frame', engine: 'steel/frame', entry: 'page-entry.ts', describe: { name: 'describeFrame', of: describeFrame } },
];

/**
 * The engine's description of its inputs, computed here by the engine's own code and written into engine.js as a
 * literal that takes the place of the engine's function of that name: a page builds its form from it on load, and
 * computing it in the browser (zod's JSON-schema conversion of every kind) held a phone's main thread for about
 * 0.2 s on /tools/steel under Lighthouse's 4× CPU throttling, in the one task that also evaluates the engine.
 */
export function describedLiteral(name: string, of: () => unknown): string {
  return `export function ${name}() { return JSON.parse(${JSON.stringify(JSON.stringify(of()))}); }\n`;
}

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  for (const { page, engine, entry: file, describe } of ENGINES) {
    const send = assetSender(`${engine} page`);
    const entry = path.join(CALC_DIR, engine, file ?? 'index.ts');
    app.get(`${page}/engine.js`, { config: { auth: 'public' }, schema: { hide: true } }, (req, reply) =>
      send(req, reply, 'engine.js', () => bundle(entry, [ZOD_JITLESS], describedLiteral(describe.name, describe.of))),
    );
  }
}
