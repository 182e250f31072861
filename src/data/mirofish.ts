// The admission-probability simulation behind POST /api/simulation/mirofish: for named targets (universities, or a
// major group / major of one), the chance that a candidate's rank reaches next year's line, by simulation with a
// seeded generator (same seed, same answer), with the model of simulate.ts and the lines of line-history.ts.
// Targets that cannot be resolved, or have no ranked line in the 1–3 years before the exam year, are returned as
// such with what was missing; nothing is guessed.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { InputError } from '../errors.ts';
import { provinceField, rankField, subjectField, yearField } from './filters.ts';
import { rankTable, targetKey, targetName, type LineFilter, type TargetLine } from './line-history.ts';
import { candidateRankSchema, citeLine, comparedYears, lineSchema, pastYears, placedCandidate, resolveFamily, type MatchLine } from './match.ts';
import { matchSchoolName } from './names.ts';
import { UNLISTED_NOTE } from './unlisted.ts';
import { unitHistory, unitKey, unitKind, type UnitKind } from './volunteer-units.ts';
import { VOLUNTEER_UNITS } from './volunteer-rules.ts';
import { listAdvice, listWarnings, type ListEntry } from './volunteer-warnings.ts';
import { prepared } from './paging.ts';
import { chanceFromDraws, drawPast, drawRanks, labelFor, LABEL_TEXT, LandingAccumulator, MODEL_VERSION, predictLine, uniformStream, type ChanceLabel, type Landing } from './simulate.ts';
import { spreadModel } from './spread-model.ts';

export const MAX_TARGETS = 50;
/** A 志愿表 (mode list) holds up to this many entries (辽宁 allows 112). */
export const MAX_LIST = 120;
export const MAX_DRAWS = 100_000;

const targetObject = z
  .object({
    university_id: z.coerce.number().int().min(1).max(9_999_999_999).optional().describe('院校 id（10 位学校标识码）· university id'),
    university_name: z.string().trim().min(1).max(50).optional().describe('院校名称，可用简称 · university name, short names accepted'),
    campus: z.string().trim().min(1).max(50).optional().describe('分校/校区名称（如 东北大学秦皇岛分校）· branch campus'),
    unit: z.string().trim().min(1).max(100).optional().describe('校内单列的办学单位（如 与开封大学联合办学/就读地…、较高收费，见 match_by_score 结果的 unit）；不给即院校本身的录取线 · programme unit within the university (match_by_score\'s unit); default: the university\'s own line'),
    major_group: z.string().trim().min(1).max(50).optional().describe('专业组（代码或名称，精确匹配）· major group'),
    major: z.string().trim().min(1).max(50).optional().describe('专业名称关键词 · major keyword'),
    major_name: z.string().trim().min(1).max(100).optional().describe('专业（类）名称，精确匹配：专业+院校省份的一个志愿（mode=list）· the major of a 专业+院校 unit (mode list)'),
    school_code: z.string().trim().min(1).max(20).optional().describe('院校代码（本省的院校代号，仅回显）· the province\'s school code (echoed)'),
    excluded_majors: z.array(z.string().trim().min(1).max(100)).max(20).optional().describe('考生不愿读的组内专业（用于调剂风险提示）· majors of the unit the student does not want'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.university_id === undefined && v.university_name === undefined) ctx.addIssue({ code: 'custom', path: ['university_name'], message: 'required: give university_id or university_name' });
  });

export const mirofishSchema = z
  .object({
    province: provinceField,
    year: yearField.optional().describe('考生的高考年份；不填则按备考下一年（用最近一年的一分一段表换算位次）· exam year (default: the next exam, ranked with the latest 一分一段 table)'),
    subject_type: subjectField.optional(),
    score: z.coerce.number().min(0).max(1000).optional().describe('高考总分（与 rank 二选一）· total score (or rank)'),
    rank: rankField('位次（与 score 二选一）· rank (or score)').optional(),
    mode: z.enum(['targets', 'list']).default('targets').describe('targets = 各目标的录取概率；list = 按顺序填报的志愿表：每个志愿是本省的志愿单位（院校专业组给 major_group，专业+院校给 major_name），给出每个志愿“由它录取”的概率、滑档概率与排序提示 · list: the targets are a 志愿表 in order, in the province\'s units'),
    targets: z
      .array(z.union([z.number().int().min(1).max(9_999_999_999), z.string().trim().min(1).max(50), targetObject]))
      .min(1)
      .max(MAX_LIST)
      .describe(`目标院校：院校 id、名称，或 {university_id|university_name, campus?, major_group?, major?, major_name?}，1–${MAX_TARGETS} 个（mode=list 时最多 ${MAX_LIST} 个）· targets`),
    draws: z.coerce.number().int().min(100).max(MAX_DRAWS).default(10_000).describe(`每个目标的模拟次数（100–${MAX_DRAWS}，默认 10000）· draws per target`),
    seed: z.union([z.string().trim().min(1).max(100), z.number().int()]).optional().describe('随机种子；同一种子得到同一结果。不给则随机生成并在结果中返回 · seed (returned; same seed, same answer)'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.score === undefined && v.rank === undefined) ctx.addIssue({ code: 'custom', path: ['score'], message: 'required: give score or rank' });
    if (v.score !== undefined && v.rank !== undefined) ctx.addIssue({ code: 'custom', path: ['rank'], message: 'give either score or rank, not both' });
    if (v.mode === 'targets' && v.targets.length > MAX_TARGETS) ctx.addIssue({ code: 'custom', path: ['targets'], message: `at most ${MAX_TARGETS} targets (mode list takes up to ${MAX_LIST})` });
  });
export type MirofishQuery = z.output<typeof mirofishSchema>;
type TargetInput = MirofishQuery['targets'][number];

const targetResultSchema = z.object({
  input: z.union([z.number(), z.string(), z.record(z.string(), z.unknown())]).describe('the target as sent'),
  status: z.enum(['ok', 'no_history', 'not_found', 'ambiguous']),
  university_id: z.number().int().nullable(),
  university_name: z.string().nullable(),
  campus: z.string().nullable(),
  unit: z.string().nullable().describe('the programme unit within the university, as asked; null for the university\'s own line'),
  major_group: z.string().nullable(),
  major: z.string().nullable(),
  major_name: z.string().nullable().describe('the major of a 专业+院校 unit (mode list)'),
  school_code: z.string().nullable().describe('the province\'s school code as the unit\'s newest line prints it (mode list)'),
  majors: z.array(z.string()).describe('the majors inside the unit, as its newest line lists them (mode list)'),
  years: z.array(z.number().int()).describe('past years whose line of this target was used'),
  probability: z.number().nullable(),
  interval: z.array(z.number()).length(2).nullable().describe('10th–90th percentile of the per-draw chances (widened to include the probability)'),
  se: z.number().nullable().describe('Monte Carlo standard error'),
  label: z.enum(['冲', '稳', '保', '难']).nullable(),
  predicted_line_rank: z.number().int().nullable(),
  lines: z.array(lineSchema),
  missing: z.array(z.string()),
  candidates: z.array(z.object({ university_id: z.number().int(), name: z.string() })).optional(),
});

const listSchema = z.object({
  at_least_one: z.number().describe('chance of at least one admission when the targets are filled in this order (平行志愿)'),
  se: z.number().describe('Monte Carlo standard error of at_least_one'),
  simulated: z.number().int().describe('targets with history that entered the combination'),
  admitted_by: z.array(z.number().nullable()).describe('per target, in order: the chance that this target is the one that admits (null: not simulated)'),
});

const landingSchema = z.object({
  unit: z.enum(VOLUNTEER_UNITS).describe('the unit of one 志愿 in this province-year'),
  unit_source: z.enum(['rules', 'data']).describe('rules: the province\'s text (GET /api/recommendation/rules); data: no rule on file, the unit follows the line kind the data has'),
  volunteers_allowed: z.number().int().nullable().describe('志愿 the province allows (null: no rule on file)'),
  land: z.array(z.number().nullable()).describe('per entry, in order: the chance that this entry is the one that admits (null: not simulated)'),
  none: z.number().describe('the chance that no entry admits (滑档)'),
  at_least_one: z.number(),
  se: z.number(),
  warnings: z.array(z.object({ kind: z.enum(['order', 'few_safe', 'adjust', 'one_year', 'too_many']), entries: z.array(z.number().int()), text: z.string() })),
  advice: z.string().describe('one sentence on the whole list, from its own figure'),
});

/** The answer's `data` (the route's OpenAPI response; the link and route tests validate real answers against it). */
export const mirofishResultSchema = z.object({
  seed: z.string(),
  draws: z.number().int(),
  model: z.object({ name: z.string(), description: z.string(), labels: z.string() }),
  province: z.string(),
  year: z.number().int(),
  year_reason: z.string(),
  subject_type: z.string(),
  candidate: z.object({ score: z.number().nullable(), rank: candidateRankSchema }),
  results: z.array(targetResultSchema),
  list: listSchema,
  landing: landingSchema.nullable().describe('mode list: where the list lands, with warnings; null in mode targets'),
  summary: z.string(),
});

export interface TargetResult {
  input: TargetInput;
  status: 'ok' | 'no_history' | 'not_found' | 'ambiguous';
  university_id: number | null;
  university_name: string | null;
  campus: string | null;
  unit: string | null;
  major_group: string | null;
  major: string | null;
  major_name: string | null;
  school_code: string | null;
  majors: string[];
  years: number[];
  probability: number | null;
  interval: [number, number] | null;
  se: number | null;
  /** 冲/稳/保 by LABEL_CUTOFFS (above 99 % also 保), 难 below 20 % */
  label: ChanceLabel | '难' | null;
  predicted_line_rank: number | null;
  lines: MatchLine[];
  missing: string[];
  candidates?: Array<{ university_id: number; name: string }>;
}

const MODEL_TEXT =
  '每个目标取往年（考生年份前 1–3 年）该校最低一条录取线的位次，按两年一分一段表的考生人数比调整到考生年份；' +
  '明年线位次的对数 = 往年对数位次的均值 + 逐年漂移 + 噪声，噪声分布取数据中同位次段院校相邻两年位次变化的经验分布（除以 √2，有下限），' +
  '往年年份越少，对院校真实水平的不确定越大。每次模拟抽取往年噪声（院校水平）与考生在同分段内的位次，计算该次录取概率，取平均；区间为各次概率的 10%–90% 分位。';

function resolve(db: DB, t: TargetInput): { id: number | null; name: string | null; campus: string | null; unit: string | null; f: LineFilter; status?: TargetResult['status']; candidates?: TargetResult['candidates']; missing: string[] } {
  const o = typeof t === 'number' ? { university_id: t } : typeof t === 'string' ? { university_name: t } : t;
  const f: LineFilter = { major: o.major, majorGroup: o.major_group };
  const campus = o.campus ?? null;
  const unit = ('unit' in o ? o.unit : undefined) ?? null;
  if (o.university_id !== undefined) {
    const name = prepared(db, 'SELECT name FROM universities WHERE id = ?').pluck().get(o.university_id) as string | undefined;
    if (!name) return { id: o.university_id, name: null, campus, unit, f, status: 'not_found', missing: [`数据中没有 id 为 ${o.university_id} 的院校`] };
    return { id: o.university_id, name, campus, unit, f, missing: [] };
  }
  const m = matchSchoolName(db, o.university_name!);
  if (m.exact && m.universityIds.length === 1) {
    return { id: m.universityIds[0], name: prepared(db, 'SELECT name FROM universities WHERE id = ?').pluck().get(m.universityIds[0]) as string, campus, unit, f, missing: [] };
  }
  if (m.universityIds.length === 0 && m.unresolvedNames.length === 1) return { id: null, name: m.unresolvedNames[0], campus, unit, f, missing: ['该名称未对应到院校名录，按录取数据中的原名查找'] };
  // 国防科大 → 国防科技大学: an institution outside the national list, simulated on its most used spelling
  if (m.universityIds.length === 0 && m.unlisted.length === 1 && m.unlisted[0].spellings.length) {
    return { id: null, name: m.unlisted[0].spellings[0], campus, unit, f, missing: [`${m.unlisted[0].name}${UNLISTED_NOTE}，按录取数据中的原名「${m.unlisted[0].spellings[0]}」查找`] };
  }
  if (m.universityIds.length === 0 && m.unresolvedNames.length === 0) return { id: null, name: null, campus, unit, f, status: 'not_found', missing: [`数据中没有名为「${o.university_name}」的院校`] };
  const candidates = (prepared(db, 'SELECT id AS university_id, name FROM universities WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ranking IS NULL, ranking, id LIMIT 10').all(JSON.stringify(m.universityIds)) as Array<{ university_id: number; name: string }>);
  return { id: null, name: null, campus, unit, f, status: 'ambiguous', candidates, missing: [`「${o.university_name}」对应多所院校，请用 university_id 指定`] };
}

export function mirofish(db: DB, q: MirofishQuery) {
  const { province } = q;
  const family = resolveFamily(db, province, q.subject_type, q.year);
  const { exam, window: examWindow, table_year: tableYear, rank } = placedCandidate(db, province, family, q);
  const { year } = examWindow;
  const window = comparedYears(db, province, family, examWindow);
  const seed = q.seed === undefined ? Math.random().toString(36).slice(2, 12) : String(q.seed);
  const model = spreadModel();
  const table = rankTable(db, province, tableYear, family);
  // The candidate's rank within the score's span: one set of draws for every target (it is one candidate).
  const logRanks = drawRanks(rank.best_case, rank.value, q.draws, uniformStream('mirofish/rank', seed));
  // Each simulated target's chance per draw, in list order, goes into the list's landing at once (draw by draw);
  // the two buffers are reused for every target, so a long list allocates nothing per entry.
  const landing = new LandingAccumulator(q.draws);
  const levelsBuf = new Float64Array(q.draws);
  const drawsBuf = new Float64Array(q.draws);
  // mode list: the province's unit of a 志愿; each entry is one (volunteer-units.ts)
  const kind = q.mode === 'list' ? unitKind(db, province, year, family) : null;
  const excluded: string[][] = [];
  const results: TargetResult[] = q.targets.map((t, index) => {
    const r = resolve(db, t);
    const o = typeof t === 'object' ? t : {};
    excluded[index] = o.excluded_majors ?? [];
    const base: TargetResult = {
      input: t,
      status: r.status ?? 'ok',
      university_id: r.id,
      university_name: (r.campus ?? r.name) === null ? null : targetName((r.campus ?? r.name)!, r.unit),
      campus: r.campus,
      unit: r.unit,
      major_group: r.f.majorGroup ?? null,
      major: r.f.major ?? null,
      major_name: o.major_name ?? null,
      school_code: o.school_code ?? null,
      majors: [],
      years: [],
      probability: null,
      interval: null,
      se: null,
      label: null,
      predicted_line_rank: null,
      lines: [],
      missing: r.missing,
      ...(r.candidates ? { candidates: r.candidates } : {}),
    };
    if (r.status) return base;
    let key = targetKey(r.id, r.name!, r.campus, r.unit);
    let streamKey = `${seed}\0${key}\0${r.f.majorGroup ?? ''}\0${r.f.major ?? ''}`;
    let used: Array<{ l: TargetLine; ratio: number | null }>;
    if (kind && kind.unit !== '院校') {
      // one unit of the province: its own lines, never the university's
      const field = kind.unit === '院校专业组' ? 'major_group' : 'major_name';
      const code = kind.unit === '院校专业组' ? o.major_group : o.major_name;
      if (!code) throw new InputError(`targets[${index}].${field}: ${province} ${year} fills ${kind.unit} (${kind.source === 'rules' ? 'the province\'s rules' : 'the line kind of its data'}); give the ${field} of this entry`, `targets[${index}].${field}`);
      const ref = { university_id: r.id, school_name: r.name!, campus: r.campus, unit: r.unit, major_group: o.major_group ?? null, major_name: o.major_name ?? null };
      key = unitKey(kind.unit, ref);
      streamKey = `${seed}\0${key}`;
      const hist = unitHistory(db, province, examWindow, family, kind.unit, ref);
      const newest = hist[0]?.l;
      base.university_name = `${base.university_name} ${kind.unit === '院校专业组' ? `专业组 ${o.major_group}` : o.major_name}`;
      base.school_code = o.school_code ?? newest?.school_code ?? null;
      base.majors = newest?.group_majors ?? [];
      for (const y of window) {
        const h = hist.find((x) => x.l.year === y);
        if (!h) base.missing.push(`${y}年：数据中没有该${kind.unit}的录取线`);
        else if (h.l.min_rank === null) base.missing.push(`${y}年：该${kind.unit}的录取线没有位次，一分一段表也无法换算`);
        else if (h.ratio === null) base.missing.push(`${y}年：该年与${tableYear}年的一分一段表不可比，位次未按考生人数调整`);
      }
      used = hist.filter((h) => h.l.min_rank !== null);
    } else {
      const past = pastYears(db, province, family, examWindow, r.f);
      used = past.flatMap((p) => {
        const l = p.lines.get(key);
        return l && l.min_rank !== null ? [{ l, ratio: p.ratio }] : [];
      });
      for (const t of window) {
        const p = past.find((x) => x.year === t);
        const l = p?.lines.get(key);
        if (!p) base.missing.push(`${t}年：数据中没有${province}该科类的录取线`);
        else if (!l) base.missing.push(`${t}年：${p.basis}中没有该目标的录取线`);
        else if (l.min_rank === null) base.missing.push(`${t}年：该目标的录取线没有位次，一分一段表也无法换算`);
        else if (p.ratio === null) base.missing.push(`${t}年：该年与${tableYear}年的一分一段表不可比，位次未按考生人数调整`);
      }
    }
    base.years = used.map((u) => u.l.year);
    if (!used.length) return { ...base, status: 'no_history' as const };
    const pred = predictLine(model, used.map((u) => ({ year: u.l.year, rank: u.l.min_rank!, ratio: u.ratio ?? 1 })), year);
    const levels = drawPast(pred.band, pred.years, q.draws, uniformStream('mirofish', streamKey), levelsBuf);
    const chance = chanceFromDraws(pred, levels, logRanks, drawsBuf);
    landing.add(drawsBuf);
    const p = chance.probability;
    return {
      ...base,
      probability: round(p, 4),
      interval: [round(chance.interval[0], 3), round(chance.interval[1], 3)] as [number, number],
      se: round(chance.se, 5),
      label: p < 0.2 ? '难' : (labelFor(p) ?? '保'),
      predicted_line_rank: Math.round(pred.rank),
      lines: used.map((u) => citeLine(u.l, u.ratio, table)),
    };
  });
  const landed = landing.result();
  return {
    seed,
    draws: q.draws,
    model: { name: MODEL_VERSION, description: MODEL_TEXT, labels: LABEL_TEXT },
    province,
    year,
    year_reason: exam.reason,
    subject_type: family,
    candidate: { score: q.score ?? null, rank },
    results,
    list: listChance(results, landed),
    landing: kind ? listLanding(kind, results, landed, excluded) : null,
    summary: `${exam.preparing && exam.table_year !== null ? `按备考${year}年（用${exam.table_year}年一分一段表换算位次）：` : ''}${province}${year}年，位次 ${rank.value.toLocaleString('en-US')}：${results.filter((r) => r.status === 'ok').length} 个目标有往年位次可模拟，${results.filter((r) => r.status === 'no_history').length} 个无可用往年线，${results.filter((r) => r.status === 'not_found' || r.status === 'ambiguous').length} 个未能确定院校。`,
  };
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** Where the 志愿表 lands, entry by entry, with the warnings (volunteer-warnings.ts). */
function listLanding(kind: UnitKind, results: TargetResult[], l: Landing, excluded: string[][]): z.infer<typeof landingSchema> {
  const entryIndex = results.flatMap((r, i) => (r.status === 'ok' ? [i] : []));
  const entries: ListEntry[] = results.map((r, i) => ({ name: r.university_name ?? String(r.input), probability: r.probability, years: r.years, majors: r.majors, excluded: excluded[i] ?? [] }));
  const allowed = kind.rule?.volunteers ?? null;
  let k = 0;
  return {
    unit: kind.unit,
    unit_source: kind.source,
    volunteers_allowed: allowed,
    land: results.map((r) => (r.status === 'ok' ? round(l.land[k++]!, 4) : null)),
    none: round(l.none, 4),
    at_least_one: round(1 - l.none, 4),
    se: round(l.se, 5),
    warnings: listWarnings(entries, { ...l, entryIndex }, allowed),
    advice: listAdvice(1 - l.none),
  };
}

/** The list as a 志愿表 filled in this order (simulate.ts LandingAccumulator); targets without history count as 0. */
function listChance(results: TargetResult[], l: Landing): z.infer<typeof listSchema> {
  let k = 0;
  return {
    at_least_one: round(1 - l.none, 4),
    se: round(l.se, 5),
    simulated: l.land.length,
    admitted_by: results.map((r) => (r.status === 'ok' ? round(l.land[k++]!, 4) : null)),
  };
}
