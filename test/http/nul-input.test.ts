// A NUL character in a query string or a body is a 400 naming the field on both state backends: PostgreSQL cannot
// store one in text, so the public /forum and /search pages and the login name answered 500 there (200 on SQLite).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';

forEachBackend('NUL characters in input', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(async () => t.close());

  it.each([
    ['GET', '/forum?q=a%00b', undefined, 'q'],
    ['GET', '/search?q=%E5%8C%97%00', undefined, 'q'],
    ['GET', '/api/v1/forum/posts?q=a%00', undefined, 'q'],
    ['POST', '/api/auth/login', { username: 'ad\u0000min', password: 'a long pass phrase here' }, 'username'],
    ['POST', '/api/v1/auth/register', { username: 'nul\u0000user', password: 'a long pass phrase here' }, 'username'],
  ] as const)('%s %s → 400 naming %s', async (method, url, payload, param) => {
    const r = await t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { accept: 'text/html,application/json' } });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(400);
    expect(r.body).toContain(param);
  });
});
