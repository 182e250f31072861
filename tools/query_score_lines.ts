import { describeFilters, firstNames, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { queryScoreLines, scoreLineQuerySchema } from '../src/data/score-lines.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { scoreLineRow } from '../src/data/score-lines.ts';

export default defineTool({
  name: 'query_score_lines',
  title: '查询录取分数线 · Query admission score lines',
  description:
    '查询历年录取分数线（专业线、院校线/院校专业组线、特殊招生线），每行带最低分、最低位次与来源。必须给出 省份+年份，或 院校 id，或院校名称（可用简称）。可再按科类（物理类/物理/理科 视为一类）、批次（模糊）、线别、专业名、分数区间、位次区间筛选；默认只返回清洗后的数据，raw=true 连同异常行一起返回。想知道某个分数能上哪些学校请用 match_by_score。\n' +
    'Admission score lines (per major, per institution/group, special admission) with lowest score, rank and source. Requires province+year, or university_id, or university_name. Filters: subject type (physics/物理类/理科 are one family), batch (fuzzy), line kind, major name, score and rank windows; cleaned rows only unless raw=true. For "which universities can my score reach" use match_by_score.',
  inputSchema: scoreLineQuerySchema,
  outputSchema: toolPageSchema(scoreLineRow),
  annotations: READ_ONLY,
  examples: ['北京大学 2024 年在河南的录取分数线', '江苏 2024 年物理类 600–620 分的院校专业组投档线', '浙江大学计算机专业历年分数'],
  tags: ['gaokao', 'score-lines'],
  keywords: ['分数线', '录取分', '录取线', '投档线', '最低分', '多少分录取', '历年分数', '录取分数', '专业线', '院校线', 'score line', 'admission score', 'cutoff', 'cut-off'],
  handler(args, ctx) {
    const page = queryScoreLines(ctx.dataDb(), args);
    const summary = pageSummary(page, { measure: '条', name: '录取分数线' }, describeFilters(args), args.raw, firstNames(page.items.map((l) => String(l.school_name)), 3));
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },
});
