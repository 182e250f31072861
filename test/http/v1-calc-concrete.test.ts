// /v1/calc/concrete over HTTP (key, validation errors naming the field, the same figures as the engine) and the
// public /tools/concrete assets, including proof that the served engine.js is the engine: imported into Node it
// returns exactly what the route returns.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { withServedEngine } from '../helpers/served-engine.ts';
import { VECTORS } from '../calc/concrete/vectors.ts';


let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'POST', url: '/v1/calc/concrete', headers, payload: payload as Record<string, unknown> });

describe('POST /v1/calc/concrete', () => {
  it('needs a key', async () => {
    const r = await post({ kind: 'beam', params: VECTORS[0]!.params }, {});
    expect(r.statusCode).toBe(401);
    expect(r.json().error.type).toBe('authentication_error');
    expect((await t.app.inject({ url: '/v1/calc/concrete' })).statusCode).toBe(401);
  });

  it('answers every reference case with its verdict and figures', async () => {
    for (const v of VECTORS) {
      const r = await post({ kind: v.kind, params: v.params });
      expect(r.statusCode, v.id).toBe(200);
      const body = r.json();
      expect(body.verdict, v.id).toBe(v.recomputed_api.verdict);
      expect(body.kind).toBe(v.kind);
      expect(body.input).toMatchObject(v.params);
      expect(typeof body.summary).toBe('string');
      for (const [k, want] of Object.entries(v.recomputed_api)) {
        if (typeof want !== 'number') continue;
        const got = body.values[k];
        expect(Math.abs(got - want), `${v.id} ${k}`).toBeLessThanOrEqual(0.5 * 10 ** (Math.floor(Math.log10(Math.abs(want) || 1)) - 2) + 1e-12);
      }
      for (const s of body.steps) expect(s).toHaveProperty('clause');
    }
  });

  it('gives a 400 naming the field and the allowed values', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ kind: 'slab', params: {} }, 'kind', '"beam", "column", "shear", "crack"'],
      [{ kind: 'beam', params: { moment: 100, b: 250, h: 500, concrete_grade: 60 } }, 'params.concrete_grade', '20, 25, 30, 35, 40, 45, 50'],
      [{ kind: 'shear', params: { V: 100, b: 250, h: 500, dia: 8, spacing: 150, steel_grade: 335 } }, 'params.steel_grade', '300, 360, 435'],
      [{ kind: 'beam', params: { moment: 100, b: -250, h: 500 } }, 'params.b', '≥ 10 and ≤ 5000 mm'],
      [{ kind: 'beam', params: { moment: 100, b: 250, h: 0 } }, 'params.h', '≥ 10 and ≤ 5000 mm'],
      [{ kind: 'beam', params: { moment: 0, b: 250, h: 500 } }, 'params.moment', '≥ 0.001 and ≤ 100000 kN·m'],
      [{ kind: 'crack', params: { moment: 60, b: 200, h: 500, As: 800, cover: 500, dia: 16 } }, 'params.cover', 'h = 500'],
      [{ kind: 'column', params: { N: 1000, b: 300, h: 400, l0: 16, As: 1200 } }, 'params.l0', 'Table 6.2.15'],
      [{ kind: 'column', params: { N: '1000', b: 300, h: 400, l0: 3, As: 1200 } }, 'params.N', 'must be number'],
      [{ kind: 'beam' }, 'params', 'required'],
    ];
    for (const [payload, param, text] of cases) {
      const r = await post(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      const e = r.json().error;
      expect(e.param).toBe(param);
      expect(e.message).toContain(text);
      expect(e.type).toBe('invalid_request_error');
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/v1/calc/concrete', headers: { ...t.auth, 'content-type': 'application/json' }, payload: '{"kind":' });
    expect(notJson.statusCode).toBe(400);
  });

  it('never writes NaN or Infinity, even at αs ≥ 0.5', async () => {
    const r = await post({ kind: 'beam', params: { moment: 200, b: 200, h: 400, concrete_grade: 20 } });
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toMatch(/NaN|Infinity/);
    expect(r.json().verdict).toBe('section_insufficient');
    expect(r.json().values.As).toBeNull();
  });
});

describe('GET /v1/calc/concrete', () => {
  it('describes kinds, params, units, ranges and defaults', async () => {
    const r = await t.app.inject({ url: '/v1/calc/concrete', headers: t.auth });
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d.kinds.map((k: { kind: string }) => k.kind)).toEqual(['beam', 'column', 'shear', 'crack']);
    const column = d.kinds.find((k: { kind: string }) => k.kind === 'column');
    expect(column.params.find((p: { name: string }) => p.name === 'l0')).toMatchObject({ unit: 'm', required: true, exclusiveMinimum: 0 });
    expect(column.json_schema.properties.steel_grade.enum).toEqual([300, 360, 435]);
    expect(column.json_schema.additionalProperties).toBe(false);
    const shear = d.kinds.find((k: { kind: string }) => k.kind === 'shear');
    expect(shear.params.find((p: { name: string }) => p.name === 'legs')).toMatchObject({ type: 'integer', default: 2, minimum: 1, maximum: 12 });
    expect(d.units).toMatchObject({ length: 'mm', moment: 'kN·m', force: 'kN', area: 'mm²', l0: 'm' });
  });

  it('documents the POST body in the OpenAPI document', async () => {
    const r = await t.app.inject({ url: '/v1/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.paths['/v1/calc/concrete'].post.requestBody).toBeDefined();
  });
});

describe('/tools/concrete (public page)', () => {
  it('serves the page with a self-only content security policy', async () => {
    for (const url of ['/tools/concrete', '/tools/concrete/']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.headers['content-security-policy']).toContain("default-src 'none'");
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.body).toContain('/tools/concrete/page.js');
      expect(r.body).not.toMatch(/https?:\/\//); // nothing loaded from elsewhere
    }
    for (const asset of ['page.js', 'style.css']) {
      const r = await t.app.inject({ url: `/tools/concrete/${asset}` });
      expect(r.statusCode).toBe(200);
      // the SVG namespace is a name, not an address anything is loaded from
      expect(r.body.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:\/\//);
    }
  });

  it('engine.js is the engine: imported into Node it returns exactly what POST returns', async () => {
    await withServedEngine<typeof import('../../src/calc/concrete/index.ts')>(t, '/tools/concrete/engine.js', async (engine) => {
      for (const v of VECTORS) {
        const api = (await post({ kind: v.kind, params: v.params })).json();
        expect(JSON.parse(JSON.stringify(engine.calculate({ kind: v.kind, params: v.params } as never))), v.id).toEqual(api);
      }
      const described = (await t.app.inject({ url: '/v1/calc/concrete', headers: t.auth })).json();
      expect(JSON.parse(JSON.stringify(engine.describe()))).toEqual(described);
    });
  });

  it('is gzip-encoded on request and revalidates by ETag', async () => {
    const plain = await t.app.inject({ url: '/tools/concrete/engine.js' });
    const gz = await t.app.inject({ url: '/tools/concrete/engine.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const again = await t.app.inject({ url: '/tools/concrete/engine.js', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
