// /v1/data/*: the read-only data API (interface 4.7). Each route validates with the same zod schema as the data
// tool that answers the same question, then calls the engine; list routes answer {items, page, page_size, has_more}.
// Answers are cached as encoded JSON per normalised query (ResultCache: the database is read-only), so "河南省" and
// "河南" share one entry and a repeated question costs neither SQLite nor serialisation.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { noQuery } from '../openapi.ts';
import { batchLineQuerySchema, batchLineRow, queryBatchLines } from '../../data/batch-lines.ts';
import { evaluationQuerySchema, evaluationRow, queryEvaluations } from '../../data/evaluations.ts';
import { majorDetail, majorIdSchema, majorSearchSchema, searchMajors } from '../../data/majors.ts';
import { overview } from '../../data/overview.ts';
import { planQuerySchema, planRow, queryPlans } from '../../data/plans.ts';
import { queryRankTable, rankRow, rankTableQuerySchema } from '../../data/rank-table.ts';
import { majorRankingQuerySchema, majorRankingRow, queryMajorRankings } from '../../data/rankings.ts';
import { ResultCache } from '../../data/result-cache.ts';
import { queryScoreLines, scoreLineQuerySchema, scoreLineRow } from '../../data/score-lines.ts';
import { searchUniversities, universityDetail, universityDetailQuerySchema, universityIdSchema, universitySearchSchema } from '../../data/universities.ts';
import { majorDetailSchema, majorItemSchema, overviewSchema, pageSchema, universityDetailSchema, universitySearchPageSchema } from '../../data/responses.ts';

const tags = ['data'];

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => ctx.dataDb();
  const cache = new ResultCache();
  /** Sends the (cached) JSON of compute() for this route and normalised input. */
  const answer = (reply: FastifyReply, route: string, input: unknown, compute: () => unknown) =>
    reply.type('application/json; charset=utf-8').send(cache.json(`${route} ${JSON.stringify(input)}`, compute));

  r.get('/v1/data/overview', { schema: { summary: 'row counts of each dataset; year, province and basis coverage of score lines; province × year coverage matrices; cross-source agreement', tags, querystring: noQuery, response: { 200: overviewSchema } } }, async (_req, reply) => answer(reply, 'overview', null, () => overview(db())));

  r.get('/v1/data/universities', { schema: { summary: 'university search: q (short names work), province, city, level, type, max_ranking, order', tags, querystring: universitySearchSchema, response: { 200: universitySearchPageSchema } } }, async (req, reply) =>
    answer(reply, 'universities', req.query, () => searchUniversities(db(), req.query)),
  );
  r.get(
    '/v1/data/universities/:id',
    {
      schema: {
        summary: 'university detail: basics, majors offered, strong disciplines, recent admission lines (include_campuses=true adds branch campuses)',
        tags,
        params: universityIdSchema,
        querystring: universityDetailQuerySchema,
        response: { 200: universityDetailSchema },
      },
    },
    async (req, reply) => answer(reply, 'university', { ...req.params, ...req.query }, () => universityDetail(db(), req.params.id, req.query)),
  );

  r.get('/v1/data/majors', { schema: { summary: 'major search: q, category, sub_category', tags, querystring: majorSearchSchema, response: { 200: pageSchema(majorItemSchema) } } }, async (req, reply) =>
    answer(reply, 'majors', req.query, () => searchMajors(db(), req.query)),
  );
  r.get('/v1/data/majors/:id', { schema: { summary: 'major detail: introduction, universities offering it, top universities', tags, params: majorIdSchema, querystring: noQuery, response: { 200: majorDetailSchema } } }, async (req, reply) =>
    answer(reply, 'major', req.params, () => majorDetail(db(), req.params.id)),
  );

  r.get(
    '/v1/data/score-lines',
    { config: { example: '?province=河南&year=2024&subject_type=理科&min_score_from=600&min_score_to=620' }, schema: { summary: 'admission score lines; requires province+year, university_id or university_name (400 otherwise)', tags, querystring: scoreLineQuerySchema, response: { 200: pageSchema(scoreLineRow) } } },
    async (req, reply) => answer(reply, 'score-lines', req.query, () => queryScoreLines(db(), req.query)),
  );
  r.get(
    '/v1/data/admission-plans',
    { config: { example: '?province=吉林&year=2025' }, schema: { summary: 'admission plans; requires province+year, university_id or university_name (400 otherwise)', tags, querystring: planQuerySchema, response: { 200: pageSchema(planRow) } } },
    async (req, reply) => answer(reply, 'admission-plans', req.query, () => queryPlans(db(), req.query)),
  );
  r.get('/v1/data/rank-table', { config: { example: '?province=河南&year=2024&subject_type=理科&score=600' }, schema: { summary: 'score → count at score and cumulative rank (province and year required; exact score or range)', tags, querystring: rankTableQuerySchema, response: { 200: pageSchema(rankRow) } } }, async (req, reply) =>
    answer(reply, 'rank-table', req.query, () => queryRankTable(db(), req.query)),
  );
  r.get('/v1/data/batch-lines', { schema: { summary: 'provincial batch control lines (batch matched fuzzily)', tags, querystring: batchLineQuerySchema, response: { 200: pageSchema(batchLineRow) } } }, async (req, reply) =>
    answer(reply, 'batch-lines', req.query, () => queryBatchLines(db(), req.query)),
  );
  r.get(
    '/v1/data/major-rankings',
    { config: { example: '?major_name=哲学' }, schema: { summary: '软科 major rankings; at least one of major_name, university_id, university_name', tags, querystring: majorRankingQuerySchema, response: { 200: pageSchema(majorRankingRow) } } },
    async (req, reply) => answer(reply, 'major-rankings', req.query, () => queryMajorRankings(db(), req.query)),
  );
  r.get('/v1/data/discipline-evaluations', { schema: { summary: 'discipline evaluation results (第四轮; 第五轮 self-announcements as round 5)', tags, querystring: evaluationQuerySchema, response: { 200: pageSchema(evaluationRow) } } }, async (req, reply) =>
    answer(reply, 'discipline-evaluations', req.query, () => queryEvaluations(db(), req.query)),
  );
}
