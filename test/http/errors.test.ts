// One error shape for every /v1 failure, and no internals in a 5xx.
import net from 'node:net';
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

  it('a URL with raw UTF-8 (which HTTP forbids) gets a 400 in the service\'s shape naming the parameter', async () => {
    const ctx = testContext();
    const app = await buildApp(ctx);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as net.AddressInfo).port;
    /** Sends a request line byte for byte (fetch and inject would encode it) and returns status and body. */
    const raw = (line: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const s = net.connect(port, '127.0.0.1', () => s.write(Buffer.from(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)));
        s.on('data', (d) => chunks.push(d));
        s.on('error', reject);
        s.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: Number(text.split(' ')[1]), body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) });
        });
      });
    try {
      const v1 = await raw('GET /v1/data/universities?page=1&q=北大 HTTP/1.1');
      expect(v1.status).toBe(400);
      shape(v1.body);
      expect(v1.body).toMatchObject({ error: { param: 'q', code: 'bad_request' } });
      expect((v1.body as { error: { message: string } }).error.message).toContain('%E5%8C%97%E5%A4%A7');
      // the /api/* family gets its envelope around the same error
      const legacy = await raw('GET /api/majors/ranking?category=计算机科学与技术 HTTP/1.1');
      expect(legacy.status).toBe(400);
      expect(legacy.body).toMatchObject({ code: 400, data: null, message: expect.stringMatching(/^category: /), error: { param: 'category' } });
      // the same request percent-encoded is answered
      const encoded = await fetch(`http://127.0.0.1:${port}/api/majors/ranking?category=${encodeURIComponent('计算机科学与技术')}`);
      expect(encoded.status).toBe(200);
    } finally {
      await app.close();
      ctx.close();
    }
  });
});
