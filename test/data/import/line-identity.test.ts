// Issue 29 on the real database: every served line is the admission unit it claims. Each expected value is read
// from the bundle file named beside it (line numbers count the header as line 1 of the decompressed CSV), never
// from the importer's output.
import { beforeAll, describe, expect, it } from 'vitest';
import { dataAudit } from '../../../src/data/audit.ts';
import { matchByScore, matchSchema } from '../../../src/data/match.ts';
import { recentLines } from '../../../src/data/universities.ts';
import { parse, realDb } from '../helpers.ts';

const JSONEFT = 'score_lines/jsoneft_2024_admission_data.csv.gz';
const LIUGUANGHUI = 'score_lines/liuguanghui_score_lines.csv.gz';
const LIUXUSUMMER = 'score_lines/liuxusummer_official_group_lines.csv.gz';
const GUANGDONG = 'official_provincial/guangdong_regular_undergraduate_group_lines_2023_2025.csv.gz';
const uid = (name: string) => realDb().prepare('SELECT id FROM universities WHERE name = ?').pluck().get(name) as number;
const served = (sql: string, ...p: unknown[]) => realDb().prepare(`SELECT * FROM score_lines WHERE cleaned = 0 AND ${sql}`).all(...p) as Array<Record<string, any>>;

let auditCache: Record<string, ReturnType<typeof dataAudit>[number]> | null = null;
const auditOf = () => (auditCache ??= Object.fromEntries(dataAudit(realDb()).map((c) => [c.id, c])));

describe('values a file cannot attribute are not a line', () => {
  it('河南 2024 理科 郑州大学 计算机类 is not served at 511 (jsoneft repeats 626, 592 and 511 for it: its codes\' lines)', () => {
    // jsoneft_2024_admission_data.csv lines 55163, 374802, 85950: 河南,2024,理科,本科第一批,6000,郑州大学,00,29,计算机类,…
    // with 626/10188, 592/29369 and 511/130195, one source_row_id 8303845. liuguanghui lines for the school's codes:
    // 郑州大学(其他单列) 6000 626/10188, 郑州大学(中外合作办学)较高收费) 5995 592/29369, 郑州大学惠灵顿学院 5996 511/130195.
    const rows = served("province = '河南' AND year = 2024 AND university_id = ? AND major_name = '计算机类'", uid('郑州大学'));
    expect(rows.filter((r) => r.min_score === 511)).toEqual([]);
    const kept = realDb().prepare("SELECT min_score, clean_reason, score_range FROM score_lines WHERE source_file = ? AND source_ref = 'source_row_id:8303845'").all(JSONEFT) as Array<Record<string, any>>;
    expect(kept.map((r) => r.min_score).sort()).toEqual([511, 592, 626]);
    for (const r of kept) expect(r).toMatchObject({ clean_reason: 'unattributable_repeat', score_range: '511–626' });
  });

  it('四川大学 2024 is not served at 593 / 31,002 for its majors (jsoneft gives each major five values)', () => {
    // jsoneft lines for 四川,2024,理科,本科第一批,0052,四川大学: every major 5 times, 645/5976, 634/9316, 622/14164,
    // 603/24323, 593/31002 (e.g. 金融学类, source_row_id 7923621).
    const rows = served("province = '四川' AND year = 2024 AND university_id = ? AND source_file = ? AND data_type = '专业线'", uid('四川大学'), JSONEFT);
    expect(rows.filter((r) => r.min_score === 593 && r.min_rank === 31002)).toEqual([]);
  });
});

describe('a line\'s identity includes its 院校代号 and programme', () => {
  it('陕西 2024 天津大学 院校线 is 634 / 3,513 (code 1202), not 520 / 34,840 (code 9739, 国家专项)', () => {
    // liuguanghui_score_lines.csv line 510003: 陕西,2024,物理类,本科一批,院校线,天津大学,1202,…,634,,3513,3513,…,58 places;
    // line 510004: …,天津大学,9739,…,520,,34840,34840,…,18 places. jsoneft marks code 9739's majors 「国家专项计划」
    // (陕西,2024,理科,本科第一批,9739,天津大学,39,14,理科试验班,"(理化)(应用物理学、应用化学)(国家专项计划,不招色盲色弱)").
    const rows = served("province = '陕西' AND year = 2024 AND subject_family = '物理' AND university_id = ? AND data_type = '院校线'", uid('天津大学'));
    const ordinary = rows.filter((r) => r.admission_unit === null);
    expect(ordinary.map((r) => [r.min_score, r.min_rank])).toEqual([[634, 3513]]);
    const zx = rows.find((r) => r.school_code === '9739');
    expect(zx).toMatchObject({ min_score: 520, min_rank: 34840 });
    expect(zx!.admission_unit).toMatch(/国家专项/);
    const summary = (recentLines(realDb(), uid('天津大学')) as Array<Record<string, any>>).find((r) => r.province === '陕西' && r.subject_family === '物理' && r.year === 2024);
    if (summary) expect(summary.lowest_min_score).toBeGreaterThan(520);
  });

  it('华中科技大学 湖北 2024 第05组 is its 护理 group (医护类), 第07组 中外合作, not the school\'s ordinary line; 湖北 物理 rank 15,873 is not 保 for it', () => {
    // hubei_2024_physics_group_lines_parsed.csv line 283: A14305,省湖华中科技大学第05组,化,598,…,备注 护理类; lines 281–286:
    // 03 648, 04 648, 06 630, 07 627, 08 632. jsoneft's 07 group lists only 生物科学(中外合作办学).
    const rows = served("province = '湖北' AND year = 2024 AND subject_family = '物理' AND university_id = ?", uid('华中科技大学'));
    const ordinary = rows.filter((r) => r.admission_unit === null);
    expect(ordinary.length).toBeGreaterThan(0);
    expect(Math.min(...ordinary.map((r) => r.min_score))).toBe(630);
    expect(rows.find((r) => r.min_score === 598)?.admission_unit).toMatch(/医护类/);
    const m = matchByScore(realDb(), parse(matchSchema, { province: '湖北', subject_type: '物理', rank: 15873, limit: 100 }));
    const own = m.items.filter((i) => i.university_id === uid('华中科技大学') && i.unit === null && i.campus === null);
    for (const i of own) expect(i.label).not.toBe('保');
    for (const i of m.items.filter((i) => i.university_id === uid('华中科技大学') && i.unit)) expect(i.university_name).toContain(`（${i.unit}）`);
  });
});

describe('one line is served once', () => {
  it('广东 2024 物理 深圳大学 group 225 is served once, at 604 / 19,452', () => {
    // guangdong_regular_undergraduate_group_lines line 7152: gd-2024-物理-10590-225-1419,…,10590,深圳大学教,225,,,604,19452;
    // liuxusummer line 5562: 广东,2024,物理类,…,深圳大学,225,深圳大学(225),604,19452; jsoneft line 222365:
    // 广东,2024,物理,本科批,10590[225],深圳大学,5],… 604,19452 (the full group number in the code column).
    const rows = served("province = '广东' AND year = 2024 AND subject_family = '物理' AND (university_id = ? OR school_name LIKE '深圳大学%') AND granularity = 'group'", uid('深圳大学'))
      .filter((r) => /(^|\D)225$|\(225\)|^225$/.test(r.major_group ?? '') || r.major_group === '225');
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({ min_score: 604, min_rank: 19452, university_id: uid('深圳大学') });
    expect(served("province = '广东' AND year = 2024 AND university_id = ? AND granularity = 'group' AND min_score = 567 AND admission_unit IS NULL", uid('深圳大学'))).toEqual([]);
  });

  it('湖南 2024 石家庄学院 第105/106/107组 are served once each (jsoneft writes them 05/06/07 under code 1360105…)', () => {
    // liuxusummer lines 25410–25412: 石家庄学院 105 486, 106 464, 107 453 (hneeb.cn); jsoneft line 141465:
    // 湖南,2024,物理,本科批,1360105,石家庄学院,05,…,486,105523.
    const rows = served("province = '湖南' AND year = 2024 AND subject_family = '物理' AND university_id = ? AND granularity = 'group'", uid('石家庄学院'));
    expect(rows.map((r) => r.min_score).sort()).toEqual([453, 464, 486]);
  });
});

describe('links by code', () => {
  it('保山职业学院 keeps its 云南 2024 lines: code 5386 lies among 云南 codes; the 保险职业学院 reading is cleaned', () => {
    // liuguanghui lines 591099 (云南,2024,历史类,高职(专科)批,专科线,保山职业学院,5386,…,316, official daily report) and
    // 591882 (物理类 260); lines 592983/593763 give 5386 to 保险职业学院 (a 湖南 school; third-party image mirror).
    const rows = served("province = '云南' AND year = 2024 AND university_id = ?", uid('保山职业学院'));
    expect(rows.map((r) => r.min_score).sort()).toEqual(expect.arrayContaining([260, 316]));
    expect(served("province = '云南' AND year = 2024 AND university_id = ? AND school_code = '5386'", uid('保险职业学院'))).toEqual([]);
  });

  it('an official 广东 row under a damaged name (「深圳大学教」) is 深圳大学 by its own code 10590', () => {
    const r = realDb().prepare("SELECT * FROM score_lines WHERE source_file = ? AND source_ref = 'gd-2024-物理-10590-225-1419'").get(GUANGDONG) as Record<string, any>;
    expect(r.university_id).toBe(uid('深圳大学'));
    expect(r.source_quality).toMatch(/stray PDF text "教"/);
  });
});

describe('cross-year sanity', () => {
  it('郑州大学\'s 河南 专业线 that liuguanghui repeats unchanged for 2021–2024 are not served', () => {
    // liuguanghui: 郑州大学 自动化类 632 / 17632, 信息安全 627 / 20939, 经济学(中外合作办学) 606 / 39518, 建筑学(中外合作办学)
    // 554 / 110951 for each of 2021, 2022, 2023 and 2024 — and 627 / 20939 again among the 2025 lines.
    const rows = served("province = '河南' AND university_id = ? AND data_type = '专业线' AND source_file = ? AND year BETWEEN 2021 AND 2023", uid('郑州大学'), LIUGUANGHUI);
    expect(rows).toEqual([]);
  });
});

describe('data-audit: the line-identity checks are zero on the real database', () => {
  // The audit reads every served line: on a loaded machine that takes longer than a test's default minute.
  beforeAll(() => void auditOf(), 600_000);
  for (const id of ['ordinary_lines_with_programme_marker', 'served_unattributable_repeats', 'lines_served_twice', 'official_rows_unlinked_with_code', 'identical_lines_across_years']) {
    it(id, () => {
      expect(auditOf()[id].detail ?? []).toEqual([]);
      expect(auditOf()[id].count).toBe(0);
    });
  }
  it('liuxusummer is named in a citation above', () => expect(LIUXUSUMMER).toMatch(/liuxusummer/));
});
