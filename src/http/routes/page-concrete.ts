// GET /tools/concrete (interface 4.6): the calculator page and its assets, public. The page computes with
// engine.js, which is src/calc/concrete/index.ts bundled for the browser by esbuild on first request, so the page
// and POST /v1/calc/concrete run the same code. Nothing is fetched from anywhere but this service (see the CSP).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { UnavailableError } from '../../errors.ts';
import { z } from 'zod';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PAGE_DIR = path.resolve(HERE, '../../pages/concrete');
const ENGINE_ENTRY = path.resolve(HERE, '../../calc/concrete/index.ts');

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

interface Asset {
  body: string;
  /** the engine bundle is some 380 kB (zod included); gzip makes it about a quarter of that */
  gzip: Buffer;
  type: string;
  etag: string;
}

function asset(body: string, type: string): Asset {
  return { body, gzip: gzipSync(body), type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** Bundles the engine (zod included) as one ES module; esbuild is imported only when the page is first asked for. */
async function bundleEngine(): Promise<Asset> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [ENGINE_ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return asset(out.outputFiles[0]!.text, 'text/javascript; charset=utf-8');
}

const FILES: Record<string, { file: string; type: string }> = {
  'page.js': { file: 'page.js', type: 'text/javascript; charset=utf-8' },
  'style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
};

export default async function routes(app: FastifyInstance, _opts: { ctx: ServiceContext }): Promise<void> {
  const cache = new Map<string, Promise<Asset>>();

  function load(name: string, make: () => Promise<Asset>): Promise<Asset> {
    let p = cache.get(name);
    if (!p) {
      p = make();
      // A failed build is not remembered: the next request tries again.
      p.catch(() => cache.delete(name));
      cache.set(name, p);
    }
    return p;
  }

  async function send(req: FastifyRequest, reply: FastifyReply, name: string, make: () => Promise<Asset>) {
    let a: Asset;
    try {
      a = await load(name, make);
    } catch (err) {
      req.log.error({ err }, `building ${name} failed`);
      throw new UnavailableError(`the concrete page asset ${name} could not be built; try again shortly`, 'asset_unavailable');
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    // each encoding is its own representation, so each gets its own strong validator
    const etag = gzip ? `${a.etag.slice(0, -1)}-gz"` : a.etag;
    reply.header('content-type', a.type).header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    reply.header('x-content-type-options', 'nosniff');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return gzip ? reply.header('content-encoding', 'gzip').send(a.gzip) : reply.send(a.body);
  }

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', CSP).header('referrer-policy', 'no-referrer');
    return send(req, reply, 'index.html', async () => asset(await readFile(path.join(PAGE_DIR, 'index.html'), 'utf8'), 'text/html; charset=utf-8'));
  };
  const config = { auth: 'public' as const };
  app.get('/tools/concrete', { config, schema: { summary: 'web page: GB 50010 concrete calculator (beam, column, shear, crack), same engine as /v1/calc/concrete', tags: ['pages'], produces: ['text/html'], response: { 200: z.string().describe('the HTML page'), 304: z.null().describe('not modified (If-None-Match)') } } }, page);
  app.get('/tools/concrete/', { config, schema: { hide: true } }, page);
  app.get('/tools/concrete/engine.js', { config, schema: { hide: true } }, (req, reply) => send(req, reply, 'engine.js', bundleEngine));
  for (const [name, f] of Object.entries(FILES)) {
    app.get(`/tools/concrete/${name}`, { config, schema: { hide: true } }, (req, reply) =>
      send(req, reply, name, async () => asset(await readFile(path.join(PAGE_DIR, f.file), 'utf8'), f.type)),
    );
  }
}
