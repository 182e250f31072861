// The public legacy volunteer-filling endpoints on the real app and data: the envelope, errors in the envelope
// naming the field, the per-IP rate limit, the mirofish simulation's seeds and its honest "no history", OpenAPI;
// the 志愿表 endpoints (the rules table, a university's units, mode list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.dataDb();
async function get(url: string) {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() as any };
}
async function post(url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as any });
  return { status: res.statusCode, body: res.json() as any };
}

describe('legacy volunteer-filling endpoints', () => {
  it('search finds universities (short names too) and majors, in the envelope, without a key', async () => {
    const r = await get(`/api/recommendation/search?q=${encodeURIComponent('北大')}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, message: 'success' });
    const pku = db().prepare("SELECT id FROM universities WHERE name = '北京大学'").pluck().get();
    expect(r.body.data.universities.map((u: any) => u.id)).toContain(pku);
    const m = await get(`/api/recommendation/search?q=${encodeURIComponent('计算机')}`);
    expect(m.body.data.majors.map((x: any) => x.name)).toContain('计算机科学与技术');
  });

  it('universities: paged, with the data API filters', async () => {
    const r = await get(`/api/recommendation/universities?province=${encodeURIComponent('江苏省')}&level=985&page_size=100`);
    const expected = db().prepare("SELECT id FROM universities WHERE province = '江苏' AND is_985 = 1 ORDER BY id").pluck().all();
    expect(r.body.code).toBe(200);
    expect(r.body.data.items.map((u: any) => u.id).sort()).toEqual(expected);
    expect(r.body.data).toMatchObject({ page: 1, page_size: 100, has_more: false });
  });

  it('categories: the 门类 → 专业类 tree covers the whole catalogue', async () => {
    const r = await get('/api/majors/categories');
    const cats = r.body.data.categories;
    expect(cats.length).toBe(db().prepare('SELECT COUNT(DISTINCT category_code) FROM majors').pluck().get());
    expect(cats.reduce((a: number, c: any) => a + c.majors, 0)).toBe(db().prepare('SELECT COUNT(*) FROM majors').pluck().get());
    const law = cats.find((c: any) => c.name === '法学');
    expect(law.subcategories.map((s: any) => s.name)).toContain('法学类');
  });

  it('ranking: top universities of a major by 软科 rank; an unknown major is a 404 in the envelope naming the field', async () => {
    const r = await get(`/api/majors/ranking?category=${encodeURIComponent('计算机科学与技术')}`);
    expect(r.body.code).toBe(200);
    const top = db()
      .prepare("SELECT school_name FROM major_rankings WHERE major_name = '计算机科学与技术' AND cleaned = 0 AND year = (SELECT MAX(year) FROM major_rankings WHERE major_name = '计算机科学与技术' AND cleaned = 0) ORDER BY rank IS NULL, rank, id LIMIT 1")
      .pluck()
      .get();
    expect(r.body.data.ruanke.items[0].school_name).toBe(top);
    const bad = await get(`/api/majors/ranking?category=${encodeURIComponent('炼金术')}`);
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ code: 404, data: null });
    expect(bad.body.message).toMatch(/^category: /);
  });

  it('ranking: a 门类 (工学) or 专业类 (计算机类) name as /api/majors/categories returns it answers with each of its majors', async () => {
    const cats = (await get('/api/majors/categories')).body.data.categories;
    const eng = cats.find((c: any) => c.name === '工学');
    const r = await get(`/api/majors/ranking?category=${encodeURIComponent('工学')}`);
    expect(r.status).toBe(200);
    expect(r.body.data.category).toMatchObject({ level: '门类', name: '工学', code: eng.code });
    expect(r.body.data.majors).toHaveLength(eng.majors);
    expect(r.body.data.majors.every((m: any) => m.major.category === '工学')).toBe(true);
    const cs = eng.subcategories.find((s: any) => s.name === '计算机类');
    const sub = await get(`/api/majors/ranking?category=${encodeURIComponent('计算机类')}`);
    expect(sub.body.data.category).toMatchObject({ level: '专业类', name: '计算机类', code: cs.code });
    expect(sub.body.data.majors.map((m: any) => m.major.name)).toContain('计算机科学与技术');
    const csRank = sub.body.data.majors.find((m: any) => m.major.name === '计算机科学与技术');
    const single = (await get(`/api/majors/ranking?category=${encodeURIComponent('计算机科学与技术')}`)).body.data;
    expect(csRank.ruanke).toEqual(single.ruanke);
  });

  it('rank-table: the table row of a score; a missing province is a 400 in the envelope naming it', async () => {
    const r = await get(`/api/recommendation/rank-table?province=${encodeURIComponent('河南')}&year=2024&subject_type=${encodeURIComponent('物理')}&score=600`);
    const row = db().prepare("SELECT cumulative_rank FROM rank_tables WHERE province = '河南' AND year = 2024 AND subject_family = '物理' AND score = 600 AND cleaned = 0 AND table_kind = ''").pluck().get();
    expect(r.body.data.items[0].cumulative_rank).toBe(row);
    const bad = await get('/api/recommendation/rank-table?year=2024');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data).toBeNull();
    expect(bad.body.message).toMatch(/province/);
  });
});

describe('GET /api/recommendation/match and /exams (the /zhiyuan/ workbench)', () => {
  it('matches 山东 550 without a subject type (3+3: 综合), with counts per label and paging', async () => {
    const r = await get(`/api/recommendation/match?province=${encodeURIComponent('山东')}&score=550&label=${encodeURIComponent('保')}&page_size=5`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, message: 'success' });
    const d = r.body.data;
    expect(d.subject_type).toBe('综合');
    expect(d.items.length).toBe(Math.min(5, d.counts.保));
    expect(d.total).toBe(d.counts.保);
    expect(d.has_more).toBe(d.counts.保 > 5);
    for (const it of d.items) expect(it.label).toBe('保');
  });

  it('refuses a score above the full mark and an unknown filter value, in the envelope naming the field', async () => {
    const high = await get(`/api/recommendation/match?province=${encodeURIComponent('山东')}&score=1000`);
    expect(high.status).toBe(400);
    expect(high.body).toMatchObject({ code: 400, data: null });
    expect(high.body.message).toMatch(/^score: .*750/);
    const bad = await get(`/api/recommendation/match?province=${encodeURIComponent('山东')}&score=550&nature=x`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/nature/);
  });

  it('exams: every province, newest year first, with its families and full mark', async () => {
    const r = await get('/api/recommendation/exams');
    expect(r.status).toBe(200);
    const ps = r.body.data.provinces;
    expect(ps.length).toBe(31);
    const sd = ps.find((p: any) => p.province === '山东');
    expect(sd.years[0].families[0].value).toBe('综合');
    for (const p of ps) expect(p.years.map((y: any) => y.year)).toEqual([...p.years.map((y: any) => y.year)].sort((a: number, b: number) => b - a));
  });
});

describe('POST /api/simulation/mirofish', () => {
  const noHistory = () =>
    // A university with no line at all in 河南 2023–2025 (any kind): nothing to simulate from.
    db()
      .prepare("SELECT id FROM universities WHERE id NOT IN (SELECT university_id FROM score_lines WHERE province = '河南' AND year BETWEEN 2023 AND 2025 AND university_id IS NOT NULL) ORDER BY id LIMIT 1")
      .pluck()
      .get() as number;

  it('simulates with a seed: same seed, same answer; the seed is returned; no history is reported, never guessed', async () => {
    const body = { province: '河南', subject_type: '物理类', score: 620, targets: ['郑州大学', { university_name: '郑州大学', major: '计算机' }, noHistory(), 1], seed: 'abc', draws: 5000 };
    const a = await post('/api/simulation/mirofish', body);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ code: 200, message: 'success' });
    const d = a.body.data;
    // no year: the candidate prepares for 2027 and is ranked with the latest (2026) table
    expect(d).toMatchObject({ seed: 'abc', draws: 5000, year: 2027, subject_type: '物理' });
    expect(d.candidate.rank.table.year).toBe(2026);
    const rank = db().prepare("SELECT cumulative_rank FROM rank_tables WHERE province = '河南' AND year = 2026 AND subject_family = '物理' AND score = 620 AND cleaned = 0 AND table_kind = ''").pluck().get();
    expect(d.candidate.rank.value).toBe(rank);
    const [zzu, zzuCs, none, missing] = d.results;
    expect(zzu.status).toBe('ok');
    expect(zzu.probability).toBeGreaterThanOrEqual(zzu.interval[0]);
    expect(zzu.probability).toBeLessThanOrEqual(zzu.interval[1]);
    for (const l of [...zzu.lines, ...zzuCs.lines]) {
      const row = db().prepare('SELECT university_id, year, min_score FROM score_lines WHERE id = ?').get(l.id) as any;
      expect(row).toMatchObject({ university_id: zzu.university_id, year: l.year, min_score: l.min_score });
    }
    expect(none).toMatchObject({ status: 'no_history', probability: null, interval: null });
    expect(none.missing.length).toBe(3);
    expect(missing).toMatchObject({ status: 'not_found', probability: null });
    const again = await post('/api/simulation/mirofish', body);
    expect(again.body).toEqual(a.body);
    const other = await post('/api/simulation/mirofish', { ...body, seed: 'other' });
    expect(other.body.data.results[0].probability).not.toBe(zzu.probability);
    const unseeded = await post('/api/simulation/mirofish', { ...body, seed: undefined });
    const replay = await post('/api/simulation/mirofish', { ...body, seed: unseeded.body.data.seed });
    expect(replay.body.data.results).toEqual(unseeded.body.data.results);
  });

  it('combines the list in its order: at least one admission, and which target admits (平行志愿)', async () => {
    const body = { province: '河南', subject_type: '物理', score: 600, targets: ['郑州大学', noHistory(), '河南大学', '河南科技大学'], seed: 'list', draws: 4000 };
    const d = (await post('/api/simulation/mirofish', body)).body.data;
    const ok = d.results.filter((r: any) => r.status === 'ok');
    expect(ok.length).toBe(3);
    expect(d.list.simulated).toBe(3);
    const p = ok.map((r: any) => r.probability as number);
    // at least one: no lower than the best single chance, no higher than if the targets were independent (they share
    // the candidate's rank, so their chances move together)
    expect(d.list.at_least_one).toBeGreaterThanOrEqual(Math.max(...p) - 1e-4);
    expect(d.list.at_least_one).toBeLessThanOrEqual(1 - p.reduce((a: number, x: number) => a * (1 - x), 1) + 1e-4);
    // the first target admits whenever it is reached; a target without history never admits; the parts add up
    expect(d.list.admitted_by[0]).toBeCloseTo(p[0], 3);
    expect(d.list.admitted_by[1]).toBeNull();
    const parts = d.list.admitted_by.filter((x: number | null) => x !== null).reduce((a: number, x: number) => a + x, 0);
    expect(parts).toBeCloseTo(d.list.at_least_one, 3);
    // the order matters for who admits, not for the chance of at least one
    const reversed = (await post('/api/simulation/mirofish', { ...body, targets: [...body.targets].reverse() })).body.data;
    expect(reversed.list.at_least_one).toBeCloseTo(d.list.at_least_one, 2);
  });

  it("simulates a university's own line by default and a programme's line when its unit is named", async () => {
    // score_lines/liuguanghui_score_lines.csv.gz lines 316657 and 316994: 河南 2024 理科本科一批, 河南大学 582 分 and
    // 河南大学（与开封大学联合办学）（就读地综合 525 分 (test/data/import/duplicates.test.ts).
    const unit = '与开封大学联合办学/就读地综合';
    const r = await post('/api/simulation/mirofish', { province: '河南', subject_type: '物理', year: 2025, score: 560, targets: [4141010475, { university_id: 4141010475, unit }], seed: 'units', draws: 1000 });
    expect(r.status).toBe(200);
    const [own, joint] = r.body.data.results;
    expect(own).toMatchObject({ status: 'ok', unit: null, university_name: '河南大学' });
    expect(joint).toMatchObject({ status: 'ok', unit, university_name: `河南大学（${unit}）` });
    expect(own.lines.find((l: { year: number }) => l.year === 2024)).toMatchObject({ min_score: 582 });
    expect(joint.lines.find((l: { year: number }) => l.year === 2024)).toMatchObject({ min_score: 525 });
    expect(joint.probability).toBeGreaterThan(own.probability); // the programme's line is the easier one
  });

  it('bad bodies are 400s in the envelope naming the field', async () => {
    const empty = await post('/api/simulation/mirofish', { province: '河南', subject_type: '物理', score: 600, targets: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 400, data: null });
    expect(empty.body.message).toMatch(/targets/);
    const noScore = await post('/api/simulation/mirofish', { province: '河南', subject_type: '物理', targets: ['郑州大学'] });
    expect(noScore.body.message).toMatch(/score/);
    const res = await t.app.inject({ method: 'POST', url: '/api/simulation/mirofish', headers: { 'content-type': 'application/json' }, payload: '{"province":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
    // 江苏 has no 2024 rank table (its 2023/2024 tables are documented as broken), so a score cannot become a rank: the
    // answer says to give the rank.
    const noTable = await post('/api/simulation/mirofish', { province: '江苏', subject_type: '物理', score: 600, year: 2024, targets: ['南京大学'] });
    expect(noTable.status).toBe(400);
    expect(noTable.body.message).toMatch(/^score: .*give rank/);
  });

  it('is listed in the OpenAPI document with its summary, tags and body schema', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as any;
    for (const p of ['/api/recommendation/search', '/api/recommendation/universities', '/api/majors/categories', '/api/majors/ranking', '/api/recommendation/rank-table']) {
      expect(doc.paths[p].get.summary, p).toBeTruthy();
      expect(doc.paths[p].get.security).toEqual([]);
    }
    const op = doc.paths['/api/simulation/mirofish'].post;
    expect(op.tags[0]).toMatch(/legacy/);
    expect(JSON.stringify(op.requestBody)).toContain('targets');
  });
});

describe('per-IP rate limit', () => {
  it('answers 429 in the envelope past PUBLIC_RATE_LIMIT requests a minute', async () => {
    const limited = await startTestApp({ config: { PUBLIC_RATE_LIMIT: '2' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ url: '/api/majors/categories' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const res = await limited.app.inject({ url: '/api/majors/categories' });
      expect(res.json()).toMatchObject({ code: 429, data: null });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('志愿表 endpoints', () => {
  it('rules: every row with its source, in the envelope', async () => {
    const r = await get('/api/recommendation/rules');
    expect(r.status).toBe(200);
    const sd = r.body.data.rows.find((x: any) => x.province === '山东' && x.year === 2026);
    expect(sd).toMatchObject({ unit: '专业+院校', volunteers: 96 });
    expect(r.body.data.rows.every((x: any) => x.sources.length > 0 && x.sources.every((s: any) => /^https?:/.test(s.url)))).toBe(true);
  });

  it('units: 山东大学 for a 山东 candidate are its 专业+院校 units with codes and each unit\'s own lines', async () => {
    const id = db().prepare("SELECT id FROM universities WHERE name = '山东大学'").pluck().get() as number;
    const r = await get(`/api/recommendation/units?province=${encodeURIComponent('山东')}&year=2026&rank=20000&university_id=${id}`);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ unit: '专业+院校', unit_source: 'rules' });
    expect(d.units.length).toBeGreaterThan(10);
    for (const u of d.units) {
      expect(u.major_name).toBeTruthy();
      expect(u.lines.every((l: any) => l.major_name === u.major_name && l.data_type === '专业线')).toBe(true);
    }
    // the 2025 line of one unit is the row the official table gives for that major at 山东大学
    const u = d.units.find((x: any) => x.years.includes(2025));
    const row = db().prepare("SELECT school_code, min_rank FROM score_lines WHERE id = ?").get(u.lines.find((l: any) => l.year === 2025).id) as { school_code: string; min_rank: number };
    expect(u.school_code).toBe(row.school_code);
    expect(['难', '冲', '稳', '保', '垫底']).toContain(u.label);
    const bad = await get(`/api/recommendation/units?province=${encodeURIComponent('山东')}&year=2026&rank=20000&university_id=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('university_id');
  });

  it('mirofish mode list: where each entry lands, 滑档, warnings and advice', async () => {
    const id = db().prepare("SELECT id FROM universities WHERE name = '山东大学'").pluck().get() as number;
    const units = (await get(`/api/recommendation/units?province=${encodeURIComponent('山东')}&year=2026&rank=20000&university_id=${id}`)).body.data.units.filter((u: any) => u.probability !== null);
    const targets = units.slice(0, 3).map((u: any) => ({ university_id: u.university_id, major_name: u.major_name, ...(u.campus ? { campus: u.campus } : {}), ...(u.unit ? { unit: u.unit } : {}) }));
    const res = await t.app.inject({ method: 'POST', url: '/api/simulation/mirofish', payload: { province: '山东', year: 2026, rank: 20000, mode: 'list', targets, seed: 'x', draws: 1000 } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.landing.land).toHaveLength(3);
    expect(d.landing.land.reduce((a: number, b: number) => a + b, 0) + d.landing.none).toBeCloseTo(1, 3);
    expect(typeof d.landing.advice).toBe('string');
  });
});
