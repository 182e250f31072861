// Errors as a browser sees them: an unknown path or a refused page request asked for with Accept: text/html is the
// site's error page (layout, Chinese reason, ways back, the page CSP) with the same status; API paths and clients
// that do not ask for HTML keep the JSON error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('error pages for browsers', () => {
  it('an unknown path is the HTML 404 page for a browser and JSON for an API client', async () => {
    const page = await t.app.inject({ url: '/no-such-page?x=1', headers: { accept: BROWSER } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('没有这个页面');
    expect(page.body).toContain('<code>/no-such-page</code>');
    expect(page.body).toContain('<a href="/">回到首页</a>');
    expect(page.body).toContain('aria-label="站点导航"');
    expect(page.body).not.toContain('no route');
    const json = await t.app.inject({ url: '/no-such-page', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ error: { code: 'route_not_found' } });
    const curl = await t.app.inject({ url: '/no-such-page', headers: { accept: '*/*' } });
    expect(curl.headers['content-type']).toMatch(/^application\/json/);
  });

  it('API paths keep JSON even when a browser asks for HTML; a POST is never turned into a page', async () => {
    const v1 = await t.app.inject({ url: '/v1/no-such', headers: { accept: BROWSER } });
    expect(v1.statusCode).toBe(404);
    expect(v1.headers['content-type']).toMatch(/^application\/json/);
    const legacy = await t.app.inject({ url: `/api/recommendation/match?province=${encodeURIComponent('山东')}&score=1000`, headers: { accept: BROWSER } });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toMatchObject({ code: 400 });
    const post = await t.app.inject({ method: 'POST', url: '/no-such-page', headers: { accept: BROWSER } });
    expect(post.headers['content-type']).toMatch(/^application\/json/);
  });
});
