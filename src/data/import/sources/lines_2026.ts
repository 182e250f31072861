// lines_2026/: the 2026 admission lines of seven provinces (lines_2026/README.txt gives each file's origin, licence,
// conversion and cross-checks). Each adapter maps the file's columns onto a ScoreLineInput; score_lines.ts applies the
// shared rules (name resolution, the line's admission unit, duplicates, derived ranks, ranks against the 一分一段).
// Every programme marker a file prints (the bracket after a school or major name, a group's note, a plan category)
// reaches lineUnitTokens as the row's remark, so a 专项, 预科, 中外合作 or 定向 line stays its own admission unit.
import { cleanText, parseIntLoose, parseScore, type ParsedScore } from '../../normalize.ts';
import { text, type Outcome, type ImportContext } from '../context.ts';
import { groupDigits } from './common.ts';

export const LINES_2026_FILES = {
  shandong: 'lines_2026/shandong_regular_batch_first_choice_2026.csv.gz',
  zhejiang: 'lines_2026/zhejiang_putonglei_yiduan_2026.csv.gz',
  guangdong: 'lines_2026/guangdong_regular_undergraduate_group_lines_2026.csv.gz',
  hubei: 'lines_2026/hubei_2026_undergraduate_group_lines_bendibao.csv.gz',
  jiangsuPhysics: 'lines_2026/jiangsu_regular_undergraduate_group_lines_2026_physics.csv.gz',
  jiangsuHistory: 'lines_2026/jiangsu_regular_undergraduate_group_lines_2026_history.csv.gz',
  hunan: 'lines_2026/hunan_regular_undergraduate_group_lines_2026.csv.gz',
  shanxi: 'lines_2026/shanxi_regular_undergraduate_group_lines_2026.csv.gz',
} as const;

/**
 * Files whose ranks are derived from the province's served 一分一段 table (rank_is_derived = 1): 江苏 publishes none,
 * and the 湖南 and 山西 files carry the cumulative count at the group's score (README: derived, not published); a
 * 湖南/山西 row the upstream left without a rank gets the served table's.
 */
export const DERIVED_RANK_FILES_2026: string[] = [LINES_2026_FILES.jiangsuPhysics, LINES_2026_FILES.jiangsuHistory, LINES_2026_FILES.hunan, LINES_2026_FILES.shanxi];

/** The bracketed remarks of a published name ("临床医学(5+3一体化)(中外合作办学)" → "5+3一体化；中外合作办学"). */
export function bracketRemarks(name: string): string | null {
  const out = [...cleanText(name).matchAll(/[(（]([^()（）]+)[)）]/g)].map((m) => m[1].trim()).filter(Boolean);
  return out.length ? out.join('；') : null;
}

/** The fields of score_lines.ts's ScoreLineInput these files fill (declared here: score_lines.ts imports this module). */
export interface Line2026 {
  province: string;
  year: string;
  subject_type: string;
  batch: string;
  kind: '专业线' | '专业组线';
  data_type_raw: string | null;
  school_name: string;
  school_code: string;
  major_group?: string | null;
  group_digits: string;
  major_name?: string | null;
  major_code?: string | null;
  major_note?: string | null;
  elective?: string | null;
  score: ParsedScore;
  score_is_derived?: number | null;
  min_rank: number | null;
  rank_is_derived: number | null;
  plan_count?: number | null;
  admitted_count?: number | null;
  source_quality: string;
  authority: 1 | 3;
  dup_pref?: number;
  clean?: 'not_filled' | null;
  source_file: string;
  source_ref: string;
  source_url?: string | null;
}

const cols = (names: readonly string[], col: (n: string) => number) => Object.fromEntries(names.map((n) => [n, col(n)]));
const ref = (f: string[], c: Record<string, number>, file: string, line: string) => `${cleanText(f[c[file]])}#line:${cleanText(f[c[line]])}`;

/**
 * Reads the eight 2026 line files. `add` is score_lines.ts's addScoreLine; `shandongTable` the 2026 全体 一分一段 of
 * 山东 ([score, count, cumulative], highest first), from which 山东's published rank gets its score (marked derived).
 */
export async function importLines2026(
  ctx: ImportContext,
  add: (r: Line2026) => Outcome,
  shandongTable: Array<[number, number, number]>,
  scoreForRank: (table: Array<[number, number, number]>, rank: number) => ParsedScore,
): Promise<void> {
  // 山东 普通类常规批第1次志愿 2026: 专业(类)+院校 units with the lowest rank only (one row "前50名": the authority hides
  // the top ranks, so no rank and no score). The school and major names carry the programme in brackets.
  {
    const file = LINES_2026_FILES.shandong;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'batch', 'subject_type', 'major_code', 'major_name', 'school_code', 'school_name', 'selection_requirement', 'min_rank', 'source_file', 'source_row', 'source_url'], csv.col);
    }, (f) => {
      const rank = parseIntLoose(f[c.min_rank]);
      const score = rank === null ? { value: null, raw: text(f[c.min_rank]), censored: false } : scoreForRank(shandongTable, rank);
      return add({
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
        kind: '专业线', data_type_raw: '专业(类)+院校 投档线', school_name: f[c.school_name], school_code: f[c.school_code],
        major_name: f[c.major_name], major_code: f[c.major_code], major_note: bracketRemarks(f[c.major_name]),
        group_digits: `${cleanText(f[c.school_code])}/${cleanText(f[c.major_code])}`, elective: f[c.selection_requirement],
        score, score_is_derived: score.value === null ? null : 1, min_rank: rank, rank_is_derived: 0,
        source_quality: 'official (sdzk.cn) 2026; min_score derived from the 2026 全体 一分一段 table', authority: 1, dup_pref: 0,
        source_file: file, source_ref: `${cleanText(f[c.source_file])}#row:${cleanText(f[c.source_row])}`, source_url: f[c.source_url],
      });
    });
  }
  // 浙江 普通类第一段 2026: 院校+专业 with score and rank. A blank rank with 494 (the table's lowest value) is a major not
  // filled in this round (README), not an admitted minimum: kept, not served.
  {
    const file = LINES_2026_FILES.zhejiang;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'batch', 'subject_type', 'school_code', 'school_name', 'major_code', 'major_name', 'plan_count', 'min_score', 'min_rank', 'source_file', 'source_row', 'source_url'], csv.col);
    }, (f) => {
      const rank = parseIntLoose(f[c.min_rank]);
      return add({
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
        kind: '专业线', data_type_raw: '院校+专业 平行投档线', school_name: f[c.school_name], school_code: f[c.school_code],
        major_name: f[c.major_name], major_code: f[c.major_code], major_note: bracketRemarks(f[c.major_name]),
        group_digits: `${cleanText(f[c.school_code])}/${cleanText(f[c.major_code])}`,
        plan_count: parseIntLoose(f[c.plan_count]), score: parseScore(f[c.min_score]), min_rank: rank, rank_is_derived: 0,
        source_quality: 'official (zjzs.net) 2026', authority: 1, dup_pref: 0,
        clean: rank === null ? 'not_filled' : null,
        source_file: file, source_ref: `${cleanText(f[c.source_file])}#row:${cleanText(f[c.source_row])}`, source_url: f[c.source_url],
      });
    });
  }
  // 广东 普通类本科批次 2026 院校专业组 with published score and rank; the plan kind is in the name's brackets
  // (北京大学(高校专项计划)), which the resolver keeps as the name's unit, as for 2023–2025.
  {
    const file = LINES_2026_FILES.guangdong;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch_name', 'university_code', 'university_name', 'major_group_code', 'plan_count', 'admitted_count', 'min_score', 'min_rank', 'source_url', 'upstream_file', 'upstream_line'], csv.col);
    }, (f) => add({
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch_name],
      kind: '专业组线', data_type_raw: '院校专业组投档线', school_name: f[c.university_name], school_code: f[c.university_code],
      major_group: text(f[c.major_group_code]), group_digits: groupDigits(f[c.major_group_code]),
      plan_count: parseIntLoose(f[c.plan_count]), admitted_count: parseIntLoose(f[c.admitted_count]),
      score: parseScore(f[c.min_score]), min_rank: parseIntLoose(f[c.min_rank]), rank_is_derived: 0,
      source_quality: 'official (eea.gd.gov.cn) 2026, parsed by WJSGZZ/Zhiqu', authority: 1, dup_pref: 0,
      source_file: file, source_ref: ref(f, c, 'upstream_file', 'upstream_line'), source_url: f[c.source_url],
    }));
  }
  // 江苏 普通类本科批次 2026, 物理 and 历史 files: scores only (ranks derived later from the served 江苏 table); the
  // group note (中外合作办学, a campus …) is printed after the group.
  for (const file of [LINES_2026_FILES.jiangsuPhysics, LINES_2026_FILES.jiangsuHistory]) {
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch_name', 'university_code', 'university_name', 'major_group_code', 'selection_requirement', 'group_note', 'min_score', 'source_url', 'upstream_file', 'upstream_line'], csv.col);
    }, (f) => add({
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch_name],
      kind: '专业组线', data_type_raw: '院校专业组投档线', school_name: f[c.university_name], school_code: f[c.university_code],
      major_group: text(f[c.major_group_code]), group_digits: groupDigits(f[c.major_group_code]),
      elective: f[c.selection_requirement], major_note: text(f[c.group_note]),
      score: parseScore(f[c.min_score]), min_rank: null, rank_is_derived: null,
      source_quality: 'official (jseea.cn) 2026, parsed by WJSGZZ/Zhiqu; rank derived from the 江苏 一分一段', authority: 1, dup_pref: 0,
      source_file: file, source_ref: ref(f, c, 'upstream_file', 'upstream_line'), source_url: f[c.source_url],
    }));
  }
  // 湖北 2026 本科 groups: a third-party transcription (武汉本地宝 republishing 湖北省教育考试院), no ranks. The plan
  // category (国家专项 / 高校专项) and the remark (中外合作办学, 少数民族预科班, 护理类 …) are the unit. The 提前批 rows
  // print no subject; the key K476 提前批 第01组 is listed twice with identical values (the duplicate rule keeps one).
  {
    const file = LINES_2026_FILES.hubei;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'batch', 'round', 'subject_type_published', 'school_code', 'school_name', 'group_no', 'group_name', 'plan_category', 'min_score', 'remark', 'source_file', 'source_index'], csv.col);
    }, (f, n) => add({
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type_published], batch: f[c.batch],
      kind: '专业组线', data_type_raw: ['院校专业组投档线', text(f[c.round])].filter(Boolean).join('/'), school_name: f[c.school_name], school_code: f[c.school_code],
      major_group: text(f[c.group_name]) ?? text(f[c.group_no]), group_digits: groupDigits(f[c.group_no]),
      major_note: [text(f[c.plan_category]), text(f[c.remark])].filter(Boolean).join('；') || null,
      score: parseScore(f[c.min_score]), min_rank: null, rank_is_derived: null,
      source_quality: 'transcribed: 湖北省教育考试院 tables as republished by 武汉本地宝 (1052666/hb-gaokao-toudang), third-party transcription', authority: 3,
      source_file: file, source_ref: `${cleanText(f[c.source_file])}#${cleanText(f[c.school_code])}/${cleanText(f[c.source_index])}/row:${n}`,
    }));
  }
  // 湖南 本科批(普通类) and 山西 普通本科批 2026 groups: score as published, rank derived upstream from the official
  // 一分一段 (rank_basis); the group note carries the programme (国家专项, 少数民族预科班;面向永定区, 合作办学组 …).
  for (const file of [LINES_2026_FILES.hunan, LINES_2026_FILES.shanxi]) {
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch_name', 'university_code', 'university_name', 'major_group_code', 'group_note', 'major_group_name', 'min_score', 'min_rank', 'rank_basis', 'source_url', 'upstream_file', 'upstream_line'], csv.col);
    }, (f) => {
      const rank = parseIntLoose(f[c.min_rank]);
      return add({
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch_name],
        kind: '专业组线', data_type_raw: '院校专业组投档线', school_name: f[c.university_name], school_code: f[c.university_code],
        major_group: text(f[c.major_group_name]) ?? text(f[c.major_group_code]), group_digits: groupDigits(f[c.major_group_code]),
        major_note: text(f[c.group_note]),
        score: parseScore(f[c.min_score]), min_rank: rank, rank_is_derived: rank === null ? null : 1,
        source_quality: `official (${f[c.province].trim() === '湖南' ? 'jyt.hunan.gov.cn' : 'sxkszx.cn'}) 2026, parsed by WJSGZZ/Zhiqu; rank ${cleanText(f[c.rank_basis]) || 'derived'} (not published)`,
        authority: 1, dup_pref: 0,
        source_file: file, source_ref: ref(f, c, 'upstream_file', 'upstream_line'), source_url: f[c.source_url],
      });
    });
  }
}
