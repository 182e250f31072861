import { describeFilters, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { majorRankingQuerySchema, queryMajorRankings } from '../src/data/rankings.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { majorRankingRow } from '../src/data/rankings.ts';

export default defineTool({
  name: 'query_major_rankings',
  title: '查询专业排名 · Query major rankings',
  description:
    '查询软科中国大学专业排名（2025、2026）：某专业哪些学校排名靠前，或某校哪些专业上榜及等级（A+、A、B+、B）。专业名称、院校 id、院校名称至少给一个；可按等级、年份筛选。\n' +
    '软科 major rankings (2025, 2026): the best universities for a major, or the ranked majors of a university with grades (A+, A, B+, B). Give at least one of major_name, university_id, university_name; optional grade and year.',
  inputSchema: majorRankingQuerySchema,
  outputSchema: toolPageSchema(majorRankingRow),
  annotations: READ_ONLY,
  examples: ['计算机科学与技术专业排名前十的学校', '浙江大学有哪些 A+ 专业？', '2026 年法学专业排名'],
  tags: ['gaokao', 'rankings'],
  keywords: ['专业排名', '软科专业排名', '排名', '排名前十', '排名前', '专业最强', '最强', '最好的学校', '哪些学校的', '哪所学校的', '哪家强', '上榜', 'a+专业', '有哪些a+', 'b+专业', 'major ranking'],
  handler(args, ctx) {
    const page = queryMajorRankings(ctx.dataDb(), args);
    const extra = page.items
      .slice(0, 5)
      .map((r) => `${r.school_name} ${r.major_name} 第 ${r.rank ?? '—'} 名${r.grade ? `（${r.grade}）` : ''}`)
      .join('；');
    const summary = pageSummary(page, { measure: '条', name: '软科专业排名' }, describeFilters(args), args.raw, extra);
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },
});
