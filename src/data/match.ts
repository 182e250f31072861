// match_by_score (interface 4.9): which universities a score can reach in a province and year, in one call.
//
// 1. Year: the one given, else the latest year with served score lines for the province and subject family.
// 2. Subject family: the one given (any written form); 3+3 provinces (综合) need none.
// 3. Basis: per province-year-family, the line kind that covers the most universities among 院校线 (院校线 and
//    院校专业组线) and 专业线, ties going to 院校线; 特殊招生线 (专项, 预科, 中外合作 …) only when a province-year
//    has no ordinary lines at all, since those lines are not open to every candidate.
// 4. Rank: the score is converted with that year's ordinary 一分一段 table when one is served, and the result
//    says so; a line's rank is its published rank, else the same table's rank of its score.
// 5. Each university appears once per subject family, represented by its basis line closest to the candidate;
//    results are sorted by closeness (relative rank difference when ranks exist, else score difference).
// 6. Labels (MATCH_THRESHOLDS): 冲 = the line needs a somewhat better result than the candidate's, 稳 = about
//    level, 保 = clearly below. Lines further out on either side are not listed.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { InputError } from '../errors.ts';
import { batchField, provinceField, subjectField, yearField, type BatchFilter } from './filters.ts';
import { examSystem, maxTotalScore, type DataType, type SubjectFamily } from './normalize.ts';
import { prepared } from './paging.ts';
import { batchCondition } from './score-lines.ts';
import { loadRankTable, scoreToRank, type RankLookup } from './rank-table.ts';

export const matchSchema = z
  .object({
    score: z.coerce.number().min(0).max(1000).describe('考生高考总分 · the candidate\'s total score'),
    province: provinceField,
    subject_type: subjectField
      .optional()
      .describe('科类（物理类/物理/理科 同为一类，历史类/历史/文科 同为一类）；上海、浙江等 3+3 省份可省略 · subject type; optional for 3+3 provinces'),
    year: yearField.optional().describe('参考哪一年的录取线与一分一段表；默认该省有数据的最近一年 · year of the lines used; default: latest with data'),
    batch: batchField.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30).describe('最多返回多少所院校（1–100，默认 30）· at most this many universities'),
  })
  .strict();
export type MatchQuery = z.output<typeof matchSchema>;

export type Label = '冲' | '稳' | '保';
export type Basis = '院校线' | '专业线' | '特殊招生线';

/**
 * Label bands. Rank: q = (line rank − candidate rank) / candidate rank (negative = the line needs a better rank).
 * Score: d = line score − candidate score, in points on a 750-point scale (scaled for 上海 660, 海南 900 …).
 */
export const MATCH_THRESHOLDS = {
  rank: { 冲: [-0.15, -0.03], 稳: [-0.03, 0.1], 保: [0.1, 0.35] },
  score: { 冲: [3, 15], 稳: [-10, 3], 保: [-30, -10] },
  text:
    '有位次时按相对位次差 q=(院校线位次−考生位次)/考生位次：冲 −15%≤q<−3%，稳 −3%≤q≤10%，保 10%<q≤35%；' +
    '无位次时按分差 d=院校线−考生分（750 分制，其他满分按比例缩放）：冲 3<d≤15，稳 −10≤d≤3，保 −30≤d<−10；范围外的不列出。',
} as const;

const BASIS_TYPES: Record<Basis, DataType[]> = { 院校线: ['院校线', '专业组线'], 专业线: ['专业线'], 特殊招生线: ['特殊招生线'] };

export interface MatchItem {
  university_id: number | null;
  /** the branch campus the line belongs to (e.g. 东北大学(秦皇岛)); absent for the university's own lines */
  campus?: string;
  /** the official name when the line resolved to a university, else the published name */
  university_name: string;
  /** the name as the line published it */
  school_name: string;
  university_province: string | null;
  /** 985 / 211 / 双一流 */
  tags: string[];
  label: Label;
  line: {
    data_type: string;
    batch: string | null;
    subject_type: string | null;
    major_group: string | null;
    major_name: string | null;
    min_score: number;
    min_rank: number | null;
    rank_source: 'published' | 'rank_table' | 'upstream_derived' | null;
  };
  score_diff: number;
  rank_diff_pct: number | null;
  lines_in_window: number;
  source: { file: string; ref: string; url: string | null };
}

function familyLabel(f: SubjectFamily, province: string, year: number): string {
  if (f === '物理') return examSystem(province, year) === '文理' ? '理科' : '物理类';
  if (f === '历史') return examSystem(province, year) === '文理' ? '文科' : '历史类';
  return f === '综合' ? '综合' : `${f}类`;
}

function labelBy(value: number, bands: Record<Label, readonly [number, number]>, rank: boolean): Label | null {
  // Rank bands are closed towards 稳 at both inner edges; score bands likewise (see MATCH_THRESHOLDS.text).
  if (rank) {
    if (value >= bands.冲[0] && value < bands.冲[1]) return '冲';
    if (value >= bands.稳[0] && value <= bands.稳[1]) return '稳';
    if (value > bands.保[0] && value <= bands.保[1]) return '保';
    return null;
  }
  if (value > bands.冲[0] && value <= bands.冲[1]) return '冲';
  if (value >= bands.稳[0] && value <= bands.稳[1]) return '稳';
  if (value >= bands.保[0] && value < bands.保[1]) return '保';
  return null;
}

/** Art/PE lines sit on other score scales, so they take part only when the caller asks for that batch. */
function basisCondition(batch: BatchFilter | undefined, params: Record<string, unknown>, alias = ''): string {
  if (!batch) return `AND (${alias}batch_family IS NULL OR ${alias}batch_family <> '艺术体育')`;
  const where: string[] = [];
  batchCondition(batch, where, params, alias.replace(/\.$/, ''));
  return `AND ${where[0]}`;
}

/**
 * At most `limit` of the candidates (sorted by closeness), shared across the labels: a third each, taking the
 * closest of each label, with the share a label cannot fill passed on to the closest remaining candidates. A
 * plain top-N by closeness would list only 稳 whenever many lines sit near the score.
 */
function pickBalanced<T extends { item: MatchItem }>(sorted: T[], limit: number): T[] {
  if (sorted.length <= limit) return sorted;
  const share = Math.ceil(limit / 3);
  const taken = new Set<T>();
  for (const label of ['冲', '稳', '保'] as Label[]) {
    let n = 0;
    for (const c of sorted) {
      if (n >= share || taken.size >= limit) break;
      if (c.item.label === label) {
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

function basisCoverage(db: DB, province: string, year: number, family: SubjectFamily, batch: BatchFilter | undefined): Record<Basis, number> {
  const params: Record<string, unknown> = { province, year, family };
  const rows = prepared(
    db,
    `SELECT CASE data_type WHEN '专业线' THEN '专业线' WHEN '特殊招生线' THEN '特殊招生线' ELSE '院校线' END AS basis,
            COUNT(DISTINCT COALESCE(CAST(university_id AS TEXT), 'name:' || school_name)) AS schools
     FROM score_lines WHERE province = @province AND year = @year AND subject_family = @family AND cleaned = 0 AND min_score IS NOT NULL
     ${basisCondition(batch, params)} GROUP BY 1`,
  ).all(params) as Array<{ basis: Basis; schools: number }>;
  const out: Record<Basis, number> = { 院校线: 0, 专业线: 0, 特殊招生线: 0 };
  for (const r of rows) out[r.basis] = r.schools;
  return out;
}

function chooseBasis(c: Record<Basis, number>): Basis | null {
  if (c.院校线 > 0 || c.专业线 > 0) return c.院校线 >= c.专业线 ? '院校线' : '专业线';
  return c.特殊招生线 > 0 ? '特殊招生线' : null;
}

/** Rank of a score in a loaded table (highest score first): candidates at or above it; null below the table. */
function rankInTable(table: Array<{ score: number; score_max: number | null; cumulative_rank: number }>, s: number): number | null {
  if (table.length === 0 || s < table[table.length - 1].score) return null;
  // The last row (going down) whose score is still >= s holds the count of candidates at or above s.
  let lo = 0;
  let hi = table.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (table[mid].score >= s || (table[mid].score_max ?? -1) >= s) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : table[found].cumulative_rank;
}

export function matchByScore(db: DB, q: MatchQuery) {
  const { province, score } = q;
  const provinceYears = prepared(db, 'SELECT DISTINCT year FROM score_lines WHERE province = ? ORDER BY year DESC').pluck().all(province) as number[];
  const base = { score, province, thresholds: MATCH_THRESHOLDS.text };
  if (provinceYears.length === 0) {
    return { ...base, year: q.year ?? null, subject_type: null, basis: null, coverage: null, rank: null, count: 0, summary: `数据中没有${province}的分数线，无法匹配院校。`, items: [] as MatchItem[] };
  }

  const yearsToTry = q.year !== undefined ? [q.year] : provinceYears;
  let family: SubjectFamily | undefined = q.subject_type;
  let year = yearsToTry[0];
  let cov: Record<Basis, number> = { 院校线: 0, 专业线: 0, 特殊招生线: 0 };
  let basis: Basis | null = null;
  for (const y of yearsToTry) {
    year = y;
    if (!family) {
      if (examSystem(province, y) !== '3+3') {
        throw new InputError(`subject_type: required for ${province} ${y} (${examSystem(province, y)} system); e.g. 物理类/理科 or 历史类/文科`, 'subject_type');
      }
      family = '综合';
    }
    cov = basisCoverage(db, province, y, family, q.batch);
    basis = chooseBasis(cov);
    if (basis) break;
    if (q.subject_type === undefined) family = undefined;
  }
  const fam = family ?? '综合';
  const famText = familyLabel(fam, province, year);
  if (!basis) {
    const when = q.year !== undefined ? `${year} 年` : '';
    return { ...base, year: q.year ?? null, subject_type: fam, basis: null, coverage: cov, rank: null, count: 0, summary: `数据中没有${province}${when}${famText}${q.batch ? `（${q.batch.text}）` : ''}的录取分数线，无法匹配院校。`, items: [] as MatchItem[] };
  }

  const rank: RankLookup | null = scoreToRank(db, province, year, fam, score);
  const table = rank ? loadRankTable(db, province, year, fam) : [];
  const k = maxTotalScore(province, year) / 750;
  const params: Record<string, unknown> = { province, year, family: fam, lo: score - 60 * k, hi: score + 30 * k };
  BASIS_TYPES[basis].forEach((d, i) => (params[`dt${i}`] = d));
  const lines = prepared(
    db,
    `SELECT s.university_id, s.campus, s.school_name, s.data_type, s.batch, s.subject_type, s.major_group, s.major_name, s.min_score, s.min_rank,
            s.rank_is_derived, s.source_file, s.source_ref, s.source_url,
            u.name AS university_name, u.province AS university_province, u.is_985, u.is_211, u.is_double_first_class AS is_dfc
     FROM score_lines s LEFT JOIN universities u ON u.id = s.university_id
     WHERE s.province = @province AND s.year = @year AND s.subject_family = @family AND s.cleaned = 0
       AND s.data_type IN (${BASIS_TYPES[basis].map((_, i) => `@dt${i}`).join(', ')})
       AND s.min_score BETWEEN @lo AND @hi ${basisCondition(q.batch, params, 's.')}
     ORDER BY s.min_score DESC, s.id`,
  ).all(params) as any[];

  const best = new Map<string, { item: MatchItem; closeness: number }>();
  const linesPerSchool = new Map<string, number>();
  for (const l of lines) {
    let lineRank: number | null = null;
    let rankSource: MatchItem['line']['rank_source'] = null;
    if (l.min_rank !== null && l.rank_is_derived === 0) {
      lineRank = l.min_rank;
      rankSource = 'published';
    } else if (rank && (lineRank = rankInTable(table, l.min_score)) !== null) {
      rankSource = 'rank_table';
    } else if (l.min_rank !== null) {
      lineRank = l.min_rank;
      rankSource = 'upstream_derived';
    }
    const d = l.min_score - score;
    const useRank = rank !== null && lineRank !== null;
    const qv = useRank ? (lineRank! - rank!.rank) / rank!.rank : null;
    const label = useRank ? labelBy(qv!, MATCH_THRESHOLDS.rank, true) : labelBy(d / k, MATCH_THRESHOLDS.score, false);
    if (!label) continue;
    const closeness = useRank ? Math.abs(qv!) : Math.abs(d / k) / 100;
    // A branch campus (score_lines.campus) is its own entry: its line is never shown as the parent's.
    const key = l.university_id !== null ? `${l.university_id}/${l.campus ?? ''}` : `name:${l.school_name}`;
    linesPerSchool.set(key, (linesPerSchool.get(key) ?? 0) + 1);
    const prev = best.get(key);
    if (prev && prev.closeness <= closeness) continue;
    best.set(key, {
      closeness,
      item: {
        university_id: l.university_id,
        ...(l.campus ? { campus: l.campus as string } : {}),
        university_name: l.university_name ?? l.school_name,
        school_name: l.school_name,
        university_province: l.university_province,
        tags: [l.is_985 && '985', l.is_211 && '211', l.is_dfc && '双一流'].filter(Boolean) as string[],
        label,
        line: {
          data_type: l.data_type,
          batch: l.batch,
          subject_type: l.subject_type,
          major_group: l.major_group,
          major_name: l.major_name,
          min_score: l.min_score,
          min_rank: lineRank,
          rank_source: rankSource,
        },
        score_diff: Math.round(d * 10) / 10,
        rank_diff_pct: qv === null ? null : Math.round(qv * 1000) / 10,
        lines_in_window: 0,
        source: { file: l.source_file, ref: l.source_ref, url: l.source_url },
      },
    });
  }
  for (const [key, b] of best) b.item.lines_in_window = linesPerSchool.get(key)!;
  const byCloseness = (a: { item: MatchItem; closeness: number }, b: { item: MatchItem; closeness: number }) =>
    a.closeness - b.closeness || (a.item.university_id ?? 0) - (b.item.university_id ?? 0) || (a.item.school_name < b.item.school_name ? -1 : a.item.school_name > b.item.school_name ? 1 : 0);
  const all = [...best.values()].sort(byCloseness);
  const items = pickBalanced(all, q.limit).sort(byCloseness).map((r) => r.item);
  const counts = { 冲: 0, 稳: 0, 保: 0 } as Record<Label, number>;
  for (const it of items) counts[it.label]++;

  const rankText = rank
    ? `${score} 分在${year}年${province}${famText}一分一段表中约为第 ${rank.rank.toLocaleString('en-US')} 名`
    : `${province}${year}年${famText}没有可用的一分一段表（或分数低于表的范围），按分数比较`;
  const otherYears = provinceYears.filter((y) => y !== year).slice(0, 3);
  const yearNote = q.year === undefined && otherYears.length ? `，未指定年份时取有数据的最近一年，另有 ${otherYears.join('、')} 等年份可用 year 指定` : '';
  const basisText = `以${year}年${province}${famText}${basis}为依据（覆盖 ${cov[basis]} 所院校${yearNote}）`;
  const summary = items.length
    ? `${basisText}，${rankText}；匹配到 ${items.length} 所院校：冲 ${counts.冲}、稳 ${counts.稳}、保 ${counts.保}${all.length > items.length ? `（共 ${all.length} 所符合，冲稳保各取最接近的，列出 ${items.length} 所）` : ''}。`
    : `${basisText}，${rankText}；没有院校的录取线落在冲稳保范围内。`;

  return {
    ...base,
    year,
    subject_type: fam,
    subject_label: famText,
    basis,
    basis_reason: basis === '特殊招生线' ? '该省该年该科类没有普通录取线，只有特殊招生线' : `院校线覆盖 ${cov.院校线} 所、专业线覆盖 ${cov.专业线} 所院校，取覆盖多者（相同取院校线）`,
    coverage: cov,
    rank: rank
      ? { value: rank.rank, best_case: rank.rank_start, count_at_score: rank.count_at_score, how: rank.how, source: 'rank_table', table: { year, subject_type: rank.subject_type, file: rank.source_file, url: rank.source_url } }
      : null,
    count: items.length,
    matched_total: all.length,
    summary,
    items,
  };
}
