// /v1/calc/steel-frame and the calc_steel_frame tool over HTTP: the key, the five frame cases of steel.json through
// the route, through POST /v1/tools/calc_steel_frame and through a real MCP client, the description, a 400 naming
// the field for bad input on every field, a fuzz that never gets a 5xx, and the public page's engine.js proven to be
// the engine (imported into Node it answers exactly what POST answers).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { withServedEngine } from '../helpers/served-engine.ts';
import { at, FRAME_VECTORS, within } from '../calc/steel/frame/vectors.ts';
import { BAD, PORTAL } from '../calc/steel/frame/bad-input.ts';
import { mutatedFrame, rng } from '../calc/steel/frame/random-frames.ts';
import { frameOutput } from '../../src/calc/steel/frame/output.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, url = '/v1/calc/steel-frame', headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

describe('POST /v1/calc/steel-frame', () => {
  it('needs a key', async () => {
    const r = await post(FRAME_VECTORS[0]!.params, '/v1/calc/steel-frame', {});
    expect(r.statusCode).toBe(401);
    expect(r.json().error.type).toBe('authentication_error');
    expect((await t.app.inject({ url: '/v1/calc/steel-frame' })).statusCode).toBe(401);
  });

  for (const route of ['/v1/calc/steel-frame', '/v1/tools/calc_steel_frame']) {
    it(`answers the five reference frames within their tolerance (${route})`, async () => {
      for (const v of FRAME_VECTORS) {
        const r = await post(v.params, route);
        expect(r.statusCode, v.id).toBe(200);
        expect(r.body).not.toMatch(/NaN|Infinity/);
        const body = r.json();
        expect(frameOutput.safeParse(body).success, v.id).toBe(true);
        for (const [p, want] of Object.entries(v.expected)) expect(within(at(body, p), want, v.tolerance), `${v.id} ${p}: ${String(at(body, p))} vs ${want}`).toBe(true);
      }
    });
  }

  it('answers the five reference frames through a real MCP client (structuredContent)', async () => {
    const client = new Client({ name: 'steel-frame-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: t.auth } }));
    try {
      for (const v of FRAME_VECTORS) {
        const result = await client.callTool({ name: 'calc_steel_frame', arguments: v.params });
        expect(result.isError, v.id).toBeFalsy();
        const body = result.structuredContent as Parameters<typeof at>[0];
        for (const [p, want] of Object.entries(v.expected)) expect(within(at(body, p), want, v.tolerance), `${v.id} ${p}`).toBe(true);
      }
      const bad = await client.callTool({ name: 'calc_steel_frame', arguments: { ...PORTAL, supports: [{ node: 'A', type: 'roller' }] } });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('gives a 400 naming the field, for bad input on every field', async () => {
    for (const [what, edit, param, words] of BAD) {
      const body = structuredClone(PORTAL) as Record<string, any>;
      edit(body);
      const r = await post(body);
      expect(r.statusCode, what).toBe(400);
      const e = r.json().error;
      expect(e.param, what).toBe(param);
      expect(e.message, what).toContain(words);
      expect(e.type).toBe('invalid_request_error');
    }
    const unstable = await post({ ...PORTAL, supports: [{ node: 'A', type: 'pinned' }, { node: 'D', type: 'roller' }], members: PORTAL.members.map((m) => ({ ...m, release_j: m.id === 'AB' })) });
    expect(unstable.statusCode).toBe(400);
    expect(unstable.json().error.code).toBe('unstable_structure');
    const notJson = await t.app.inject({ method: 'POST', url: '/v1/calc/steel-frame', headers: { ...t.auth, 'content-type': 'application/json' }, payload: '{"nodes":' });
    expect(notJson.statusCode).toBe(400);
  });

  it('fuzz: mutated frames never get a 5xx, NaN or Infinity', async () => {
    const junk = [null, -1, 0, 1e308, 'x', true, [], {}, 1e-12, -0.5];
    const r = rng(7);
    for (let k = 0; k < 120; k++) {
      const f = mutatedFrame(r, junk);
      const res = await post(f);
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      expect(res.body).not.toMatch(/NaN|Infinity/);
      if (res.statusCode === 400) expect(res.json().error.message.length).toBeGreaterThan(5);
    }
  });
});

describe('GET /v1/calc/steel-frame', () => {
  it('describes every table and field with units, ranges and defaults', async () => {
    const r = await t.app.inject({ url: '/v1/calc/steel-frame', headers: t.auth });
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d.fields.map((f: { name: string }) => f.name)).toEqual(['nodes', 'members', 'supports', 'nodal_loads', 'sway', 'samples', 'load_cases', 'self_weight', 'stations', 'steps', 'crane']);
    const table = (p: string) => d.tables.find((x: { path: string }) => x.path === p);
    expect(table('nodes[]').fields.find((f: { name: string }) => f.name === 'x')).toMatchObject({ unit: 'm', required: true });
    expect(table('members[]').fields.find((f: { name: string }) => f.name === 'E')).toMatchObject({ unit: 'N/mm²', default: 206000 });
    expect(table('supports[]').fields.find((f: { name: string }) => f.name === 'type').enum).toEqual(['fixed', 'pinned', 'roller', 'roller_y', 'roller_x']);
    expect(table('members[].loads[] (type point)').fields.find((f: { name: string }) => f.name === 'a')).toMatchObject({ unit: 'm', minimum: 0 });
    expect(d.fields.find((f: { name: string }) => f.name === 'samples')).toMatchObject({ default: 21, minimum: 3, maximum: 101 });
    expect(d.json_schema.additionalProperties).toBe(false);
    expect(table('load_cases[]').fields.find((f: { name: string }) => f.name === 'type').enum).toEqual(['G', 'Q', 'W', 'S']);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/calc/steel-frame'].post.requestBody).toBeDefined();
    expect(doc.paths['/v1/calc/steel-frame'].get).toBeDefined();
  });
});

describe('/tools/steel-frame/engine.js', () => {
  it('is the engine: imported into Node it answers exactly what POST answers', async () => {
    await withServedEngine<{ analyseFrame: (b: unknown) => unknown; describeFrame: () => unknown }>(t, '/tools/steel-frame/engine.js', async (engine) => {
      for (const v of FRAME_VECTORS) {
        const api = (await post(v.params)).json();
        expect(JSON.parse(JSON.stringify(engine.analyseFrame(v.params))), v.id).toEqual(api);
      }
      const described = (await t.app.inject({ url: '/v1/calc/steel-frame', headers: t.auth })).json();
      expect(JSON.parse(JSON.stringify(engine.describeFrame()))).toEqual(described);
    });
  });
});
