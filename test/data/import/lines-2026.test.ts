// The 2026 lines (lines_2026/ of the bundle) as served from the real database: every expected value is read off
// the raw files (file and line cited; lines_2026/README.txt for the counts), never from the importer's output.
import { beforeAll, describe, expect, it } from 'vitest';
import { familyTablesDisagreeing, lines2026Check, ranksOffBandUnflagged, unexaminedFamilyRows } from '../../../src/data/audit-tables.ts';
import { matchByScore, matchSchema } from '../../../src/data/match.ts';
import { mirofish, mirofishSchema } from '../../../src/data/mirofish.ts';
import { provinceExams } from '../../../src/data/workbench.ts';
import { sourceTitle } from '../../../src/data/sources.ts';
import { LINES_2026_FILES } from '../../../src/data/import/sources/lines_2026.ts';
import { parse, realDb } from '../helpers.ts';

type Row = Record<string, any>;
const byRef = (file: string, ref: string) => realDb().prepare('SELECT * FROM score_lines WHERE source_file = ? AND source_ref = ?').get(file, ref) as Row;
const served = (file: string) => realDb().prepare('SELECT COUNT(*) FROM score_lines WHERE source_file = ? AND cleaned = 0').pluck().get(file) as number;

describe('the 2026 lines are served with their units, codes and ranks', () => {
  it('山东: 北京大学 A001 专业 17 文科试验班类 rank 216 (shandong_regular_batch_first_choice_2026.csv line 2 = toudang.xls row 3), score 689 derived from the 2026 全体 table (shandong_yifenyiduan_2026.csv lines 30 and 34: 690 → 198, 689 → 234)', () => {
    const r = byRef(LINES_2026_FILES.shandong, 'shandong_2026_toudang.xls#row:3');
    expect(r).toMatchObject({ province: '山东', year: 2026, school_code: 'A001', major_code: '17', min_rank: 216, rank_is_derived: 0, min_score: 689, score_is_derived: 1, cleaned: 0, admission_unit: null });
    expect(r.university_id).toBe(4111010001);
  });

  it('山东: 中国语言文学类(高校专项计划) of 北京大学 (line 4, row 5) is its own unit 高校专项', () => {
    expect(byRef(LINES_2026_FILES.shandong, 'shandong_2026_toudang.xls#row:5')).toMatchObject({ min_rank: 681, admission_unit: '高校专项', cleaned: 0 });
  });

  it('浙江: 浙江大学 0001/002 665 / 6068 (zhejiang_putonglei_yiduan_2026.csv line 3); the blank-rank 494 rows are not served (line 946: 台州学院 050, README: not filled)', () => {
    expect(byRef(LINES_2026_FILES.zhejiang, 'zhejiang_2026_regular_first_segment.xls#row:3')).toMatchObject({ school_code: '0001', major_code: '002', min_score: 665, min_rank: 6068, rank_is_derived: 0, cleaned: 0 });
    expect(byRef(LINES_2026_FILES.zhejiang, 'zhejiang_2026_regular_first_segment.xls#row:946')).toMatchObject({ min_score: 494, min_rank: null, cleaned: 1, clean_reason: 'not_filled', admission_unit: '中外合作办学' });
    const blank = realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE source_file = ? AND min_rank IS NULL AND min_score = 494 AND cleaned = 1 AND clean_reason = 'not_filled'").pluck().get(LINES_2026_FILES.zhejiang);
    expect(blank).toBe(1140);
  });

  it('广东: 北京大学(高校专项计划) 历史 group 201 648 / 124 is the 高校专项 unit, 北京大学 group 203 660 / 29 the ordinary one (guangdong_…_2026.csv: upstream history_2026.csv lines 2 and 3, code 10001)', () => {
    const gx = byRef(LINES_2026_FILES.guangdong, 'skills/zhiqu/data/guangdong/history_2026.csv#line:2');
    const plain = byRef(LINES_2026_FILES.guangdong, 'skills/zhiqu/data/guangdong/history_2026.csv#line:3');
    expect(gx).toMatchObject({ school_code: '10001', major_group: '201', min_score: 648, min_rank: 124, rank_is_derived: 0, cleaned: 0 });
    expect(gx.admission_unit).toMatch(/高校专项/);
    expect(plain).toMatchObject({ school_code: '10001', major_group: '203', min_score: 660, min_rank: 29, cleaned: 0, admission_unit: null });
  });

  it('江苏: 中国人民公安大学 0201 历史 group 04 614 (…_2026_history.csv line 2), rank 2,950 derived from the 江苏 2026 历史 table (liuguanghui_rank_tables.csv line 39187: 614 → 2,788–2,950)', () => {
    expect(byRef(LINES_2026_FILES.jiangsuHistory, 'WJSGZZ/Zhiqu skills/zhiqu/data/jiangsu/history_2026.csv#line:2')).toMatchObject({
      school_code: '0201', major_group: '04', min_score: 614, min_rank: 2950, rank_is_derived: 1, cleaned: 0,
    });
  });

  it('湖北: 清华大学 A003 历史 第07组 高校专项 657 and 第06组 国家专项 657 are programme units, 第05组 672 the ordinary group (hubei_2026_…_bendibao.csv lines 2–4); cited as a transcription', () => {
    const [g07, g06, g05] = [0, 1, 2].map((i) => byRef(LINES_2026_FILES.hubei, `data_chunks/chunk_000.json#A003/${i}/row:${i + 1}`));
    expect(g07).toMatchObject({ school_code: 'A003', major_group: '第07组', min_score: 657, admission_unit: '高校专项', min_rank: null });
    expect(g06).toMatchObject({ major_group: '第06组', min_score: 657, admission_unit: '国家专项' });
    expect(g05).toMatchObject({ major_group: '第05组', min_score: 672, admission_unit: null, cleaned: 0 });
    expect(sourceTitle(LINES_2026_FILES.hubei)).toMatch(/湖北省教育考试院.*转录/);
  });

  it('湖南: 北京大学 1101 物理 第106组 690 / 111 and 第311组(国家专项) 676 / 543 (hunan_…_2026.csv lines 2–3), ranks marked derived', () => {
    expect(byRef(LINES_2026_FILES.hunan, 'WJSGZZ/Zhiqu skills/zhiqu/data/hunan/physics_2026.csv#line:2')).toMatchObject({ school_code: '1101', min_score: 690, min_rank: 111, rank_is_derived: 1, admission_unit: null });
    expect(byRef(LINES_2026_FILES.hunan, 'WJSGZZ/Zhiqu skills/zhiqu/data/hunan/physics_2026.csv#line:3')).toMatchObject({ min_score: 676, min_rank: 543, rank_is_derived: 1, admission_unit: '国家专项' });
  });

  it('山西: 山西大学 6000 物理 group 301 544 / 41,495 (shanxi_…_2026.csv line 4013), rank marked derived; 北京大学 历史 003 is its 高校专项 group', () => {
    const r = realDb().prepare("SELECT * FROM score_lines WHERE source_file = ? AND school_code = '6000' AND major_group = '301' AND subject_family = '物理'").get(LINES_2026_FILES.shanxi) as Row;
    expect(r).toMatchObject({ min_score: 544, min_rank: 41495, rank_is_derived: 1, cleaned: 0 });
    expect(byRef(LINES_2026_FILES.shanxi, 'WJSGZZ/Zhiqu skills/zhiqu/data/shanxi/history_2026.csv#line:3')).toMatchObject({ min_score: 627, admission_unit: '高校专项' });
  });

  it('served rows per file are the README\'s counts less the rows it documents as no line', () => {
    // lines_2026/README.txt: 山东 23,853 with 1 "前50名"; 浙江 18,543 with 1,140 blank-rank 494 rows; 广东 6,018 with 4
    // empty; 湖北 5,303 with 26 without a score and one duplicated key; 江苏 3,679 + 1,424; 湖南 6,624 with 295 + 76
    // empty; 山西 6,302 with 37 + 26 empty.
    expect(served(LINES_2026_FILES.shandong)).toBe(23853 - 1);
    expect(served(LINES_2026_FILES.zhejiang)).toBe(18543 - 1140);
    expect(served(LINES_2026_FILES.guangdong)).toBe(6018 - 4);
    expect(served(LINES_2026_FILES.hubei)).toBe(5303 - 26 - 1);
    expect(served(LINES_2026_FILES.jiangsuPhysics)).toBe(3679);
    expect(served(LINES_2026_FILES.jiangsuHistory)).toBe(1424);
    expect(served(LINES_2026_FILES.hunan)).toBe(6624 - 295 - 76);
    expect(served(LINES_2026_FILES.shanxi)).toBe(6302 - 37 - 26);
  });

  it('a 2026 rename the README names links by its 2025 院校代号 (广东 2026 code 11104 应急管理大学, 2025 华北科技学院)', () => {
    const r = realDb().prepare("SELECT u.name FROM score_lines s JOIN universities u ON u.id = s.university_id WHERE s.source_file = ? AND s.school_name = '应急管理大学' LIMIT 1").pluck().get(LINES_2026_FILES.guangdong);
    expect(r).toBe('华北科技学院');
  });

  it('sources are named by publisher and title, never by path', () => {
    for (const file of Object.values(LINES_2026_FILES)) {
      const t = sourceTitle(file);
      expect(t).toMatch(/2026/);
      expect(t).not.toMatch(/lines_2026|\.csv/);
    }
  });
});

describe('a candidate without a year prepares for the next exam, compared with 2026', () => {
  const cases = [
    { province: '山东', score: 600 },
    { province: '浙江', score: 600 },
    { province: '广东', subject_type: '物理', score: 600 },
    { province: '江苏', subject_type: '物理', score: 600 },
    { province: '湖北', subject_type: '物理', score: 600 },
    { province: '湖南', subject_type: '历史', score: 560 },
    { province: '山西', subject_type: '物理', score: 560 },
  ];
  for (const q of cases) {
    it(`${q.province}: ranked with the 2026 table, compared with 2026 and the two years before, and told so`, () => {
      const r = matchByScore(realDb(), parse(matchSchema, q));
      expect(r.year).toBe(2027);
      expect(r.rank?.table?.year).toBe(2026);
      expect(r.compared_years[0]).toBe(2026);
      expect(r.compared_years.every((y) => y >= 2023 && y <= 2026)).toBe(true);
      expect(r.year_reason).toMatch(/备考2027年.*2026年/);
      expect(r.summary).toMatch(/^按备考2027年：2027年尚无一分一段表，用2026年的表换算位次/);
      expect(r.items.length).toBeGreaterThan(0);
      expect(r.items.some((i) => i.lines.some((l) => l.year === 2026))).toBe(true);
    });
  }

  it('a year given with its table is that exam year, compared with the three years before (河南 2026 → 2023–2025)', () => {
    const r = matchByScore(realDb(), parse(matchSchema, { province: '河南', subject_type: '物理', score: 600, year: 2026 }));
    expect(r).toMatchObject({ year: 2026, year_reason: '考生指定的年份' });
    expect(r.rank?.table?.year).toBe(2026);
    expect(r.compared_years.every((y) => y >= 2023 && y <= 2025)).toBe(true);
  });

  it('the year right after the latest table is prepared for the same way; a later one has no lines and says so (山东 2027, 2030)', () => {
    const next = matchByScore(realDb(), parse(matchSchema, { province: '山东', score: 600, year: 2027 }));
    expect(next.rank?.table?.year).toBe(2026);
    expect(next.compared_years).toEqual([2026, 2025, 2024]);
    const later = matchByScore(realDb(), parse(matchSchema, { province: '山东', score: 600, year: 2030 }));
    expect(later).toMatchObject({ count: 0, items: [], rank: null });
    expect(later.summary).toMatch(/^数据中没有山东2027–2029年/);
  });

  it('mirofish without a year ranks with the 2026 table and uses the 2026 line of the target', () => {
    const r = mirofish(realDb(), parse(mirofishSchema, { province: '广东', subject_type: '物理', score: 640, targets: ['华南理工大学'], seed: 1 }));
    expect(r.year).toBe(2027);
    expect(r.candidate.rank.table?.year).toBe(2026);
    expect(r.results[0].status).toBe('ok');
    expect(r.results[0].lines.some((l) => l.year === 2026)).toBe(true);
  });

  it('the workbench offers the next exam first, ranked with the latest table', () => {
    const sd = provinceExams(realDb()).find((p) => p.province === '山东')!;
    expect(sd.latest_year).toBe(2027);
    expect(sd.years[0]).toMatchObject({ year: 2027, table_year: 2026, system: '3+3' });
    expect(sd.years[1]).toMatchObject({ year: 2026, table_year: 2026 });
  });
});

describe('the audit\'s checks of ranks, tables and families are zero on the real database', () => {
  let checks: { unflagged: ReturnType<typeof ranksOffBandUnflagged>; disagreeing: ReturnType<typeof familyTablesDisagreeing>; unexamined: ReturnType<typeof unexaminedFamilyRows>; y2026: ReturnType<typeof lines2026Check> };
  // whole-database passes: in a hook (hookTimeout 180 s), not a test's 60 s
  beforeAll(() => {
    const db = realDb();
    checks = { unflagged: ranksOffBandUnflagged(db), disagreeing: familyTablesDisagreeing(db), unexamined: unexaminedFamilyRows(db), y2026: lines2026Check(db) };
  });

  it('no published rank outside its score\'s band goes unflagged, whatever the kind of the province\'s table', () => {
    expect(checks.unflagged).toEqual([]);
  });

  it('no province-year-family is served two disagreeing tables; 甘肃 2026\'s immaotianyi 本科/专科 copies (up to 6,204 places off) are not served', () => {
    expect(checks.disagreeing).toEqual([]);
    const kinds = realDb().prepare("SELECT table_kind, cleaned, MIN(clean_reason) AS reason FROM rank_tables WHERE province = '甘肃' AND year = 2026 AND subject_family = '历史' AND source_file LIKE '%immaotianyi%' GROUP BY 1, 2").all() as Row[];
    expect(kinds.map((k) => [k.table_kind, k.cleaned])).toEqual([['专科', 1], ['本科', 1]]);
    for (const k of kinds) expect(k.reason).toMatch(/^duplicate:another copy of 甘肃 2026 历史/);
  });

  it('青海 2024\'s vocational 征集 table (1,544 candidates) is not served as the province\'s table', () => {
    const r = realDb().prepare("SELECT cleaned, clean_reason FROM rank_tables WHERE province = '青海' AND year = 2024 AND subject_family = '物理' AND score = 500").get() as Row;
    expect(r.cleaned).toBe(1);
    expect(r.clean_reason).toMatch(/^implausible:not the province's main table: 1,544 candidates/);
  });

  it('广东 2026: the 本科加分 table (the one its 本科 投档 ranks are ranked in) is the province\'s table; the art/PE tables are filed under 艺术/体育, not 综合', () => {
    const t = realDb().prepare("SELECT table_kind, source_quality FROM rank_tables WHERE province = '广东' AND year = 2026 AND subject_family = '物理' AND table_kind = '' AND cleaned = 0 LIMIT 1").get() as Row;
    expect(t.source_quality).toMatch(/published as the 本科加分 table/);
    const fams = realDb().prepare("SELECT DISTINCT subject_family FROM rank_tables WHERE province = '广东' AND year = 2026 AND (table_kind LIKE '%艺术%' OR table_kind LIKE '%体育%')").pluck().all();
    expect(fams.sort()).toEqual(['体育', '艺术']);
    expect(checks.unexamined).toEqual([]);
  });

  it('北京 2023 苏州大学 第01组 is the authority\'s 617, not the university site\'s 620 (beijing_regular_batch_lines_2023_2026.csv)', () => {
    const rows = realDb().prepare("SELECT min_score FROM score_lines WHERE province = '北京' AND year = 2023 AND school_name = '苏州大学' AND major_group = '01' AND cleaned = 0").pluck().all();
    expect(rows).toEqual([617]);
  });

  it('every 2026 file\'s ranks lie inside their score\'s band in the 2026 一分一段 (the README\'s cross-checks, recorded by the audit)', () => {
    for (const r of checks.y2026) {
      expect(r.off_band, r.file).toBe(0);
      expect(r.in_band + r.no_table_row, r.file).toBe(r.with_rank);
    }
    // README: 浙江 17,376 of 17,376 rows whose score is in the table; 广东 4,248 + 1,766 rows with both values
    expect(checks.y2026.find((r) => r.province === '浙江')!.in_band).toBe(17376);
    expect(checks.y2026.find((r) => r.province === '广东')!.in_band).toBe(4248 + 1766);
  });
});
