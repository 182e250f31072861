// /v1/data/*: the read-only data API (interface 4.7). Each route validates with the same zod schema as the data
// tool that answers the same question, then calls the engine; list routes answer {items, page, page_size, has_more}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context.ts';
import { batchLineQuerySchema, queryBatchLines } from '../../data/batch-lines.ts';
import { evaluationQuerySchema, queryEvaluations } from '../../data/evaluations.ts';
import { majorDetail, majorIdSchema, majorSearchSchema, searchMajors } from '../../data/majors.ts';
import { overview } from '../../data/overview.ts';
import { planQuerySchema, queryPlans } from '../../data/plans.ts';
import { queryRankTable, rankTableQuerySchema } from '../../data/rank-table.ts';
import { majorRankingQuerySchema, queryMajorRankings } from '../../data/rankings.ts';
import { queryScoreLines, scoreLineQuerySchema } from '../../data/score-lines.ts';
import { searchUniversities, universityDetail, universityIdSchema, universitySearchSchema } from '../../data/universities.ts';

const tags = ['data'];

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => ctx.dataDb();

  r.get('/v1/data/overview', { schema: { summary: 'row counts of each dataset; year, province and basis coverage of score lines', tags } }, async () => overview(db()));

  r.get('/v1/data/universities', { schema: { summary: 'university search: q (short names work), province, city, level, type, max_ranking, order', tags, querystring: universitySearchSchema } }, async (req) =>
    searchUniversities(db(), req.query),
  );
  r.get('/v1/data/universities/:id', { schema: { summary: 'university detail: basics, majors offered, strong disciplines, recent admission lines', tags, params: universityIdSchema } }, async (req) =>
    universityDetail(db(), req.params.id),
  );

  r.get('/v1/data/majors', { schema: { summary: 'major search: q, category, sub_category', tags, querystring: majorSearchSchema } }, async (req) => searchMajors(db(), req.query));
  r.get('/v1/data/majors/:id', { schema: { summary: 'major detail: introduction, universities offering it, top universities', tags, params: majorIdSchema } }, async (req) =>
    majorDetail(db(), req.params.id),
  );

  r.get(
    '/v1/data/score-lines',
    { schema: { summary: 'admission score lines; requires province+year, university_id or university_name (400 otherwise)', tags, querystring: scoreLineQuerySchema } },
    async (req) => queryScoreLines(db(), req.query),
  );
  r.get(
    '/v1/data/admission-plans',
    { schema: { summary: 'admission plans; requires province+year, university_id or university_name (400 otherwise)', tags, querystring: planQuerySchema } },
    async (req) => queryPlans(db(), req.query),
  );
  r.get('/v1/data/rank-table', { schema: { summary: 'score → count at score and cumulative rank (province and year required; exact score or range)', tags, querystring: rankTableQuerySchema } }, async (req) =>
    queryRankTable(db(), req.query),
  );
  r.get('/v1/data/batch-lines', { schema: { summary: 'provincial batch control lines (batch matched fuzzily)', tags, querystring: batchLineQuerySchema } }, async (req) =>
    queryBatchLines(db(), req.query),
  );
  r.get(
    '/v1/data/major-rankings',
    { schema: { summary: '软科 major rankings; at least one of major_name, university_id, university_name', tags, querystring: majorRankingQuerySchema } },
    async (req) => queryMajorRankings(db(), req.query),
  );
  r.get('/v1/data/discipline-evaluations', { schema: { summary: 'discipline evaluation results (第四轮; 第五轮 self-announcements as round 5)', tags, querystring: evaluationQuerySchema } }, async (req) =>
    queryEvaluations(db(), req.query),
  );
}
