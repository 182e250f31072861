import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundle, tempYijingDb } from '../calc/yijing/fixture.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
const bundle = readBundle();

beforeAll(async () => {
  const { db, file } = tempYijingDb();
  db.close();
  t = await startTestApp({ config: { DATA_DB: file } });
});
afterAll(async () => {
  await t.close();
});

const cast = (payload?: unknown, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'POST', url: '/v1/yijing', headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('POST /v1/yijing', () => {
  it('requires a key', async () => {
    const res = await cast({ seed: 'hello' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeDefined();
  });

  it('casts reproducibly with a seed and serves the bundle text', async () => {
    const res = await cast({ question: '出行', method: 'coins', seed: 'hello' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.line_values).toEqual([7, 9, 7, 6, 8, 7]); // spec/yijing.md check value
    expect(body).toMatchObject({ question: '出行', method: 'coins', seed: 'hello', seed_drawn: false, algorithm: 'v1', moving_lines: [2, 4] });
    const daxu = bundle.hexagrams.find((h) => h.binary === '111001')!;
    expect(body.primary_hexagram).toMatchObject({ number: daxu.kingWen, name: daxu.name, judgment: daxu.guaci, image: daxu.daxiang });
    expect(body.primary_hexagram.lines[3]).toMatchObject({ label: daxu.lines[3]!.label, text: daxu.lines[3]!.text, image: daxu.lines[3]!.xiaoxiang, moving: true });
    expect(body.changed_hexagram.name).toBe('离');
    for (const k of ['nuclear_hexagram', 'opposite_hexagram', 'inverted_hexagram']) expect(body[k]).toHaveProperty('number');
    expect(body.reading.main).toMatchObject({ from: 'primary', position: 4 });
    expect(body.notice).toMatch(/文化研究/);
    const again = await cast({ question: '出行', method: 'coins', seed: 'hello' });
    expect(again.json()).toEqual(body);
  });

  it('defaults to coins and draws a replayable seed when the body is empty', async () => {
    const res = await cast();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.method).toBe('coins');
    expect(body.seed_drawn).toBe(true);
    const replay = (await cast({ seed: body.seed })).json();
    expect({ ...replay, seed_drawn: true }).toEqual(body);
  });

  it.each([
    [{ method: 'tarot' }, 'method', /"coins", "random", "yarrow"/],
    [{ seed: { n: 1 } }, 'seed', /string of 1 to 200 characters or an integer/],
    [{ seed: false }, 'seed', /or an integer/],
    [{ seed: '' }, 'seed', /seed/],
    [{ question: '问'.repeat(501) }, 'question', /question/],
    [{ extra: 1 }, 'extra', /unknown field/],
  ])('answers 400 naming the field for %j', async (payload, param, message) => {
    const res = await cast(payload);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
    expect(error.type).toBe('invalid_request_error');
  });

  it('documents the route in the OpenAPI document with the tool\'s schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const op = res.json().paths['/v1/yijing'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.properties.method.enum).toEqual(['coins', 'random', 'yarrow']);
    expect(Object.keys(schema.properties).sort()).toEqual(['hexagram', 'method', 'question', 'seed']);
  });

  it('answers 503 with a hint when the data database has no text', async () => {
    const bare = await startTestApp({ config: { DATA_DB: '/nonexistent/svc-data.db' } });
    try {
      const res = await bare.app.inject({ method: 'POST', url: '/v1/yijing', headers: bare.auth, payload: { seed: 'x' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toMatch(/npm run import/);
    } finally {
      await bare.close();
    }
  });
});
