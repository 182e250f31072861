// The concrete calculator page computes with engine.js: src/calc/concrete/page-entry.ts (the engine, zod jitless) bundled by
// esbuild on first request (zod included, some 380 kB), so the page and POST /v1/calc/concrete run the same code.
// The page itself, its script and stylesheet are served like every other page (routes/pages.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { assetSender, bundle } from '../plugins/pages.ts';

const ENGINE_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../calc/concrete/page-entry.ts');

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  const send = assetSender('concrete page');
  app.get('/tools/concrete/engine.js', { config: { auth: 'public' }, schema: { hide: true } }, (req, reply) => send(req, reply, 'engine.js', () => bundle(ENGINE_ENTRY)));
}
