// One error shape for every /v1 failure, and no internals in a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { testContext } from '../helpers/context.ts';

describe('error handling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const shape = (body: unknown) => expect(body).toEqual({ error: { message: expect.any(String), type: expect.any(String), param: expect.toBeOneOf([null, expect.any(String)]), code: expect.any(String) } });

  it('404 for an unknown route, in the OpenAI shape', async () => {
    const r = await t.app.inject({ url: '/v1/no/such/thing', headers: t.auth });
    expect(r.statusCode).toBe(404);
    shape(r.json());
  });

  it('400 for malformed JSON and for a non-object body', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: { ...t.auth, 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    shape(bad.json());
    const arr = await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: t.auth, payload: [1, 2] });
    expect(arr.statusCode).toBe(400);
    shape(arr.json());
  });

  it('401 codes distinguish a missing from a malformed from an unknown key', async () => {
    const codes = [];
    for (const authorization of [undefined, 'Bearer nonsense', 'Basic abc', `Bearer svc-${'A'.repeat(43)}`]) {
      const r = await t.app.inject({ url: '/v1/models', headers: authorization ? { authorization } : {} });
      expect(r.statusCode).toBe(401);
      shape(r.json());
      codes.push(r.json().error.code);
    }
    expect(codes).toEqual(['missing_api_key', 'invalid_api_key_format', 'invalid_api_key_format', 'invalid_api_key']);
  });

  it('a 5xx hides the internals behind a request id', async () => {
    const ctx = testContext();
    const app = await buildApp(ctx);
    app.get('/explode', { config: { auth: 'public' } }, async () => {
      throw new Error('secret internal detail at /srv/app/db.ts:42');
    });
    const r = await app.inject({ url: '/explode' });
    expect(r.statusCode).toBe(500);
    shape(r.json());
    expect(r.json().error.message).toMatch(/request \S+/);
    expect(r.body).not.toContain('secret');
    expect(r.body).not.toContain('db.ts');
    await app.close();
    ctx.close();
  });
});
