// What every web page of the site gets, in one place: a strict Content-Security-Policy (this service only, no inline
// script or style) on every route that declares `config.page`, and the asset sender the page routes share
// (in-memory cache, gzip, strong ETags, 304s).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Plugin } from 'esbuild';
import { z } from 'zod';
import { type ServiceError, UnavailableError } from '../../errors.ts';
import { chineseError, FIELDS, issueZh } from '../../pages/shared/errors-zh.js';
import { addRouteHook } from '../route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** an HTML page: served with the site's Content-Security-Policy */
    page?: boolean;
  }
}

/** Self only. No 'unsafe-inline' anywhere: pages load their scripts and styles from files on this service. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The OpenAPI answer of a page route: its HTML, or 304 on revalidation. */
export const HTML_PAGE = {
  produces: ['text/html'],
  response: { 200: z.string().describe('the HTML page'), 304: z.null().describe('not modified (If-None-Match)') },
};

export interface Asset {
  body: string;
  /** scripts and pages shrink to about a quarter with gzip */
  gzip: Buffer;
  type: string;
  etag: string;
}

export const TYPES = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
} as const;

export function asset(body: string, type: string): Asset {
  return { body, gzip: gzipSync(body), type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/**
 * zod's `z.locales` namespace holds every language's messages (190 kB of the 380 kB concrete engine) although the
 * engines use the English default only: the bundles get a `locales` with English alone.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /[\\/]locales[\\/]index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales-en', namespace: 'zod-english-only', pluginData: args.resolveDir } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from '../locales/en.js';",
      resolveDir: args.pluginData,
      loader: 'js',
    }));
  },
};

/**
 * Bundles a TypeScript entry (and what it imports) as one minified ES module for the browser. `prelude`: modules
 * run before anything the entry imports (an ES module's imports are evaluated before its own body, so a setting
 * made in the entry itself comes too late for the modules it re-exports). `own`: module source appended after the
 * entry's re-export; an export declared there takes the place of the entry's export of the same name (a module's
 * own export shadows what `export *` brings).
 */
export async function bundle(entry: string, prelude: string[] = [], own = ''): Promise<Asset> {
  // imported only when a bundle is first asked for
  const esbuild = await import('esbuild');
  const source =
    prelude.length || own
      ? { stdin: { contents: `${prelude.map((p) => `import ${JSON.stringify(p)};\n`).join('')}export * from ${JSON.stringify(entry)};\n${own}`, resolveDir: path.dirname(entry), sourcefile: 'entry-with-prelude.ts', loader: 'ts' as const } }
      : { entryPoints: [entry] };
  const out = await esbuild.build({
    ...source,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    plugins: [zodEnglishOnly],
  });
  return asset(out.outputFiles[0]!.text, TYPES.js);
}

/**
 * An asset cache and sender for one route family. `make` builds an asset once (a failed build is not remembered,
 * so the next request tries again); `send` answers with gzip when accepted, a strong ETag per encoding and 304 for
 * a matching If-None-Match. `cache-control: no-cache` makes browsers revalidate, so a deploy is seen at once.
 */
export function assetSender(what: string) {
  const cache = new Map<string, Promise<Asset>>();
  function load(name: string, make: () => Promise<Asset>): Promise<Asset> {
    let p = cache.get(name);
    if (!p) {
      p = make();
      p.catch(() => cache.delete(name));
      cache.set(name, p);
    }
    return p;
  }
  return async function send(req: FastifyRequest, reply: FastifyReply, name: string, make: () => Promise<Asset>) {
    let a: Asset;
    try {
      a = await load(name, make);
    } catch (err) {
      req.log.error({ err }, `building ${name} failed`);
      throw new UnavailableError(`the ${what} asset ${name} could not be built; try again shortly`, 'asset_unavailable');
    }
    return sendAsset(req, reply, a);
  };
}

/** The browser takes a gzipped answer. */
export function acceptsGzip(req: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

/** Sends a built asset (gzip when accepted, ETag per encoding, 304 on a match). */
export function sendAsset(req: FastifyRequest, reply: FastifyReply, a: Asset) {
  const gzip = acceptsGzip(req);
  // each encoding is its own representation, so each gets its own strong validator
  const etag = gzip ? `${a.etag.slice(0, -1)}-gz"` : a.etag;
  reply.header('content-type', a.type).header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  reply.header('x-content-type-options', 'nosniff');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return gzip ? reply.header('content-encoding', 'gzip').send(a.gzip) : reply.send(a.body);
}

/** Sends a page rendered for this request with its own status (a 400 explaining a bad filter, a 404, the forum's
 * list): not an asset, so no ETag; `no-store` for answers that must not be kept. Gzip when accepted, as assets are
 * (the forum's list is about 30 kB of HTML, 6 kB gzipped). */
export function sendPage(reply: FastifyReply, status: number, page: string, cache: 'no-cache' | 'no-store' = 'no-cache') {
  reply.code(status).header('content-type', TYPES.html).header('cache-control', cache).header('vary', 'accept-encoding');
  return acceptsGzip(reply.request) ? reply.header('content-encoding', 'gzip').send(gzipSync(page)) : reply.send(page);
}

/** The words a page shows for a refused filter or search: which field, and why. */
/**
 * The sentence a server-rendered page shows for a refused filter (a 400 on the page itself), in Chinese: what was
 * wrong (筛选条件/搜索条件), the field by its Chinese name, and the rule — through the pages' one translator
 * (src/pages/shared/errors-zh.js), which the browser pages use too, so zod's English never reaches a page.
 */
export function filterError(err: ServiceError, what: '筛选条件' | '搜索条件' = '筛选条件'): string {
  return `${what}有误：${chineseError({ status: err.status, code: err.code, param: err.param, message: err.message })}`;
}

/**
 * filterError for the first issue zod found; `words`: the Chinese for the allowed values of an enum field (a page's
 * status or scope), so the rule lists them as the page shows them.
 */
export function zodFilterError(err: z.ZodError, what: '筛选条件' | '搜索条件' = '筛选条件', words: Record<string, Record<string, string>> = {}): string {
  const issue = err.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const named = words[field];
  const rule = issueZh(issue as Parameters<typeof issueZh>[0], named ? { choices: Object.entries(named).map(([value, text]) => ({ value, text })) } : undefined);
  return `${what}有误：${FIELDS[field] ? `${FIELDS[field]}：` : ''}${rule}`;
}

async function pages(app: FastifyInstance): Promise<void> {
  const headers = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', PAGE_CSP).header('referrer-policy', 'same-origin').header('x-content-type-options', 'nosniff');
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if ((route.config as { page?: boolean } | undefined)?.page) addRouteHook(route, 'onRequest', headers, 'first');
  });
}

export default fp(pages, { name: 'pages' });
