// /v1/calc/steel over HTTP: the key and quota, every member case of the reference file within its tolerance, a 400
// naming the field and the allowed values for bad input on every field, a fuzz run with no 5xx, GET's description,
// and the public /tools/steel assets, including proof that the served engine.js is the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describe as describeSteel, KINDS } from '../../src/calc/steel/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { withServedEngine } from '../helpers/served-engine.ts';
import { MEMBER_VECTORS, mismatches } from '../calc/steel/vectors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'POST', url: '/v1/calc/steel', headers, payload: payload as Record<string, unknown> });

/** A valid params object per kind (the reference inputs), to spoil one field at a time. */
const VALID: Record<string, Record<string, unknown>> = Object.fromEntries(KINDS.map((k) => [k, MEMBER_VECTORS.find((v) => v.kind === k)!.params]));
const FULL_BEAM = MEMBER_VECTORS.find((v) => v.id === 'beam-HN400-udl-top')!.params;
const FULL_BC = MEMBER_VECTORS.find((v) => v.id === 'bc-HW300-Q355-sway')!.params;

describe('POST /v1/calc/steel', () => {
  it('needs a key', async () => {
    const r = await post({ kind: 'phi', params: VALID.phi }, {});
    expect(r.statusCode).toBe(401);
    expect(r.json().error.type).toBe('authentication_error');
    expect((await t.app.inject({ url: '/v1/calc/steel' })).statusCode).toBe(401);
  });

  it('answers every member case of the reference file within its tolerance', async () => {
    for (const v of MEMBER_VECTORS) {
      const r = await post({ kind: v.kind, params: v.params });
      expect(r.statusCode, v.id).toBe(200);
      const body = r.json();
      expect(body.kind).toBe(v.kind);
      expect(mismatches(v, body.values)).toEqual([]);
      expect(body.summary).toMatch(/[\u4e00-\u9fff]/);
      for (const s of body.steps) expect(s.clause, `${v.id} ${s.key}`).toBeTruthy();
    }
  });

  it('gives a 400 naming the field and the allowed values', async () => {
    const hn = { type: 'rolled_h', designation: 'HN400x200x8x13' };
    const cases: Array<[unknown, string, string]> = [
      [{ kind: 'truss', params: {} }, 'kind', '"phi", "section", "tension", "compression", "beam", "beam_column"'],
      [{ kind: 'phi', params: { lambda: 80, class: 'e', grade: 'Q235' } }, 'params.class', '"a", "b", "c", "d", "a*", "b*"'],
      [{ kind: 'phi', params: { lambda: 80, class: 'b', grade: 'Q550' } }, 'params.grade', '"Q235", "Q355", "Q390", "Q420", "Q345"'],
      [{ kind: 'beam', params: { section: { type: 'box', h: 300 }, Mx: 10, grade: 'Q235' } }, 'params.section.type', '"welded_i", "rolled_h", "props"'],
      [{ kind: 'beam', params: { section: { type: 'rolled_h', designation: 'HN999' }, Mx: 10, grade: 'Q235' } }, 'params.section.designation', 'HN400x200x8x13'],
      [{ kind: 'beam', params: { section: { type: 'welded_i', h: 400, b: 200, tw: 8, tf: 120 }, Mx: 10, grade: 'Q235' } }, 'params.section.tf', '≤ 100 mm'],
      [{ kind: 'beam', params: { section: { type: 'welded_i', h: 400, b: 200, tw: 8, tf: 12, extra: 1 }, Mx: 10, grade: 'Q235' } }, 'params.section.extra', 'allowed: type, h, b, tw, tf'],
      [{ kind: 'beam', params: { section: hn, Mx: -2e6, grade: 'Q235' } }, 'params.Mx', '≥ -1000000 and ≤ 1000000 kN·m'],
      [{ kind: 'beam_column', params: { section: hn, N: 100, Mx: -5, l0x: 3, l0y: 3, grade: 'Q235' } }, 'params.Mx', '≥ 0 and ≤ 1000000 kN·m'],
      [{ kind: 'beam', params: { section: hn, Mx: 100, grade: 'Q235', ltb: { item: 1 } } }, 'params.ltb.l1', 'required'],
      [{ kind: 'beam', params: { section: hn, Mx: 100, grade: 'Q235', ltb: { l1: 6, item: 11 } } }, 'params.ltb.item', '≤ 10'],
      [{ kind: 'compression', params: { section: hn, N: '1000', l0x: 3, l0y: 3, grade: 'Q235' } }, 'params.N', 'must be number'],
      [{ kind: 'compression', params: { section: { type: 'props', A: 5000, Ix: 1e8, Iy: 1e7, tf: 12 }, N: 100, l0x: 3, l0y: 3, grade: 'Q235' } }, 'params.class_x', '"a", "b", "c", "d", "a*", "b*"'],
      [{ kind: 'beam', params: { section: { type: 'props', A: 5000, Ix: 1e8, Iy: 1e7 }, Mx: 10, grade: 'Q235' } }, 'params.section.Wx', 'required'],
      [{ kind: 'tension', params: { section: hn, N: 100, An: 9000, grade: 'Q235' } }, 'params.An', 'gross area'],
      [{ kind: 'beam_column', params: { section: hn, N: 100, Mx: 10, l0x: 3, l0y: 3, grade: 'Q235', moments: { transverse: 'udl', m2_m1: 0.5 } } }, 'params.moments.Mqx', 'required'],
      [{ kind: 'beam_column', params: { section: hn, N: 100, Mx: 10, l0x: 3, l0y: 3, grade: 'Q235', phi_b_method: 'table' } }, 'params.phi_b_method', '"auto", "C.0.5", "C.0.1"'],
      [{ kind: 'beam_column', params: { section: hn, N: 100, Mx: 10, l0x: 3, l0y: 60, grade: 'Q235', phi_b_method: 'C.0.5' } }, 'params.phi_b_method', '"auto", "C.0.1"'],
      [{ kind: 'beam' }, 'params', 'required'],
    ];
    for (const [payload, param, text] of cases) {
      const r = await post(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      const e = r.json().error;
      expect(e.param, JSON.stringify(payload)).toBe(param);
      expect(e.message).toContain(text);
      expect(e.type).toBe('invalid_request_error');
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/v1/calc/steel', headers: { ...t.auth, 'content-type': 'application/json' }, payload: '{"kind":' });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers a bad value on every field of every kind with a 400 naming that field', async () => {
    const desc = describeSteel();
    const spoil = (p: { type: string; enum?: unknown[] }) => (p.type === 'number' || p.type === 'integer' ? -1e12 : p.type === 'boolean' ? 'yes' : p.enum ? '__nope__' : 12345);
    let tried = 0;
    for (const k of desc.kinds) {
      const base = k.kind === 'beam' ? FULL_BEAM : k.kind === 'beam_column' ? FULL_BC : VALID[k.kind]!;
      for (const p of k.params) {
        if (p.type === 'object' || p.name === 'section') continue;
        const params = structuredClone(base) as Record<string, any>;
        const [head, sub] = p.name.split('.');
        if (sub) (params[head!] ??= {})[sub] = spoil(p);
        else params[head!] = spoil(p);
        const r = await post({ kind: k.kind, params });
        expect(r.statusCode, `${k.kind} ${p.name}`).toBe(400);
        expect(r.json().error.param, `${k.kind} ${p.name}`).toBe(`params.${p.name}`);
        tried++;
      }
    }
    for (const st of desc.section_types) {
      for (const p of st.params) {
        const section: Record<string, unknown> = st.type === 'rolled_h' ? { type: 'rolled_h', h: 400, b: 200, tw: 8, tf: 13, r: 13 } : st.type === 'welded_i' ? { type: 'welded_i', h: 400, b: 200, tw: 8, tf: 13 } : { type: 'props', A: 8000, Ix: 2e8, Iy: 2e7, Wx: 1e6, h: 400, tf: 13, tw: 8 };
        section[p.name.slice('section.'.length)] = spoil(p);
        const r = await post({ kind: 'section', params: { section, grade: 'Q235' } });
        expect(r.statusCode, `${st.type} ${p.name}`).toBe(400);
        expect(r.json().error.param, `${st.type} ${p.name}`).toBe(`params.${p.name}`);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(60);
  });

  it('never answers 5xx, NaN or Infinity to random input (fuzz)', async () => {
    let seed = 20261124;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const junk = () => pick<unknown>([0, -1, 1e-300, 1e300, 0.5, 3, 42, 1e6, '', 'x', null, true, [], {}, Number.MAX_VALUE]);
    const desc = describeSteel();
    for (let i = 0; i < 300; i++) {
      const k = pick(desc.kinds);
      const params = structuredClone(k.kind === 'beam' ? FULL_BEAM : k.kind === 'beam_column' ? FULL_BC : VALID[k.kind]!) as Record<string, any>;
      for (let j = 0; j < 1 + Math.floor(rnd() * 3); j++) {
        const p = pick(k.params);
        const [head, sub] = p.name.split('.');
        if (sub && params[head!] && typeof params[head!] === 'object') params[head!][sub] = junk();
        else params[head!] = rnd() < 0.8 ? (typeof junk() === 'number' ? rnd() * 10 ** Math.floor(rnd() * 7) : junk()) : junk();
      }
      if (rnd() < 0.3) params.section = pick([{ type: 'welded_i', h: 60, b: 20, tw: 1, tf: 1 }, { type: 'rolled_h', h: 5000, b: 2000, tw: 100, tf: 100, r: 50 }, { type: 'props', A: 1, Ix: 1e13, Iy: 1, Wx: 1, tf: 1, tw: 1, class_x: 'd', class_y: 'd' }, { type: 'props', A: 1e7, Ix: 1, Iy: 1, Wx: 1, tf: 100, h: 50, b: 20, class_x: 'a', class_y: 'c' }]);
      const r = await post({ kind: k.kind, params });
      expect(r.statusCode, JSON.stringify({ kind: k.kind, params })).toBeLessThan(500);
      expect(r.body).not.toMatch(/NaN|Infinity/);
    }
  });
});

describe('GET /v1/calc/steel', () => {
  it('describes kinds, params, section types, grades, units, ranges and defaults', async () => {
    const r = await t.app.inject({ url: '/v1/calc/steel', headers: t.auth });
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d.kinds.map((k: { kind: string }) => k.kind)).toEqual(['phi', 'section', 'tension', 'compression', 'beam', 'beam_column']);
    const bc = d.kinds.find((k: { kind: string }) => k.kind === 'beam_column');
    expect(bc.params.find((p: { name: string }) => p.name === 'l0x')).toMatchObject({ unit: 'm', required: true, minimum: 0.01, maximum: 200 });
    expect(bc.params.find((p: { name: string }) => p.name === 'moments.transverse')).toMatchObject({ default: 'none', enum: ['none', 'udl', 'point_mid'] });
    expect(bc.params.find((p: { name: string }) => p.name === 'phi_b_method')).toMatchObject({ default: 'auto' });
    expect(bc.json_schema.additionalProperties).toBe(false);
    const beam = d.kinds.find((k: { kind: string }) => k.kind === 'beam');
    expect(beam.params.find((p: { name: string }) => p.name === 'ltb.item')).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
    expect(d.section_types.map((s: { type: string }) => s.type)).toEqual(['welded_i', 'rolled_h', 'props']);
    expect(d.grades.find((g: { grade: string }) => g.grade === 'Q355').rows[0]).toEqual({ t_max: 16, f: 305, fv: 175, fy: 355 });
    expect(d.units).toMatchObject({ force: 'kN', moment: 'kN·m', stress: 'N/mm²' });
  });

  it('documents the POST body in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/calc/steel'].post.requestBody).toBeDefined();
    expect(doc.paths['/v1/calc/steel'].get).toBeDefined();
  });
});

describe('/tools/steel (public page)', () => {
  it('serves the page with a self-only content security policy and nothing from elsewhere', async () => {
    for (const url of ['/tools/steel', '/tools/steel/']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.body).toContain('/tools/steel/page.js');
      expect(r.body).not.toMatch(/https?:\/\//);
    }
    for (const asset of ['page.js', 'style.css']) {
      const r = await t.app.inject({ url: `/tools/steel/${asset}` });
      expect(r.statusCode).toBe(200);
      expect(r.body.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:\/\//);
    }
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/tools/steel</loc>');
  });

  it('engine.js is the engine: imported into Node it returns exactly what POST returns', async () => {
    await withServedEngine<typeof import('../../src/calc/steel/index.ts')>(t, '/tools/steel/engine.js', async (engine) => {
      for (const v of MEMBER_VECTORS) {
        const api = (await post({ kind: v.kind, params: v.params })).json();
        expect(JSON.parse(JSON.stringify(engine.calculate({ kind: v.kind, params: v.params }))), v.id).toEqual(api);
      }
      const described = (await t.app.inject({ url: '/v1/calc/steel', headers: t.auth })).json();
      expect(JSON.parse(JSON.stringify(engine.describe()))).toEqual(described);
    });
  });
});
