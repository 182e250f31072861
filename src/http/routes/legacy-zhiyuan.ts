// The public legacy volunteer-filling endpoints (interface 4.2) in the legacy envelope {code, message, data}
// (interface 2.1): thin adapters on the engines behind /v1/data and match_by_score. Errors use the same envelope,
// with `code` equal to the HTTP status and a message that names the field (plugins/errors.ts, route config
// `envelope`). No key is needed; a per-IP rate limit (PUBLIC_RATE_LIMIT per minute, counted per node) applies.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { NotFoundError } from '../../errors.ts';
import { findMajorCategory, lookupMajor, majorCategoryTree, majorDetail, searchMajors } from '../../data/majors.ts';
import { mirofishResultSchema, mirofishSchema } from '../../data/mirofish.ts';
import { offload } from '../../offload/pool.ts';
import { queryRankTable, rankRow, rankTableQuerySchema } from '../../data/rank-table.ts';
import { majorDetailSchema, majorItemSchema, pageSchema, universityItemSchema, universitySearchPageSchema } from '../../data/responses.ts';
import { searchUniversities, universitySearchSchema } from '../../data/universities.ts';
import { volunteerRules, volunteerRuleSchema } from '../../data/volunteer-rules.ts';
import { universityUnits, unitsQuerySchema, unitsResultSchema } from '../../data/volunteer-table.ts';
import { provinceExams, provinceExamSchema, workbenchResultSchema, workbenchSchema } from '../../data/workbench.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';
import { envelopeErrorSchema } from '../plugins/errors.ts';
import { perIpLimit } from '../plugins/ip-limit.ts';

const tags = ['legacy volunteer-filling (public)'];

const SEARCH_LIMIT = 10;

export const legacySearchSchema = z
  .object({ q: z.string().trim().min(1).max(50).describe('院校或专业名称关键词（北大、计算机）· university or major name') })
  .strict();

export const legacyRankingSchema = z
  .object({
    category: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .describe('专业名称或代码（计算机科学与技术、080901），或 /api/majors/categories 所列的门类（工学）、专业类（计算机类）· a major name or code, or a 门类 / 专业类 as /api/majors/categories lists it'),
  })
  .strict();

const searchData = z.object({
  q: z.string(),
  universities: z.array(universityItemSchema),
  majors: z.array(majorItemSchema),
  more: z.object({ universities: z.boolean(), majors: z.boolean() }).describe('true when more than 10 matched'),
  outside_national_list: universitySearchPageSchema.shape.outside_national_list,
});
const countedNode = { code: z.string(), name: z.string(), majors: z.number().int().describe('majors in the catalogue under it') };
const categoriesData = z.object({ categories: z.array(z.object({ ...countedNode, subcategories: z.array(z.object(countedNode)) })) });
const majorRanking = z.object({
  major: z.object({ id: z.number().int(), code: z.string(), name: z.string(), category: z.string(), subcategory: z.string() }),
  ruanke: majorDetailSchema.shape.top_universities_by_ranking,
  evaluation: majorDetailSchema.shape.top_universities_by_evaluation,
});
const rankingData = z.union([
  majorRanking,
  z.object({
    category: z.object({ level: z.enum(['门类', '专业类']), code: z.string(), name: z.string() }),
    majors: z.array(majorRanking).describe("each major of the 门类 / 专业类 with its own rankings (the rankings are per major: they are not merged into one list)"),
  }),
]);

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => ctx.dataDb();
  const limit = ctx.config.publicRateLimit;
  const config = { auth: 'public' as const, ...(limit > 0 ? { rateLimit: perIpLimit(limit, 'requests') } : {}) };

  r.get('/api/recommendation/search', { config: { ...config, example: '?q=北大' }, schema: { summary: 'search universities and majors by name (q); up to 10 of each', tags, querystring: legacySearchSchema, response: { 200: envelopeSchema(searchData) } } }, async (req) => {
    const universities = searchUniversities(db(), { q: req.query.q, page: 1, page_size: SEARCH_LIMIT });
    const majors = searchMajors(db(), { q: req.query.q, page: 1, page_size: SEARCH_LIMIT });
    return ok({
      q: req.query.q,
      universities: universities.items,
      majors: majors.items,
      more: { universities: universities.has_more, majors: majors.has_more },
      ...(universities.outside_national_list ? { outside_national_list: universities.outside_national_list } : {}),
    });
  });

  r.get(
    '/api/recommendation/universities',
    { config, schema: { summary: 'university list, paged, with the filters of /v1/data/universities (q, province, city, level, type, max_ranking, order)', tags, querystring: universitySearchSchema, response: { 200: envelopeSchema(universitySearchPageSchema) } } },
    async (req) => ok(searchUniversities(db(), req.query)),
  );

  r.get('/api/majors/categories', { config, schema: { summary: 'the major catalogue as a tree: 门类 → 专业类, with major counts', tags, response: { 200: envelopeSchema(categoriesData) } } }, async () =>
    ok({ categories: majorCategoryTree(db()) }),
  );

  r.get(
    '/api/majors/ranking',
    {
      config: { ...config, example: '?category=计算机科学与技术' },
      schema: {
        summary: 'top universities for a major: 软科 major ranking and 第四轮 discipline-evaluation grades (category = major name or code, or a 门类 / 专业类: then each of its majors)',
        tags,
        querystring: legacyRankingSchema,
        response: { 200: envelopeSchema(rankingData), 404: envelopeErrorSchema.describe('no major, 门类 or 专业类 of that name; the message lists close names') },
      },
    },
    async (req) => {
      const rankingOf = (m: ReturnType<typeof majorDetail>) => ({
        major: { id: m.id, code: m.code, name: m.name, category: m.category, subcategory: m.subcategory },
        ruanke: m.top_universities_by_ranking,
        evaluation: m.top_universities_by_evaluation,
      });
      // A 门类 or 专业类 name (what /api/majors/categories returns) answers with each of its majors; a name that is
      // both a 专业类 and a major (e.g. 护理学) is the major, as before.
      const exact = lookupMajor(db(), { name: req.query.category });
      const category = exact.found && exact.major.name === req.query.category ? null : findMajorCategory(db(), req.query.category);
      if (category) {
        return ok({ category: { level: category.level, code: category.code, name: category.name }, majors: category.major_ids.map((id) => rankingOf(majorDetail(db(), id))) });
      }
      const found = exact;
      if (!found.found) {
        const hint = found.candidates.length ? `; did you mean ${found.candidates.map((c) => c.name).join(', ')}${found.more ? ', …' : ''}` : '';
        throw new NotFoundError(`category: no major, 门类 or 专业类 named "${req.query.category}" in the catalogue${hint}`, 'category');
      }
      return ok(rankingOf(found.major));
    },
  );

  r.get(
    '/api/recommendation/rank-table',
    {
      config: { ...config, example: '?province=河南&year=2024&subject_type=物理&score=600' },
      schema: {
        summary: '一分一段: score → count at the score and cumulative rank (province, year; subject_type; score or score_from/score_to)',
        tags,
        querystring: rankTableQuerySchema,
        response: { 200: envelopeSchema(pageSchema(rankRow)) },
      },
    },
    async (req) => ok(queryRankTable(db(), req.query)),
  );

  r.get(
    '/api/recommendation/exams',
    { config, schema: { summary: 'per province: the exam system, full mark, subject families and 选考 rule of each year with a rank table (what the /zhiyuan/ inputs follow)', tags, response: { 200: envelopeSchema(z.object({ provinces: z.array(provinceExamSchema) })) } } },
    async () => ok({ provinces: provinceExams(db()) }),
  );

  r.get(
    '/api/recommendation/rules',
    { config, schema: { summary: 'the provinces\' 志愿 rules: per province and exam year the unit of a 志愿, how many, majors per unit and 服从调剂, batch order, dates, each row with the authority\'s source (province-years without a citable source are not listed)', tags, response: { 200: envelopeSchema(z.object({ about: z.string(), rows: z.array(volunteerRuleSchema) })) } } },
    async () => ok(volunteerRules()),
  );

  r.get(
    '/api/recommendation/units',
    {
      config: { ...config, example: '?province=山东&year=2026&rank=50000&university_id=4137010422' },
      schema: {
        summary: 'the 志愿 units of one university in the province\'s unit (院校专业组 / 专业+院校 / 院校) for a candidate: codes, majors inside, this year\'s plan, the unit\'s own past lines, probability and label',
        tags,
        querystring: unitsQuerySchema,
        response: { 200: envelopeSchema(unitsResultSchema) },
      },
    },
    async (req) => ok(universityUnits(db(), req.query)),
  );

  r.get(
    '/api/recommendation/match',
    {
      config: { ...config, example: '?province=山东&score=550&label=稳' },
      schema: {
        summary: 'every university match_by_score finds for a score or rank, filtered (region, city, level, nature, type, major, electives), one 冲/稳/保 label at a time with all counts, sorted (probability, line, ranking), paged; with this year\'s plan',
        tags,
        querystring: workbenchSchema,
        response: { 200: envelopeSchema(workbenchResultSchema) },
      },
    },
    async (req) => ok(await offload(ctx.config.dataDb, 'workbench', req.query)),
  );

  r.post(
    '/api/simulation/mirofish',
    {
      config,
      schema: {
        summary: 'admission probability by seeded simulation for 1–50 targets (universities, optionally a major group or major), with interval, lines used and what was missing; mode list: a 志愿表 of up to 120 entries in the province\'s units, where it lands (per entry and 滑档) with warnings',
        tags,
        body: mirofishSchema,
        response: { 200: envelopeSchema(mirofishResultSchema) },
      },
    },
    async (req) => ok(await offload(ctx.config.dataDb, 'mirofish', req.body)),
  );
}
