// rank_tables/: five sources of 一分一段 tables. One table (province, year, subject family, table kind) is served
// from the most authoritative source that is not documented as broken; copies from other sources stay cleaned.
// Documented defects (rank_tables/README.txt): liuxusummer 江苏 2023/2024 broken, liuxusummer 湖北 2024 synthetic
// rows above the top bracket, immaotianyi 河北 (all years) broken low ends and OCR/digit errors.
import { cleanText, examSystem, maxTotalScore, parseIntLoose } from '../../normalize.ts';
import type { CleanReason } from '../../schema.ts';
import { rowRef, text, type ImportContext, type Outcome } from '../context.ts';
import { provinceYear } from './common.ts';
import type { RankTableAgreement } from '../agreement.ts';

export const RANK_FILES = {
  liuguanghui: 'rank_tables/liuguanghui_rank_tables.csv.gz',
  chongqing: 'rank_tables/luanche_chongqing_2022_2026.csv.gz',
  shanghai: 'rank_tables/jamesbong10_shanghai_yiduan_2020_2026.csv.gz',
  liuxusummer: 'rank_tables/liuxusummer_rank_tables.csv.gz',
  immaotianyi: 'rank_tables/immaotianyi_yifenyiduan_2024_2026.csv.gz',
  shandong: 'official_provincial/shandong_yifenyiduan_2020_2025.csv.gz',
  shandong2026: 'lines_2026/shandong_yifenyiduan_2026.csv.gz',
  beijing: 'official_provincial/beijing_yifenyiduan_2023_2026.csv.gz',
  guangdong: 'rank_tables/gaokaoagent_guangdong_yifenyiduan_2011_2025.csv.gz',
} as const;

interface RankInput {
  province: string;
  year: string;
  subject_type: string;
  table_kind: string;
  score: number | null;
  score_max: number | null;
  count_at_score: number | null;
  cumulative_rank: number | null;
  rank_start: number | null;
  source_quality: string | null;
  /** lower wins between sources of one table */
  pref: number;
  /** identifies one published table of one source (several sources hold the same table) */
  table_source: string;
  source_file: string;
  source_ref: string;
  source_url: string | null;
  credit?: string | null;
  clean: CleanReason | null;
}

export async function importRankTables(ctx: ImportContext): Promise<void> {
  ctx.db.exec('CREATE TEMP TABLE rank_candidates (id INTEGER PRIMARY KEY, tkey TEXT NOT NULL, skey TEXT NOT NULL, pref INTEGER NOT NULL)');
  const cand = ctx.db.prepare('INSERT INTO rank_candidates (id, tkey, skey, pref) VALUES (?, ?, ?, ?)');

  const add = (r: RankInput): Outcome => {
    // An art or PE table is that family's, whatever the subject column says (liuguanghui files 广东 2026's
    // 艺术美术与设计类总分 and 体育类总分 tables under 综合, a family 广东 never examined).
    const py = provinceYear(r.province, r.year, kindFamily(r.table_kind) ?? r.subject_type);
    if (typeof py === 'string') return { reject: py };
    if (r.score === null) return { reject: 'no score' };
    const clean: CleanReason | null = py.misaligned ? 'misaligned_subject' : r.clean;
    const id = ctx.insert('rank_tables', {
      province: py.province, year: py.year, subject_type: py.subject_label, subject_type_raw: cleanText(r.subject_type) || py.subject_type, subject_family: py.subject_family, subject_fit: py.subject_fit,
      table_kind: r.table_kind, score: r.score, score_max: r.score_max, count_at_score: r.count_at_score,
      cumulative_rank: r.cumulative_rank, rank_start: r.rank_start, source_quality: r.source_quality,
      source_file: r.source_file, source_ref: r.source_ref, source_url: r.source_url, credit: r.credit ?? null, cleaned: clean ? 1 : 0, clean_reason: clean,
    });
    if (!clean) cand.run(id, [py.province, py.year, py.subject_family ?? py.subject_type, r.table_kind].join('|'), r.table_source, r.pref);
  };

  // liuguanghui: official tables first (README: 山西 2025 appears twice, prefer source_id starting "official-").
  {
    const file = RANK_FILES.liuguanghui;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['province', 'year', 'subject_type', 'rank_usage', 'score', 'score_range_min', 'score_range_max', 'count_at_score',
        'rank_start', 'rank_end', 'source_quality', 'source_id', 'source_url'].map((n) => [n, csv.col(n)]));
    }, (f, n) => {
      const sourceId = f[c.source_id].trim();
      const lo = parseIntLoose(f[c.score_range_min]);
      const hi = parseIntLoose(f[c.score_range_max]);
      return add({
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], table_kind: cleanText(f[c.rank_usage]),
        score: lo ?? parseIntLoose(f[c.score]), score_max: hi !== null && lo !== null && hi > lo ? hi : null,
        count_at_score: parseIntLoose(f[c.count_at_score]), cumulative_rank: parseIntLoose(f[c.rank_end]), rank_start: parseIntLoose(f[c.rank_start]),
        source_quality: text(f[c.source_quality]), pref: sourceId.startsWith('official-') ? 1 : 4, table_source: `${file}|${sourceId}`,
        source_file: file, source_ref: sourceId ? `${sourceId}:${f[c.score].trim()}` : rowRef(n), source_url: text(f[c.source_url]), clean: null,
      });
    });
  }
  // luanche 重庆 (QA clean; brackets written "666-750", ranks "1-145").
  {
    const file = RANK_FILES.chongqing;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['province', 'year', 'subject_type', 'score', 'count_at_score', 'cumulative_rank', 'rank_range'].map((n) => [n, csv.col(n)]));
    }, (f, n) => {
      const [lo, hi] = f[c.score].split('-').map((x) => parseIntLoose(x));
      const [start] = f[c.rank_range].split('-').map((x) => parseIntLoose(x));
      return add({
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], table_kind: '',
        score: lo ?? null, score_max: hi ?? null, count_at_score: parseIntLoose(f[c.count_at_score]), cumulative_rank: parseIntLoose(f[c.cumulative_rank]),
        rank_start: start ?? null, source_quality: null, pref: 2, table_source: file, source_file: file, source_ref: rowRef(n), source_url: null, clean: null,
      });
    });
  }
  // jamesbong10 上海 (QA clean).
  {
    const file = RANK_FILES.shanghai;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['province', 'year', 'subject_type', 'score', 'count_at_score', 'cumulative_rank'].map((n) => [n, csv.col(n)]));
    }, (f, n) => add({
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], table_kind: '',
      score: parseIntLoose(f[c.score]), score_max: null, count_at_score: parseIntLoose(f[c.count_at_score]), cumulative_rank: parseIntLoose(f[c.cumulative_rank]),
      rank_start: null, source_quality: null, pref: 2, table_source: file, source_file: file, source_ref: rowRef(n), source_url: null, clean: null,
    }));
  }
  // liuxusummer: 浙江 verified; 江苏 2023/2024 broken; 湖北 2024 synthetic top rows.
  {
    const file = RANK_FILES.liuxusummer;
    let c: Record<string, number> = {};
    let hubeiTop: { prevCum: number } | null = null;
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['province', 'year', 'subject_type', 'score', 'count_at_score', 'cumulative_rank', 'source_url', 'verified'].map((n) => [n, csv.col(n)]));
    }, (f, n) => {
      const province = cleanText(f[c.province]);
      const year = cleanText(f[c.year]);
      const score = parseIntLoose(f[c.score]);
      const count = parseIntLoose(f[c.count_at_score]);
      const cum = parseIntLoose(f[c.cumulative_rank]);
      const verified = /true/i.test(f[c.verified]);
      let clean: CleanReason | null = null;
      if (province === '江苏' && (year === '2023' || year === '2024')) clean = 'broken_table';
      if (province === '湖北' && year === '2024') {
        // Synthetic rows: one candidate per point from 750 down (750→1, 749→2 …) until the official top bracket.
        if (score === 750) hubeiTop = { prevCum: 0 };
        if (hubeiTop && count === 1 && cum === hubeiTop.prevCum + 1 && score !== null && cum === 750 - score + 1) {
          clean = 'synthetic_rows';
          hubeiTop.prevCum = cum;
        } else hubeiTop = null;
      }
      return add({
        province, year, subject_type: f[c.subject_type], table_kind: '', score, score_max: null, count_at_score: count, cumulative_rank: cum,
        rank_start: null, source_quality: verified ? 'verified' : 'unverified', pref: verified ? 2 : 5, table_source: `${file}|${province}|${year}`,
        source_file: file, source_ref: rowRef(n), source_url: text(f[c.source_url]), clean,
      });
    });
  }
  // immaotianyi: several batches per province-year (广东 本科/专科 加分 tables) become table kinds; 河北 broken.
  {
    const file = RANK_FILES.immaotianyi;
    let c: Record<string, number> = {};
    const rows: Array<{ f: string[]; n: number }> = [];
    const batches = new Map<string, Set<string>>();
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['province', 'year', 'subject_type', 'batch', 'score', 'count_at_score', 'cumulative_rank'].map((n) => [n, csv.col(n)]));
    }, (f, n) => {
      const k = `${f[c.province]}|${f[c.year]}|${f[c.subject_type]}`;
      if (!batches.has(k)) batches.set(k, new Set());
      batches.get(k)!.add(cleanText(f[c.batch]));
      rows.push({ f, n });
      return { merge: 'buffered (inserted below once the table kinds are known)' };
    });
    const stats = ctx.files[ctx.files.length - 1];
    stats.merged = {};
    ctx.db.exec('BEGIN');
    for (const { f, n } of rows) {
      const province = cleanText(f[c.province]);
      const single = batches.get(`${f[c.province]}|${f[c.year]}|${f[c.subject_type]}`)!.size === 1;
      const out = add({
        province, year: f[c.year], subject_type: f[c.subject_type], table_kind: single ? '' : cleanText(f[c.batch]),
        score: parseIntLoose(f[c.score]), score_max: null, count_at_score: parseIntLoose(f[c.count_at_score]), cumulative_rank: parseIntLoose(f[c.cumulative_rank]),
        rank_start: null, source_quality: null, pref: 3, table_source: file, source_file: file, source_ref: rowRef(n), source_url: null,
        clean: province === '河北' ? 'broken_table' : null,
      });
      if (out && 'reject' in out) stats.rejected[out.reject] = (stats.rejected[out.reject] ?? 0) + 1;
    }
    ctx.db.exec('COMMIT');
  }

  // 山东 official 一分一段 2020–2025 (sdzk.cn): 全体 is the ordinary table (the one 投档 ranks refer to); the six
  // 选考 tables become table kinds. Official, so it outranks every copy (2024 全体 equals liuxusummer's on all scores).
  // 2026 (lines_2026/README.txt): the first row of each group is the authority's merged top bracket ("697": 697 and
  // above), stored as the bracket it is.
  for (const file of [RANK_FILES.shandong, RANK_FILES.shandong2026]) {
    let c: Record<string, number> = {};
    const seen = new Set<string>();
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['province', 'year', 'group', 'score', 'count_at_score', 'cumulative', 'source_file', 'source_url'].map((n) => [n, csv.col(n)]));
    }, (f, n) => {
      const group = cleanText(f[c.group]);
      const top = file === RANK_FILES.shandong2026 && !seen.has(group);
      seen.add(group);
      return add({
        province: f[c.province], year: f[c.year], subject_type: '综合', table_kind: group === '全体' ? '' : group,
        score: parseIntLoose(f[c.score]), score_max: top ? maxTotalScore('山东', Number(f[c.year])) : null, count_at_score: parseIntLoose(f[c.count_at_score]), cumulative_rank: parseIntLoose(f[c.cumulative]),
        rank_start: null, source_quality: `official (${cleanText(f[c.source_file])})`, pref: 0, table_source: file, source_file: file, source_ref: rowRef(n),
        source_url: text(f[c.source_url]), clean: null,
      });
    });
  }

  // 北京 一分一段 2023–2026 (北京教育考试院 tables, CC0 copy).
  {
    const file = RANK_FILES.beijing;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['year', 'score', 'count', 'cumulative'].map((n) => [n, csv.col(n)]));
    }, (f, n) => {
      // "696分以上" (2024: "700以上") is the top bracket; below 400 the table counts ten-point brackets ("390→399").
      const text = cleanText(f[c.score]);
      const top = /^(\d+)分?以上$/.exec(text);
      const range = /^(\d+)→(\d+)$/.exec(text);
      return add({
        province: '北京', year: f[c.year], subject_type: '综合', table_kind: '',
        score: top ? Number(top[1]) : range ? Number(range[1]) : parseIntLoose(text),
        score_max: top ? maxTotalScore('北京', Number(f[c.year])) : range ? Number(range[2]) : null,
        count_at_score: parseIntLoose(f[c.count]), cumulative_rank: parseIntLoose(f[c.cumulative]), rank_start: null,
        source_quality: 'official figures (北京教育考试院), compiled by scottli139/beijing-gaokao-score-segments (CC0)', pref: 2, table_source: file,
        source_file: file, source_ref: rowRef(n), source_url: null, clean: null,
      });
    });
  }
  // 广东 一分一段 2011–2025 (GaokaoAgent workbook): labelled 理科/文科 in every year; from 2021 广东 examined
  // 物理类/历史类, so the label is stored as the province used it that year and the file's label is kept in source_quality.
  {
    const file = RANK_FILES.guangdong;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'rank_tables', (csv) => {
      c = Object.fromEntries(['year', 'label_in_file', 'score', 'count_at_score', 'cumulative', 'source_row'].map((n) => [n, csv.col(n)]));
    }, (f) => {
      const label = cleanText(f[c.label_in_file]);
      const year = Number(cleanText(f[c.year]));
      const subject = year >= 2021 ? ({ 理科: '物理类', 文科: '历史类' } as Record<string, string>)[label] ?? label : label;
      return add({
        province: '广东', year: f[c.year], subject_type: subject, table_kind: '',
        score: parseIntLoose(f[c.score]), score_max: null, count_at_score: parseIntLoose(f[c.count_at_score]), cumulative_rank: parseIntLoose(f[c.cumulative]),
        rank_start: null, source_quality: `compiled copy of the 广东省教育考试院 table (GaokaoAgent workbook); label in file: ${label}`, pref: 3,
        table_source: file, source_file: file, source_ref: `row:${cleanText(f[c.source_row])}`, source_url: null, clean: null,
      });
    });
  }

  // rank_start where the source gives only the cumulative rank: cumulative - count + 1.
  ctx.db.exec('BEGIN');
  ctx.db.exec('UPDATE rank_tables SET rank_start = cumulative_rank - count_at_score + 1 WHERE rank_start IS NULL AND cumulative_rank IS NOT NULL AND count_at_score IS NOT NULL');
  cleanSwappedFamilies(ctx);
  ctx.db.exec(`
    CREATE TEMP TABLE rank_best AS
      SELECT tkey, skey FROM (
        SELECT tkey, skey, ROW_NUMBER() OVER (PARTITION BY tkey ORDER BY MIN(pref), MIN(id)) AS rn
        FROM rank_candidates GROUP BY tkey, skey)
      WHERE rn = 1;
    UPDATE rank_tables SET cleaned = 1, clean_reason = 'duplicate'
      WHERE id IN (SELECT c.id FROM rank_candidates c JOIN rank_best b ON b.tkey = c.tkey WHERE c.skey <> b.skey);`);
  cleanNonMainTables(ctx);
  promoteMainTables(ctx);
  ctx.rankAgreement.push(...compareTables(ctx));
  ctx.rankAgreement.push(...compareKinds(ctx));
  ctx.db.exec(`DROP TABLE rank_best;
    DROP TABLE rank_candidates;`);
  ctx.db.exec('COMMIT');
}

/**
 * Where the 物理 and 历史 tables of one source are swapped. Under the 3+1+2 reform physics has more candidates than
 * history (广东 2021–2025: 物理 larger in every table of every source): a source whose 物理 table of a province, year
 * and table kind is smaller than its 历史 table, while at least two other reformed tables of that province (any
 * source, year or kind) have 物理 larger, has its labels swapped (immaotianyi 广东 2026: its 物理 table tops at 669
 * with 294,878 candidates, the 历史 count of liuguanghui's copy). Every table of that source and year is cleaned as
 * broken (its other labels cannot be trusted either: the same file's art tables are shuffled); another source's copy,
 * if any, is served instead. 文理 years are not compared: 广东 2017 had more 文科 than 理科 candidates.
 */
function cleanSwappedFamilies(ctx: ImportContext): void {
  const sizes = ctx.db
    .prepare(
      `SELECT c.skey, r.province, r.year, r.table_kind AS kind, r.subject_family AS family, MAX(r.cumulative_rank) AS size FROM rank_candidates c JOIN rank_tables r ON r.id = c.id
       WHERE r.subject_family IN ('物理', '历史') AND r.cleaned = 0 GROUP BY 1, 2, 3, 4, 5`,
    )
    .all() as Array<{ skey: string; province: string; year: number; kind: string; family: string; size: number }>;
  const pairs = new Map<string, { skey: string; province: string; year: number; phys?: number; hist?: number }>();
  for (const r of sizes) {
    if (examSystem(r.province, r.year) !== '3+1+2') continue;
    const k = [r.skey, r.province, r.year, r.kind].join('\u0001');
    const p = pairs.get(k) ?? pairs.set(k, { skey: r.skey, province: r.province, year: r.year }).get(k)!;
    if (r.family === '物理') p.phys = r.size;
    else p.hist = r.size;
  }
  const complete = [...pairs.values()].filter((p) => p.phys !== undefined && p.hist !== undefined);
  const where = `WHERE id IN (SELECT c.id FROM rank_candidates c JOIN rank_tables r ON r.id = c.id WHERE c.skey = ? AND r.province = ? AND r.year = ?)`;
  const clean = ctx.db.prepare(`UPDATE rank_tables SET cleaned = 1, clean_reason = ? ${where}`);
  // a cleaned table no longer competes for its key
  const drop = ctx.db.prepare(`DELETE FROM rank_candidates ${where}`);
  const done = new Set<string>();
  for (const p of complete) {
    const k = [p.skey, p.province, p.year].join('\u0001');
    if (p.phys! >= p.hist! || done.has(k)) continue;
    const others = complete.filter((o) => o.province === p.province && !(o.skey === p.skey && o.year === p.year));
    if (others.length < 2 || !others.every((o) => o.phys! > o.hist!)) continue;
    done.add(k);
    clean.run(`broken_table:物理 and 历史 swapped (物理 ${p.phys!.toLocaleString('en')} candidates < 历史 ${p.hist!.toLocaleString('en')}; every other reformed ${p.province} table has 物理 larger)`, p.skey, p.province, p.year);
    drop.run(p.skey, p.province, p.year);
  }
}

/** Each served table against every other source's copy of it (cleaned copies included: that is where they differ). */
function compareTables(ctx: ImportContext): RankTableAgreement[] {
  const rows = ctx.db
    .prepare(
      `SELECT c.tkey, c.skey, b.skey AS best, r.score, r.cumulative_rank AS cum FROM rank_candidates c JOIN rank_tables r ON r.id = c.id
       JOIN rank_best b ON b.tkey = c.tkey
       WHERE c.tkey IN (SELECT tkey FROM rank_candidates GROUP BY tkey HAVING COUNT(DISTINCT skey) > 1) AND r.score_max IS NULL
       ORDER BY c.tkey`,
    )
    .all() as Array<{ tkey: string; skey: string; best: string; score: number; cum: number | null }>;
  const out: RankTableAgreement[] = [];
  const byKey = new Map<string, typeof rows>();
  for (const r of rows) (byKey.get(r.tkey) ?? byKey.set(r.tkey, []).get(r.tkey)!).push(r);
  const file = (skey: string) => skey.split('|')[0];
  for (const [tkey, list] of byKey) {
    const served = new Map(list.filter((r) => r.skey === r.best).map((r) => [r.score, r.cum]));
    for (const skey of new Set(list.map((r) => r.skey))) {
      if (skey === list[0].best) continue;
      let scores = 0;
      let exact = 0;
      let maxDiff = 0;
      for (const r of list) {
        if (r.skey !== skey || r.cum === null || !served.has(r.score) || served.get(r.score) === null) continue;
        scores++;
        const d = Math.abs(served.get(r.score)! - r.cum);
        if (d === 0) exact++;
        maxDiff = Math.max(maxDiff, d);
      }
      out.push({ table: tkey, served: file(list[0].best), other: file(skey), scores, exact, max_diff: maxDiff });
    }
  }
  return out;
}

/** The family an art or PE table kind names (广东 艺术美术与设计类总分(本科加分), 体育类总分(专科加分)), or null. */
export function kindFamily(kind: string): '艺术' | '体育' | null {
  if (/体育/.test(kind)) return '体育';
  if (/艺术|美术|音乐|舞蹈|书法|播音|表演|编导|戏剧/.test(kind)) return '艺术';
  return null;
}

/**
 * Table kinds that count a province's whole ordinary cohort of a family, split only by batch, bonus points or the
 * region of the universities: copies of the province's table, to be compared with it. 选考 subsets (山东 选考物理),
 * art/PE and 对口 tables count other populations.
 */
export const ORDINARY_KIND = /^(本科|专科)(批|加分)?$|^普通类$|区[内外]院校$/;

const isOrdinary = (kind: string) => kind === '' || ORDINARY_KIND.test(kind);
const ORDINARY_FAMILIES = "('物理', '历史', '综合')";

interface TableStat { province: string; year: number; family: string; kind: string; file: string; total: number; bottom: number }

function servedTables(ctx: ImportContext): TableStat[] {
  return (ctx.db
    .prepare(
      `SELECT province, year, subject_family AS family, table_kind AS kind, source_file AS file, MAX(cumulative_rank) AS total, MIN(score) AS bottom
       FROM rank_tables WHERE cleaned = 0 AND subject_family IN ${ORDINARY_FAMILIES} GROUP BY 1, 2, 3, 4, 5`,
    )
    .all() as TableStat[]).filter((t) => isOrdinary(t.kind) && t.total !== null);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * A table that cannot be the province's table of a family: it reaches down below 40 % of the full mark, where a
 * cohort's table has counted most candidates, yet counts under a quarter of the median candidates of the province's
 * ordinary tables of that family in its other years. 青海 2024's only copy is the 1,544-candidate table of the
 * vocational 征集 round (liuguanghui source id official-qinghai-2024-vocational-m-final-collection-rank-pdf), against
 * 30,457 and 31,560 in 2025–2026. Kept cleaned, so it is neither served nor used to rank anyone.
 */
function cleanNonMainTables(ctx: ImportContext): void {
  const tables = servedTables(ctx);
  const update = ctx.db.prepare(`UPDATE rank_tables SET cleaned = 1, clean_reason = ? WHERE province = ? AND year = ? AND subject_family = ? AND table_kind = ? AND source_file = ? AND cleaned = 0`);
  for (const t of tables) {
    const others = tables.filter((o) => o.province === t.province && o.family === t.family && o.year !== t.year && o.kind === '');
    if (others.length === 0 || t.bottom > 0.4 * maxTotalScore(t.province, t.year)) continue;
    const m = median(others.map((o) => o.total));
    if (t.total >= m / 4) continue;
    update.run(
      `implausible:not the province's main table: ${t.total.toLocaleString('en')} candidates down to ${t.bottom} points, against a median of ${Math.round(m).toLocaleString('en')} in ${t.province}'s ${t.family} tables of ${others.map((o) => o.year).join('/')}`,
      t.province, t.year, t.family, t.kind, t.file,
    );
  }
}

/**
 * A province-year-family with no ordinary ('') table but a 本科 table of one source (广东 2026: 本科加分, the table the
 * 广东省教育考试院 本科 投档 ranks are ranked in; 甘肃 2025: 本科): that table is the province's table, the one a 本科 line
 * and a candidate are ranked in. Its published kind stays in source_quality.
 */
function promoteMainTables(ctx: ImportContext): void {
  const tables = servedTables(ctx);
  const key = (t: TableStat) => `${t.province}|${t.year}|${t.family}`;
  const withMain = new Set(tables.filter((t) => t.kind === '').map(key));
  const byKey = new Map<string, TableStat[]>();
  for (const t of tables) if (!withMain.has(key(t)) && /^本科/.test(t.kind)) (byKey.get(key(t)) ?? byKey.set(key(t), []).get(key(t))!).push(t);
  const update = ctx.db.prepare(
    `UPDATE rank_tables SET table_kind = '', source_quality = COALESCE(source_quality || '; ', '') || ? WHERE province = ? AND year = ? AND subject_family = ? AND table_kind = ? AND source_file = ? AND cleaned = 0`,
  );
  for (const list of byKey.values()) {
    if (list.length !== 1) continue;
    const t = list[0];
    update.run(`published as the ${t.kind} table: the province's only ordinary table of the year, served as its table`, t.province, t.year, t.family, t.kind, t.file);
  }
}

/** Tolerance for two copies of one table at one score: 0.1 % of the cumulative count, at least 20 places. */
const tolerance = (cum: number) => Math.max(20, cum * 0.001);

/**
 * Every other served table of a province-year-family whose kind counts the same ordinary cohort (本科, 专科, 本科批,
 * 普通类, 区内院校 …) is compared with the served ordinary table, whatever its kind (甘肃 2026: immaotianyi's 本科 table
 * and liuguanghui's table were both served, up to 6,204 places apart). A copy that disagrees beyond the tolerance at
 * any score is not served: the ordinary table stays the one table of the province-year-family (which copy is wrong is
 * judged by rank-verdict.ts in the audit); agreeing copies stay served under their kind.
 */
function compareKinds(ctx: ImportContext): RankTableAgreement[] {
  const tables = servedTables(ctx);
  const rowsOf = ctx.db.prepare(
    `SELECT score, cumulative_rank AS cum FROM rank_tables WHERE province = ? AND year = ? AND subject_family = ? AND table_kind = ? AND source_file = ? AND cleaned = 0 AND score_max IS NULL AND cumulative_rank IS NOT NULL`,
  );
  const clean = ctx.db.prepare(`UPDATE rank_tables SET cleaned = 1, clean_reason = ? WHERE province = ? AND year = ? AND subject_family = ? AND table_kind = ? AND source_file = ? AND cleaned = 0`);
  const out: RankTableAgreement[] = [];
  for (const main of tables.filter((t) => t.kind === '')) {
    const served = new Map((rowsOf.all(main.province, main.year, main.family, '', main.file) as Array<{ score: number; cum: number }>).map((r) => [r.score, r.cum]));
    for (const other of tables.filter((t) => t.kind !== '' && t.province === main.province && t.year === main.year && t.family === main.family)) {
      let scores = 0;
      let exact = 0;
      let maxDiff = 0;
      let off = 0;
      for (const r of rowsOf.all(other.province, other.year, other.family, other.kind, other.file) as Array<{ score: number; cum: number }>) {
        const s = served.get(r.score);
        if (s === undefined) continue;
        scores++;
        const d = Math.abs(s - r.cum);
        if (d === 0) exact++;
        if (d > tolerance(s)) off++;
        maxDiff = Math.max(maxDiff, d);
      }
      out.push({ table: [main.province, main.year, main.family, ''].join('|'), served: main.file, other: other.file, scores, exact, max_diff: maxDiff, other_kind: other.kind });
      if (off > 0) {
        clean.run(
          `duplicate:another copy of ${main.province} ${main.year} ${main.family}'s table (published as ${other.kind}), off the served table by more than 0.1 % at ${off} of ${scores} scores (up to ${maxDiff.toLocaleString('en')} places)`,
          other.province, other.year, other.family, other.kind, other.file,
        );
      }
    }
  }
  return out;
}
