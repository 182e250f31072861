// score_lines/: five sources of admission lines folded into one table. Each adapter maps its columns onto a
// ScoreLineInput; addScoreLine applies the shared folding and cleaning rules; duplicates across sources are
// resolved at the end (most authoritative source first, published ranks over derived ones).
import path from 'node:path';
import { cleanText, examSystem, maxTotalScore, parseIntLoose, parseNumber, parseScore, type BatchFamily, type ParsedScore } from '../../normalize.ts';
import { readCsvGz } from '../csv.ts';
import { ORDINARY_KIND, RANK_FILES } from './rank_tables.ts';
import type { CleanReason } from '../../schema.ts';
import { rowRef, text, type ImportContext, type Outcome } from '../context.ts';
import type { ResolveOptions } from '../resolve.ts';
import { commonProgrammeTokens, lineUnitTokens, namesGroup, PROGRAMME_UNITS, programmeTokens } from './line-unit.ts';
import { DERIVED_RANK_FILES_2026, importLines2026, LINES_2026_FILES } from './lines_2026.ts';
import { cleanUnexaminedFamilies } from './exam-families.ts';
import { cleanCodeConflicts, Duplicates, levelCheck, promoteLosers, type ProvinceYear, groupDigits, isSpecialPath, majorKey, provinceYear, schoolKey, scoreProblem, rowHead } from './common.ts';

export const SCORE_LINE_FILES = {
  liuxusummer: 'score_lines/liuxusummer_official_group_lines.csv.gz',
  liuguanghui: 'score_lines/liuguanghui_score_lines.csv.gz',
  toudang: 'score_lines/jamesbong10_shanghai_toudang_2020_2025.csv.gz',
  shanghai: 'score_lines/jamesbong10_shanghai_admissions_2022_2025.csv.gz',
  jsoneft: 'score_lines/jsoneft_2024_admission_data.csv.gz',
  shandong: 'official_provincial/shandong_regular_batch_first_choice_2021_2025.csv.gz',
  zhejiang: 'official_provincial/zhejiang_putonglei_yiduan_2023_2025.csv.gz',
  guangdong: 'official_provincial/guangdong_regular_undergraduate_group_lines_2023_2025.csv.gz',
  jiangsu: 'official_provincial/jiangsu_regular_undergraduate_group_lines_2023_2025.csv.gz',
  beijing: 'official_provincial/beijing_regular_batch_lines_2023_2026.csv.gz',
  hubei: [
    { file: 'official_provincial/hubei_2023_physics_group_lines_parsed.csv.gz', year: 2023, ocr: false },
    { file: 'official_provincial/hubei_2024_physics_group_lines_parsed.csv.gz', year: 2024, ocr: false },
    { file: 'official_provincial/hubei_2025_physics_group_lines_parsed.csv.gz', year: 2025, ocr: true },
  ],
} as const;

/** Source authority (lower wins a duplicate): 1 exam-authority page, 2 university site / OCR of an official PDF, 3 third-party site, 4 undocumented origin. */
type Authority = 1 | 2 | 3 | 4;

interface ScoreLineInput {
  province: string;
  year: string;
  subject_type: string;
  batch: string;
  /** already folded kind before the special-path rule: 专业线 | 专业组线 | 院校线 */
  kind: '专业线' | '专业组线' | '院校线';
  data_type_raw: string | null;
  school_name: string;
  moe_code?: string | null;
  resolve?: ResolveOptions;
  school_code?: string | null;
  major_group?: string | null;
  group_digits?: string;
  major_name?: string | null;
  major_code?: string | null;
  major_note?: string | null;
  group_majors?: string | null;
  elective?: string | null;
  score: ParsedScore;
  min_rank: number | null;
  rank_is_derived: number | null;
  /** 1 when the score was derived from the published rank (山东) */
  score_is_derived?: number | null;
  /** duplicate preference when it differs from authority: 0 = the exam authority's own file (beats a scrape of its page) */
  dup_pref?: number;
  max_score?: number | null;
  avg_score?: number | null;
  /** attribution the source's licence requires wherever the row is served */
  credit?: string | null;
  plan_count?: number | null;
  admitted_count?: number | null;
  scope?: string | null;
  source_quality?: string | null;
  authority: Authority;
  source_file: string;
  source_ref: string;
  source_url?: string | null;
  /** a cleaning reason the adapter already knows */
  clean?: CleanReason | null;
  /**
   * The group number may be cut (jsoneft 湖南 「07」 for 第107组, school_code 1360107): restore it against the
   * province-year's official group list (officialGroups) when exactly one of the school's official groups ends with
   * it and the row's own 院校代号 ends with that group; otherwise it stays as written.
   */
  restore_group?: boolean;
}

/** The official (authority 1–2) group numbers of each school: `province|year|family|school key` → digits. */
const officialGroups = new Map<string, Set<string>>();

/** The full group number of a row whose number may be cut, or the digits as written. */
function restoredGroup(digits: string, written: string, code: string, key: string): string {
  const official = officialGroups.get(key);
  if (!official || !digits || official.has(digits)) return digits;
  const tail = cleanText(written).replace(/\D+/g, '');
  const fits = [...official].filter((d) => d.length > tail.length && d.endsWith(tail) && cleanText(code).endsWith(d));
  return fits.length === 1 ? fits[0] : digits;
}

/**
 * An ordinary 本科 line below a quarter of the province's total is a misparsed row (liuxusummer 广东 2024 历史:
 * 肇庆医学院 100 and 广东外语外贸大学南国商学院 114, published with ranks 447 and 446: a group name parsed as a score).
 */
function implausiblyLow(score: ParsedScore, py: ProvinceYear, bf: BatchFamily | null): boolean {
  const ordinary = py.subject_family === '物理' || py.subject_family === '历史' || py.subject_family === '综合';
  return ordinary && score.value !== null && Boolean(bf?.startsWith('本科')) && score.value < maxTotalScore(py.province, py.year) / 4;
}

const LATER_ROUND_UNIT = /(^|\/)征集志愿(\/|$)/;

function addScoreLine(ctx: ImportContext, dup: Duplicates, r: ScoreLineInput): Outcome {
  const head = rowHead(r);
  if ('reject' in head) return head;
  const { py, school, batch } = head;
  let bf = head.bf;
  let res = ctx.resolver.resolve(school, r.resolve, r.moe_code, r.source_file);
  const level = levelCheck(ctx, res, bf, batch);
  if (level.unlink) res = { id: null, method: 'unresolved', campus: null, unit: res.unit };
  bf = level.bf;
  const special = isSpecialPath(bf, py.subject_family, r.scope);
  // An "institution" line that names its 院校专业组 is that group's line (湖南 2024 石家庄学院 第105组 486 and 第107组
  // 453 were two 院校线 rows of one key, one hidden behind the other).
  const kind = r.kind === '院校线' && namesGroup(r.major_group ?? null) ? '专业组线' : r.kind;
  const data_type = special ? '特殊招生线' : kind;
  const granularity = kind === '专业线' ? 'major' : kind === '专业组线' ? 'group' : 'institution';
  const problem: CleanReason | null = py.misaligned
    ? 'misaligned_subject'
    : (r.clean ?? level.clean ?? scoreProblem(r.score, py, bf === '艺术体育' || py.subject_family === '艺术' || py.subject_family === '体育'));
  const rank = r.min_rank !== null && r.min_rank > 0 ? r.min_rank : null;
  const tokens = lineUnitTokens({
    batch, data_type_raw: r.data_type_raw, major_group: r.major_group ?? null, major_note: r.major_note ?? null,
    subject_type: py.subject_type, subject_family: py.subject_family, nameUnit: res.unit ?? '',
  });
  const unit = [res.unit ?? '', tokens].filter(Boolean).join('/');
  const clean: CleanReason | null = problem ?? (LATER_ROUND_UNIT.test(unit) ? 'later_round' : implausiblyLow(r.score, py, bf) ? 'score_out_of_range' : null);
  const id = ctx.insert('score_lines', {
    province: py.province,
    year: py.year,
    subject_type: py.subject_label,
    subject_type_raw: py.subject_type,
    subject_family: py.subject_family,
    subject_fit: py.subject_fit,
    batch,
    batch_family: bf,
    data_type,
    data_type_raw: r.data_type_raw,
    university_id: res.id,
    school_name: school,
    name_match: res.method,
    campus: res.campus,
    school_code: text(r.school_code ?? ''),
    major_group: text(r.major_group ?? ''),
    major_name: text(r.major_name ?? ''),
    major_code: text(r.major_code ?? ''),
    major_note: text(r.major_note ?? ''),
    group_majors: r.group_majors ?? null,
    elective: text(r.elective ?? ''),
    min_score: r.score.value,
    min_score_raw: r.score.raw,
    score_is_derived: r.score_is_derived ?? null,
    min_rank: rank,
    rank_is_derived: rank === null ? null : r.rank_is_derived ?? 0,
    max_score: r.max_score ?? null,
    avg_score: r.avg_score ?? null,
    plan_count: r.plan_count ?? null,
    admitted_count: r.admitted_count ?? null,
    granularity,
    admission_unit: unit || null,
    score_range: null,
    scope: text(r.scope ?? ''),
    source_quality: text(r.source_quality ?? ''),
    authority: r.authority,
    source_file: r.source_file,
    source_ref: r.source_ref,
    source_url: text(r.source_url ?? ''),
    credit: r.credit ?? null,
    rank_off_table: null,
    cleaned: clean ? 1 : 0,
    clean_reason: clean,
  });
  if (!clean) {
    const sk = schoolKey(res.id, school, res.campus);
    const groupsKey = [py.province, py.year, py.subject_family ?? py.subject_type, sk].join('|');
    // A reader's group_digits is '' when its group-number column is empty: the group's name still tells the groups
    // apart ('…第 06组' / '…第 07组') and matches the other sources' copies; without it every group of a school was
    // one line in that file, and none of them matched their copies elsewhere.
    let digits = granularity === 'institution' ? '' : r.group_digits || groupDigits(r.major_group ?? null);
    if (r.restore_group && granularity !== 'institution') digits = restoredGroup(digits, r.major_group ?? '', r.school_code ?? '', groupsKey);
    if (r.authority <= 2 && granularity === 'group' && digits) {
      (officialGroups.get(groupsKey) ?? officialGroups.set(groupsKey, new Set()).get(groupsKey)!).add(digits);
    }
    const key = [
      py.province, py.year, py.subject_family ?? py.subject_type, data_type, bf ?? '', sk,
      digits, granularity === 'major' ? majorKey(r.major_name ?? null) : '',
    ].join('|');
    // The 院校代号 is part of a line's identity: a file's rows of one key under two codes are two units (Duplicates.byCode).
    const code = cleanText(r.school_code ?? '');
    dup.add('score_lines', id, key, r.dup_pref ?? r.authority, rank === null ? 2 : (r.rank_is_derived ?? 0), unit, code);
  }
}

/**
 * 上海 院校代号 (the first three digits of the group code) whose OCR'd short name is another school's: the code
 * decides. 210 lies in the 北京/天津/河北 range (2xx) and is 北师大 every year; 淮北师范大学 is 539.
 */
const SHANGHAI_CODE_NAMES: Record<string, { ocr: string; name: string }> = {
  '210': { ocr: '淮北师大', name: '北师大' },
};

/** The school fields of a 上海 row: the short name (corrected where the code contradicts an OCR reading) and its remark. */
function shanghaiSchool(name: string, code: string, note: string): Pick<ScoreLineInput, 'school_name' | 'resolve' | 'major_note' | 'clean'> {
  const fix = SHANGHAI_CODE_NAMES[cleanText(code).slice(0, 3)];
  const school = fix && cleanText(name) === fix.ocr ? fix.name : name;
  const remark = school === name ? null : `OCR 读作「${fix!.ocr}」；上海院校代号 ${cleanText(code).slice(0, 3)} 是${fix!.name}`;
  // 上海's short names have three characters or more; a two-character one ("大学", "理工") is what OCR kept of a name.
  const fragment = cleanText(school).length <= 2;
  return { school_name: school, resolve: { abbreviations: true, level: '本科' }, major_note: [text(note), remark].filter(Boolean).join('；') || null, clean: fragment ? 'ocr_fragment' : null };
}

/** A 选考科目 requirement as 北京 writes it in liuxusummer's group-name column: "物理＋化学", "不限(中外合办)". */
const REQUIREMENT = /^(不限|(?:思想政治|政治|物理|化学|生物|历史|地理)(?:[＋+、和或](?:思想政治|政治|物理|化学|生物|历史|地理))*)(?:[(（](.*)[)）])?$/;

/** The group of a liuxusummer row: its name, or its number when the name column holds the subject requirement (北京 2024). */
function liuxusummerGroup(number: string, name: string): Pick<ScoreLineInput, 'major_group' | 'elective' | 'major_note'> {
  const m = REQUIREMENT.exec(cleanText(name));
  if (!m) return { major_group: text(name) ?? text(number) };
  return { major_group: text(number), elective: m[1], major_note: m[2] ? cleanText(m[2]) : null };
}

function cols(names: readonly string[], col: (n: string) => number): Record<string, number> {
  return Object.fromEntries(names.map((n) => [n, col(n)]));
}

/** Upstream marks a line that is not per-major with a label in the major column (院校专业组投档线, 院校调档线 …). */
const NOT_A_MAJOR = /^院校|投档|调档|录取日报|^专业组$/;

/**
 * Reads every score-line file; the duplicates are judged later (resolveScoreLines), once every other cleaning
 * rule has run, so that a group's winner is always a served line.
 */
export async function importScoreLines(ctx: ImportContext): Promise<Duplicates> {
  const dup = new Duplicates(ctx);

  // 1. liuxusummer: 院校专业组投档线 scraped from exam-authority pages (source_url per row).
  {
    const file = SCORE_LINE_FILES.liuxusummer;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch', 'data_type', 'school_moe_code', 'school_name', 'major_group', 'major_group_name', 'min_score', 'min_rank', 'source_url', 'verified'], csv.col);
    }, (f, n) => addScoreLine(ctx, dup, {
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
      kind: '专业组线', data_type_raw: text(f[c.data_type]),
      school_name: f[c.school_name], moe_code: f[c.school_moe_code],
      ...liuxusummerGroup(f[c.major_group], f[c.major_group_name]), group_digits: groupDigits(f[c.major_group]),
      score: parseScore(f[c.min_score]), min_rank: parseIntLoose(f[c.min_rank]), rank_is_derived: 0,
      source_quality: /true/i.test(f[c.verified]) ? 'verified' : 'unverified',
      authority: /true/i.test(f[c.verified]) ? 1 : 2,
      source_file: file, source_ref: rowRef(n), source_url: f[c.source_url],
    }));
  }

  // 2. liuguanghui: the largest source, per-row source_quality / source_url / record_id.
  {
    const file = SCORE_LINE_FILES.liuguanghui;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch', 'data_type', 'school_name', 'school_code', 'major_group', 'major_name', 'major_code',
        'elective_requirement', 'min_score', 'min_rank', 'min_rank_end', 'rank_derived_from_score', 'max_score', 'avg_score', 'plan_count',
        'admitted_count', 'scope', 'source_quality', 'source_id', 'source_url', 'record_id'], csv.col);
    }, (f, n) => {
      const raw = f[c.data_type].trim();
      const major = text(f[c.major_name]);
      const group = text(f[c.major_group]);
      const notMajor = major !== null && NOT_A_MAJOR.test(major);
      let kind: ScoreLineInput['kind'];
      if (raw.startsWith('院校线')) kind = '院校线';
      else if (raw === '专业组线') kind = '专业组线';
      else if (notMajor || major === null) kind = group ? '专业组线' : '院校线';
      else kind = '专业线';
      const quality = f[c.source_quality];
      const scope = text(f[c.scope]);
      const authority: Authority = /^(official|exam)/.test(quality) ? (scope === 'school-official-only' ? 2 : 1) : 3;
      return addScoreLine(ctx, dup, {
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
        kind, data_type_raw: notMajor ? `${raw}/${major}` : raw,
        school_name: f[c.school_name], school_code: f[c.school_code], major_group: group,
        major_name: kind === '专业线' ? major : null, major_code: kind === '专业线' ? f[c.major_code] : null,
        elective: f[c.elective_requirement],
        score: parseScore(f[c.min_score]),
        min_rank: parseIntLoose(f[c.min_rank]) ?? parseIntLoose(f[c.min_rank_end]),
        rank_is_derived: f[c.rank_derived_from_score].trim() === '1' ? 1 : 0,
        max_score: parseNumber(f[c.max_score]), avg_score: parseNumber(f[c.avg_score]),
        plan_count: parseIntLoose(f[c.plan_count]), admitted_count: parseIntLoose(f[c.admitted_count]),
        scope, source_quality: `${quality}${f[c.source_id] ? ` / ${f[c.source_id].trim()}` : ''}`, authority,
        source_file: file, source_ref: text(f[c.record_id]) ?? rowRef(n), source_url: f[c.source_url],
      });
    });
  }

  // 3. jamesbong10 上海 投档线 (OCR of 上海市教育考试院 PDFs; official short school names).
  {
    const file = SCORE_LINE_FILES.toudang;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch', 'data_type', 'major_group_code', 'school_name', 'group_number', 'major_group_name', 'min_score', 'is_censored', 'min_rank', 'source_note'], csv.col);
    }, (f, n) => {
      const score = parseScore(f[c.min_score]);
      if (f[c.is_censored].trim() === '1' && score.value !== null) score.censored = true;
      return addScoreLine(ctx, dup, {
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
        kind: '专业组线', data_type_raw: text(f[c.data_type]),
        ...shanghaiSchool(f[c.school_name], f[c.major_group_code], f[c.source_note]),
        school_code: f[c.major_group_code], major_group: text(f[c.major_group_name]) ?? text(f[c.group_number]), group_digits: groupDigits(f[c.group_number]),
        score, min_rank: parseIntLoose(f[c.min_rank]), rank_is_derived: 0, authority: 2,
        source_file: file, source_ref: rowRef(n),
      });
    });
  }

  // 4. jamesbong10 上海 专业线 + 专业组线 2022–2025 (OCR; ">580" censored above 580 in 2022–2024).
  {
    const file = SCORE_LINE_FILES.shanghai;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch', 'data_type', 'school_code', 'school_name', 'major_group_code', 'major_group_name',
        'subject_requirement', 'major_name', 'admission_count', 'max_score', 'min_score', 'avg_score', 'min_rank', 'notes'], csv.col);
    }, (f, n) => {
      const raw = f[c.data_type].trim();
      const kind = raw === '专业线' ? '专业线' : '专业组线';
      const groupName = text(f[c.major_group_name]);
      return addScoreLine(ctx, dup, {
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
        kind, data_type_raw: raw || null,
        ...shanghaiSchool(f[c.school_name], f[c.school_code], f[c.notes]),
        school_code: f[c.school_code], major_group: groupName ?? text(f[c.major_group_code]),
        group_digits: groupDigits(groupName ?? f[c.major_group_code].slice(-2)),
        major_name: kind === '专业线' ? f[c.major_name] : null, elective: f[c.subject_requirement],
        score: parseScore(f[c.min_score]), min_rank: parseIntLoose(f[c.min_rank]), rank_is_derived: 0,
        max_score: parseNumber(f[c.max_score]), avg_score: parseNumber(f[c.avg_score]), admitted_count: parseIntLoose(f[c.admission_count]),
        authority: 2, source_file: file, source_ref: rowRef(n),
      });
    });
  }

  // The official files first: their group numbers are the list jsoneft's cut numbers are restored against.
  await importOfficialLines(ctx, dup);

  // 5. jsoneft 2024: rows marked same_score_for_all_majors_in_group repeat one group (or, in 文/理 provinces, one
  // institution) line per major; they are folded into one group line listing the majors (data/README.md). A group
  // whose majors carry several values gets one folded row per value (the file then repeats the line and
  // Duplicates serves none of them); a programme every major carries (国家专项计划, 预科, 护理 …) stays on the line.
  {
    const file = SCORE_LINE_FILES.jsoneft;
    let c: Record<string, number> = {};
    interface Group { input: ScoreLineInput; majors: string[]; ids: string[]; values: Map<string, { score: number | null; rank: number | null }> }
    const groups = new Map<string, Group>();
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'subject_type', 'batch', 'school_code', 'school_name', 'major_group', 'major_code', 'major_name', 'major_note',
        'elective_requirement', 'min_score', 'min_rank', 'score_granularity', 'source_row_id'], csv.col);
    }, (f, n) => {
      const gran = f[c.score_granularity].trim();
      const ref = text(f[c.source_row_id]);
      // 广东/福建 write the full group in the code ("10590[225]") and cut the group column ("5]").
      const bracket = /^(.*?)\[(\d+)\]$/.exec(cleanText(f[c.school_code]));
      const base: ScoreLineInput = {
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
        kind: '专业线', data_type_raw: gran || null,
        school_name: f[c.school_name], school_code: bracket ? bracket[1] : f[c.school_code], major_group: bracket ? bracket[2] : f[c.major_group],
        group_digits: bracket ? groupDigits(bracket[2]) : undefined, restore_group: !bracket,
        major_name: f[c.major_name], major_code: f[c.major_code], major_note: f[c.major_note], elective: f[c.elective_requirement],
        score: parseScore(f[c.min_score]), min_rank: parseIntLoose(f[c.min_rank]), rank_is_derived: 0,
        authority: 4, source_file: file, source_ref: ref ? `source_row_id:${ref}` : rowRef(n),
      };
      if (gran !== 'same_score_for_all_majors_in_group') return addScoreLine(ctx, dup, base);
      const key = [f[c.province], f[c.year], f[c.subject_type], f[c.batch], f[c.school_code], f[c.school_name], f[c.major_group]].join('\u0001');
      const g = groups.get(key) ?? groups.set(key, { input: base, majors: [], ids: [], values: new Map() }).get(key)!;
      const major = [cleanText(f[c.major_name]), cleanText(f[c.major_note])].filter(Boolean).join('');
      g.majors.push(major);
      g.ids.push(ref ?? rowRef(n));
      const score = base.score.value;
      g.values.set(`${score}|${base.min_rank}`, { score, rank: base.min_rank });
      return g.ids.length === 1 ? undefined : { merge: 'group line repeated per major, folded into one group line' };
    });
    ctx.db.exec('BEGIN');
    for (const g of groups.values()) {
      const py = provinceYear(g.input.province, g.input.year, g.input.subject_type);
      const institution = typeof py !== 'string' && examSystem(py.province, py.year) === '文理';
      const programme = commonProgrammeTokens(g.majors.filter(Boolean));
      for (const v of g.values.values()) {
        addScoreLine(ctx, dup, {
          ...g.input,
          kind: institution ? '院校线' : '专业组线',
          major_name: null, major_code: null,
          major_note: programme.length ? `每个专业均标注：${programme.join('、')}` : null,
          group_majors: g.majors.filter(Boolean).join('、') || null,
          score: { value: v.score, raw: null, censored: false },
          min_rank: v.rank,
          source_ref: `source_row_id:${g.ids.join(',')}`,
        });
      }
    }
    ctx.db.exec('COMMIT');
  }

  await importLines2026(ctx, (r) => addScoreLine(ctx, dup, r), (await shandongTotals(ctx)).get(2026) ?? [], scoreForRank);
  return dup;
}

/**
 * After the rank tables are in: cleans the rows the official 一分一段 tables contradict, then resolves the
 * duplicates among the rows still valid (Duplicates.resolve never lets a cleaned row win).
 */
export function resolveScoreLines(ctx: ImportContext, dup: Duplicates): void {
  ctx.db.exec('BEGIN');
  // The tables' indexes are built at the end of the import: a small keyed copy of the served rows makes the checks lookups.
  // Besides the ordinary table (main = 1), the served tables of kinds that count the same cohort (本科, 专科, 普通类,
  // 区内院校 …): a published rank is checked in them where the ordinary table has no row for the score.
  const kinds = (ctx.db.prepare('SELECT DISTINCT table_kind FROM rank_tables WHERE cleaned = 0').pluck().all() as string[]).filter((k) => k === '' || ORDINARY_KIND.test(k));
  ctx.db.exec(`CREATE TEMP TABLE rank_check AS SELECT province, year, subject_family, table_kind = '' AS main, score, score_max, rank_start, cumulative_rank FROM rank_tables
      WHERE cleaned = 0 AND table_kind IN (${kinds.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ')});
    CREATE INDEX temp.rank_check_key ON rank_check (province, year, subject_family, score);`);
  deriveRanks(ctx);
  flagRanksOffTheTable(ctx);
  ctx.db.exec('DROP TABLE temp.rank_check');
  ctx.db.exec('COMMIT');
  programmeCodes(ctx, dup);
  cleanCodeConflicts(ctx, 'score_lines');
  cleanUnexaminedFamilies(ctx, 'score_lines');
  dup.resolve('score_lines', ctx.agreement, 'min_score');
  programmeFromTwins(ctx);
  cleanCopiesAcrossYears(ctx);
}

/**
 * A programme a copy of the line carries stays on the served line: where a row joined another file's line as its
 * copy (same value, a programme label only one of them writes), the served row takes the copy's programme tokens
 * (an official 湖北 row marked 国家专项计划 whose unlabelled twin of another file is served).
 */
function programmeFromTwins(ctx: ImportContext): void {
  const rows = ctx.db
    .prepare(
      `SELECT w.id, w.admission_unit AS unit, group_concat(d.admission_unit, '|') AS twins FROM score_lines d JOIN score_lines w ON w.id = d.duplicate_of
       WHERE d.admission_unit IS NOT NULL AND d.admission_unit IS NOT w.admission_unit AND w.cleaned = 0 GROUP BY w.id`,
    )
    .all() as Array<{ id: number; unit: string | null; twins: string }>;
  const set = ctx.db.prepare('UPDATE score_lines SET admission_unit = ? WHERE id = ?');
  ctx.db.exec('BEGIN');
  ctx.db.exec('CREATE TEMP TABLE twin_winners (id INTEGER PRIMARY KEY)');
  const winner = ctx.db.prepare('INSERT INTO temp.twin_winners VALUES (?)');
  for (const r of rows) {
    const have = (r.unit ?? '').split('/').filter(Boolean);
    const missing = programmeTokens(r.twins).filter((t) => !programmeTokens(r.unit).includes(t));
    if (!missing.length) continue;
    set.run([...have, ...missing].join('/'), r.id);
    winner.run(r.id);
  }
  // every copy of such a line is a copy of the programme's line
  ctx.db.exec(`UPDATE score_lines SET admission_unit = (SELECT w.admission_unit FROM score_lines w WHERE w.id = score_lines.duplicate_of)
               WHERE duplicate_of IN (SELECT id FROM temp.twin_winners)`);
  ctx.db.exec('DROP TABLE temp.twin_winners');
  ctx.db.exec('COMMIT');
}

/**
 * "Codes the source marks as 专项 are 专项": where a file lists a university in a province-year under several
 * 院校代号 of one system and every row of one code carries a programme the other codes do not (jsoneft 陕西 2024
 * 天津大学 9739: 「国家专项计划」 on each major; 1202 without), that code is the programme's, and every row of any file
 * under it (liuguanghui's 9739 院校线 520 / 34,840, written with no marker) carries the programme too.
 */
function programmeCodes(ctx: ImportContext, dup: Duplicates): void {
  const rows = ctx.db
    .prepare(
      `SELECT source_file AS file, province, year, university_id AS uid, school_code AS code, group_concat(COALESCE(admission_unit, ''), '|') AS units
       FROM score_lines WHERE cleaned = 0 AND university_id IS NOT NULL AND school_code IS NOT NULL AND school_code <> '' GROUP BY 1, 2, 3, 4, 5`,
    )
    .all() as Array<{ file: string; province: string; year: number; uid: number; code: string; units: string }>;
  const byFile = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = [r.file, r.province, r.year, r.uid, r.code.length].join('\u0001');
    (byFile.get(k) ?? byFile.set(k, []).get(k)!).push(r);
  }
  const programmes = new Map<string, string[]>();
  for (const codes of byFile.values()) {
    if (codes.length < 2) continue;
    const common = codes.map((c) => {
      const units = c.units.split('|').map((u) => programmeTokens(u));
      return PROGRAMME_UNITS.filter((t) => units.every((u) => u.includes(t)));
    });
    codes.forEach((c, i) => {
      const own = common[i].filter((t) => !common.every((o) => o.includes(t)));
      if (own.length) programmes.set([c.province, c.year, c.uid, c.code].join('\u0001'), own);
    });
  }
  if (programmes.size === 0) return;
  const updates: Array<[number, string]> = [];
  const all = ctx.db.prepare("SELECT id, province, year, university_id AS uid, school_code AS code, admission_unit FROM score_lines WHERE cleaned = 0 AND university_id IS NOT NULL AND school_code IS NOT NULL AND school_code <> ''");
  for (const r of all.iterate() as Iterable<{ id: number; province: string; year: number; uid: number; code: string; admission_unit: string | null }>) {
    const tokens = programmes.get([r.province, r.year, r.uid, r.code].join('\u0001'));
    if (!tokens) continue;
    const have = (r.admission_unit ?? '').split('/').filter(Boolean);
    const missing = tokens.filter((t) => !programmeTokens(r.admission_unit).includes(t));
    if (missing.length) updates.push([r.id, [...have, ...missing].join('/')]);
  }
  const set = ctx.db.prepare('UPDATE score_lines SET admission_unit = ? WHERE id = ?');
  ctx.db.exec('BEGIN');
  for (const [id, unit] of updates) {
    set.run(unit, id);
    dup.setUnit(id, unit);
  }
  ctx.db.exec('COMMIT');
}

/**
 * A unit whose line a file repeats unchanged in another year is a copy, not two published lines (liuguanghui 河南
 * 郑州大学 专业线 2021–2024: the four 2025 lines, 627 / 20,939 …, written again for every year). A line counts as the
 * same when score and rank agree (with a rank) or, for a school's major lines, when at least three majors present
 * in both years all agree. The year whose rank its own 一分一段 table confirms (rank_off_table = 0) stays; the
 * others are kept cleaned, and where no year is confirmed, every copy is — unless another file publishes the same
 * value for that year (a row cleaned as its duplicate).
 */
function cleanCopiesAcrossYears(ctx: ImportContext): void {
  const rows = ctx.db
    .prepare(
      `SELECT id, source_file AS file, province, year, subject_family AS family, data_type, batch_family AS bf, university_id AS uid, campus, admission_unit AS unit,
              granularity, major_group, major_name, min_score AS score, min_rank AS rank, rank_off_table AS off, rank_is_derived AS derived
       FROM score_lines WHERE cleaned = 0 AND university_id IS NOT NULL AND min_score IS NOT NULL`,
    )
    .all() as Array<{ id: number; file: string; province: string; year: number; family: string; data_type: string; bf: string; uid: number; campus: string | null; unit: string | null;
      granularity: string; major_group: string | null; major_name: string | null; score: number; rank: number | null; off: number | null; derived: number | null }>;
  const school = (r: (typeof rows)[number]) => [r.file, r.province, r.family, r.data_type, r.bf, r.uid, r.campus ?? '', r.unit ?? ''].join('\u0001');
  const line = (r: (typeof rows)[number]) => `${r.granularity}\u0001${r.major_group ?? ''}\u0001${r.major_name ?? ''}`;
  const schools = new Map<string, Map<number, Map<string, (typeof rows)[number]>>>();
  for (const r of rows) {
    const years = schools.get(school(r)) ?? schools.set(school(r), new Map()).get(school(r))!;
    const lines = years.get(r.year) ?? years.set(r.year, new Map()).get(r.year)!;
    lines.set(line(r), r);
  }
  const copies = new Map<number, Set<number>>();
  const mark = (r: (typeof rows)[number], other: number) => (copies.get(r.id) ?? copies.set(r.id, new Set()).get(r.id)!).add(other);
  for (const years of schools.values()) {
    if (years.size < 2) continue;
    const list = [...years.entries()];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [ya, a] = list[i];
        const [yb, b] = list[j];
        const pairs = [...a].filter(([k]) => b.has(k)).map(([k, r]) => [r, b.get(k)!] as const);
        const same = pairs.filter(([x, y]) => x.score === y.score && x.rank === y.rank);
        const majors = pairs.length >= 3 && same.length === pairs.length && pairs[0][0].granularity === 'major';
        for (const [x, y] of same) {
          if (!majors && (x.rank === null || x.derived !== 0 || y.derived !== 0)) continue;
          mark(x, yb);
          mark(y, ya);
        }
      }
    }
  }
  if (copies.size === 0) return;
  const confirmed = new Set(ctx.db.prepare('SELECT DISTINCT w.id FROM score_lines d JOIN score_lines w ON w.id = d.duplicate_of WHERE d.source_file <> w.source_file AND d.min_score = w.min_score').pluck().all() as number[]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const update = ctx.db.prepare("UPDATE score_lines SET cleaned = 1, clean_reason = ? WHERE id = ?");
  const cleaned: number[] = [];
  ctx.db.exec('BEGIN');
  for (const [id, years] of copies) {
    const r = byId.get(id)!;
    if (r.off === 0 && r.derived === 0) continue; // its own year's table confirms the rank
    if (confirmed.has(id)) continue;
    update.run(`copied_across_years:the same line as this file's ${[...years].sort().join(', ')}`, id);
    cleaned.push(id);
  }
  // The rows that had lost to a copy: another file's value is now the line.
  promoteLosers(ctx, cleaned, (id) => `copied_across_years:a copy of row ${id} of the same file, itself a copy of another year's line`);
  ctx.db.exec('COMMIT');
}

/**
 * Every published rank is compared with the band [rank_start, cumulative] the served 一分一段 table gives its score,
 * with a tolerance of 0.1 % of the cumulative count (at least 20 places): rank_off_table = 1 outside it (the rank is
 * shown, never matched on: a rank from another table, 加分 counted or not, or misread), 0 inside, NULL when the table
 * has no row for the score. official_provincial/README.txt: 6 浙江 2023 rows carry a rank ~3,000 places away from the
 * official table's; as the exam authority's own file they are kept cleaned (more than 500 places off) rather than
 * served with a doubtful rank.
 */
function flagRanksOffTheTable(ctx: ImportContext): void {
  // The ordinary table's band where it has the score; else off only when outside the band of every other kind's table.
  const band = (slack: string) => {
    const off = (main: 0 | 1) => `(
       SELECT ${main ? '' : 'MIN('}CASE WHEN score_lines.min_rank < r.rank_start - ${slack} OR score_lines.min_rank > r.cumulative_rank + ${slack} THEN 1 ELSE 0 END${main ? '' : ')'}
       FROM rank_check r WHERE r.province = score_lines.province AND r.year = score_lines.year AND r.subject_family = score_lines.subject_family AND r.main = ${main}
         AND r.score <= score_lines.min_score AND (r.score = score_lines.min_score OR r.score_max >= score_lines.min_score)
       ${main ? 'ORDER BY r.score DESC LIMIT 1' : ''})`;
    return `COALESCE(${off(1)}, ${off(0)})`;
  };
  ctx.db.exec(`UPDATE score_lines SET rank_off_table = ${band('MAX(20, r.cumulative_rank / 1000)')} WHERE rank_is_derived = 0 AND min_rank IS NOT NULL AND min_score IS NOT NULL`);
  ctx.db
    .prepare(`UPDATE score_lines SET cleaned = 1, clean_reason = 'implausible:rank disagrees with the official 一分一段 table' WHERE source_file = ? AND cleaned = 0 AND rank_off_table = 1 AND ${band('500')} = 1`)
    .run(SCORE_LINE_FILES.zhejiang);
}

/** The 全体 一分一段 table of each 山东 year: [score, count at score, cumulative] from the highest score down. */
async function shandongTotals(ctx: ImportContext): Promise<Map<number, Array<[number, number, number]>>> {
  const out = new Map<number, Array<[number, number, number]>>();
  let c: Record<string, number> = {};
  for (const file of [RANK_FILES.shandong, RANK_FILES.shandong2026]) await readCsvGz(path.join(ctx.root, file), (csv) => {
    c = cols(['year', 'group', 'score', 'count_at_score', 'cumulative'], csv.col);
  }, (f) => {
    if (f[c.group].trim() !== '全体') return;
    const year = Number(f[c.year]);
    const score = parseIntLoose(f[c.score]);
    const count = parseIntLoose(f[c.count_at_score]);
    const cum = parseIntLoose(f[c.cumulative]);
    if (score === null || cum === null || count === null) return;
    if (!out.has(year)) out.set(year, []);
    out.get(year)!.push([score, count, cum]);
  });
  for (const t of out.values()) t.sort((a, b) => b[0] - a[0]);
  return out;
}

/**
 * The score a rank corresponds to in a 一分一段 table: the highest score whose cumulative count reaches the rank
 * (the candidate ranked r scored s when cum(s + 1) < r ≤ cum(s)). The table's first row counts everyone above it
 * in its cumulative figure; a rank among those only says "above the first score" and comes back censored.
 */
export function scoreForRank(table: Array<[number, number, number]>, rank: number): ParsedScore {
  if (table.length === 0) return { value: null, raw: null, censored: false };
  const [topScore, topCount, topCum] = table[0];
  if (rank <= topCum - topCount) return { value: topScore, raw: `>${topScore}`, censored: true };
  for (const [score, , cum] of table) if (cum >= rank) return { value: score, raw: null, censored: false };
  return { value: null, raw: null, censored: false };
}

/**
 * official_provincial/: 山东 专业+院校 lines (ranks only: the score is derived from that year's 全体 table and
 * marked), 浙江 普通类第一段 major lines, 湖北 物理类 group lines. They are the exam authorities' own files, so they
 * win a duplicate against any copy of the same line (dup_pref 0); 湖北 2025 is an OCR of page images (authority 2).
 */
async function importOfficialLines(ctx: ImportContext, dup: Duplicates): Promise<void> {
  const totals = await shandongTotals(ctx);
  {
    const file = SCORE_LINE_FILES.shandong;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'batch', 'subject_type', 'major_code', 'major_name', 'school_code', 'school_name', 'plan_count', 'min_rank', 'source_file', 'source_row', 'source_url'], csv.col);
    }, (f) => {
      const rank = parseIntLoose(f[c.min_rank]);
      const table = totals.get(Number(f[c.year])) ?? [];
      const score = rank === null ? { value: null, raw: text(f[c.min_rank]), censored: false } : scoreForRank(table, rank);
      return addScoreLine(ctx, dup, {
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
        kind: '专业线', data_type_raw: '专业(类)+院校 投档线', school_name: f[c.school_name], school_code: f[c.school_code],
        // 山东 lists one major name several times under different codes (campus, fee, programme): the code keeps them apart.
        major_name: f[c.major_name], major_code: f[c.major_code], group_digits: `${cleanText(f[c.school_code])}/${cleanText(f[c.major_code])}`,
        plan_count: parseIntLoose(f[c.plan_count]), score, score_is_derived: score.value === null ? null : 1, min_rank: rank, rank_is_derived: 0,
        source_quality: 'official (sdzk.cn); min_score derived from the 全体 一分一段 table', authority: 1, dup_pref: 0,
        source_file: file, source_ref: `${cleanText(f[c.source_file])}#row:${cleanText(f[c.source_row])}`, source_url: f[c.source_url],
      });
    });
  }
  {
    const file = SCORE_LINE_FILES.zhejiang;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['province', 'year', 'batch', 'subject_type', 'school_code', 'school_name', 'major_code', 'major_name', 'plan_count', 'min_score', 'min_rank', 'source_file', 'source_row', 'source_url'], csv.col);
    }, (f) => addScoreLine(ctx, dup, {
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch],
      kind: '专业线', data_type_raw: '院校+专业 平行投档线', school_name: f[c.school_name], school_code: f[c.school_code],
      major_name: f[c.major_name], major_code: f[c.major_code], group_digits: `${cleanText(f[c.school_code])}/${cleanText(f[c.major_code])}`,
      plan_count: parseIntLoose(f[c.plan_count]), score: parseScore(f[c.min_score]), min_rank: parseIntLoose(f[c.min_rank]), rank_is_derived: 0,
      source_quality: 'official (zjzs.net)', authority: 1, dup_pref: 0,
      source_file: file, source_ref: `${cleanText(f[c.source_file])}#row:${cleanText(f[c.source_row])}`, source_url: f[c.source_url],
    }));
  }
  // 广东 普通类本科批次 院校专业组投档 2023–2025 (广东省教育考试院 notices, parsed upstream): published score and rank.
  // Like the 湖北 parses, the 广东 and 江苏 files are the exam authorities' own tables and win a duplicate (dup_pref 0).
  // Both carry PDF debris in some names (「深圳大学教」, 江苏 2025 「苏南京师范大学」): the row's own 院校代号 names the school.
  {
    const file = SCORE_LINE_FILES.guangdong;
    const known = await codeNames(ctx, [file], 'university_code', 'university_name');
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['id', 'year', 'province', 'subject_type', 'batch_name', 'university_code', 'university_name', 'major_group_code', 'min_score', 'min_rank', 'plan_count', 'status', 'source_url'], csv.col);
    }, (f) => addScoreLine(ctx, dup, {
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch_name],
      kind: '专业组线', data_type_raw: '院校专业组投档线', ...byCode(ctx, f[c.university_name], f[c.university_code], known), school_code: f[c.university_code],
      major_group: text(f[c.major_group_code]), group_digits: groupDigits(f[c.major_group_code]),
      score: parseScore(f[c.min_score]), min_rank: parseIntLoose(f[c.min_rank]), rank_is_derived: 0, plan_count: parseIntLoose(f[c.plan_count]),
      source_quality: `official (eea.gd.gov.cn), parsed upstream; ${cleanText(f[c.status]) || 'unverified'}${strayNote(ctx, f[c.university_name], f[c.university_code], known)}`, authority: 1, dup_pref: 0,
      source_file: file, source_ref: cleanText(f[c.id]), source_url: f[c.source_url],
    }));
  }
  // 江苏 普通类本科批次 院校专业组投档 2023–2025 (jseea.cn): scores only; major_name holds the group's subject
  // requirement "(化学)", not a major. Ranks are derived from the 江苏 一分一段 table once it is in (deriveRanks).
  {
    const file = SCORE_LINE_FILES.jiangsu;
    // 江苏's 2026 files use the same 院校代号: a school renamed in 2025 (「苏武汉职业技术大学」 5226) is found by its new name there.
    const known = await codeNames(ctx, [file, LINES_2026_FILES.jiangsuPhysics, LINES_2026_FILES.jiangsuHistory], 'university_code', 'university_name');
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['id', 'year', 'province', 'subject_type', 'batch_name', 'university_code', 'university_name', 'major_group_code', 'major_name', 'min_score', 'source_url'], csv.col);
    }, (f) => addScoreLine(ctx, dup, {
      province: f[c.province], year: f[c.year], subject_type: JIANGSU_SUBJECTS[cleanText(f[c.subject_type])] ?? f[c.subject_type], batch: f[c.batch_name],
      kind: '专业组线', data_type_raw: '院校专业组投档线', ...byCode(ctx, f[c.university_name], f[c.university_code], known), school_code: f[c.university_code],
      major_group: text(f[c.major_group_code]), group_digits: groupDigits(f[c.major_group_code]),
      elective: cleanText(f[c.major_name]).replace(/^\((.*)\)$/, '$1'),
      score: parseScore(f[c.min_score]), min_rank: null, rank_is_derived: null,
      source_quality: `official (jseea.cn), parsed upstream${strayNote(ctx, f[c.university_name], f[c.university_code], known)}`, authority: 1, dup_pref: 0,
      source_file: file, source_ref: cleanText(f[c.id]), source_url: f[c.source_url],
    }));
  }
  // 北京 本科普通批 投档线 2023–2026 (北京教育考试院, compiled under CC BY 4.0): group numbers, scores, no ranks.
  {
    const file = SCORE_LINE_FILES.beijing;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['year', 'seq', 'school_code', 'school_name', 'major_group', 'selection_requirement', 'score', 'remark'], csv.col);
    }, (f) => addScoreLine(ctx, dup, {
      province: '北京', year: f[c.year], subject_type: '综合', batch: '本科普通批',
      kind: '专业组线', data_type_raw: '院校专业组投档线', school_name: f[c.school_name], school_code: f[c.school_code],
      major_group: text(f[c.major_group]), group_digits: groupDigits(f[c.major_group]), elective: f[c.selection_requirement],
      // The remark starts with the tie-break subject scores; a restriction (只招英语 …) follows them.
      major_note: text(f[c.remark]), score: parseScore(f[c.score]), min_rank: null, rank_is_derived: null,
      // The authority's figures (dup_pref 1, an exam-authority page) win over a university site's copy (2): 苏州大学 北京
      // 2023 第01组 is 617 in the authority's table, 620 on the university's own page.
      source_quality: 'official figures (北京教育考试院), compiled by scottli139/beijing-gaokao-scores', authority: 2, dup_pref: 1,
      credit: BEIJING_CREDIT, source_file: file, source_ref: `${cleanText(f[c.year])}#seq:${cleanText(f[c.seq])}`,
    }));
  }
  const hubeiNames = await hubeiSchoolNames(ctx);
  for (const { file, year, ocr } of SCORE_LINE_FILES.hubei) {
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'score_lines', (csv) => {
      c = cols(['code', 'name', 'req', 'score', 'row'], csv.col);
      c.note = csv.header.findIndex((h) => h.trim() === '备注');
    }, (f, n) => {
      // "北京大学第05组": the school, and the 院校专业组 whose digits key the duplicate check against other copies.
      const { school, group, stray } = hubeiGroupName(f[c.name], f[c.code], hubeiNames, ctx);
      // 2025 (OCR) has no 备注 column: the remark is only in the raw row text.
      const note = (c.note >= 0 ? text(f[c.note]) : null) ?? /(?:国家|地方|高校)专项计划/.exec(f[c.row])?.[0] ?? null;
      const quality = ocr ? 'official PDF, OCR of page images (lower confidence)' : 'official PDF (湖北省教育考试院), parsed';
      return addScoreLine(ctx, dup, {
        province: '湖北', year: String(year), subject_type: '物理类', batch: note && /专项/.test(note) ? `本科普通批(${note})` : '本科普通批',
        kind: '专业组线', data_type_raw: '院校专业组投档线', school_name: school, school_code: f[c.code],
        major_group: cleanText(f[c.name]), group_digits: group ?? groupDigits(f[c.code].slice(-2)),
        elective: f[c.req], major_note: note, score: parseScore(f[c.score]), min_rank: null, rank_is_derived: null,
        source_quality: stray ? `${quality}; stray PDF text "${stray}" before the school name removed` : quality,
        authority: ocr ? 2 : 1, dup_pref: ocr ? 2 : 0, source_file: file, source_ref: rowRef(n),
      });
    });
  }
}

/** 江苏 2025 writes its subject types in English. */
const JIANGSU_SUBJECTS: Record<string, string> = { physics: '物理', history: '历史' };

/** official_provincial/README.txt: the CC BY 4.0 credit the 北京 lines carry wherever they are served. */
export const BEIJING_CREDIT = 'scottli139/beijing-gaokao-scores, data from 北京教育考试院 (CC BY 4.0)';

/** Files whose lines publish no rank: theirs is derived from the province's served 一分一段 table and marked. */
const DERIVED_RANK_FILES = [SCORE_LINE_FILES.jiangsu, SCORE_LINE_FILES.beijing, ...DERIVED_RANK_FILES_2026];

/**
 * The rank of a line's score in the served ordinary table of its province, year and family: the cumulative count
 * at that score (the last place at it, as 最低位次 is published), or the top bracket's when the score lies in it.
 */
function deriveRanks(ctx: ImportContext): void {
  ctx.db.prepare(
    `UPDATE score_lines SET rank_is_derived = 1, min_rank = (
       SELECT r.cumulative_rank FROM rank_check r WHERE r.province = score_lines.province AND r.year = score_lines.year
         AND r.subject_family = score_lines.subject_family AND r.main = 1 AND r.score <= score_lines.min_score
         AND (r.score = score_lines.min_score OR r.score_max >= score_lines.min_score)
       ORDER BY r.score DESC LIMIT 1)
     WHERE source_file IN (${DERIVED_RANK_FILES.map(() => '?').join(', ')}) AND min_rank IS NULL AND min_score IS NOT NULL`,
  ).run(...DERIVED_RANK_FILES);
  ctx.db.exec('UPDATE score_lines SET rank_is_derived = NULL WHERE rank_is_derived = 1 AND min_rank IS NULL');
}

/** The school part of "北京大学第05组" and the group digits. */
function splitHubeiGroup(name: string): { school: string; group: string | null } {
  const m = /^(.*?)第\s*(\d+)\s*组$/.exec(cleanText(name));
  return m ? { school: m[1], group: groupDigits(m[2]) } : { school: cleanText(name), group: null };
}

/**
 * The 湖北 院校代号 (first 4 characters of the group code, A089 = 复旦大学) → the school names that resolve in any of
 * the three 湖北 files. The PDF text layer sometimes puts a header fragment before a name ("高复旦大学第08组",
 * "等湖青岛大学第04组"); the same code's clean name tells what the row is.
 */
async function hubeiSchoolNames(ctx: ImportContext): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const { file } of SCORE_LINE_FILES.hubei) {
    let c: Record<string, number> = {};
    await readCsvGz(path.join(ctx.root, file), (csv) => {
      c = cols(['code', 'name'], csv.col);
    }, (f) => {
      const { school } = splitHubeiGroup(f[c.name]);
      if (ctx.resolver.peek(school).id === null) return;
      const code = cleanText(f[c.code]).slice(0, 4);
      if (!out.has(code)) out.set(code, new Set());
      out.get(code)!.add(school);
    });
  }
  return out;
}

function hubeiGroupName(name: string, code: string, known: Map<string, Set<string>>, ctx: ImportContext): { school: string; group: string | null; stray: string | null } {
  const { school, group } = splitHubeiGroup(name);
  if (ctx.resolver.peek(school).id !== null) return { school, group, stray: null };
  // Only a prefix of at most two characters is cut, and only to reach a name the same 院校代号 carries elsewhere.
  for (const clean of known.get(cleanText(code).slice(0, 4)) ?? []) {
    if (school.endsWith(clean) && school.length - clean.length <= 2) return { school: clean, group, stray: school.slice(0, school.length - clean.length) };
  }
  return { school, group, stray: null };
}

/**
 * An official file's 院校代号 → the school names that resolve under it in any of the file's rows and years. A row
 * whose own name does not resolve takes that name when the code has exactly one and the row's name holds it with at
 * most two stray characters around it (「深圳大学教」 → 深圳大学, 「苏南京师范大学」 → 南京师范大学); a name the code does not
 * explain stays as written.
 */
async function codeNames(ctx: ImportContext, files: string[], codeCol: string, nameCol: string): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (const file of files) {
    let c: Record<string, number> = {};
    await readCsvGz(path.join(ctx.root, file), (csv) => {
      c = cols([codeCol, nameCol], csv.col);
    }, (f) => {
      const name = cleanText(f[c[nameCol]]);
      const id = name ? ctx.resolver.peek(name).id : null;
      if (id === null) return;
      const code = cleanText(f[c[codeCol]]);
      (out.get(code) ?? out.set(code, new Map()).get(code)!).set(name, id);
    });
  }
  return out;
}

/** The published name with the stray characters around a name its own code carries elsewhere removed (see codeNames). */
export function repairByCode(name: string, code: string, known: Map<string, Map<string, number>>, resolves: (name: string) => boolean): { school: string; stray: string | null } {
  const school = cleanText(name);
  if (resolves(school)) return { school, stray: null };
  const names = known.get(cleanText(code));
  if (!names || new Set(names.values()).size !== 1) return { school, stray: null };
  const fit = [...names.keys()].filter((n) => school.includes(n) && school.length - n.length <= 2).sort((a, b) => b.length - a.length)[0];
  return fit ? { school: fit, stray: school.replace(fit, '') } : { school, stray: null };
}

function byCode(ctx: ImportContext, name: string, code: string, known: Map<string, Map<string, number>>): Pick<ScoreLineInput, 'school_name'> {
  return { school_name: repairByCode(name, code, known, (n) => ctx.resolver.peek(n).id !== null).school };
}

function strayNote(ctx: ImportContext, name: string, code: string, known: Map<string, Map<string, number>>): string {
  const { stray } = repairByCode(name, code, known, (n) => ctx.resolver.peek(n).id !== null);
  return stray ? `; stray PDF text "${stray}" in the name removed (院校代号 ${cleanText(code)})` : '';
}
