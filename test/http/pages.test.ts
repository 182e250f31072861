// The page routes over HTTP: every page carries the strict CSP and no inline script or style, assets are cached
// with ETags and gzip, the page API refuses foreign origins, bad input and too many calls with readable errors, and
// the retired news endpoints answer 410 pointing to the daily page.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { PAGE_CSP } from '../../src/http/plugins/pages.ts';
import { PAGES, PAGE_TOOLS } from '../../src/pages/registry.ts';
import { quotaDay } from '../../src/access/clock.ts';

let t: TestApp;
const LIMIT = 5;
beforeAll(async () => {
  t = await startTestApp({ config: { PAGE_RATE_LIMIT: String(LIMIT) } });
});
afterAll(async () => t?.close());

const PAGE_URLS = ['/', '/news/', '/news/ui', '/forum', '/forum/p001', '/notes', '/pages/about', '/search', '/search?q=位次', ...PAGES.flatMap((p) => [p.path, ...p.aliases])];

describe('pages', () => {
  it.each(PAGE_URLS)('%s: strict CSP, zh-CN, the site navigation, nothing inline or from elsewhere', async (url) => {
    const r = await t.app.inject({ url });
    expect([200, 410]).toContain(r.statusCode);
    expect(r.body).toContain('<meta name="site-brand"'); // the one layout
    expect(r.headers['content-type']).toContain('text/html');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toBe(PAGE_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(r.body).toContain('<html lang="zh-CN">');
    expect(r.body).toContain('<nav aria-label="站点导航">');
    expect(r.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    expect(r.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i); // no inline style, no handler attributes
    expect(r.body).not.toMatch(/src="https?:\/\/|<link[^>]*href="https?:\/\//); // nothing loaded from elsewhere
  });

  it('every script and stylesheet a page links is served, with an ETag, gzip and a 304 on revalidation', async () => {
    for (const p of PAGES) {
      const html = (await t.app.inject({ url: p.path })).body;
      const links = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThanOrEqual(3);
      for (const url of links) {
        const r = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        expect(r.statusCode, url).toBe(200);
        expect(r.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(r.rawPayload).length).toBeGreaterThan(100);
        const again = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(r.headers.etag) } });
        expect(again.statusCode).toBe(304);
      }
    }
  });

  it('server-rendered pages are gzipped when the browser accepts it, whatever their status (Lighthouse: text compression)', async () => {
    for (const [url, status] of [['/forum', 200], ['/forum/p001', 200], ['/search?q=%E5%BF%97%E6%84%BF', 200], ['/notes', 200], ['/forum?status=bogus', 400], ['/notes/no-such-note', 404], ['/no/such/page', 404]] as const) {
      const r = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
      expect(r.statusCode, url).toBe(status);
      expect(r.headers['content-encoding'], url).toBe('gzip');
      expect(String(r.headers.vary), url).toContain('accept-encoding');
      expect(gunzipSync(r.rawPayload).toString('utf8'), url).toContain('<html lang="zh-CN">');
      const plain = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain('<html lang="zh-CN">');
    }
  });

  it('the news page is dated in Asia/Shanghai and says which sources it does not have', async () => {
    const r = await t.app.inject({ url: '/news/' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain(`<time datetime="${quotaDay()}" id="news-date">`);
    expect(r.body).toContain('id="news-coverage"');
    for (const tool of ['daily_brief', 'read_notes', 'search_forum']) {
      const have = (await t.app.inject({ method: 'POST', url: `/v1/tools/${tool}`, headers: t.auth, payload: {} })).statusCode !== 400;
      // a source the service has gives a section; one it lacks is named as missing
      if (have) expect(r.body).not.toContain(`（${tool}）`);
      else expect(r.body).toContain(`（${tool}）`);
    }
  });
});

describe('retired news endpoints', () => {
  it('GET /api/news is 410 Gone in the legacy envelope, pointing to /news/', async () => {
    const r = await t.app.inject({ url: '/api/news' });
    expect(r.statusCode).toBe(410);
    expect(r.headers.link).toBe('</news/>; rel="alternate"');
    const body = r.json();
    expect(body).toMatchObject({ code: 410, data: { retired: true, replacement: '/news/' } });
    expect(body.message).toContain('/news/');
  });
  it('GET /news/ui is a 410 page linking to /news/', async () => {
    const r = await t.app.inject({ url: '/news/ui' });
    expect(r.statusCode).toBe(410);
    expect(r.body).toContain('<a href="/news/">');
  });
});

describe('POST /page-api/{tool}', () => {
  const post = (tool: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/page-api/${tool}`, payload: payload as object, headers: { origin: 'http://127.0.0.1', host: '127.0.0.1', ...headers } });

  it('serves exactly the tools the pages use', () => {
    expect(PAGE_TOOLS).toEqual([...new Set(PAGES.flatMap((p) => p.tools))].sort());
    expect(PAGE_TOOLS).toContain('sizhu');
    expect(PAGE_TOOLS).toContain('yijing');
  });

  it('returns what /v1 returns, without a key; refuses other tools, foreign origins and bad input by name', async () => {
    const body = { year: 2005, month: 12, day: 23, hour: 8, minute: 37, sex: 'm' };
    const page = await post('sizhu', body);
    expect(page.statusCode).toBe(200);
    const v1 = await t.app.inject({ method: 'POST', url: '/v1/sizhu', payload: body, headers: t.auth });
    expect(page.json()).toEqual(v1.json());

    const other = await post('query_admission_plans', {});
    expect(other.statusCode).toBe(400);
    expect(other.json().error.param).toBe('tool');

    const foreign = await post('yijing', { seed: 1 }, { origin: 'https://elsewhere.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('foreign_origin');

    const bad = await post('sizhu', { ...body, sex: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('sex');
  });

  it('is documented in OpenAPI with its refusals: 400, 403 (foreign origin) and 429 with retry-after', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    const op = doc.paths['/page-api/{tool}'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
    expect(op.responses['429'].headers).toHaveProperty('retry-after');
    expect(op.security).toEqual([]);
  });

  it('limits calls per IP and says when to retry', async () => {
    const seen: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) seen.push((await post('yijing', { seed: i }, { 'x-forwarded-for': `10.9.9.${i}` })).statusCode);
    // X-Forwarded-For is believed from a local reverse proxy (trustProxy 127.0.0.1, which is where inject comes
    // from): each of these is a different client, and none is limited by the others
    expect(seen.every((s) => s === 200)).toBe(true);
    // one address: at most LIMIT calls a minute (the earlier tests spent some of 127.0.0.1's), then 429 each time
    const mine: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) mine.push((await post('yijing', { seed: i })).statusCode);
    expect(mine.filter((s) => s === 200).length).toBeLessThanOrEqual(LIMIT);
    expect(mine.at(-1)).toBe(429);
    expect(mine.slice(mine.indexOf(429)).every((s) => s === 429)).toBe(true);
    const r = await post('yijing', {});
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.json().error).toMatchObject({ type: 'rate_limit_error', code: 'ip_rate_limited' });
    expect(r.json().error.message).toContain(`at most ${LIMIT}`);
  });
});
