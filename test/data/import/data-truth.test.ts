// The data-truth rules over the real database: no line hidden behind a different line of the same source, no
// school on the wrong university, swapped rank tables detected by rule, labels as the province used them, and the
// official 广东 / 江苏 / 北京 files of the bundle served. Every expected value is cited from a bundle file.
import { beforeAll, describe, expect, it } from 'vitest';
import { dataAudit } from '../../../src/data/audit.ts';
import { matchByScore, matchSchema } from '../../../src/data/match.ts';
import { overview } from '../../../src/data/overview.ts';
import { queryScoreLines, scoreLineQuerySchema } from '../../../src/data/score-lines.ts';
import { BEIJING_CREDIT } from '../../../src/data/import/sources/score_lines.ts';
import { lineUnitTokens } from '../../../src/data/import/sources/line-unit.ts';
import { groupDigits } from '../../../src/data/import/sources/common.ts';
import { parse, realDb, walk } from '../helpers.ts';

const LIUGUANGHUI = 'score_lines/liuguanghui_score_lines.csv.gz';
const TOUDANG = 'score_lines/jamesbong10_shanghai_toudang_2020_2025.csv.gz';
const byRef = (file: string, ref: string) => realDb().prepare('SELECT * FROM score_lines WHERE source_file = ? AND source_ref = ?').get(file, ref) as Record<string, any>;
const rowAt = (file: string, line: number) => byRef(file, `row:${line - 1}`);
const servedOrCopy = (r: Record<string, any>) => {
  if (r.cleaned === 0) return r;
  const w = realDb().prepare('SELECT * FROM score_lines WHERE id = ?').get(r.duplicate_of) as Record<string, any> | undefined;
  return w && w.cleaned === 0 && w.min_score === r.min_score ? w : null;
};
// The audit reads the whole database: computed once for the file.
let auditCache: Record<string, ReturnType<typeof dataAudit>[number]> | null = null;
const auditOf = () => (auditCache ??= Object.fromEntries(dataAudit(realDb()).map((c) => [c.id, c])));
// computed in a hook (hookTimeout 180 s): on a loaded machine the whole audit takes longer than one test's 60 s
beforeAll(() => {
  auditOf();
});
const lines = (q: Record<string, unknown>) => walk((page) => queryScoreLines(realDb(), parse(scoreLineQuerySchema, { ...q, page, page_size: 100 }))).rows as Array<Record<string, any>>;

describe('a line is one line', () => {
  it('湖南 2024 石家庄学院 第105组 486 and 第107组 453, filed as 院校线 by liuguanghui, are two group lines, neither hidden behind the other', () => {
    // liuguanghui_score_lines.csv: 湖南,2024,物理类,本科批,院校线,石家庄学院,1360,第105组,…,486 (record 2024-6d1b5b08b45ad938)
    // and …,第107组,…,453 (record 2024-1523aa575ccf3cf4).
    const g105 = byRef(LIUGUANGHUI, '2024-6d1b5b08b45ad938');
    const g107 = byRef(LIUGUANGHUI, '2024-1523aa575ccf3cf4');
    for (const [row, score] of [[g105, 486], [g107, 453]] as const) {
      expect(row).toMatchObject({ data_type: '专业组线', granularity: 'group', min_score: score });
      expect(servedOrCopy(row)).not.toBeNull();
    }
  });

  it('no row is cleaned as a copy of a served row of its own file with another score; a value a file repeats for one line without saying whose is kept with the file\'s range, not served', () => {
    const audit = auditOf();
    expect(audit.hidden_same_source.count).toBe(0);
    expect(audit.unattributable_repeats.count).toBeGreaterThan(0);
    const v = realDb()
      .prepare(`SELECT min_score, score_range FROM score_lines WHERE clean_reason = 'unattributable_repeat' AND min_score IS NOT NULL LIMIT 200`)
      .all() as Array<{ min_score: number; score_range: string }>;
    expect(v.length).toBeGreaterThan(0);
    for (const r of v) {
      const [lo, hi] = r.score_range.split('–').map(Number);
      expect(lo).toBeLessThan(hi);
      expect(r.min_score).toBeGreaterThanOrEqual(lo);
      expect(r.min_score).toBeLessThanOrEqual(hi);
    }
  }, 600_000);

  it('a group written twice ("107 第107组", liuguanghui 湖南 2024) keys as its number; a plan item\'s compound code keeps every digit', () => {
    expect(groupDigits('107 第107组')).toBe('107');
    expect(groupDigits('第107组')).toBe('107');
    // liuguanghui_admission_plans 吉林 2025: "5101006 第006组 010" and "… 008" are two majors of one group
    expect(groupDigits('5101006 第006组 010')).not.toBe(groupDigits('5101006 第006组 008'));
  });

  it('round, plan type, 定向 region, 中外合作 and 单列类 labels written in any column make their own unit', () => {
    const t = (o: Partial<Parameters<typeof lineUnitTokens>[0]>) =>
      lineUnitTokens({ batch: null, data_type_raw: null, major_group: null, major_note: null, subject_type: null, subject_family: '物理', nameUnit: '', ...o });
    expect(t({ batch: '本科普通批征集志愿(第二轮)' })).toBe('征集志愿');
    expect(t({ batch: '国家专项' })).toBe('国家专项');
    expect(t({ batch: '本科一批(地方专项)' })).toBe('地方专项');
    expect(t({ data_type_raw: '专科线/院校专业组投档线（定向地区：南京市浦口区）' })).toBe('定向:南京市浦口区');
    expect(t({ major_group: '第一次填报/专业ER/招收中职毕业生/非定向' })).toBe('');
    expect(t({ major_group: '武汉理工大学江西文史|中外合作(车辆、金融)' })).toBe('中外合作办学');
    expect(t({ subject_type: '单列类历史类', subject_family: '历史' })).toBe('科类:单列类历史类');
    expect(t({ batch: '本科普通批', nameUnit: '中外合作办学', major_note: '中外合作办学' })).toBe('');
  });

  it('a later round is kept, not served: the regular round is the line a student plans with', () => {
    const n = realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE cleaned = 0 AND (batch LIKE '%征集%' OR batch LIKE '%征求%')").pluck().get();
    expect(n).toBe(0);
    expect(realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE clean_reason = 'later_round'").pluck().get()).toBeGreaterThan(1000);
  });
});

describe('every link is justified by the name and the code', () => {
  it('上海 海医大 (院校代号 126) is 海军军医大学, outside the national list: unlinked, and the real 海南医科大学 (海南医大, 833) lines are served', () => {
    // jamesbong10_shanghai_toudang_2020_2025.csv line 89: 2020, 12601, 海医大, 534.
    const navy = rowAt(TOUDANG, 89);
    expect(navy).toMatchObject({ school_name: '海医大', university_id: null, min_score: 534 });
    const hainan = lines({ province: '上海', year: 2025, university_name: '海南医科大学' });
    expect(hainan.map((r) => r.min_score).sort()).toEqual(expect.arrayContaining([475, 527]));
    expect(hainan.every((r) => r.school_name !== '海医大')).toBe(true);
  });

  it('上海 淮北师大 with 院校代号 210 is 北京师范大学 (OCR); 淮北师范大学 (539) keeps its own group-01 lines', () => {
    // line 152: 2020, 21001, "淮北师大", 557 (its note: cutoff_diff ours=557, src=448); line 705: 2020, 53901, 淮北师大(01), 448.
    const ocr = rowAt(TOUDANG, 152);
    expect(ocr).toMatchObject({ school_name: '北师大', university_id: 4111010027, min_score: 557 });
    expect(ocr.major_note).toContain('淮北师大');
    const own = rowAt(TOUDANG, 705);
    expect(own).toMatchObject({ university_id: 4134010373, min_score: 448 });
    expect(servedOrCopy(own)).not.toBeNull();
  });

  it('湖南财经 and 辽宁石化 in 上海 本科 batches are the 本科 schools, and no 本科 row is served on a 专科-only school', () => {
    const uni = realDb().prepare("SELECT DISTINCT u.name FROM score_lines s JOIN universities u ON u.id = s.university_id WHERE s.school_name = ?").pluck();
    expect(uni.all('湖南财经')).toEqual(['湖南财政经济学院']);
    expect(uni.all('辽宁石化')).toEqual(['辽宁石油化工大学']);
    const audit = auditOf();
    expect(audit.score_lines_undergraduate_on_junior_college.count).toBe(0);
    expect(audit.admission_plans_undergraduate_on_junior_college.count).toBe(0);
  });

  it('one provincial code is never served on two universities in one source and year; 上海 codes sit in their region', () => {
    const audit = auditOf();
    expect(audit.score_lines_code_on_two_universities.detail).toEqual([]);
    expect(audit.admission_plans_code_on_two_universities.detail).toEqual([]);
    expect(audit.score_lines_code_conflicts_cleaned.count).toBeGreaterThan(0);
    expect(audit.shanghai_code_region.detail).toEqual([]);
  });
});

describe('rank tables', () => {
  it('the immaotianyi 广东 2026 tables with 物理 and 历史 swapped are detected by the size rule and not served', () => {
    const rows = realDb()
      .prepare("SELECT DISTINCT clean_reason FROM rank_tables WHERE province = '广东' AND year = 2026 AND source_file = 'rank_tables/immaotianyi_yifenyiduan_2024_2026.csv.gz'")
      .pluck()
      .all();
    // immaotianyi_yifenyiduan_2024_2026.csv: 广东 2026 物理类 tops at cumulative 294,878, 历史类 at 433,366 — the other
    // way round from every other reformed 广东 table; the file-year's other (art) tables go with it.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^broken_table:物理 and 历史 swapped \(物理 294,878 candidates < 历史 433,366/);
    // every served 广东 table has physics larger
    const sizes = realDb()
      .prepare("SELECT year, subject_family, MAX(cumulative_rank) AS n FROM rank_tables WHERE province = '广东' AND cleaned = 0 AND table_kind = '' AND subject_family IN ('物理', '历史') GROUP BY 1, 2")
      .all() as Array<{ year: number; subject_family: string; n: number }>;
    const byYear = new Map<number, Record<string, number>>();
    for (const s of sizes) byYear.set(s.year, { ...byYear.get(s.year), [s.subject_family]: s.n });
    // from 2021, when 广东 examined 物理类/历史类 (before it, 文科 could outnumber 理科: 2017)
    for (const [year, f] of byYear) if (year >= 2021 && f.物理 && f.历史) expect(f.物理, String(year)).toBeGreaterThan(f.历史);
  });

  it('published ranks far outside their score band are flagged and never used for matching', () => {
    const audit = auditOf();
    expect(audit.published_ranks_off_table.count).toBeGreaterThan(0);
    expect(audit.ranks_off_table_used.count).toBe(0);
    // jamesbong10 toudang line 152: the OCR row carries 淮北师范大学's rank 27,625 next to 北师大's 557
    expect(rowAt(TOUDANG, 152).rank_off_table).toBe(1);
  });

  it('广东 一分一段 2019–2023 are served with the province\'s labels (gaokaoagent lines 2435, 3006, 6681)', () => {
    const get = realDb().prepare("SELECT subject_type, cumulative_rank, count_at_score FROM rank_tables WHERE province = '广东' AND year = ? AND subject_family = ? AND score = 600 AND table_kind = '' AND cleaned = 0");
    expect(get.get(2023, '物理')).toEqual({ subject_type: '物理类', cumulative_rank: 27168, count_at_score: 702 });
    expect(get.get(2023, '历史')).toEqual({ subject_type: '历史类', cumulative_rank: 3397, count_at_score: 130 });
    expect(get.get(2019, '物理')).toEqual({ subject_type: '理科', cumulative_rank: 8019, count_at_score: 234 });
  });
});

describe('labels as the province used them', () => {
  it('河南 2023 lines are shown as 理科/文科 (河南 examined 文理 until 2025) with the published label kept', () => {
    const bad = realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE province = '河南' AND year = 2023 AND cleaned = 0 AND subject_type IN ('物理类', '历史类', '物理', '历史')").pluck().get();
    expect(bad).toBe(0);
    const relabelled = realDb().prepare("SELECT subject_type, subject_type_raw, subject_family FROM score_lines WHERE province = '河南' AND year = 2023 AND subject_type_raw = '物理类' LIMIT 1").get();
    if (relabelled) expect(relabelled).toEqual({ subject_type: '理科', subject_type_raw: '物理类', subject_family: '物理' });
    const audit = auditOf();
    expect(audit.subject_labels_unfit.count).toBe(0);
  });
});

describe('the official 广东, 江苏 and 北京 files', () => {
  it('广东 2023 group lines are served with their published ranks (guangdong_regular_undergraduate_group_lines line 1513: 北京大学 物理 203, 694, rank 84)', () => {
    const r = byRef('official_provincial/guangdong_regular_undergraduate_group_lines_2023_2025.csv.gz', 'gd-2023-物理-10001-203-1');
    expect(r).toMatchObject({ province: '广东', year: 2023, university_id: 4111010001, min_score: 694, min_rank: 84, rank_is_derived: 0, plan_count: 24, cleaned: 0 });
    expect(r.source_url).toBe('https://eea.gd.gov.cn/news/content/post_4221647.html');
    expect(lines({ province: '广东', year: 2023, subject_type: '物理' }).length).toBeGreaterThan(2000);
  });

  it('北京 2026 lines are served with the CC BY credit and a rank derived from the 北京 2026 table (北京大学 01: 688 → cumulative 189)', () => {
    // beijing_regular_batch_lines line 3991: 2026,40,1021,北京大学,01,不限,688; beijing_yifenyiduan line 1011: 2026,688,26,189.
    const r = byRef('official_provincial/beijing_regular_batch_lines_2023_2026.csv.gz', '2026#seq:40');
    expect(r).toMatchObject({ year: 2026, university_id: 4111010001, min_score: 688, credit: BEIJING_CREDIT, min_rank: 189, rank_is_derived: 1 });
    expect(servedOrCopy(r)).not.toBeNull();
    const served = lines({ province: '北京', year: 2026 });
    expect(served.length).toBeGreaterThan(1000);
    expect(served.filter((x) => x.source_file.startsWith('official_provincial/beijing')).every((x) => x.credit === BEIJING_CREDIT)).toBe(true);
  });

  it('/v1/data/overview coverage shows the new province-years: 北京 2026 lines, 广东 2019–2023 and 北京 2023 rank tables', () => {
    const cov = overview(realDb()).coverage;
    const at = (m: { years: number[]; provinces: Array<{ province: string; rows: number[] }> }, province: string, year: number) =>
      m.provinces.find((p) => p.province === province)?.rows[m.years.indexOf(year)] ?? 0;
    expect(at(cov.score_lines, '北京', 2026)).toBeGreaterThan(1000);
    for (const y of [2019, 2020, 2021, 2022, 2023]) expect(at(cov.rank_tables, '广东', y), String(y)).toBeGreaterThan(500);
    expect(at(cov.rank_tables, '北京', 2023)).toBeGreaterThan(250);
  });

  it('江苏 lines carry ranks only where a 江苏 table is served, marked derived', () => {
    const rows = realDb()
      .prepare("SELECT year, COUNT(*) AS n, TOTAL(min_rank IS NOT NULL) AS ranked, TOTAL(rank_is_derived = 1) AS derived FROM score_lines WHERE source_file = 'official_provincial/jiangsu_regular_undergraduate_group_lines_2023_2025.csv.gz' GROUP BY 1 ORDER BY 1")
      .all() as Array<{ year: number; n: number; ranked: number; derived: number }>;
    expect(rows.map((r) => r.year)).toEqual([2023, 2024, 2025]);
    for (const r of rows) expect(r.derived).toBe(r.ranked);
    expect(rows[2].ranked / rows[2].n).toBeGreaterThan(0.95);
  });
});

describe('default years', () => {
  it('match_by_score for 广东 物理 600 without a year prepares for the exam after the latest table and compares with the three latest years of dense lines', () => {
    const r = matchByScore(realDb(), parse(matchSchema, { province: '广东', subject_type: '物理', score: 600 }));
    const latestTable = realDb().prepare("SELECT MAX(year) FROM rank_tables WHERE province = '广东' AND subject_family = '物理' AND table_kind = '' AND cleaned = 0").pluck().get() as number;
    expect(r.year).toBe(latestTable + 1);
    expect(r.rank?.table?.year).toBe(latestTable);
    expect(r.year_reason).toMatch(/备考/);
    expect(r.compared_years).toEqual([latestTable, latestTable - 1, latestTable - 2]);
    // the official 广东 group lines (2023–2025 and 2026: thousands of 物理 groups) make every compared year dense
    const dense = r.bases.filter((b) => b.universities >= 100).map((b) => b.year);
    expect(dense).toEqual(r.compared_years);
    expect(r.items.length).toBeGreaterThan(0);
  });
});

describe('smaller defects', () => {
  const LIUXUSUMMER = 'score_lines/liuxusummer_official_group_lines.csv.gz';

  it('the two misparsed 广东 2024 历史 rows (liuxusummer lines 3767 and 4018: scores 114 and 100 with ranks 446 and 447) are not served', () => {
    for (const line of [3767, 4018]) expect(rowAt(LIUXUSUMMER, line)).toMatchObject({ cleaned: 1, clean_reason: 'score_out_of_range' });
    const low = realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE cleaned = 0 AND batch_family LIKE '本科%' AND subject_family IN ('物理', '历史', '综合') AND min_score < 150").pluck().get();
    expect(low).toBe(0);
  });

  it('北京 2024 liuxusummer rows whose group-name column holds the subject requirement carry the group number and the requirement as elective (lines 1331-1332: 陆军工程大学 01 物理 510, 02 物理＋化学 498)', () => {
    expect(rowAt(LIUXUSUMMER, 1331)).toMatchObject({ major_group: '01', elective: '物理', min_score: 510 });
    expect(rowAt(LIUXUSUMMER, 1332)).toMatchObject({ major_group: '02', elective: '物理+化学', min_score: 498 }); // width-folded ＋
    const rows = realDb().prepare("SELECT major_group FROM score_lines WHERE source_file = ? AND province = '北京' AND year = 2024").pluck().all(LIUXUSUMMER) as string[];
    expect(rows.length).toBe(1258); // beijing_regular_batch_lines README: liuxusummer 北京 2024 = 1,258 lines
    expect(rows.every((g) => /^\d{2}$/.test(g))).toBe(true);
  });

  it('上海 OCR fragments ("大学", "理工", "师大") are not served as school names', () => {
    const served = realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE province = '上海' AND cleaned = 0 AND length(school_name) <= 2 AND source_file LIKE 'score_lines/jamesbong10_shanghai_%'").pluck().get();
    expect(served).toBe(0);
    expect(realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE clean_reason = 'ocr_fragment'").pluck().get()).toBeGreaterThan(50);
  });

  it('上海交通大学 and 北京大学 are not given their medical school\'s site (universities/README.txt: bjmu.edu.cn; shsmu.edu.cn)', () => {
    const sites = realDb().prepare("SELECT website, admission_url FROM universities WHERE name IN ('上海交通大学', '北京大学')").all() as Array<{ website: string | null; admission_url: string | null }>;
    expect(sites).toHaveLength(2);
    for (const s of sites) expect(`${s.website} ${s.admission_url}`).not.toMatch(/bjmu|shsmu/);
  });
});
