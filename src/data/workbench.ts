// The volunteer-filling workbench behind GET /api/recommendation/match (the /zhiyuan/ page): every university
// match_by_score finds for a candidate, not only the 30 it lists, with the filters a family narrows by (省内/省外,
// city, 985/211/双一流, 公办/民办, type, major keyword, the candidate's 选科), one 冲/稳/保 tab at a time with every
// tab's count, sorted by probability, past line or ranking, paged; each entry with this year's plan where the data
// has one. The probabilities are match_by_score's own (same model, same figures); this module only narrows, orders and
// annotates. Also the exam-system facts the page's inputs follow (provinceExams).
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { InputError } from '../errors.ts';
import { batchField, majorNameField, provinceField, rankField, subjectField, yearField } from './filters.ts';
import { examYear, matchByScore, matchOutputSchema, type MatchItem, type MatchResult } from './match.ts';
import { examSystem, maxTotalScore, PROVINCE_NAMES, type ExamSystem } from './normalize.ts';
import { prepared } from './paging.ts';
import { UNIVERSITY_LEVELS } from './universities.ts';

/** The 选考 subjects (技术 only in 浙江's 3+3). */
export const ELECTIVE_SUBJECTS = ['物理', '化学', '生物', '政治', '历史', '地理', '技术'] as const;
export type ElectiveSubject = (typeof ELECTIVE_SUBJECTS)[number];
export const WORKBENCH_SORTS = ['probability', 'line', 'ranking'] as const;
export const NATURES = ['公办', '民办', '中外合作'] as const;
export const REGIONS = ['省内', '省外'] as const;
const LABELS = ['冲', '稳', '保', '垫底'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

export const workbenchSchema = z
  .object({
    province: provinceField,
    subject_type: subjectField.optional().describe('科类；3+3 省份可省略（综合）· subject type; optional for 3+3 provinces'),
    year: yearField.optional().describe('考生的高考年份；不填则按备考下一年（用最近一年的一分一段表换算位次）· exam year (default: the next exam, ranked with the latest 一分一段 table)'),
    score: z.coerce.number().min(0).max(1000).optional().describe('高考总分（与 rank 二选一），不超过该省该年的满分 · total score (or rank), at most the province\'s full mark'),
    rank: rankField('位次（与 score 二选一）· rank (or score)').optional(),
    batch: batchField.optional(),
    major: majorNameField.optional().describe('专业关键词：只用含该专业的录取线 · major keyword'),
    major_class: text(30)
      .optional()
      .describe('专业类（名称或代码，如 计算机类、0809）：只看往年在本省录取过该类专业的院校；概率仍按院校的线 · major class: universities that admitted to a major of this class in the province in the compared years'),
    region: z.enum(REGIONS).optional().describe('省内 = 院校在考生所在省份；省外 = 其他省份 · universities in / outside the candidate\'s province'),
    university_province: provinceField.optional().describe('只看位于该省份的院校 · universities located in this province'),
    city: text(20).optional().describe('院校所在城市（如 武汉）· city'),
    level: z.enum(UNIVERSITY_LEVELS).optional().describe('院校层次：985、211、双一流、本科、专科 · level'),
    nature: z.enum(NATURES).optional().describe('办学性质：公办、民办、中外合作 · public, private or joint'),
    type: text(10).optional().describe('院校类型（综合、理工、师范、医药、财经 …）· university type'),
    electives: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const out = [...new Set(v.split(/[,，、+\s]+/).filter(Boolean))];
        const bad = out.filter((s) => !(ELECTIVE_SUBJECTS as readonly string[]).includes(s));
        if (bad.length) {
          ctx.issues.push({ code: 'custom', input: v, message: `unknown subject ${bad.join(', ')}; use ${ELECTIVE_SUBJECTS.join(', ')}` });
          return z.NEVER;
        }
        return out as ElectiveSubject[];
      })
      .describe(`考生的选考科目，逗号分隔（${ELECTIVE_SUBJECTS.join('、')}）；给出时略去数据表明不符合选科要求的院校 · the candidate's elective subjects; entries whose known requirement they miss are left out`),
    label: z.enum(LABELS).optional().describe('只列冲、稳、保或垫底中的一类（各类的数目总会给出；垫底须 sure=true）· one of 冲/稳/保 (垫底 with sure)'),
    sure: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => v === 'true' || v === '1')
      .describe('也列出录取概率高于 99% 的院校（垫底），match_by_score 本身不列 · also list entries above 99 % (垫底)'),
    sort: z.enum(WORKBENCH_SORTS).default('probability').describe('probability = 录取概率从高到低；line = 往年录取线从高到低；ranking = 软科排名 · order'),
    page: z.coerce.number().int().min(1).max(1000).default(1).describe('页码 · page'),
    page_size: z.coerce.number().int().min(1).max(50).default(20).describe('每页条数（1–50，默认 20）· rows per page'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.score === undefined && v.rank === undefined) ctx.addIssue({ code: 'custom', path: ['score'], message: 'required: give score or rank' });
    if (v.score !== undefined && v.rank !== undefined) ctx.addIssue({ code: 'custom', path: ['rank'], message: 'give either score or rank, not both' });
    if (v.region && v.university_province) ctx.addIssue({ code: 'custom', path: ['region'], message: 'give region or university_province, not both' });
  });
export type WorkbenchQuery = z.output<typeof workbenchSchema>;

/** A 选科要求 as published, folded: every subject of `all` is required, and one of `any` when it is non-empty. */
export interface ElectiveRule {
  all: ElectiveSubject[];
  any: ElectiveSubject[];
}

const SUBJECT_TOKEN = /思想政治|生物学|物理|化学|生物|政治|历史|地理|技术|物|化|生|政|史|历|地|技/g;
const TOKEN_SUBJECT: Record<string, ElectiveSubject> = { 思想政治: '政治', 生物学: '生物', 物: '物理', 化: '化学', 生: '生物', 政: '政治', 史: '历史', 历: '历史', 地: '地理', 技: '技术' };

/**
 * Reads a published 选科要求 ("物理+化学", "物和化", "物或化或生", "首选物理，再选化学", "不提科目要求" …); null when
 * it names no subject and is not a "no requirement" phrase (e.g. "艺术类"), i.e. the requirement is unknown.
 */
export function parseElective(raw: string | null | undefined): ElectiveRule | null {
  // the boilerplate "(2门科目考生均须选考方可报考)" names no subject but holds 生 (考生)
  const s = (raw ?? '').replace(/\s+/g, '').replace(/[(（][^)）]*(考生|均须|必须|方可)[^)）]*[)）]/g, '').replace(/考生/g, '');
  const tokens = [...s.matchAll(SUBJECT_TOKEN)].map((m) => TOKEN_SUBJECT[m[0]] ?? (m[0] as ElectiveSubject));
  if (!tokens.length) return /不限|不提|无要求|无限制/.test(s) ? { all: [], any: [] } : null;
  const subjects = [...new Set(tokens)];
  if (!/或|任选|之一|选一/.test(s)) return { all: subjects, any: [] };
  // "首选物理，再选化学或生物": the first choice is required, the rest are alternatives
  if (/首选/.test(s)) return { all: [subjects[0]], any: subjects.slice(1) };
  return { all: [], any: subjects };
}

export function electiveFits(rule: ElectiveRule, chosen: ReadonlySet<string>): boolean {
  return rule.all.every((x) => chosen.has(x)) && (rule.any.length === 0 || rule.any.some((x) => chosen.has(x)));
}

interface UniversityFacts {
  city: string | null;
  nature: string | null;
  ranking: number | null;
}

function universityFacts(db: DB, ids: number[]): Map<number, UniversityFacts> {
  const rows = prepared(db, 'SELECT id, city, nature, ranking FROM universities WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as Array<UniversityFacts & { id: number }>;
  return new Map(rows.map((r) => [r.id, r]));
}

interface PlanFacts {
  plan_count: number | null;
  rows: number;
  electives: string[];
}

const planKey = (id: number | null, campus: string | null) => `${id ?? ''}|${campus ?? ''}`;

/** The exam year's admission plans of a province (and family, except 3+3 where plan files label families loosely). */
function yearPlans(db: DB, province: string, year: number, family: string): Map<string, PlanFacts> {
  const familyClause = family === '综合' ? '' : 'AND subject_family = @family';
  const rows = prepared(
    db,
    `SELECT university_id, campus, SUM(plan_count) AS plan_count, COUNT(*) AS n, json_group_array(DISTINCT elective) AS electives
       FROM admission_plans WHERE province = @province AND year = @year AND cleaned = 0 AND university_id IS NOT NULL ${familyClause}
      GROUP BY university_id, campus`,
  ).all({ province, year, ...(family === '综合' ? {} : { family }) }) as Array<{ university_id: number; campus: string | null; plan_count: number | null; n: number; electives: string }>;
  return new Map(rows.map((r) => [planKey(r.university_id, r.campus), { plan_count: r.plan_count, rows: r.n, electives: (JSON.parse(r.electives) as Array<string | null>).filter((e): e is string => Boolean(e)) }]));
}

const workbenchItemSchema = matchOutputSchema.shape.items.element.extend({
  label: z.enum(LABELS).describe('冲 20–50 %, 稳 50–80 %, 保 80–99 %, 垫底 above 99 % (only with sure)'),
  city: z.string().nullable(),
  nature: z.string().nullable().describe('办学性质 as the university list gives it (公办, 民办, 中外合作…)'),
  ranking: z.number().int().nullable().describe('软科 main ranking'),
  plan: z.object({ year: z.number().int(), plan_count: z.number().int().nullable(), rows: z.number().int() }).nullable().describe('this year\'s admission plan of the university (campus) in the province: planned places and plan rows; null when the data has none'),
  elective: z
    .object({ source: z.enum(['plan', 'line']), texts: z.array(z.string()), fits: z.boolean().nullable() })
    .nullable()
    .describe('选科要求 as published (this year\'s plans, else the newest cited line) and whether the candidate\'s electives meet one of them'),
});

/** GET /api/recommendation/match's `data`. */
export const workbenchResultSchema = matchOutputSchema.omit({ items: true }).extend({
  counts: z.object({ 冲: z.number().int(), 稳: z.number().int(), 保: z.number().int(), 垫底: z.number().int() }).describe('entries per label after every filter (垫底: above 99 %, counted only with sure)'),
  workbench_left_out: z.object({ region: z.number().int(), city: z.number().int(), nature: z.number().int(), elective: z.number().int(), major_class: z.number().int() }),
  label: z.enum(LABELS).nullable(),
  sort: z.enum(WORKBENCH_SORTS),
  total: z.number().int().describe('entries of the label asked (all labels when none)'),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  items: z.array(workbenchItemSchema),
});

/** One entry: match_by_score's item with the facts the filters and the page use. */
export interface WorkbenchItem extends Omit<MatchItem, 'label'> {
  /** 冲/稳/保, or 垫底 (above 99 %) when asked with sure */
  label: (typeof LABELS)[number];
  city: string | null;
  nature: string | null;
  ranking: number | null;
  /** this year's plan for the university (or campus) in the province, null when the data has none */
  plan: { year: number; plan_count: number | null; rows: number } | null;
  /** the 选科要求 the data gives and whether the candidate's subjects meet it (null: unknown or not asked) */
  elective: { source: 'plan' | 'line'; texts: string[]; fits: boolean | null } | null;
}

function electiveOf(item: MatchItem, plan: PlanFacts | undefined, lineElectives: Map<number, string>, chosen: ReadonlySet<string> | null): WorkbenchItem['elective'] {
  // this year's plans first (a university fits when one of its plans does), else the newest cited line's
  const fromPlan = plan?.electives.length ? { source: 'plan' as const, texts: plan.electives } : null;
  const lineText = item.lines.map((l) => lineElectives.get(l.id)).find(Boolean);
  const found = fromPlan ?? (lineText ? { source: 'line' as const, texts: [lineText] } : null);
  if (!found) return null;
  if (!chosen) return { ...found, fits: null };
  const rules = found.texts.map(parseElective);
  const known = rules.filter((r): r is ElectiveRule => r !== null);
  const fits = known.some((r) => electiveFits(r, chosen)) ? true : known.length === rules.length ? false : null;
  return { ...found, fits };
}

function lineElectives(db: DB, items: MatchItem[]): Map<number, string> {
  const ids = items.flatMap((i) => i.lines.map((l) => l.id));
  const rows = prepared(db, 'SELECT id, elective FROM score_lines WHERE elective IS NOT NULL AND id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as Array<{ id: number; elective: string }>;
  return new Map(rows.map((r) => [r.id, r.elective]));
}

const newestLine = (it: Pick<MatchItem, 'lines'>) => it.lines.reduce<MatchItem['lines'][number] | null>((a, l) => (!a || l.year > a.year ? l : a), null);

const SORTS: Record<(typeof WORKBENCH_SORTS)[number], (a: WorkbenchItem, b: WorkbenchItem) => number> = {
  probability: (a, b) => (b.probability ?? -1) - (a.probability ?? -1) || (a.score_diff ?? 0) - (b.score_diff ?? 0),
  line: (a, b) => (newestLine(b)?.min_score ?? -1) - (newestLine(a)?.min_score ?? -1),
  ranking: (a, b) => (a.ranking ?? Infinity) - (b.ranking ?? Infinity),
};

export interface WorkbenchResult extends Omit<MatchResult, 'items'> {
  counts: Record<(typeof LABELS)[number], number>;
  /** entries the workbench's own filters left out (match_by_score's are in left_out) */
  workbench_left_out: { region: number; city: number; nature: number; elective: number; major_class: number };
  label: (typeof LABELS)[number] | null;
  sort: (typeof WORKBENCH_SORTS)[number];
  total: number;
  page: number;
  page_size: number;
  has_more: boolean;
  items: WorkbenchItem[];
}

/** The majors of a 专业类 (by name, 计算机类, or code, 0809); a 400 naming major_class when the catalogue has none. */
export function majorClass(db: DB, cls: string): string[] {
  const names = prepared(db, 'SELECT name FROM majors WHERE subcategory = @c OR subcategory_code = @c ORDER BY code').pluck().all({ c: cls.trim() }) as string[];
  if (!names.length) throw new InputError(`major_class: no 专业类 "${cls}" in the catalogue; use a name such as 计算机类 or a code such as 0809 (GET /api/majors/categories)`, 'major_class');
  return names;
}

/** Universities with a served line of the province in `years` whose major, or its group's majors, is one of `names`. */
function universitiesWithClass(db: DB, province: string, years: number[], names: string[]): Set<number> {
  const ids = prepared(
    db,
    `SELECT DISTINCT s.university_id FROM score_lines s
      WHERE s.province = @province AND s.year IN (SELECT value FROM json_each(@years)) AND s.cleaned = 0 AND s.university_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM json_each(@names) j WHERE instr(COALESCE(s.major_name, '') || '|' || COALESCE(s.group_majors, ''), j.value) > 0)`,
  ).pluck().all({ province, years: JSON.stringify(years), names: JSON.stringify(names) }) as number[];
  return new Set(ids);
}

/** The candidate's score checked against the province's full mark in the exam year (a 4xx naming score). */
export function checkScoreRange(province: string, year: number, score: number | undefined): void {
  if (score === undefined) return;
  const max = maxTotalScore(province, year);
  if (score > max) throw new InputError(`score: ${score} is above the full mark of ${province} ${year} (${max})`, 'score');
}

export function workbench(db: DB, q: WorkbenchQuery): WorkbenchResult {
  const m = matchByScore(db, {
    province: q.province,
    subject_type: q.subject_type,
    year: q.year,
    score: q.score,
    rank: q.rank,
    batch: q.batch,
    major: q.major,
    level: q.level,
    type: q.type,
    university_province: q.university_province,
    // every match: the workbench pages, filters and sorts them itself
    limit: Number.MAX_SAFE_INTEGER,
  }, { keepSure: q.sure });
  if (m.year !== null) checkScoreRange(m.province, m.year, q.score);
  const { items: all, ...rest } = m;
  const facts = universityFacts(db, [...new Set(all.flatMap((i) => (i.university_id === null ? [] : [i.university_id])))]);
  // the exam year's plans; for a candidate preparing for an exam whose plans are not out, the latest table year's
  const planYear = m.year && m.subject_type ? [m.year, m.rank?.table?.year].find((y) => y && yearPlans(db, m.province, y, m.subject_type!).size > 0) ?? m.year : null;
  const plans = planYear && m.subject_type ? yearPlans(db, m.province, planYear, m.subject_type) : new Map<string, PlanFacts>();
  const electives = lineElectives(db, all);
  const chosen = q.electives?.length ? new Set<string>([...q.electives, ...(m.subject_type === '物理' || m.subject_type === '历史' ? [m.subject_type] : [])]) : null;
  const classUnis = q.major_class && m.year ? universitiesWithClass(db, m.province, m.compared_years, majorClass(db, q.major_class)) : null;
  const leftOut = { region: 0, city: 0, nature: 0, elective: 0, major_class: 0 };
  const kept: WorkbenchItem[] = [];
  for (const it of all) {
    const f = it.university_id === null ? undefined : facts.get(it.university_id);
    const plan = plans.get(planKey(it.university_id, it.campus));
    const item: WorkbenchItem = {
      ...it,
      city: f?.city ?? null,
      nature: f?.nature ?? null,
      ranking: f?.ranking ?? null,
      plan: plan && planYear ? { year: planYear, plan_count: plan.plan_count, rows: plan.rows } : null,
      elective: electiveOf(it, plan, electives, chosen),
    };
    if (q.region && (it.university_province === q.province) !== (q.region === '省内')) leftOut.region++;
    else if (q.city && !(item.city ?? '').includes(q.city.replace(/市$/, ''))) leftOut.city++;
    else if (q.nature && !(item.nature ?? '').startsWith(q.nature)) leftOut.nature++;
    else if (item.elective?.fits === false) leftOut.elective++;
    else if (classUnis && !(it.university_id !== null && classUnis.has(it.university_id))) leftOut.major_class++;
    else kept.push(item);
  }
  const counts = { 冲: 0, 稳: 0, 保: 0, 垫底: 0 };
  for (const it of kept) counts[it.label as (typeof LABELS)[number]]++;
  const shown = (q.label ? kept.filter((i) => i.label === q.label) : kept).sort(SORTS[q.sort]);
  const start = (q.page - 1) * q.page_size;
  return {
    ...rest,
    count: Math.min(q.page_size, Math.max(0, shown.length - start)),
    counts,
    workbench_left_out: leftOut,
    label: q.label ?? null,
    sort: q.sort,
    total: shown.length,
    page: q.page,
    page_size: q.page_size,
    has_more: start + q.page_size < shown.length,
    items: shown.slice(start, start + q.page_size),
  };
}

/** What the page's inputs follow, per province: the exam system and full mark of each year with a rank table, the
 * subject families to offer (and the default), newest year first. */
export interface ProvinceExam {
  province: string;
  /** null when the data has neither a rank table nor lines of the province */
  latest_year: number | null;
  years: Array<{ year: number; table_year: number; system: ExamSystem; max_score: number; families: Array<{ value: string; label: string }>; electives: { pick: number; from: ElectiveSubject[] } | null }>;
}

export const provinceExamSchema = z.object({
  province: z.string(),
  latest_year: z.number().int().nullable(),
  years: z.array(
    z.object({
      year: z.number().int(),
      table_year: z.number().int().describe('the year of the 一分一段 table a candidate of this year is ranked in: the year itself, or for the next exam (listed first) the latest table'),
      system: z.enum(['3+3', '3+1+2', '文理']),
      max_score: z.number().int().describe('full mark of the ordinary exam'),
      families: z.array(z.object({ value: z.string(), label: z.string() })).describe('subject families to offer, the first the default'),
      electives: z.object({ pick: z.number().int(), from: z.array(z.enum(ELECTIVE_SUBJECTS)) }).nullable().describe('how many 选考 subjects a candidate picks, and from which'),
    }),
  ),
});

const examMemo = new WeakMap<DB, ProvinceExam[]>();

function familiesOf(system: ExamSystem): Array<{ value: string; label: string }> {
  if (system === '3+3') return [{ value: '综合', label: '综合（不分文理）' }];
  if (system === '3+1+2') return [{ value: '物理', label: '物理类' }, { value: '历史', label: '历史类' }];
  return [{ value: '物理', label: '理科' }, { value: '历史', label: '文科' }];
}

function electivesOf(province: string, system: ExamSystem): ProvinceExam['years'][number]['electives'] {
  if (system === '3+3') return { pick: 3, from: province === '浙江' ? [...ELECTIVE_SUBJECTS] : ELECTIVE_SUBJECTS.filter((s) => s !== '技术') };
  if (system === '3+1+2') return { pick: 2, from: ['化学', '生物', '政治', '地理'] };
  return null;
}

export function provinceExams(db: DB): ProvinceExam[] {
  const memo = examMemo.get(db);
  if (memo) return memo;
  const years = prepared(db, "SELECT province, year FROM rank_tables WHERE cleaned = 0 AND subject_family IN ('物理', '历史', '综合') GROUP BY province, year ORDER BY province, year DESC").all() as Array<{ province: string; year: number }>;
  const out = PROVINCE_NAMES.map((province): ProvinceExam => {
    const ys = years.filter((y) => y.province === province).map((y) => y.year);
    // first the next exam, which a candidate who gives no year prepares for (ranked with the latest table); without a
    // rank table (西藏) the year after the latest lines
    const nextYear = ys.length ? ys[0] + 1 : examYear(db, province, '物理', undefined).year;
    const list = nextYear === null ? [] : [...new Set([nextYear, ...ys])];
    return {
      province,
      latest_year: list[0] ?? null,
      years: list.map((year) => {
        const system = examSystem(province, year);
        const table = ys.find((y) => y <= year) ?? year;
        return { year, table_year: table, system, max_score: maxTotalScore(province, year), families: familiesOf(system), electives: electivesOf(province, system) };
      }),
    };
  });
  examMemo.set(db, out);
  return out;
}
