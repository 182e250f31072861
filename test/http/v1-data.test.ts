// /v1/data/* over HTTP: key required, the List shape (no total), every 400 naming its field, 404 for unknown ids,
// province / subject type in every written form, and the same answer from the cache for equivalent queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get(path: string, params: Record<string, string | number | boolean> = {}, auth = true) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const r = await t.app.inject({ method: 'GET', url: qs ? `${path}?${qs}` : path, headers: auth ? t.auth : {} });
  return { status: r.statusCode, body: r.json() as any };
}

const LISTS: Array<[string, Record<string, string | number>]> = [
  ['/v1/data/universities', { q: '北大' }],
  ['/v1/data/majors', { q: '哲学' }],
  ['/v1/data/score-lines', { province: '河南', year: 2024 }],
  ['/v1/data/admission-plans', { province: '吉林', year: 2025 }],
  ['/v1/data/rank-table', { province: '安徽', year: 2026 }],
  ['/v1/data/batch-lines', { province: '江苏' }],
  ['/v1/data/major-rankings', { major_name: '哲学' }],
  ['/v1/data/discipline-evaluations', { discipline_name: '哲学' }],
];

describe('/v1/data', () => {
  it('every endpoint needs a key', async () => {
    for (const [path, params] of [...LISTS, ['/v1/data/overview', {}] as [string, Record<string, string>], ['/v1/data/universities/4111010001', {}] as [string, Record<string, string>]]) {
      const r = await get(path, params, false);
      expect(r.status, path).toBe(401);
      expect(r.body.error).toBeTruthy();
    }
  });

  it('lists answer {items, page, page_size, has_more} with the default page size 20 and no total', async () => {
    for (const [path, params] of LISTS) {
      const r = await get(path, params);
      expect(r.status, path).toBe(200);
      expect(Object.keys(r.body).sort(), path).toEqual(['has_more', 'items', 'page', 'page_size']);
      expect(r.body.page).toBe(1);
      expect(r.body.page_size).toBe(20);
      expect(r.body.items.length, path).toBeGreaterThan(0);
      expect(r.body.items.length).toBeLessThanOrEqual(20);
    }
    const page2 = await get('/v1/data/score-lines', { province: '河南', year: 2024, page: 2, page_size: 100 });
    expect(page2.body).toMatchObject({ page: 2, page_size: 100 });
    expect(page2.body.items.length).toBe(100);
  });

  it('details, and 404 for ids not in the data', async () => {
    expect((await get('/v1/data/universities/4111010001')).body).toMatchObject({ name: '北京大学', flags: { is_985: true } });
    expect((await get('/v1/data/majors/1')).body).toMatchObject({ code: '010101', name: '哲学' });
    const u = await get('/v1/data/universities/1');
    expect(u.status).toBe(404);
    expect(u.body.error).toMatchObject({ type: 'not_found_error', param: 'id' });
    expect((await get('/v1/data/majors/999999')).status).toBe(404);
    expect((await get('/v1/data/universities/abc')).body.error.param).toBe('id');
  });

  it('include_campuses adds a university\'s branch campuses to its recent lines; a bad value is a 400 naming the field', async () => {
    // 东北大学 (4121010145) and its 秦皇岛 branch (东北大学秦皇岛分校 in the bundle's score lines)
    const plain = await get('/v1/data/universities/4121010145');
    expect(plain.body.recent_admission_lines.some((r: any) => 'campus' in r)).toBe(false);
    expect(plain.body.campuses).toContainEqual(expect.objectContaining({ campus: '东北大学(秦皇岛)' }));
    const all = await get('/v1/data/universities/4121010145', { include_campuses: true });
    expect(all.body.recent_admission_lines.some((r: any) => r.campus === '东北大学(秦皇岛)')).toBe(true);
    const bad = await get('/v1/data/universities/4121010145', { include_campuses: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('include_campuses');
  });

  it('overview: dataset counts and score-line coverage', async () => {
    const r = await get('/v1/data/overview');
    expect(r.status).toBe(200);
    expect(r.body.datasets.find((d: any) => d.dataset === 'universities').rows).toBe(2919);
    expect(r.body.score_lines.provinces.length).toBeGreaterThan(25);
    expect(r.body.score_lines.basis.map((b: any) => b.data_type)).toEqual(['专业线', '专业组线', '院校线', '特殊招生线']);
    expect(Object.keys(r.body.coverage)).toEqual(['score_lines', 'rank_tables', 'admission_plans', 'batch_lines']);
    expect(r.body.agreement.total.lines).toBeGreaterThan(0);
  });

  it('province and subject type in every written form give the same answer', async () => {
    const a = await get('/v1/data/score-lines', { province: '河南', year: 2024, subject_type: '物理类' });
    for (const [province, subject_type] of [['河南省', '理科'], ['henan', '物理']]) {
      expect((await get('/v1/data/score-lines', { province, year: 2024, subject_type })).body).toEqual(a.body);
    }
  });

  it('every missing or bad filter is a 400 naming the field', async () => {
    const cases: Array<[string, Record<string, string | number>, string]> = [
      ['/v1/data/score-lines', {}, 'province'],
      ['/v1/data/score-lines', { province: '河南' }, 'year'],
      ['/v1/data/score-lines', { year: 2024, subject_type: '物理' }, 'province'],
      ['/v1/data/score-lines', { province: '河南', year: 2024, data_type: '线' }, 'data_type'],
      ['/v1/data/score-lines', { province: '河南', year: 2024, page_size: 101 }, 'page_size'],
      ['/v1/data/score-lines', { province: '河南', year: 2024, page: 0 }, 'page'],
      ['/v1/data/score-lines', { province: '河南', year: 2024, raw: 'maybe' }, 'raw'],
      ['/v1/data/admission-plans', { major_name: '法学' }, 'province'],
      ['/v1/data/admission-plans', { year: 2025 }, 'province'],
      ['/v1/data/rank-table', { year: 2025 }, 'province'],
      ['/v1/data/rank-table', { province: '安徽' }, 'year'],
      ['/v1/data/rank-table', { province: '安徽', year: 2026, score: 600, score_to: 610 }, 'score'],
      ['/v1/data/batch-lines', { subject_type: '化学' }, 'subject_type'],
      ['/v1/data/major-rankings', { year: 2026 }, 'major_name'],
      ['/v1/data/major-rankings', { major_name: '哲学', grade: 'Z' }, 'grade'],
      ['/v1/data/discipline-evaluations', { grade: 'Z' }, 'grade'],
      ['/v1/data/universities', { level: '986' }, 'level'],
      ['/v1/data/universities', { province: '火星' }, 'province'],
      ['/v1/data/majors', { page_size: 0 }, 'page_size'],
    ];
    for (const [path, params, param] of cases) {
      const r = await get(path, params);
      expect(r.status, `${path} ${JSON.stringify(params)}`).toBe(400);
      expect(r.body.error.param, `${path} ${JSON.stringify(params)}`).toBe(param);
      expect(r.body.error.type).toBe('invalid_request_error');
    }
  });

  it('a query that finds nothing is an empty list, not an error', async () => {
    expect((await get('/v1/data/score-lines', { province: '河南', year: 2001 })).body).toEqual({ items: [], page: 1, page_size: 20, has_more: false });
  });

  it('the route reuses the data tools\' schemas (one definition)', async () => {
    const { scoreLineQuerySchema } = await import('../../src/data/score-lines.ts');
    const { findTool } = await import('../../tools/index.ts');
    expect(findTool('query_score_lines')!.inputSchema).toBe(scoreLineQuerySchema);
  });

  it('every GET of the data and site API refuses a query parameter it does not read, naming it (majors/{id} accepted any)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: t.auth })).json();
    const paths = Object.keys(doc.paths).filter((p) => /^\/v1\/(data|site)\//.test(p) && doc.paths[p].get);
    expect(paths.length).toBeGreaterThan(10);
    for (const p of paths) {
      const url = p.replace(/\{id\}/, '1').replace(/\{slug\}/, 'x');
      const r = await t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}not_a_parameter=1`, headers: t.auth });
      expect(r.statusCode, p).toBe(400);
      expect(r.json().error.message, p).toContain('not_a_parameter');
    }
  });
});
