// The calculator pages compute with engine.js: the engine's index.ts bundled for the browser by esbuild on first
// request (zod included), so each page and its POST /v1/calc/* route run the same code. The pages themselves, their
// scripts and stylesheets are served like every other page (routes/pages.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { assetSender, bundle } from '../plugins/pages.ts';

const CALC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../calc');

/** page path → engine folder under src/calc */
const ENGINES: Array<{ page: string; engine: string }> = [
  { page: '/tools/concrete', engine: 'concrete' },
  { page: '/tools/steel', engine: 'steel' },
];

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  for (const { page, engine } of ENGINES) {
    const send = assetSender(`${engine} page`);
    const entry = path.join(CALC_DIR, engine, 'index.ts');
    app.get(`${page}/engine.js`, { config: { auth: 'public' }, schema: { hide: true } }, (req, reply) => send(req, reply, 'engine.js', () => bundle(entry)));
  }
}
