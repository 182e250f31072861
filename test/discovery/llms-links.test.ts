// Every link in llms.txt resolves for a crawler with GET against a real listener: with the caller's credentials it
// answers 200 (and a JSON answer matches the schema its route declares), without them never 404 or 405. No link
// carries a literal path parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';

describe('llms.txt links', () => {
  let t: TestApp;
  let links: string[];
  let userAuth: string;
  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { ADMIN_USER: 'admin', ADMIN_PASSWORD: 'admin-pass', DEV_USER: 'dev', DEV_PASSWORD: 'dev-pass', SITE_URL: 'http://127.0.0.1:1' } });
    const text = await (await fetch(`${t.url}/llms.txt`)).text();
    // The document names SITE_URL; the test reaches the same paths on its own port.
    userAuth = (await appUser(t)).headers.authorization;
    links = [...text.matchAll(/\]\((http[^)\s]+)\)/g)].map((m) => m[1]!.replace('http://127.0.0.1:1', t.url));
  });
  afterAll(async () => t.close());

  it('has no literal path parameters', () => {
    expect(links.length).toBeGreaterThan(40);
    expect(links.filter((l) => /\/:|[{}]/.test(new URL(l).pathname))).toEqual([]);
  });

  it('every link answers GET with 200 given credentials, and its JSON matches the declared schema', async () => {
    const failures: string[] = [];
    for (const link of links) {
      const url = new URL(link);
      // The caller's credentials: HTTP Basic for the admin and developer families and the internal routes (the
      // developer reads them), an app user's token for app routes, else the API key.
      const internal = t.app.routeCatalog().some((c) => c.method === 'GET' && c.url === url.pathname && c.auth === 'internal');
      const basic = url.pathname.startsWith('/v1/admin') ? 'admin:admin-pass' : url.pathname.startsWith('/dev/api') || internal ? 'dev:dev-pass' : null;
      const appRoute = t.app.routeCatalog().some((c) => c.method === 'GET' && c.url === url.pathname && c.auth === 'user');
      const authorization = basic ? `Basic ${Buffer.from(basic).toString('base64')}` : appRoute ? userAuth : t.auth.authorization;
      const r = await fetch(url, { headers: { authorization } });
      const body = await r.text();
      if (r.status !== 200) {
        failures.push(`${link}: ${r.status} ${body.slice(0, 120)}`);
        continue;
      }
      const route = t.app.routeCatalog().find((c) => c.method === 'GET' && c.url === url.pathname);
      const schema = route && t.app.responseSchema('GET', route.url);
      if (schema && (r.headers.get('content-type') ?? '').includes('json')) {
        const parsed = schema.safeParse(JSON.parse(body));
        if (!parsed.success) failures.push(`${link}: answer does not match its response schema: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('without credentials no link is a 404 or 405', async () => {
    const dead: string[] = [];
    for (const link of links) {
      const r = await fetch(link);
      if (r.status === 404 || r.status === 405) dead.push(`${link}: ${r.status}`);
    }
    expect(dead).toEqual([]);
  });
});
