import { describeFilters, firstNames, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { planQuerySchema, queryPlans } from '../src/data/plans.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { planRow } from '../src/data/plans.ts';

export default defineTool({
  name: 'query_admission_plans',
  title: '查询招生计划 · Query admission plans',
  description:
    '查询招生计划（计划人数、学费、选科要求、来源）。必须给出 省份+年份，或院校 id，或院校名称（可用简称）；可再按科类、批次（模糊）、专业名筛选。数据覆盖有限（以吉林、西藏、安徽等为主；浙江 2026 仅含选考物理+化学+生物可报的部分计划，scope 标 partial），查不到即数据中没有。\n' +
    'Enrolment plans (places, tuition, elective requirement, source). Requires province+year, or university_id, or university_name; filters: subject type, batch (fuzzy), major name. Coverage is limited (mostly 吉林, 西藏, 安徽; 浙江 2026 only partially: the items open to 物理+化学+生物, labelled scope partial); nothing found means the data has none.',
  inputSchema: planQuerySchema,
  outputSchema: toolPageSchema(planRow),
  annotations: READ_ONLY,
  examples: ['吉林 2025 年物理类的招生计划', '南京理工大学在安徽的招生计划', '西藏 2024 年本科批招多少人'],
  tags: ['gaokao', 'admission-plans'],
  keywords: ['招生计划', '招多少人', '招几个人', '招生人数', '计划人数', '招生名额', '学费', '选科要求', 'admission plan', 'enrolment plan', 'enrollment plan'],
  handler(args, ctx) {
    const page = queryPlans(ctx.dataDb(), args);
    const partial = page.items.some((p) => String(p.scope ?? '').startsWith('partial:'));
    const summary =
      pageSummary(page, { measure: '条', name: '招生计划' }, describeFilters(args), args.raw, firstNames(page.items.map((p) => String(p.school_name)), 3)) +
      (partial ? '注意：其中浙江 2026 计划只含选考物理+化学+生物可报的专业，不是完整计划（scope 以 partial 标出）。' : '');
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },
});
