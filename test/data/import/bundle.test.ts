// The data database built from the real bundle (the suite's global setup runs the import when it is missing).
// Every expected value below is read off a bundle file or README, cited next to it; line numbers are lines of the
// decompressed CSV (line 1 = header).
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { isImported } from '../../../src/data/import/index.ts';

const config = loadConfig();
let db: Database.Database;

beforeAll(() => {
  db = new Database(config.dataDb, { readonly: true, fileMustExist: true });
});
afterAll(() => db?.close());

function file(name: string): { rows_read: number; rows_kept: number; rows_cleaned: number; rows_merged: number; rows_rejected: number } {
  return db.prepare('SELECT * FROM import_files WHERE file = ?').get(name) as never;
}

describe('counts per dataset', () => {
  it('reads every row the READMEs count, and every row is kept, cleaned, merged or rejected', () => {
    // Row counts from data/README.md and the folder READMEs.
    const expected: Record<string, number> = {
      'universities/universities.csv.gz': 2919,
      'universities/source_henryTJS_moe_universities_flags.csv.gz': 2919,
      'universities/city_tiers.csv.gz': 345,
      'majors/majors_catalog_2026.csv.gz': 875,
      'majors/ruanke_bcmr_major_tree_2025.csv.gz': 836,
      'score_lines/liuguanghui_score_lines.csv.gz': 599105,
      'score_lines/jsoneft_2024_admission_data.csv.gz': 570444,
      'score_lines/liuxusummer_official_group_lines.csv.gz': 28532,
      'score_lines/jamesbong10_shanghai_admissions_2022_2025.csv.gz': 21741,
      'score_lines/jamesbong10_shanghai_toudang_2020_2025.csv.gz': 8147,
      'admission_plans/liuguanghui_admission_plans.csv.gz': 71816,
      'admission_plans/immaotianyi_plans_2024.csv.gz': 4533,
      'admission_plans/immaotianyi_plans_2024_history.csv.gz': 1470,
      'admission_plans/immaotianyi_plans_2025.csv.gz': 15693,
      'admission_plans/immaotianyi_plans_2026.csv.gz': 18134,
      'rank_tables/liuguanghui_rank_tables.csv.gz': 76081,
      'rank_tables/immaotianyi_yifenyiduan_2024_2026.csv.gz': 60792,
      'rank_tables/liuxusummer_rank_tables.csv.gz': 9905,
      'rank_tables/luanche_chongqing_2022_2026.csv.gz': 4876,
      'rank_tables/jamesbong10_shanghai_yiduan_2020_2026.csv.gz': 2017,
      // official_provincial/README.txt and rank_tables/README.txt, files added 2026-11-24
      'official_provincial/guangdong_regular_undergraduate_group_lines_2023_2025.csv.gz': 13990,
      'official_provincial/jiangsu_regular_undergraduate_group_lines_2023_2025.csv.gz': 11944,
      'official_provincial/beijing_regular_batch_lines_2023_2026.csv.gz': 5547,
      'official_provincial/beijing_yifenyiduan_2023_2026.csv.gz': 1346,
      'rank_tables/gaokaoagent_guangdong_yifenyiduan_2011_2025.csv.gz': 14368,
      'batch_lines/luanche_province_control_lines_2014_2024.csv.gz': 5992,
      'batch_lines/immaotianyi_control_lines_2024_2026.csv.gz': 427,
      'batch_lines/liuguanghui_control_lines.csv.gz': 1521,
      'rankings_evaluations/eval4_official_canmou.csv.gz': 5212,
      'rankings_evaluations/eval4_jamesbong10.csv.gz': 5112,
      'rankings_evaluations/eval5_announcements_zjsxply.csv.gz': 759,
      'rankings_evaluations/ruanke_bcmr_2026_major_rankings.csv.gz': 30301,
      'rankings_evaluations/ruanke_bcmr_2025_major_rankings_henry.csv.gz': 31127,
      'rankings_evaluations/ruanke_bcur_2026_university_rankings.csv.gz': 2122,
      'rankings_evaluations/ruanke_gras_best_subjects_henry.csv.gz': 5344,
      'rankings_evaluations/double_first_class_disciplines_2022.csv.gz': 435,
      'rankings_evaluations/first_class_undergrad_majors_swyc.csv.gz': 11738,
    };
    for (const [name, rows] of Object.entries(expected)) {
      const f = file(name);
      expect(f, name).toBeTruthy();
      expect(f.rows_read, name).toBe(rows);
      expect(f.rows_kept + f.rows_cleaned + f.rows_merged + f.rows_rejected, name).toBe(rows);
    }
  });

  it('holds the 2,919 universities and the 875 + 15 majors of the two catalogues', () => {
    expect(db.prepare('SELECT COUNT(*) FROM universities').pluck().get()).toBe(2919);
    // majors/README.txt: 15 codes of the 软科 tree are missing from the 2026 catalogue ("take the union").
    expect(db.prepare('SELECT COUNT(*) FROM majors').pluck().get()).toBe(875 + 15);
    expect(db.prepare('SELECT COUNT(*) FROM majors WHERE in_catalog_2026 = 0').pluck().get()).toBe(15);
  });

  it('serves all 5,212 第四轮 grades of the canmou copy (README: no duplicate (discipline, school))', () => {
    const n = db.prepare("SELECT COUNT(*) FROM discipline_evaluations WHERE round = 4 AND cleaned = 0 AND source_file LIKE '%canmou%'").pluck().get();
    expect(n).toBe(5212);
  });

  it('counts in meta match the tables and the build is marked complete', () => {
    const counts = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'counts'").pluck().get() as string);
    expect(counts.score_lines.served).toBe(db.prepare('SELECT COUNT(*) FROM score_lines WHERE cleaned = 0').pluck().get());
    expect(counts.universities.served).toBe(2919);
    expect(isImported(config)).toBe(true);
  });
});

describe('known facts round-trip', () => {
  it("a university's flags (universities.csv line 2: 北京大学 4111010001, 985/211/双一流 = 1, 软科 2026 主榜 2)", () => {
    const u = db.prepare('SELECT * FROM universities WHERE moe_code = ?').get('4111010001') as Record<string, unknown>;
    expect(u).toMatchObject({ id: 4111010001, name: '北京大学', province: '北京', is_985: 1, is_211: 1, is_double_first_class: 1, ranking: 2 });
  });

  it('a 第四轮 grade (eval4_official_canmou.csv line 2: 0101 哲学 北京大学 A+)', () => {
    const row = db
      .prepare("SELECT grade, grade_order, university_id, source_ref FROM discipline_evaluations WHERE round = 4 AND discipline_name = '哲学' AND school_name = '北京大学' AND cleaned = 0")
      .get();
    expect(row).toEqual({ grade: 'A+', grade_order: 1, university_id: 4111010001, source_ref: 'row:1' });
  });

  it('a rank-table row (luanche_chongqing_2022_2026.csv line 3: 重庆 2022 物理类 665 → 13 at score, cumulative 158, ranks 146-158)', () => {
    const row = db
      .prepare("SELECT count_at_score, cumulative_rank, rank_start, cleaned FROM rank_tables WHERE province = '重庆' AND year = 2022 AND subject_family = '物理' AND score = 665 AND cleaned = 0")
      .get();
    expect(row).toEqual({ count_at_score: 13, cumulative_rank: 158, rank_start: 146, cleaned: 0 });
  });

  it('a batch line (batch_lines/README.txt spot-check, luanche line 2783: 江苏 2024 特殊类型招生控制线 物理 516 / 历史 530)', () => {
    const q = db.prepare("SELECT score FROM batch_lines WHERE province = '江苏' AND year = 2024 AND subject_family = ? AND batch LIKE '%特殊类型%' AND cleaned = 0");
    expect(q.pluck().all('物理')).toContain(516);
    expect(q.pluck().all('历史')).toContain(530);
  });

  it('an official group line with its source URL (liuxusummer_official_group_lines.csv line 2: 上海 2024 复旦大学 (01) 580)', () => {
    const row = db
      .prepare("SELECT * FROM score_lines WHERE province = '上海' AND year = 2024 AND university_id = 4131010246 AND data_type = '专业组线' AND cleaned = 0 AND major_group = '复旦大学(01)'")
      .all() as Array<Record<string, unknown>>;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({
      min_score: 580,
      name_match: 'exact',
      source_file: 'score_lines/liuxusummer_official_group_lines.csv.gz',
      source_url: 'https://www.shmeea.edu.cn/page/02200/20240719/18689.html',
    });
  });

  it('jsoneft rows repeating a group line per major become one group line (jsoneft lines 2-4: 黑龙江 2024 北京大学 group 15, 705 / 45)', () => {
    const rows = db
      .prepare("SELECT * FROM score_lines WHERE source_file LIKE '%jsoneft%' AND province = '黑龙江' AND year = 2024 AND school_name = '北京大学' AND major_group = '15'")
      .all() as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ data_type: '专业组线', granularity: 'group', major_name: null, min_score: 705, min_rank: 45 });
    expect(rows[0].group_majors).toContain('工科试验班类');
    expect(rows[0].source_ref).toMatch(/^source_row_id:7956360,7956361,7956362/);
    // no jsoneft row of that kind is served as a per-major line anywhere
    const perMajor = db.prepare("SELECT COUNT(*) FROM score_lines WHERE source_file LIKE '%jsoneft%' AND data_type_raw = 'same_score_for_all_majors_in_group' AND granularity = 'major'").pluck().get();
    expect(perMajor).toBe(0);
  });

  it('a censored score is kept cleaned with its bound (jamesbong10_shanghai_admissions line 3: 上海 2022 复旦大学 专业组线 ">580")', () => {
    const row = db
      .prepare("SELECT min_score, min_score_raw, cleaned, clean_reason FROM score_lines WHERE source_file LIKE '%jamesbong10_shanghai_admissions%' AND source_ref = 'row:2'")
      .get();
    expect(row).toEqual({ min_score: 580, min_score_raw: '>580', cleaned: 1, clean_reason: 'censored_score' });
  });

  it('flags 河南 2024 rows labelled 物理类 (data/README.md: 河南 examined 文/理 until 2025), shows 理科 and keeps the published label', () => {
    const fit = db.prepare("SELECT DISTINCT subject_fit FROM score_lines WHERE province = '河南' AND year = 2024 AND subject_type_raw = ?").pluck();
    expect(fit.all('物理类')).toEqual([0]);
    expect(fit.all('理科')).toEqual([1]);
    const shown = db.prepare("SELECT DISTINCT subject_type FROM score_lines WHERE province = '河南' AND year = 2024 AND subject_type_raw = '物理类'").pluck().all();
    expect(shown).toEqual(['理科']);
    const fam = db.prepare("SELECT DISTINCT subject_family FROM score_lines WHERE province = '河南' AND year = 2024 AND subject_type IN ('物理类', '理科')").pluck().all();
    expect(fam).toEqual(['物理']);
  });

  it('cleans misaligned rows (score_lines/README.txt: subject_type "河北省", "工学", "合计")', () => {
    const rows = db.prepare("SELECT DISTINCT cleaned, clean_reason, subject_family FROM score_lines WHERE subject_type IN ('河北省', '工学', '合计')").all();
    expect(rows).toEqual([{ cleaned: 1, clean_reason: 'misaligned_subject', subject_family: null }]);
  });

  it('keeps the documented broken rank tables out of the default view (rank_tables/README.txt: liuxusummer 江苏 2023/2024)', () => {
    const reasons = db.prepare("SELECT DISTINCT clean_reason FROM rank_tables WHERE source_file LIKE '%liuxusummer%' AND province = '江苏' AND year IN (2023, 2024)").pluck().all();
    expect(reasons).toEqual(['broken_table']);
  });

  it('resolves 上海 official short names (score_lines/README.txt "上海交大") and keeps unresolved names searchable', () => {
    const r = db.prepare("SELECT university_id FROM school_names WHERE school_name = '上海交大'").pluck().get();
    expect(r).toBe(4131010248);
    const u = db.prepare('SELECT name FROM universities WHERE id = ?').pluck().get(r);
    expect(u).toBe('上海交通大学');
    // an unresolved name keeps its rows and its spelling
    const unresolved = db.prepare("SELECT school_name, rows FROM school_names WHERE name_match = 'unresolved' ORDER BY rows DESC LIMIT 1").get() as { school_name: string; rows: number };
    expect(unresolved.rows).toBeGreaterThan(0);
    const n = db.prepare('SELECT COUNT(*) FROM score_lines WHERE school_name = ? AND university_id IS NULL').pluck().get(unresolved.school_name) as number;
    const m = db.prepare('SELECT COUNT(*) FROM admission_plans WHERE school_name = ? AND university_id IS NULL').pluck().get(unresolved.school_name) as number;
    expect(n + m).toBeGreaterThan(0);
  });

  it('every row names its source file and a reference', () => {
    for (const t of ['score_lines', 'admission_plans', 'rank_tables', 'batch_lines', 'major_rankings', 'discipline_evaluations']) {
      const n = db.prepare(`SELECT COUNT(*) FROM ${t} WHERE source_file IS NULL OR source_file = '' OR source_ref IS NULL OR source_ref = ''`).pluck().get();
      expect(n, t).toBe(0);
    }
  });
});
