// Data truth over the whole built database: every served row's university agrees with its published name under
// the rules (official name after folding, a curated or reviewed alias / former name / campus, a programme or
// campus suffix of the university's own name, a cut-off 院), and each wrong link the issue measured is gone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHOOL_ALIASES, SCHOOL_RENAMES, campusParents, normalizeSchoolName } from '../../../src/data/normalize.ts';
import { loadReviewedNames } from '../../../src/data/import/reviewed-names.ts';
import { universityDetail } from '../../../src/data/universities.ts';
import { realDb } from '../helpers.ts';

const U = {
  沈阳工业大学: 4121010142, 东北大学: 4121010145, 中国海洋大学: 4137010423, 山东大学: 4137010422, 杭州电子科技大学: 4133010336,
  浙江大学: 4133010335, 南昌工学院: 4136013421, 江西水利电力大学: 4136011319, 北京航空航天大学: 4111010006, 中国人民大学: 4111010002,
  山东中医药大学: 4137010441, 山东航空学院: 4137010449, 山东医学高等专科学校: 4137010442, 山东第二医科大学: 4137010438, 豫北医学院: 4141013505,
  绍兴文理学院: 4133010349, 湖南文理学院: 4143010549, 常德学院: 4143012657,
};

/** Where each name may lead: the rule set of resolve.ts, written out independently of it. */
function allowedTargets(db: ReturnType<typeof realDb>) {
  const idByKey = new Map((db.prepare('SELECT name_key, id FROM universities').all() as Array<{ name_key: string; id: number }>).map((r) => [r.name_key, r.id]));
  const reviewed = new Map<string, { id: number | null; decision: string }>();
  for (const r of loadReviewedNames()) reviewed.set(normalizeSchoolName(r.spelling), { id: r.university ? (idByKey.get(normalizeSchoolName(r.university)) ?? -1) : null, decision: r.decision });
  const curated = new Map<string, number>();
  for (const [a, t] of [...Object.entries(SCHOOL_ALIASES), ...Object.entries(SCHOOL_RENAMES)]) curated.set(normalizeSchoolName(a), idByKey.get(normalizeSchoolName(t)) ?? -1);
  const direct = (key: string): number | null | undefined => {
    const rv = reviewed.get(key);
    if (rv) return rv.id;
    return idByKey.get(key) ?? curated.get(key);
  };
  return (name: string, method: string): number | null | undefined => {
    const key = normalizeSchoolName(name);
    const d = direct(key);
    if (d !== undefined) return d;
    if (method === 'campus' || method === 'programme') {
      for (const p of campusParents(key)) {
        const id = direct(p);
        if (id !== undefined) return id;
      }
    }
    if (method === 'truncated') return idByKey.get(`${key}院`);
    return undefined;
  };
}

describe('every served row sits on the university its published name means', () => {
  it('score lines and plans: (name, university) pairs all follow the rules; nothing rests on a 学校标识码 alone', () => {
    const db = realDb();
    const allowed = allowedTargets(db);
    const wrong: string[] = [];
    for (const t of ['score_lines', 'admission_plans']) {
      const pairs = db.prepare(`SELECT DISTINCT school_name, university_id, name_match, campus FROM ${t} WHERE cleaned = 0 AND university_id IS NOT NULL`).all() as Array<{
        school_name: string; university_id: number; name_match: string; campus: string | null;
      }>;
      expect(pairs.length).toBeGreaterThan(1000);
      for (const p of pairs) {
        const target = allowed(p.school_name, p.name_match);
        if (target !== p.university_id) wrong.push(`${t}: ${p.school_name} → ${p.university_id} (${p.name_match}, rule says ${target})`);
        if ((p.campus !== null) !== (p.name_match === 'campus')) wrong.push(`${t}: ${p.school_name} campus ${p.campus} with ${p.name_match}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('a campus row never counts as its parent in rankings and evaluations (tables without a campus column)', () => {
    const n = realDb().prepare("SELECT COUNT(*) FROM school_names s JOIN major_rankings m ON m.school_name = s.school_name WHERE s.name_match = 'campus' AND m.university_id IS NOT NULL").pluck().get();
    expect(n).toBe(0);
  });

  it('every non-exact link in school_names comes from a rule or the reviewed table', () => {
    const db = realDb();
    const allowed = allowedTargets(db);
    const rows = db.prepare("SELECT school_name, university_id, name_match FROM school_names WHERE university_id IS NOT NULL AND name_match NOT IN ('exact', 'normalized')").all() as Array<{ school_name: string; university_id: number; name_match: string }>;
    const unreviewed = rows.filter((r) => allowed(r.school_name, r.name_match) !== r.university_id).map((r) => `${r.school_name} (${r.name_match})`);
    expect(unreviewed).toEqual([]);
  });
});

describe('the wrong links measured in issue 12', () => {
  const db = realDb();
  const on = (name: string) =>
    db.prepare('SELECT DISTINCT university_id, campus FROM score_lines WHERE school_name = ? UNION SELECT DISTINCT university_id, campus FROM admission_plans WHERE school_name = ?').all(name, name) as Array<{ university_id: number | null; campus: string | null }>;
  const conflict = (name: string) => db.prepare('SELECT code_university_id, university_id FROM name_conflicts WHERE school_name = ?').all(name) as Array<{ code_university_id: number; university_id: number | null }>;

  it('东北大学秦皇岛分校 is 东北大学 (campus 秦皇岛), not 沈阳工业大学; the code conflict is listed', () => {
    expect(on('东北大学秦皇岛分校')).toEqual([{ university_id: U.东北大学, campus: '东北大学(秦皇岛)' }]);
    expect(on('东大秦岛')).toEqual([{ university_id: U.东北大学, campus: '东北大学(秦皇岛)' }]);
    expect(conflict('东北大学秦皇岛分校')).toContainEqual({ code_university_id: U.沈阳工业大学, university_id: U.东北大学 });
    const leaked = db.prepare("SELECT COUNT(*) FROM score_lines WHERE university_id = ? AND (school_name LIKE '东北大学%' OR school_name = '东大秦岛')").pluck().get(U.沈阳工业大学);
    expect(leaked).toBe(0);
  });

  it('山东大学威海分校 is 山东大学 (campus 威海), not 中国海洋大学', () => {
    expect(on('山东大学威海分校')).toEqual([{ university_id: U.山东大学, campus: '山东大学(威海)' }]);
    expect(conflict('山东大学威海分校')).toContainEqual({ code_university_id: U.中国海洋大学, university_id: U.山东大学 });
    expect(db.prepare("SELECT COUNT(*) FROM score_lines WHERE university_id = ? AND school_name LIKE '%威海%'").pluck().get(U.中国海洋大学)).toBe(0);
  });

  it('浙江大学医学院 is 浙江大学 (campus 医学院), not 杭州电子科技大学', () => {
    expect(on('浙江大学医学院')).toEqual([{ university_id: U.浙江大学, campus: '浙江大学(医学院)' }]);
    expect(conflict('浙江大学医学院')).toContainEqual({ code_university_id: U.杭州电子科技大学, university_id: U.浙江大学 });
  });

  it('南昌工程学院 is not 南昌工学院 (two schools): it is 江西水利电力大学, its recorded new name', () => {
    expect(on('南昌工程学院').map((r) => r.university_id)).toEqual([U.江西水利电力大学]);
    expect(conflict('南昌工程学院')).toContainEqual({ code_university_id: U.南昌工学院, university_id: U.江西水利电力大学 });
    const review = loadReviewedNames().find((r) => r.spelling === '南昌工程学院')!;
    expect(review).toMatchObject({ decision: 'renamed', university: '江西水利电力大学' });
    expect(review.year).toMatch(/^\d{4}$|^≤2025$/);
  });

  it('人大苏州 is 中国人民大学 (campus 苏州), not 北京航空航天大学', () => {
    expect(on('人大苏州')).toEqual([{ university_id: U.中国人民大学, campus: '中国人民大学(苏州)' }]);
    expect(conflict('人大苏州')).toContainEqual({ code_university_id: U.北京航空航天大学, university_id: U.中国人民大学 });
  });

  it('滨州学院 is 山东航空学院 (renamed), not 山东中医药大学', () => {
    expect(on('滨州学院').map((r) => r.university_id)).toEqual([U.山东航空学院]);
    expect(conflict('滨州学院')).toContainEqual({ code_university_id: U.山东中医药大学, university_id: U.山东航空学院 });
  });

  it('潍坊医学院 is 山东第二医科大学 (renamed), not 山东医学高等专科学校', () => {
    expect(on('潍坊医学院').map((r) => r.university_id)).toEqual([U.山东第二医科大学]);
    expect(conflict('潍坊医学院')).toContainEqual({ code_university_id: U.山东医学高等专科学校, university_id: U.山东第二医科大学 });
  });

  it('independent colleges follow documented renames only, never their founding university: 新乡医学院三全学院 → 豫北医学院, 湖南文理学院芙蓉学院 → 常德学院', () => {
    expect(on('新乡医学院三全学院').map((r) => r.university_id)).toEqual([U.豫北医学院]);
    // zhejiang_putonglei_yiduan_2023_2025.csv: 院校代号 4348 is 湖南文理学院芙蓉学院 in 2023/2024 and 常德学院 in 2025
    expect(on('湖南文理学院芙蓉学院').map((r) => r.university_id)).toEqual([U.常德学院]);
    expect(loadReviewedNames().find((r) => r.spelling === '湖南文理学院芙蓉学院')).toMatchObject({ decision: 'renamed', year: '2025' });
    // an independent college without a documented rename stays unresolved rather than land on its founder
    expect(on('云南艺术学院文华学院')).toEqual([{ university_id: null, campus: null }]);
    expect(on('绍兴文理学院元培学院').map((r) => r.university_id)).not.toContain(U.绍兴文理学院);
  });

  it("a campus never feeds the parent's headline lines unless include_campuses; 沈阳工业大学 海南 2025 no longer shows 东北大学秦皇岛分校's 662–685", () => {
    const plain = universityDetail(db, U.东北大学);
    expect(plain.recent_admission_lines.every((r: Record<string, unknown>) => !('campus' in r))).toBe(true);
    expect(plain.campuses).toContainEqual(expect.objectContaining({ campus: '东北大学(秦皇岛)' }));
    const withCampuses = universityDetail(db, U.东北大学, { include_campuses: true });
    const campusRows = withCampuses.recent_admission_lines.filter((r: Record<string, unknown>) => r.campus === '东北大学(秦皇岛)');
    expect(campusRows.length).toBeGreaterThan(0);
    // the parent's own rows are the same with or without campuses
    expect(withCampuses.recent_admission_lines.filter((r: Record<string, unknown>) => !('campus' in r))).toEqual(plain.recent_admission_lines);
    // the headline lowest score is the parent's own: recomputed from rows without campus
    const lowest = db.prepare("SELECT MIN(min_score) FROM score_lines WHERE university_id = ? AND campus IS NULL AND cleaned = 0 AND data_type <> '特殊招生线' AND province = '海南' AND year = (SELECT MAX(year) FROM score_lines WHERE university_id = ? AND campus IS NULL AND cleaned = 0 AND data_type <> '特殊招生线' AND min_score IS NOT NULL AND province = '海南')").pluck().get(U.沈阳工业大学, U.沈阳工业大学) as number | null;
    const hainan = universityDetail(db, U.沈阳工业大学).recent_admission_lines.filter((r: Record<string, unknown>) => r.province === '海南');
    for (const r of hainan) expect((r as { lowest_min_score: number }).lowest_min_score).toBeGreaterThanOrEqual(lowest ?? 0);
    expect(hainan.every((r: Record<string, unknown>) => (r.highest_min_score as number) < 662)).toBe(true);
  });
});

describe('the reviewed name table', () => {
  const write = (text: string) => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'names-')), 'school-names.csv');
    fs.writeFileSync(f, text);
    return f;
  };
  const header = 'spelling,decision,university,campus,year,reason\n';

  it('every row has a decision from the list and a reason; renames carry their year, campuses their place', () => {
    const rows = loadReviewedNames();
    expect(rows.length).toBeGreaterThan(400);
    for (const r of rows) {
      expect(r.reason.length).toBeGreaterThan(10);
      if (r.decision === 'renamed') expect(r.year).not.toBe('');
      if (r.decision === 'campus') expect(r.campus).not.toBe('');
    }
  });

  it('refuses a malformed table instead of linking wrongly', () => {
    expect(() => loadReviewedNames(write(`${header}东大秦岛,maybe,东北大学,,,x\n`))).toThrow(/decision must be one of/);
    expect(() => loadReviewedNames(write(`${header}东大秦岛,campus,东北大学,,,a campus without a place\n`))).toThrow(/campus needs the campus place/);
    expect(() => loadReviewedNames(write(`${header}南昌工程学院,renamed,江西水利电力大学,,,no year given\n`))).toThrow(/renamed needs the year/);
    expect(() => loadReviewedNames(write(`${header}东大秦岛,alias,东北大学,,,"x, y"\n东大秦岛,alias,东北大学,,,again\n`))).toThrow(/listed twice/);
    expect(() => loadReviewedNames(write(`${header}东大秦岛,alias,东北大学,,,\n`))).toThrow(/needs a reason/);
  });
});
