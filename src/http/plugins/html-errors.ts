// Errors for browsers: a GET that asked for HTML (a person following a link or typing an address) and was answered
// with a JSON error gets the error page in the site's layout instead, with the same status. API paths and API
// clients (no text/html in Accept: fetch() from the pages, curl, SDKs) keep the JSON error of plugins/errors.ts,
// which stays the one place errors are made; this only changes how a browser sees one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../../context.ts';
import { renderErrorPage } from '../../pages/error-page.ts';
import { gzipSync } from 'node:zlib';
import { acceptsGzip, PAGE_CSP, TYPES } from './pages.ts';

/** Paths that are APIs whatever the client asks for. */
const API_PATHS = /^\/(v1|api|page-api|mcp|a2a|dev\/api|\.well-known)(\/|$|\?)/;

export function wantsHtml(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (API_PATHS.test(req.url)) return false;
  return /\btext\/html\b/.test(String(req.headers.accept ?? ''));
}

async function htmlErrors(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const site = { siteName: opts.ctx.config.siteName, brand: opts.ctx.config.brand };
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || !wantsHtml(req)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    reply.header('content-type', TYPES.html).header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store');
    reply.removeHeader('content-length');
    const page = renderErrorPage(reply.statusCode, req.url.split('?')[0]!, site);
    reply.header('vary', 'accept-encoding');
    return acceptsGzip(req) ? (reply.header('content-encoding', 'gzip'), gzipSync(page)) : page;
  });
}

export default fp(htmlErrors, { name: 'html-errors' });
