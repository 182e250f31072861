// The plane-frame page computes with engine.js: src/calc/steel/frame/index.ts bundled for the browser by esbuild on
// first request, so the page and POST /v1/calc/steel-frame run the same code (as the concrete page does).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { assetSender, bundle } from '../plugins/pages.ts';

const ENGINE_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../calc/steel/frame/page-entry.ts');

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  const send = assetSender('steel-frame page');
  app.get('/tools/steel-frame/engine.js', { config: { auth: 'public' }, schema: { hide: true } }, (req, reply) => send(req, reply, 'engine.js', () => bundle(ENGINE_ENTRY)));
}
