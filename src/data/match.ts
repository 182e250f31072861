// match_by_score (interface 4.9): which universities a candidate can reach, by rank across years (位次法).
//
// 1. Year: the candidate's exam year. A candidate who gives none is preparing for the next exam: the year after the
//    latest ordinary 一分一段 table of the province's current exam system (the latest with dense lines in it or the
//    three years before, denseLineYears), ranked with that table and compared with the three latest years of lines
//    up to it (2026 included), and the answer says so (examYear, comparedYears). Subject family: the one given (any
//    written form); 3+3 provinces (综合) need none.
// 2. Rank: the score is converted with that year's table (or the caller gives the rank). A score spans the ranks
//    from the first to the last candidate at it; the simulation draws over that span. Without a table there is no
//    rank: the lines are then compared by score with the latest year's lines, without a probability, and the
//    result says so.
// 3. Lines: those of the previous 1–3 years (line-history.ts). Per past year the basis is the line kind covering
//    the most universities that year (院校线, 专业组线, 专业线; 特殊招生线 only when a year has no ordinary lines);
//    each target (university or campus, per subject family) is represented by its least competitive line, and each
//    cited line carries its rank, its rank scaled into the candidate's year and its 等效分 (the score with that rank
//    in the candidate's year).
// 4. Probability (simulate.ts, model rank-history v1, calibrated by `npm run backtest`): the exact expectation of the
//    simulation (spanChance, tabulated once per band), so it is the same every time and never lower for a better
//    rank; the 80 % interval of each listed entry from 300 fixed draws. The label comes from the probability
//    (LABEL_CUTOFFS). One entry per target; sorted by closeness of the predicted
//    line rank to the candidate's rank; at most `limit`, shared a third each across 冲/稳/保.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { InputError } from '../errors.ts';
import { prepared } from './paging.ts';
import { batchField, majorNameField, provinceField, rankField, subjectField, yearField } from './filters.ts';
import {
  basisCoverage,
  cohortRatio,
  denseLineYears,
  lineYears,
  rankTable,
  rankTableYears,
  scoreAtRank,
  yearBasis,
  yearTargets,
  type Basis,
  type LineFilter,
  type TargetInfo,
  type TargetLine,
} from './line-history.ts';
import { unlistedMarkShape } from './responses.ts';
import { markUnlisted } from './unlisted.ts';
import { examSystem, maxTotalScore, provinceLabel, type SubjectFamily } from './normalize.ts';
import { scoreToRank } from './rank-table.ts';
import { chanceFromDraws, drawPast, drawRanks, labelFor, LABEL_CUTOFFS, LABEL_TEXT, MODEL_VERSION, pointChance, predictLine, spanChance, uniformStream, type ChanceLabel, type Prediction, type SpreadBand, type SpreadModel } from './simulate.ts';
import { spreadModel } from './spread-model.ts';
import { UNIVERSITY_LEVELS } from './universities.ts';

const REGION_NAMES = ['华北', '东北', '华东', '华中', '华南', '西南', '西北'] as const;

export const matchSchema = z
  .object({
    score: z.coerce.number().min(0).max(1000).optional().describe('考生高考总分（与 rank 二选一）· the candidate\'s total score (or give rank)'),
    rank: rankField('考生位次（与 score 二选一）· the candidate\'s rank in the province and subject (or give score)').optional(),
    province: provinceField,
    subject_type: subjectField
      .optional()
      .describe('科类（物理类/物理/理科 同为一类，历史类/历史/文科 同为一类）；上海、浙江等 3+3 省份可省略 · subject type; optional for 3+3 provinces'),
    year: yearField
      .optional()
      .describe('考生的高考年份。不填则按备考下一年：用最近一年的一分一段表换算位次，与最近三年的录取线比较（含最近一年）· the candidate\'s exam year; default: the next exam, ranked with the latest 一分一段 table and compared with the three latest years of lines'),
    batch: batchField.optional(),
    university_province: provinceField.optional().describe('只看位于该省份的院校 · only universities located in this province'),
    level: z.enum(UNIVERSITY_LEVELS).optional().describe('院校层次：985、211、双一流、本科、专科 · university level'),
    type: z.string().trim().min(1).max(10).optional().describe('院校类型（综合、理工、师范、医药、财经 …）· university type'),
    major: majorNameField.optional().describe('专业关键词：只用含该专业的录取线（专业名、专业组所含专业）· major keyword: only lines of groups/majors containing it'),
    major_category: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .optional()
      .describe('专业类（如 计算机类、法学类，2026 本科专业目录）：只用含该类任一专业的录取线 · 专业类 of the 2026 catalogue: only lines of groups/majors containing one of its majors'),
    region: z.enum(REGION_NAMES).optional().describe(`只看位于该地区的院校：${REGION_NAMES.join('、')} · only universities in this region`),
    city: z.string().trim().min(1).max(20).optional().describe('只看位于该城市的院校（如 武汉、成都）· only universities in this city'),
    nature: z.enum(['公办', '民办']).optional().describe('办学性质：公办 或 民办 · public or private'),
    limit: z.coerce.number().int().min(1).max(100).default(30).describe('最多返回多少所院校（1–100，默认 30）· at most this many universities'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.score === undefined && v.rank === undefined) ctx.addIssue({ code: 'custom', path: ['score'], message: 'required: give score (total score) or rank' });
    if (v.score !== undefined && v.rank !== undefined) ctx.addIssue({ code: 'custom', path: ['rank'], message: 'give either score or rank, not both' });
  });
export type MatchQuery = z.output<typeof matchSchema>;

/** The usual seven regions of China, by the provinces of the universities in them. */
export const REGIONS = {
  华北: ['北京', '天津', '河北', '山西', '内蒙古'],
  东北: ['辽宁', '吉林', '黑龙江'],
  华东: ['上海', '江苏', '浙江', '安徽', '福建', '江西', '山东'],
  华中: ['河南', '湖北', '湖南'],
  华南: ['广东', '广西', '海南', '香港', '澳门'],
  西南: ['重庆', '四川', '贵州', '云南', '西藏'],
  西北: ['陕西', '甘肃', '青海', '宁夏', '新疆'],
} as const;

export type Label = ChanceLabel;

/** Score bands used only when the candidate's year has no rank table (no rank, so no probability). */
export const SCORE_BANDS = {
  冲: [3, 15],
  稳: [-10, 3],
  保: [-30, -10],
  text: '无一分一段表（无法换算位次）时按分差 d=最近一年院校线−考生分（750 分制，其他满分按比例缩放）：冲 3<d≤15，稳 −10≤d≤3，保 −30≤d<−10，不给概率。',
} as const;

/** Draws behind each listed entry's interval (the probability itself is exact). */
const MATCH_DRAWS = 300;
/**
 * One fixed set of draws per (band, number of past years), shared by every entry and call: the same answer every
 * time, and (common random numbers) a better rank never lowers a chance.
 */
const matchDraws = new WeakMap<SpreadBand, Float64Array[]>();
function drawsFor(band: SpreadBand, n: number): Float64Array {
  let byN = matchDraws.get(band);
  if (!byN) matchDraws.set(band, (byN = []));
  return (byN[n] ??= drawPast(band, n, MATCH_DRAWS, uniformStream('match_by_score', `v1/${n}`)));
}

export const lineSchema = z.object({
  id: z.number().int().describe('score_lines row id (GET /v1/data/score-lines shows it)'),
  year: z.number().int(),
  data_type: z.string(),
  batch: z.string().nullable(),
  subject_type: z.string().nullable(),
  major_group: z.string().nullable(),
  major_name: z.string().nullable(),
  min_score: z.number(),
  min_rank: z.number().int().nullable(),
  rank_source: z.enum(['published', 'rank_table', 'upstream_derived']).nullable(),
  rank_in_exam_year: z.number().int().nullable().describe('the rank scaled by the change in candidate numbers (same as min_rank when unknown)'),
  equivalent_score: z.number().nullable().describe('等效分: the score with that rank in the candidate\'s year'),
  source: z.object({ file: z.string(), ref: z.string(), url: z.string().nullable() }),
});
export type MatchLine = z.infer<typeof lineSchema>;

const itemSchema = z.object({
  university_id: z.number().int().nullable(),
  university_name: z.string().describe('the campus\'s own name for a campus line, else the official name, else the published name; a programme unit follows in brackets'),
  school_name: z.string(),
  campus: z.string().nullable(),
  unit: z.string().nullable().describe('the programme within the university whose own line this is (e.g. 与开封大学联合办学/就读地…, 较高收费), null for the university\'s own line'),
  university_province: z.string().nullable(),
  city: z.string().nullable(),
  level: z.string().nullable(),
  type: z.string().nullable(),
  nature: z.string().nullable().describe('公办 / 民办 as the national list says'),
  tags: z.array(z.string()),
  ...unlistedMarkShape,
  label: z.enum(['冲', '稳', '保']),
  probability: z.number().nullable(),
  interval: z.array(z.number()).length(2).nullable().describe('80 % interval of the probability'),
  predicted_line_rank: z.number().int().nullable(),
  rank_diff_pct: z.number().nullable().describe('(predicted line rank − your rank) / your rank, in %'),
  score_diff: z.number().nullable().describe('latest line score − your score (score comparison only)'),
  years_used: z.number().int(),
  lines: z.array(lineSchema),
});
export type MatchItem = z.infer<typeof itemSchema>;

const basisEnum = z.enum(['院校线', '专业组线', '专业线', '特殊招生线']);

export const candidateRankSchema = z.object({
  value: z.number().int().describe('the candidate\'s rank (candidates at or above the score)'),
  best_case: z.number().int().describe('the first rank at that score'),
  source: z.enum(['given', 'rank_table']),
  count_at_score: z.number().int().nullable(),
  table: z.object({ year: z.number().int(), subject_type: z.string().nullable(), file: z.string(), url: z.string().nullable() }).nullable(),
});

export const matchOutputSchema = z.object({
  province: z.string(),
  year: z.number().int().nullable(),
  year_reason: z.string(),
  subject_type: z.string().nullable(),
  subject_label: z.string().nullable(),
  score: z.number().nullable(),
  rank: candidateRankSchema.nullable(),
  compared_years: z.array(z.number().int()),
  bases: z.array(z.object({ year: z.number().int(), basis: basisEnum, universities: z.number().int(), candidate_ratio: z.number().nullable() })),
  method: z.enum(['probability', 'score']),
  model: z.string().nullable(),
  thresholds: z.string(),
  count: z.number().int(),
  matched_total: z.number().int(),
  left_out: z.object({ below_20pct: z.number().int(), above_99pct: z.number().int(), no_rank_history: z.number().int(), filtered: z.number().int() }),
  summary: z.string(),
  items: z.array(itemSchema),
});
export type MatchResult = z.infer<typeof matchOutputSchema>;

function familyLabel(f: SubjectFamily, province: string, year: number): string {
  return provinceLabel(f, province, year) ?? (f === '综合' ? '综合' : `${f}类`);
}

/**
 * At most `limit` of the candidates (sorted by closeness), shared across the labels: a third each, taking the
 * closest of each label, with the share a label cannot fill passed on to the closest remaining candidates.
 */
function pickBalanced<T extends { label: Label }>(sorted: T[], limit: number): T[] {
  if (sorted.length <= limit) return sorted;
  const share = Math.ceil(limit / 3);
  const taken = new Set<T>();
  for (const label of ['冲', '稳', '保'] as Label[]) {
    let n = 0;
    for (const c of sorted) {
      if (n >= share || taken.size >= limit) break;
      if (c.label === label) {
        taken.add(c);
        n++;
      }
    }
  }
  for (const c of sorted) {
    if (taken.size >= limit) break;
    taken.add(c);
  }
  return [...taken];
}

function scoreLabel(d: number): Label | null {
  if (d > SCORE_BANDS.冲[0] && d <= SCORE_BANDS.冲[1]) return '冲';
  if (d >= SCORE_BANDS.稳[0] && d <= SCORE_BANDS.稳[1]) return '稳';
  if (d >= SCORE_BANDS.保[0] && d < SCORE_BANDS.保[1]) return '保';
  return null;
}

function passesUniversityFilters(info: TargetInfo, q: MatchQuery): boolean {
  if (q.university_province && info.university_province !== q.university_province) return false;
  if (q.level) {
    if (['985', '211', '双一流'].includes(q.level) ? !info.tags.includes(q.level) : info.level !== q.level) return false;
  }
  if (q.type && info.type !== q.type && info.type !== q.type.replace(/类$/, '')) return false;
  if (q.region && !(REGIONS[q.region] as readonly string[]).includes(info.university_province ?? '')) return false;
  if (q.city && !(info.city ?? '').startsWith(q.city.replace(/市$/, ''))) return false;
  if (q.nature && info.nature !== q.nature) return false;
  return true;
}

/** The majors of a 专业类 of the 2026 catalogue, the 类 itself first (大类招生 lines are named by it). */
function categoryMajors(db: DB, name: string): string[] {
  const sub = name.endsWith('类') ? name : `${name}类`;
  const rows = prepared(db, 'SELECT name FROM majors WHERE subcategory = ? OR subcategory_code = ? ORDER BY code').all(sub, name) as Array<{ name: string }>;
  if (!rows.length) {
    throw new InputError(`major_category: unknown 专业类 "${name}"; use a 专业类 of the 2026 undergraduate catalogue, e.g. 计算机类, 法学类, 临床医学类, 电子信息类`, 'major_category');
  }
  return [sub, ...rows.map((r) => r.name)];
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The subject family a query means: the one given, else 综合 for a 3+3 province-year (error otherwise). */
export function resolveFamily(db: DB, province: string, subject: SubjectFamily | undefined, year: number | undefined): SubjectFamily {
  if (subject) return subject;
  const y = year ?? Math.max(rankTableYears(db, province, '综合')[0] ?? 0, lineYears(db, province, '综合')[0] ?? 0, 2017);
  if (examSystem(province, y) !== '3+3') {
    throw new InputError(`subject_type: required for ${province} ${y} (${examSystem(province, y)} system); e.g. 物理类/理科 or 历史类/文科`, 'subject_type');
  }
  return '综合';
}

/**
 * The candidate's exam year and the 一分一段 year that places them. A candidate who gives a year with a table is ranked
 * in it and compared with the three years before. A candidate who gives no year (or the year after the latest table) is
 * preparing for the next exam: placed with the latest table of the province's current exam system, compared with the
 * three latest years of lines up to that table's year (2026 included), and told so.
 */
export interface ExamYear {
  year: number | null;
  /** the year of the 一分一段 table the candidate is ranked in (the exam year, or the latest table when preparing) */
  table_year: number | null;
  /** true for a candidate preparing for an exam whose table is not out yet */
  preparing: boolean;
  reason: string;
}

export function examYear(db: DB, province: string, family: SubjectFamily, year: number | undefined): ExamYear {
  // A candidate is ranked in a year of the exam system the province uses now: 吉林 物理 560 is never ranked in the 2022
  // 理科 table because 吉林's 物理类 years have thinner lines than its old 理科 years.
  const all = rankTableYears(db, province, family);
  const current = all.length ? examSystem(province, all[0]!) : null;
  const tables = all.filter((t) => examSystem(province, t) === current);
  if (year !== undefined) {
    const latest = tables[0];
    // only the next exam is prepared for with the latest table; a later year (山东 2030) has no data to say anything
    if (latest === undefined || year !== latest + 1 || all.includes(year)) return { year, table_year: year, preparing: false, reason: '考生指定的年份' };
    return { year, table_year: latest, preparing: true, reason: `考生指定${year}年；该年尚无一分一段表，按最近一年（${latest}年）的一分一段表换算位次` };
  }
  const dense = new Set(denseLineYears(db, province, family));
  // The latest table year with dense lines in it or the three years before: the next exam is the year after it.
  const both = tables.find((t) => [t, t - 1, t - 2, t - 3].some((y) => dense.has(y)));
  const t = both ?? tables[0];
  if (t !== undefined) {
    const sparse = both === undefined ? '（此前各年录取线稀少）' : '';
    return { year: t + 1, table_year: t, preparing: true, reason: `未指定年份，按备考${t + 1}年：用${province}该科类最近一年（${t}年）的一分一段表换算位次${sparse}，与最近三年的录取线比较` };
  }
  const l = lineYears(db, province, family)[0];
  if (l !== undefined) return { year: l + 1, table_year: null, preparing: true, reason: `未指定年份；${province}该科类没有一分一段表，取有录取线的最近一年（${l}）之后一年` };
  return { year: null, table_year: null, preparing: false, reason: `数据中没有${province}该科类的录取线和一分一段表` };
}

/**
 * The years of lines a candidate is compared with, newest first: the three before the exam year; for a candidate
 * preparing for the next exam, the three latest years with lines up to the table's year (not older than three years
 * before it), so the newest lines (2026) are always among them.
 */
/** The exam a candidate sits: its year, the table that places the candidate, and whether it is the next exam. */
export interface ExamWindow {
  year: number;
  table_year: number | null;
  preparing: boolean;
}

export function comparedYears(db: DB, province: string, family: SubjectFamily, exam: ExamWindow): number[] {
  if (!exam.preparing) return [exam.year - 1, exam.year - 2, exam.year - 3];
  const last = exam.table_year ?? exam.year - 1;
  const withLines = lineYears(db, province, family).filter((t) => t <= last && t >= last - 3).slice(0, 3);
  return withLines.length ? withLines : [last, last - 1, last - 2];
}

export interface CandidateRank {
  value: number;
  best_case: number;
  source: 'given' | 'rank_table';
  count_at_score: number | null;
  table: { year: number; subject_type: string | null; file: string; url: string | null } | null;
}

/**
 * The exam a candidate sits and where they stand in it, set up once for match_by_score, the 志愿表 units and mirofish:
 * the exam year (examYear), the year of the table that places the candidate (the exam year's, or the latest one for a
 * candidate preparing for the next exam), the window of compared years and the candidate's rank. window, table_year
 * and rank are null when the data has no lines and tables for the province-family (exam.year is then null).
 */
export interface CandidateExam {
  exam: ExamYear;
  window: ExamWindow | null;
  table_year: number | null;
  rank: CandidateRank | null;
}

export function candidateExam(db: DB, province: string, family: SubjectFamily, q: { year?: number; score?: number; rank?: number }): CandidateExam {
  const exam = examYear(db, province, family, q.year);
  if (exam.year === null) return { exam, window: null, table_year: null, rank: null };
  const tableYear = exam.table_year ?? exam.year;
  return {
    exam,
    window: { year: exam.year, table_year: exam.table_year, preparing: exam.preparing },
    table_year: tableYear,
    rank: candidateRank(db, province, tableYear, family, q.score, q.rank),
  };
}

/** candidateExam for the engines that cannot answer without a placed candidate: a 400 naming the field otherwise. */
export function placedCandidate(db: DB, province: string, family: SubjectFamily, q: { year?: number; score?: number; rank?: number }): { exam: ExamYear; window: ExamWindow; table_year: number; rank: CandidateRank } {
  const c = candidateExam(db, province, family, q);
  if (c.window === null || c.table_year === null) throw new InputError(`province: ${c.exam.reason}`, 'province');
  if (!c.rank) throw new InputError(`score: ${province} ${c.table_year} has no 一分一段 table for this subject (or the score is below it), so the score cannot be turned into a rank; give rank instead`, 'score');
  return { exam: c.exam, window: c.window, table_year: c.table_year, rank: c.rank };
}

/** The candidate's rank in their year: given, or from the score with that year's table; null without a table. */
export function candidateRank(db: DB, province: string, year: number, family: SubjectFamily, score: number | undefined, rank: number | undefined): CandidateRank | null {
  if (rank !== undefined) return { value: rank, best_case: rank, source: 'given', count_at_score: null, table: null };
  const r = scoreToRank(db, province, year, family, score!);
  if (!r) return null;
  return {
    value: r.rank,
    best_case: r.rank_start ?? r.rank,
    source: 'rank_table',
    count_at_score: r.count_at_score,
    table: { year, subject_type: r.subject_type, file: r.source_file, url: r.source_url },
  };
}

export interface PastYear {
  year: number;
  basis: Basis;
  universities: number;
  ratio: number | null;
  lines: Map<string, TargetLine>;
  info: Map<string, TargetInfo>;
}

/**
 * The lines of the compared years (comparedYears), each year on its own basis, newest first; ranks scale into the
 * year of the table the candidate is ranked in.
 */
export function pastYears(db: DB, province: string, family: SubjectFamily, exam: ExamWindow, f: LineFilter): PastYear[] {
  const out: PastYear[] = [];
  const years = new Set(comparedYears(db, province, family, exam));
  for (const t of lineYears(db, province, family)) {
    if (!years.has(t)) continue;
    const basis = yearBasis(db, province, t, family, f);
    if (!basis) continue;
    const yt = yearTargets(db, province, t, family, basis, f);
    out.push({ year: t, basis, universities: basisCoverage(db, province, t, family, f)[basis], ratio: cohortRatio(db, province, family, t, exam.table_year ?? exam.year), lines: yt.lines, info: yt.info });
  }
  return out;
}

/** A cited line as shown: its rank scaled into the candidate's year and its 等效分 there. */
export function citeLine(l: TargetLine, ratio: number | null, table: ReturnType<typeof rankTable>): MatchLine {
  const scaled = l.min_rank === null ? null : Math.round(l.min_rank * (ratio ?? 1));
  return {
    id: l.id,
    year: l.year,
    data_type: l.data_type,
    batch: l.batch,
    subject_type: l.subject_type,
    major_group: l.major_group,
    major_name: l.major_name,
    min_score: l.min_score,
    min_rank: l.min_rank,
    rank_source: l.rank_source,
    rank_in_exam_year: scaled,
    equivalent_score: scaled === null ? null : scoreAtRank(table, scaled),
    source: l.source,
  };
}

interface PreparedTarget {
  info: TargetInfo;
  /** the target's line per past year, newest first */
  used: Array<{ l: TargetLine; ratio: number | null }>;
  ranked: Array<{ l: TargetLine; ratio: number | null }>;
  /** the predicted line in the exam year; null without a ranked past line */
  pred: Prediction | null;
}

const preparedMemo = new WeakMap<DB, Map<string, PreparedTarget[]>>();

/**
 * Every target of the past years with its predicted line, which does not depend on the candidate: computed once per
 * (province, family, exam year, line filter) and process (the database is read-only).
 */
function preparedTargets(db: DB, province: string, family: SubjectFamily, year: number, f: LineFilter, past: PastYear[], model: SpreadModel): PreparedTarget[] {
  let m = preparedMemo.get(db);
  if (!m) preparedMemo.set(db, (m = new Map()));
  const key = `${province}|${family}|${year}|${f.batch?.family ?? ''}/${f.batch?.text ?? ''}|${f.major ?? ''}|${f.majors?.[0] ?? ''}|${f.level ?? ''}`;
  let out = m.get(key);
  if (out) return out;
  const keys = new Set<string>();
  for (const p of past) for (const k of p.lines.keys()) keys.add(k);
  out = [];
  for (const k of keys) {
    const info = past.find((p) => p.info.has(k))!.info.get(k)!;
    const used = past.flatMap((p) => {
      const l = p.lines.get(k);
      return l ? [{ l, ratio: p.ratio }] : [];
    });
    const ranked = used.filter((u) => u.l.min_rank !== null);
    const pred = ranked.length ? predictLine(model, ranked.map((u) => ({ year: u.l.year, rank: u.l.min_rank!, ratio: u.ratio ?? 1 })), year) : null;
    out.push({ info, used, ranked, pred });
  }
  if (m.size > 2000) m.delete(m.keys().next().value as string);
  m.set(key, out);
  return out;
}

/** keepSure: also list targets above 99 % (label 垫底), which match_by_score itself leaves out; only the workbench asks. */
export function matchByScore(db: DB, q: MatchQuery, opts: { keepSure?: boolean } = {}): MatchResult {
  const { province } = q;
  const family = resolveFamily(db, province, q.subject_type, q.year);
  const placed = candidateExam(db, province, family, q);
  const { exam } = placed;
  const { year, reason } = exam;
  const score = q.score ?? null;
  const leftOut = { below_20pct: 0, above_99pct: 0, no_rank_history: 0, filtered: 0 };
  const empty = (summary: string, extra: Partial<MatchResult> = {}): MatchResult => ({
    province,
    year,
    year_reason: reason,
    subject_type: family,
    subject_label: year ? familyLabel(family, province, year) : null,
    score,
    rank: null,
    compared_years: [],
    bases: [],
    method: 'probability',
    model: MODEL_VERSION,
    thresholds: LABEL_TEXT,
    count: 0,
    matched_total: 0,
    left_out: leftOut,
    summary,
    items: [],
    ...extra,
  });
  if (year === null || placed.window === null || placed.table_year === null) return empty(`数据中没有${province}的录取分数线，无法匹配院校。`);
  const famText = familyLabel(family, province, year);
  const { window, table_year: tableYear, rank } = placed;
  const f: LineFilter = {
    batch: q.batch,
    major: q.major,
    ...(q.major_category ? { majors: categoryMajors(db, q.major_category) } : {}),
    ...(q.level === '本科' || q.level === '专科' ? { level: q.level } : {}),
  };
  const past = pastYears(db, province, family, window, f);
  const bases = past.map((p) => ({ year: p.year, basis: p.basis, universities: p.universities, candidate_ratio: p.ratio === null ? null : round(p.ratio, 4) }));
  const filterText = [
    f.level && `${f.level}院校`,
    q.batch && `批次「${q.batch.text}」`,
    q.major && `专业「${q.major}」`,
    q.major_category && `专业类「${f.majors![0]}」`,
  ]
    .filter(Boolean)
    .join('、');
  if (past.length === 0) {
    const years = comparedYears(db, province, family, window);
    return empty(`数据中没有${province}${Math.min(...years)}–${Math.max(...years)}年${famText}${filterText ? `（${filterText}）` : ''}的录取线，无法按往年位次匹配院校。`, { rank });
  }
  const table = rankTable(db, province, tableYear, family);
  const model = spreadModel();

  // Candidates stay small until the limit is applied: only the listed entries become full items.
  interface Candidate {
    t: PreparedTarget;
    label: Label;
    closeness: number;
    p: number | null;
    /** score comparison: the latest line and its difference */
    latest?: PreparedTarget['used'][number];
    d?: number;
  }
  const candidates: Candidate[] = [];
  const k750 = maxTotalScore(province, year) / 750;
  for (const t of preparedTargets(db, province, family, year, f, past, model)) {
    if (!passesUniversityFilters(t.info, q)) {
      leftOut.filtered++;
      continue;
    }
    if (rank) {
      const pred = t.pred;
      if (!pred) {
        leftOut.no_rank_history++;
        continue;
      }
      // The span's chance lies between its ends' chances: most targets are settled by those two look-ups.
      const atBest = pointChance(pred, rank.best_case);
      const atWorst = atBest < LABEL_CUTOFFS.冲[0] ? 0 : pointChance(pred, rank.value);
      const p = atBest < LABEL_CUTOFFS.冲[0] ? 0 : atWorst > LABEL_CUTOFFS.保[1] ? 1 : spanChance(pred, rank.best_case, rank.value, atBest, atWorst);
      const label: Label | null = labelFor(p) ?? (opts.keepSure && p > LABEL_CUTOFFS.保[1] ? ('垫底' as Label) : null);
      if (!label) {
        if (p < LABEL_CUTOFFS.冲[0]) leftOut.below_20pct++;
        else leftOut.above_99pct++;
        continue;
      }
      candidates.push({ t, label, closeness: Math.abs(Math.log(pred.rank / rank.value)), p });
    } else {
      // No rank: compare the score with the most recent line by score, without a probability.
      const latest = t.used[0];
      const d = latest.l.min_score - score!;
      const label = scoreLabel(d / k750);
      if (!label) continue;
      candidates.push({ t, label, closeness: Math.abs(d / k750) / 100, p: null, latest, d });
    }
  }
  const byCloseness = (a: Candidate, b: Candidate): number =>
    a.closeness - b.closeness || (a.t.info.university_id ?? 0) - (b.t.info.university_id ?? 0) || (a.t.info.name < b.t.info.name ? -1 : a.t.info.name > b.t.info.name ? 1 : 0);
  candidates.sort(byCloseness);
  const picked = pickBalanced(candidates, q.limit).sort(byCloseness);
  // The interval needs the simulation; only the listed entries pay for it.
  const logRanks = rank ? drawRanks(rank.best_case, rank.value, MATCH_DRAWS, uniformStream('match_by_score', 'v1/rank')) : null;
  const toItem = (c: Candidate): MatchItem => {
    const { info, pred, ranked } = c.t;
    // a school outside the national list (军队院校 …) is an entry like any other, marked as such
    const base = markUnlisted(db, {
      university_id: info.university_id,
      university_name: info.name,
      school_name: info.school_name,
      campus: info.campus,
      unit: info.unit,
      university_province: info.university_province,
      city: info.city,
      level: info.level,
      type: info.type,
      nature: info.nature,
      tags: info.tags,
      label: c.label,
    });
    if (c.p === null || !pred || !rank) {
      return { ...base, probability: null, interval: null, predicted_line_rank: null, rank_diff_pct: null, score_diff: round(c.d!, 1), years_used: 1, lines: [citeLine(c.latest!.l, c.latest!.ratio, table)] };
    }
    const sim = chanceFromDraws(pred, drawsFor(pred.band, pred.years), logRanks!);
    const p = round(c.p, 3);
    return {
      ...base,
      probability: p,
      interval: [round(Math.min(sim.interval[0], c.p), 3), round(Math.max(sim.interval[1], c.p), 3)],
      predicted_line_rank: Math.round(pred.rank),
      rank_diff_pct: round(((pred.rank - rank.value) / rank.value) * 100, 1),
      score_diff: null,
      years_used: ranked.length,
      lines: ranked.map((u) => citeLine(u.l, u.ratio, table)),
    };
  };
  const items = picked.map(toItem);
  const counts = { 冲: 0, 稳: 0, 保: 0 } as Record<Label, number>;
  for (const it of items) if (it.label in counts) counts[it.label]++;

  const who = rank
    ? rank.source === 'given'
      ? `位次 ${rank.value.toLocaleString('en-US')}（${tableYear}年${province}${famText}）`
      : `${score} 分在${tableYear}年${province}${famText}一分一段表中约为第 ${rank.value.toLocaleString('en-US')} 名${rank.best_case < rank.value ? `（同分 ${rank.best_case.toLocaleString('en-US')}–${rank.value.toLocaleString('en-US')} 名）` : ''}`
    : `${province}${tableYear}年${famText}没有可用的一分一段表（或分数低于表的范围），无法换算位次，改为按分数与${past[0].year}年录取线比较，不给概率`;
  // a candidate preparing for the next exam is told which table placed them
  const preparing = exam.preparing && exam.table_year !== null ? `按备考${year}年：${year}年尚无一分一段表，用${exam.table_year}年的表换算位次；` : '';
  const basisText = `与${past.map((p) => `${p.year}年${p.basis}`).join('、')}比较${filterText ? `（${filterText}）` : ''}`;
  const tally = `冲 ${counts.冲}、稳 ${counts.稳}、保 ${counts.保}`;
  const summary = items.length
    ? `${preparing}${who}；${basisText}，匹配到 ${items.length} 所院校：${tally}${candidates.length > items.length ? `（共 ${candidates.length} 所符合，冲稳保各取最接近的）` : ''}。`
    : `${preparing}${who}；${basisText}，没有院校落在冲稳保范围内。`;
  return {
    province,
    year,
    year_reason: reason,
    subject_type: family,
    subject_label: famText,
    score,
    rank,
    compared_years: past.map((p) => p.year),
    bases,
    method: rank ? 'probability' : 'score',
    model: rank ? MODEL_VERSION : null,
    thresholds: rank ? LABEL_TEXT : SCORE_BANDS.text,
    count: items.length,
    matched_total: candidates.length,
    left_out: leftOut,
    summary,
    items,
  };
}
