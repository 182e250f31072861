// The 志愿表 endpoints on the real app: the rules table, a university's units in the province's unit, and the
// simulation of a list (mode list) as the page posts it.
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
