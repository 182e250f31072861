// Hostile or malformed input gets a 4xx naming the field, never a 500, and costs no quota: JSON nested thousands of
// levels deep (on /mcp it was a 500 that still counted), MCP requests with wrong parameters (the SDK's message was a
// dump of zod issues naming no field), a path segment that is not UTF-8 (%FF: Fastify's own body), and unknown query
// parameters on the routes that take none (the README says that is a 400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, tooDeep } from '../../src/http/plugins/body-depth.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { countedCalls } from '../helpers/state.ts';

const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: 'localhost' };
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('malformed input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  const calls = () => countedCalls(t.ctx.state(), t.keyId);

  it('answers JSON nested ~5,000 deep with 400 json_too_deep naming where, on /mcp and elsewhere, and counts nothing', async () => {
    const before = await calls();
    const mcp = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...MCP, ...t.auth }, payload: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"site_about","arguments":{"x":${deep(5000)}}}}` });
    expect(mcp.statusCode).toBe(400);
    expect(mcp.json().error).toMatchObject({ code: 'json_too_deep', param: 'params.arguments.x.0' });
    const rest = await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: { ...t.auth, 'content-type': 'application/json' }, payload: `{"x":${deep(5000)}}` });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().error.code).toBe('json_too_deep');
    expect(await calls()).toBe(before);
    // a body as deep as allowed passes the guard (and is then judged by the route's own schema)
    expect(tooDeep(JSON.parse(`{"a":${deep(MAX_BODY_DEPTH - 1)}}`))).toBeNull();
    expect(tooDeep(JSON.parse(`{"a":${deep(MAX_BODY_DEPTH)}}`))).toBe(`a${'.0'.repeat(MAX_BODY_DEPTH - 1)}`);
  });

  it('names the field of a malformed MCP request in its JSON-RPC error, and counts nothing', async () => {
    const before = await calls();
    const send = (method: string, params: unknown) => t.app.inject({ method: 'POST', url: '/mcp', headers: { ...MCP, ...t.auth }, payload: { jsonrpc: '2.0', id: 7, method, params } });
    for (const [method, params, field] of [
      ['tools/call', { name: 5 }, 'params.name'],
      ['tools/call', { name: 'site_about', arguments: 'x' }, 'params.arguments'],
      ['resources/read', {}, 'params.uri'],
      ['prompts/get', { name: ['x'] }, 'params.name'],
    ] as const) {
      const r = await send(method, params);
      expect(r.statusCode, method).toBe(200);
      const body = r.json();
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602, data: { param: field } } });
      expect(body.error.message).toContain(`${field}:`);
    }
    expect(await calls()).toBe(before);
  });

  it('answers a path segment that is not UTF-8 in the service error shape, naming the path', async () => {
    const v1 = await t.app.inject({ method: 'GET', url: '/v1/site/notes/%FF', headers: t.auth });
    expect(v1.statusCode).toBe(400);
    expect(v1.json()).toEqual({ error: { message: expect.stringContaining('percent-encoded UTF-8'), type: 'invalid_request_error', param: 'path', code: 'invalid_path' } });
    const legacy = await t.app.inject({ method: 'GET', url: '/api/v1/forum/posts/%FF' });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toMatchObject({ code: 400, data: null, error: { code: 'invalid_path', param: 'path' } });
  });

  it('refuses unknown query parameters where a route takes none, naming them', async () => {
    for (const url of ['/v1/data/overview?bogus=1', '/v1/site/notes/no-such-note?bogus=1', '/v1/site/forum/posts/no-such-post?bogus=1']) {
      const r = await t.app.inject({ method: 'GET', url, headers: t.auth });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().error.param, url).toBe('bogus');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/data/overview', headers: t.auth })).statusCode).toBe(200);
  });

  it('every documented data and site GET operation that declares no query parameter refuses one, naming it', async () => {
    // the class, read from the document (/v1/data/*, /v1/site/*: the families whose routes refuse unknown
    // parameters): /v1/data/majors/{id} took any query before
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: t.auth })).json();
    const checked: string[] = [];
    const accepted: string[] = [];
    type Op = { parameters?: Array<{ in: string; name: string; schema?: { type?: string } }>; responses: Record<string, { content?: Record<string, unknown> }> };
    for (const [path, item] of Object.entries(doc.paths as Record<string, { get?: Op }>)) {
      const op = item.get;
      if (!op || !/^\/v1\/(data|site)\//.test(path) || !op.responses['200']?.content?.['application/json']) continue;
      const params = op.parameters ?? [];
      if (params.some((p) => p.in === 'query')) continue;
      const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => (params.find((p) => p.name === name)?.schema?.type === 'integer' ? '1' : 'a'));
      const r = await t.app.inject({ method: 'GET', url: `${url}?bogus=1`, headers: t.auth });
      if (r.statusCode !== 400 || r.json().error?.param !== 'bogus') accepted.push(`${url}: ${r.statusCode}`);
      checked.push(path);
    }
    expect(accepted).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(['/v1/data/majors/{id}', '/v1/data/overview', '/v1/site/notes/{slug}']));
  });
});
