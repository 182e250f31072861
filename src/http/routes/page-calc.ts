// The calculator pages compute with engine.js: the engine's index.ts bundled for the browser by esbuild on first
// request (zod included), so each page and its POST /v1/calc/* route run the same code. The pages themselves, their
// scripts and stylesheets are served like every other page (routes/pages.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { assetSender, bundle } from '../plugins/pages.ts';

const CALC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../calc');

/**
 * Runs first in every engine.js: zod builds each object schema with a compiled parser when `new Function` works,
 * and finds out by calling it once; the page's Content-Security-Policy refuses that call and reports a violation
 * on every load, though zod catches the error. Set before any engine module builds a schema, jitless skips the probe.
 */
const ZOD_JITLESS = path.join(CALC_DIR, 'zod-jitless.ts');

/** page path → engine folder under src/calc, and its entry when that is not index.ts */
const ENGINES: Array<{ page: string; engine: string; entry?: string }> = [
  { page: '/tools/concrete', engine: 'concrete' },
  { page: '/tools/steel', engine: 'steel' },
  { page: '/tools/steel-frame', engine: 'steel/frame', entry: 'page-entry.ts' },
];

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  for (const { page, engine, entry: file } of ENGINES) {
    const send = assetSender(`${engine} page`);
    const entry = path.join(CALC_DIR, engine, file ?? 'index.ts');
    app.get(`${page}/engine.js`, { config: { auth: 'public' }, schema: { hide: true } }, (req, reply) => send(req, reply, 'engine.js', () => bundle(entry, [ZOD_JITLESS])));
  }
}
