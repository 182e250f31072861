// The real openai SDK against a real listener: model list, typed errors, and the generic tool endpoint.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

describe('/v1 with the openai SDK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { SITE_BRAND: 'zhiyuan' } });
  });
  afterAll(async () => t.close());

  it('lists exactly one model, the brand', async () => {
    const client = new OpenAI({ apiKey: t.key, baseURL: `${t.url}/v1` });
    const models = [];
    for await (const m of client.models.list()) models.push(m);
    expect(models.map((m) => m.id)).toEqual(['zhiyuan']);
    expect((await client.models.retrieve('zhiyuan')).owned_by).toBe('zhiyuan');
  });

  it('surfaces a bad key as the SDK\'s typed 401 with an OpenAI-style body', async () => {
    const client = new OpenAI({ apiKey: 'svc-not-a-real-key-but-well-formed-000', baseURL: `${t.url}/v1`, maxRetries: 0 });
    const err = await client.models.list().catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(err.status).toBe(401);
    expect(err.code).toBe('invalid_api_key');
    expect(err.type).toBe('authentication_error');
  });

  it('answers an unknown model with 404 naming the field', async () => {
    const client = new OpenAI({ apiKey: t.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    const err = await client.models.retrieve('gpt-4o').catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect(err.param).toBe('model');
  });
});

describe('/v1/tools/{name}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('runs a tool with JSON arguments', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: t.auth, payload: {} });
    expect(r.statusCode).toBe(200);
    expect(r.json().brand).toBe('svc');
  });

  it('lists the allowed tool names when the name is unknown', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/tools/nope', headers: t.auth, payload: {} });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ param: 'name', type: 'invalid_request_error' });
    expect(r.json().error.message).toContain('"site_about"');
  });

  it('names the offending argument', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: t.auth, payload: { colour: 'red' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toContain('colour');
  });
});
