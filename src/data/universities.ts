// Universities: search (name incl. short names, province, city, level flags, type, ranking) and detail (basics,
// majors offered, strong disciplines, recent admission lines; interface 2.6). ~3k rows: filters run as a plain
// scan of the small table, which is cheaper than any index bookkeeping at this size.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { NotFoundError } from '../errors.ts';
import { includeCampusesField, provinceField, universityIdField, universityNameField } from './filters.ts';
import { matchSchoolName, nameCondition, type NameMatchSet } from './names.ts';
import { normalizeSchoolName } from './normalize.ts';
import { pageFields, pageQuery, prepared, type Page } from './paging.ts';
import { UNLINKED_NOTE, UNLISTED_NOTE } from './unlisted.ts';

export const UNIVERSITY_LEVELS = ['985', '211', '双一流', '本科', '专科'] as const;
export const UNIVERSITY_ORDERS = ['ranking', 'name', 'id'] as const;

export const universitySearchSchema = z
  .object({
    q: z.string().trim().min(1).max(50).optional().describe('名称关键词，支持简称与 1–2 字查询（北大、清华、哈工大、师范）· name or short name'),
    province: provinceField.optional(),
    city: z.string().trim().min(1).max(20).optional().describe('城市（南京 / 南京市）· city'),
    level: z.enum(UNIVERSITY_LEVELS).optional().describe('层次：985、211、双一流、本科、专科 · level flag'),
    type: z.string().trim().min(1).max(10).optional().describe('院校类型（综合、理工、师范、医药、财经 …）· university type'),
    max_ranking: z.coerce.number().int().min(1).max(1000).optional().describe('软科 2026 主榜名次不低于（≤ 此值）· best-ranked up to this 软科 2026 rank'),
    order: z
      .enum(UNIVERSITY_ORDERS)
      .optional()
      .describe('排序：ranking（软科名次，未上榜在后）、name、id；默认有 q 时名称精确匹配优先，再按名次 · order; default: exact name matches first, then ranking'),
    ...pageFields,
  })
  .strict();
export type UniversitySearch = z.output<typeof universitySearchSchema>;

export const universityIdSchema = z.object({ id: universityIdField }).strict();
export const universityDetailQuerySchema = z.object({ include_campuses: includeCampusesField }).strict();
export type UniversityDetailOptions = { include_campuses?: boolean };

export const universityLookupSchema = z
  .object({ id: universityIdField.optional(), name: universityNameField.optional(), include_campuses: includeCampusesField })
  .strict()
  .superRefine((v, ctx) => {
    if (v.id === undefined && v.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'required: give name or id' });
  });
export type UniversityLookup = z.output<typeof universityLookupSchema>;

const MAX_CANDIDATES = 10;

/**
 * One university by id or by name (short names included). A name that fits several universities is not guessed
 * between: the candidates come back instead.
 */
export function lookupUniversity(db: DB, q: UniversityLookup):
  | { found: true; university: ReturnType<typeof universityDetail> & { asked_campus?: string } }
  | { found: false; candidates: Array<{ id: number; name: string; province: string }>; more: boolean; outside_national_list?: OutsideListItem[] } {
  if (q.id !== undefined) {
    if (!getUniversityRow(db, q.id)) return { found: false, candidates: [], more: false };
    return { found: true, university: universityDetail(db, q.id, q) };
  }
  const m = matchSchoolName(db, q.name!);
  const ids = m.universityIds;
  if (ids.length === 0) {
    // 国防科大, 海军军医大学 …: no university record to show, but the rows the data holds under the name.
    const outside = outsideNationalList(db, m).map((o) => ({ ...o, recent_admission_lines: recentLinesWhere(db, outsideCondition(m, o), false) }));
    if (outside.length) {
      // 中国地质大学 is also the start of listed names (中国地质大学(武汉)): those are offered too, never guessed between
      const listed = prepared(db, 'SELECT id, name, province FROM universities WHERE instr(name_key, ?) > 0 ORDER BY ranking IS NULL, ranking, id LIMIT ?')
        .all(normalizeSchoolName(q.name!), MAX_CANDIDATES + 1) as Array<{ id: number; name: string; province: string }>;
      return { found: false, candidates: listed.slice(0, MAX_CANDIDATES), more: listed.length > MAX_CANDIDATES, outside_national_list: outside };
    }
  }
  if (ids.length === 1) {
    // A branch campus's own name (东北大学秦皇岛分校) finds its parent; its lines are what was asked for, so they are included.
    const campus = campusNamed(db, q.name!);
    if (campus) return { found: true, university: { ...universityDetail(db, ids[0], { include_campuses: true }), asked_campus: campus } };
    return { found: true, university: universityDetail(db, ids[0], q) };
  }
  const candidates = prepared(db, 'SELECT id, name, province FROM universities WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ranking IS NULL, ranking, id LIMIT ?')
    .all(JSON.stringify(ids), MAX_CANDIDATES + 1) as Array<{ id: number; name: string; province: string }>;
  return { found: false, candidates: candidates.slice(0, MAX_CANDIDATES), more: candidates.length > MAX_CANDIDATES };
}

/** The campus label a name stands for when it is a branch campus's spelling (school_names.campus), else null. */
function campusNamed(db: DB, name: string): string | null {
  const key = normalizeSchoolName(name);
  if (prepared(db, 'SELECT 1 FROM universities WHERE name_key = ?').get(key)) return null;
  return (prepared(db, 'SELECT campus FROM school_names WHERE name_key = ? AND campus IS NOT NULL ORDER BY rows DESC LIMIT 1').pluck().get(key) as string | undefined) ?? null;
}

export interface UniversityItem {
  id: number;
  name: string;
  province: string;
  city: string | null;
  level: string | null;
  nature: string | null;
  type: string | null;
  is_985: boolean;
  is_211: boolean;
  is_double_first_class: boolean;
  ranking: number | null;
}

const LIST_COLUMNS = 'id, name, province, city, level, nature, type, is_985, is_211, is_double_first_class, ranking';

function toItem(r: any): UniversityItem {
  return { ...r, is_985: r.is_985 === 1, is_211: r.is_211 === 1, is_double_first_class: r.is_double_first_class === 1 };
}

const LEVEL_SQL: Record<(typeof UNIVERSITY_LEVELS)[number], string> = {
  '985': 'is_985 = 1',
  '211': 'is_211 = 1',
  双一流: 'is_double_first_class = 1',
  本科: "level = '本科'",
  专科: "level = '专科'",
};

const ORDER_SQL: Record<(typeof UNIVERSITY_ORDERS)[number], string> = {
  ranking: 'ranking IS NULL, ranking, id',
  name: 'name, id',
  id: 'id',
};

/** The conditions of a university search (shared by the page and the count), and what the name matched. */
function universityConditions(db: DB, f: UniversitySearch): { where: string; params: Record<string, unknown>; relevance: string; match: NameMatchSet | null } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  let relevance = '';
  let match: NameMatchSet | null = null;
  if (f.q) {
    const m: NameMatchSet = matchSchoolName(db, f.q);
    match = m;
    // Exact names and aliases first (北大 → 北京大学), then every official name containing the text.
    params.q_key = normalizeSchoolName(f.q);
    params.q_ids = JSON.stringify(m.exact ? m.universityIds : []);
    where.push('(id IN (SELECT value FROM json_each(@q_ids)) OR instr(name_key, @q_key) > 0)');
    relevance = 'id NOT IN (SELECT value FROM json_each(@q_ids)), ';
  }
  if (f.province) {
    where.push('province = @province');
    params.province = f.province;
  }
  if (f.city) {
    where.push('(city = @city OR city = @city || \'市\')');
    params.city = f.city.replace(/市$/, '');
  }
  if (f.level) where.push(LEVEL_SQL[f.level]);
  if (f.type) {
    where.push('(type = @type OR type = @type_short)');
    params.type = f.type;
    params.type_short = f.type.replace(/类$/, '');
  }
  if (f.max_ranking !== undefined) {
    where.push('ranking <= @max_ranking');
    params.max_ranking = f.max_ranking;
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params, relevance, match };
}

export function searchUniversities(db: DB, f: UniversitySearch): Page<UniversityItem> & { outside_national_list?: OutsideListItem[] } {
  const { where, params, relevance, match } = universityConditions(db, f);
  const order = f.order ? ORDER_SQL[f.order] : `${relevance}${ORDER_SQL.ranking}`;
  const sql = `SELECT ${LIST_COLUMNS} FROM universities ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
  const page = pageQuery(db, sql, params, f, toItem);
  // Outside the list nothing is known of province, city, level, type or rank: only a plain name search can find them.
  const nameOnly = [f.province, f.city, f.level, f.type, f.max_ranking].every((v) => v === undefined);
  const outside = match && nameOnly && f.page === 1 ? outsideNationalList(db, match) : [];
  return outside.length ? { ...page, outside_national_list: outside } : page;
}

/** A search hit outside the national list (outsideListItemSchema in responses.ts). */
export interface OutsideListItem {
  name: string;
  listed: false;
  note: string;
  kind: string | null;
  aliases: string[];
  spellings: string[];
  score_lines: number;
  admission_plans: number;
  provinces: string[];
  years: number[];
}

const MAX_OUTSIDE = 10;
/** Unlinked spellings looked at per search: a vague text ("大学") matches hundreds of OCR fragments. */
const MAX_OUTSIDE_SPELLINGS = 200;

/** The rows of one hit: its spellings (and coded spellings) that no university is linked to. */
function outsideCondition(m: NameMatchSet, o: OutsideListItem): { sql: string; params: Record<string, unknown> } {
  const u = m.unlisted.find((x) => x.name === o.name && o.kind !== null);
  const c = nameCondition({ universityIds: [], unresolvedNames: u ? [] : [o.name], exact: true, unlisted: u ? [u] : [] }, '', true);
  // unary + keeps the planner on the school_name index (the unlinked rows are many; one name has few)
  return { sql: `+university_id IS NULL AND ${c.sql}`, params: c.params };
}

type Counted = { t: 'score_lines' | 'admission_plans'; school_name: string; province: string; year: number; n: number };

/** Served unlinked rows per spelling, province and year, in both tables: one indexed lookup per spelling. */
function countUnlinked(db: DB, names: string[], extra: { sql: string; params: Record<string, unknown> } | null): Counted[] {
  const where = extra ? extra.sql : 'school_name IN (SELECT value FROM json_each(@names))';
  return prepared(
    db,
    `SELECT 'score_lines' AS t, school_name, province, year, COUNT(*) AS n FROM score_lines WHERE cleaned = 0 AND +university_id IS NULL AND ${where} GROUP BY 2, 3, 4
     UNION ALL SELECT 'admission_plans', school_name, province, year, COUNT(*) FROM admission_plans WHERE cleaned = 0 AND +university_id IS NULL AND ${where} GROUP BY 2, 3, 4`,
  ).all(extra ? extra.params : { names: JSON.stringify(names) }) as Counted[];
}

/**
 * The institutions outside the national list a name means (maintained list), then the other unlinked spellings
 * it matched, each with its served score lines and plans, provinces and years; those with no served row are left out.
 */
export function outsideNationalList(db: DB, m: NameMatchSet): OutsideListItem[] {
  const grouped = new Set(m.unlisted.flatMap((u) => [...u.spellings, ...u.coded.map((c) => c.school_name)]));
  const hits = [
    ...m.unlisted.map((u) => ({ hit: { name: u.name, listed: false as const, note: UNLISTED_NOTE, kind: u.kind as string | null, aliases: u.aliases, spellings: [...u.spellings, ...u.coded.map((c) => c.school_name)] }, plain: u.spellings, coded: u })),
    ...m.unresolvedNames.filter((n) => !grouped.has(n)).slice(0, MAX_OUTSIDE_SPELLINGS).map((n) => ({ hit: { name: n, listed: false as const, note: UNLINKED_NOTE, kind: null, aliases: [] as string[], spellings: [n] }, plain: [n], coded: null })),
  ];
  const bySpelling = new Map<string, Counted[]>();
  for (const r of countUnlinked(db, hits.flatMap((h) => h.plain), null)) (bySpelling.get(r.school_name) ?? bySpelling.set(r.school_name, []).get(r.school_name)!).push(r);
  const out: OutsideListItem[] = hits.map(({ hit, plain, coded }) => {
    const rows = plain.flatMap((n) => bySpelling.get(n) ?? []);
    if (coded?.coded.length) {
      const c = nameCondition({ universityIds: [], unresolvedNames: [], exact: true, unlisted: [{ ...coded, spellings: [] }] }, '', true);
      rows.push(...countUnlinked(db, [], c));
    }
    const sum = (t: Counted['t']) => rows.filter((r) => r.t === t).reduce((a, r) => a + r.n, 0);
    return {
      ...hit,
      score_lines: sum('score_lines'),
      admission_plans: sum('admission_plans'),
      provinces: [...new Set(rows.map((r) => r.province))].sort(),
      years: [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b),
    };
  });
  return out
    .filter((h) => h.score_lines + h.admission_plans > 0)
    .sort((a, b) => Number(a.kind === null) - Number(b.kind === null) || b.score_lines + b.admission_plans - (a.score_lines + a.admission_plans))
    .slice(0, MAX_OUTSIDE);
}

/** How many universities a search matches over every page ("北京有多少所 211"). */
export function countUniversities(db: DB, f: UniversitySearch): number {
  const { where, params } = universityConditions(db, f);
  return (prepared(db, `SELECT COUNT(*) AS n FROM universities ${where}`).get(params) as { n: number }).n;
}

export function getUniversityRow(db: DB, id: number): any {
  return prepared(db, 'SELECT * FROM universities WHERE id = ?').get(id);
}

/** University detail (interface 2.6): basics, majors offered, strong disciplines, recent admission lines. */
export function universityDetail(db: DB, id: number, opts: UniversityDetailOptions = {}) {
  const u = getUniversityRow(db, id);
  if (!u) throw new NotFoundError(`no university with id ${id} in the data`, 'id');
  const split = (s: string | null) => (s ? s.split('|').filter(Boolean) : []);

  const rankingYear = prepared(db, 'SELECT MAX(year) FROM major_rankings WHERE university_id = ? AND cleaned = 0').pluck().get(id) as number | null;
  const rankedMajors = rankingYear
    ? (prepared(db, 'SELECT COUNT(DISTINCT major_name) FROM major_rankings WHERE university_id = ? AND year = ? AND cleaned = 0').pluck().get(id, rankingYear) as number)
    : 0;
  const firstClass = prepared(db, 'SELECT tier, COUNT(*) AS n FROM first_class_majors WHERE university_id = ? GROUP BY tier').all(id) as Array<{ tier: string; n: number }>;

  const eval4 = prepared(
    db,
    `SELECT discipline_code, discipline_name, grade FROM discipline_evaluations
     WHERE university_id = ? AND round = 4 AND cleaned = 0 ORDER BY grade_order, discipline_code, id`,
  ).all(id) as Array<{ discipline_code: string | null; discipline_name: string; grade: string }>;

  const rankings = prepared(db, 'SELECT list, rank_text, score FROM university_rankings WHERE university_id = ? ORDER BY rank IS NULL, rank, list, id').all(id);

  return {
    id: u.id,
    moe_code: u.moe_code,
    name: u.name,
    aliases: prepared(db, 'SELECT alias FROM university_aliases WHERE university_id = ? AND kind IN (\'alias\', \'renamed\') ORDER BY alias').pluck().all(id),
    province: u.province,
    city: u.city,
    city_tier: u.city_tier,
    level: u.level,
    nature: u.nature,
    affiliation: u.affiliation,
    type: u.type,
    flags: {
      is_985: u.is_985 === 1,
      is_211: u.is_211 === 1,
      is_double_first_class: u.is_double_first_class === 1,
      is_qiangji: u.is_qiangji === 1,
      is_buxing_hejian: u.is_buxing_hejian === 1,
      is_vice_ministerial: u.is_vice_ministerial === 1,
    },
    ranking: { ruanke_2026_main: u.ranking, ruanke_2026_main_score: u.ranking_score, ruanke_2026_total: u.ranking_total, lists: rankings },
    website: u.website,
    admission_url: u.admission_url,
    majors_offered: {
      ranked_majors: rankedMajors,
      ranked_majors_year: rankingYear,
      basis: '软科中国大学专业排名中该校上榜的专业数（未上榜的专业不计）',
      first_class_national: firstClass.find((r) => r.tier === 'national')?.n ?? 0,
      first_class_provincial: firstClass.find((r) => r.tier === 'provincial')?.n ?? 0,
    },
    strong_disciplines: {
      double_first_class: split(u.dfc_disciplines),
      eval4_a: eval4.filter((e) => e.grade.startsWith('A')),
      eval4_graded: eval4.length,
    },
    recent_admission_lines: recentLines(db, id, opts.include_campuses === true),
    ...campusesOf(db, id),
    source: { file: u.source_file, ref: u.source_ref },
  };
}

/**
 * The branch campuses / institutes whose lines the data holds under this university (东北大学 → 东北大学(秦皇岛)),
 * with their served line counts: present only when there are some, so a caller knows include_campuses exists.
 */
function campusesOf(db: DB, id: number): { campuses?: Array<{ campus: string; lines: number }> } {
  const rows = prepared(
    db,
    'SELECT campus, COUNT(*) AS lines FROM score_lines WHERE university_id = ? AND campus IS NOT NULL AND cleaned = 0 GROUP BY campus ORDER BY lines DESC, campus',
  ).all(id) as Array<{ campus: string; lines: number }>;
  return rows.length ? { campuses: rows } : {};
}

/**
 * The latest year of each province's ordinary lines (院校线 / 专业组线 / 专业线, not 特殊招生线, and no programme
 * unit: a 专项, 预科, 中外合作, 医护类 … line is not the school's 最低) for one university, per subject family: the lowest and highest minimum score and the best and worst minimum rank.
 * A branch campus's lines (score_lines.campus) are left out unless includeCampuses; then each campus is summed
 * on its own and its rows carry `campus`, so a campus line is never read as the parent's.
 */
export function recentLines(db: DB, id: number, includeCampuses = false) {
  return recentLinesWhere(db, { sql: 'university_id = @id', params: { id } }, includeCampuses);
}

/** recentLines over the rows of a condition (a university, or the spellings of an institution outside the list). */
function recentLinesWhere(db: DB, cond: { sql: string; params: Record<string, unknown> }, includeCampuses: boolean) {
  const campus = includeCampuses ? 'campus' : "''";
  const rows = prepared(
    db,
    `WITH rows AS (
       SELECT province, year, subject_family, data_type, min_score, min_rank, ${includeCampuses ? 'campus' : 'NULL AS campus'} FROM score_lines
       WHERE ${cond.sql} AND cleaned = 0 AND data_type <> '特殊招生线' AND admission_unit IS NULL AND min_score IS NOT NULL${includeCampuses ? '' : ' AND campus IS NULL'}),
     latest AS (SELECT province, ${campus} AS c, MAX(year) AS year FROM rows GROUP BY province, ${campus})
     SELECT r.province, r.year, r.subject_family, COUNT(*) AS lines,
            MIN(r.min_score) AS lowest_min_score, MAX(r.min_score) AS highest_min_score,
            MIN(r.min_rank) AS best_min_rank, MAX(r.min_rank) AS worst_min_rank,
            group_concat(DISTINCT r.data_type) AS data_types, r.campus
     FROM rows r JOIN latest l ON l.province = r.province AND l.year = r.year AND l.c IS ${includeCampuses ? 'r.campus' : "''"}
     GROUP BY r.province, r.year, r.subject_family, r.campus
     ORDER BY r.campus IS NOT NULL, r.campus, r.year DESC, MAX(r.min_score) DESC, r.province, r.subject_family`,
  ).all(cond.params) as Array<Record<string, unknown>>;
  // The parent's rows keep exactly their former shape: campus is added only where there is one.
  for (const r of rows) if (r.campus === null) delete r.campus;
  return rows;
}
