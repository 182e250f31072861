import { describeFilters, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { queryRankTable, rankTableQuerySchema } from '../src/data/rank-table.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { rankRow } from '../src/data/rank-table.ts';

export default defineTool({
  name: 'query_rank_table',
  title: '查询一分一段表 · Query score-to-rank table',
  description:
    '查询某省某年的一分一段表：每个分数的同分人数与累计位次（累计位次 = 该分及以上的人数）。省份与年份必填；可按科类筛选，给 score 查单个分数（落在合并分段内时返回该分段），或给 score_from/score_to 查区间。\n' +
    'Score-to-rank table (一分一段) of a province and year: candidates at each score and cumulative rank. province and year are required; optional subject type, an exact score (a merged top bracket is returned when the score falls inside it) or a score range.',
  inputSchema: rankTableQuerySchema,
  outputSchema: toolPageSchema(rankRow),
  annotations: READ_ONLY,
  examples: ['河南 2025 年物理类 600 分排多少名？', '江苏 2025 年一分一段表 600 到 620 分', '浙江 2024 年 650 分的位次'],
  tags: ['gaokao', 'rank-table'],
  keywords: ['一分一段', '位次', '排多少名', '排名多少', '多少名', '排第几', '排多少位', '多少位', '排位', '省排名', '全省排名', '同分人数', 'rank table', 'score to rank', 'score-to-rank'],
  handler(args, ctx) {
    const page = queryRankTable(ctx.dataDb(), args);
    let extra = '';
    if (args.score !== undefined && page.items.length) {
      extra = page.items
        .map((r) => `${r.subject_type ?? ''}${r.table_kind ? `（${r.table_kind}）` : ''} ${r.score_max ? `${r.score}–${r.score_max} 分段` : `${r.score} 分`}同分 ${r.count_at_score ?? '未知'} 人、累计位次 ${r.cumulative_rank ?? '未知'}`)
        .join('；');
    }
    const summary = pageSummary(page, { measure: '行', name: '一分一段数据' }, describeFilters(args), args.raw, extra);
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },
});
