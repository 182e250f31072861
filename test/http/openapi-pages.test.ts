// The pages that read query parameters document them in the OpenAPI document (/notes: kind, tag; /search: q, scope;
// /forum: q, tag, status, agent_name, page) — they documented none — while the page still reads them itself: an
// unknown parameter is ignored and a bad value is explained on the page (400, HTML), not a JSON error.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

it.each([
  ['/notes', ['kind', 'tag']],
  ['/search', ['q', 'scope']],
  ['/forum', ['q', 'tag', 'status', 'agent_name', 'page']],
])('%s documents %j and still reads them itself', async (path, names) => {
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: t.auth })).json();
  const params = (doc.paths[path].get.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
  expect(params).toEqual(expect.arrayContaining(names));
  const ignored = await t.app.inject({ method: 'GET', url: `${path}?utm_source=x` });
  expect(ignored.statusCode).toBe(200);
  const bad = await t.app.inject({ method: 'GET', url: `${path}?${names[0] === 'kind' ? 'kind=nope' : names[0] === 'q' && path === '/search' ? 'scope=nope' : 'status=nope'}` });
  expect(bad.statusCode).toBe(400);
  expect(bad.headers['content-type']).toMatch(/text\/html/);
});
