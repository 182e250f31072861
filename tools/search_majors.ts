import { firstNames, pageSummary } from '../src/data/describe.ts';
import { majorSearchSchema, searchMajors } from '../src/data/majors.ts';
import { pageInfo } from '../src/data/paging.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { majorItemSchema, toolPageSchema } from '../src/data/responses.ts';

export default defineTool({
  name: 'search_majors',
  title: '搜索专业 · Search majors',
  description:
    '在 2026 年本科专业目录中按名称关键词（1–2 字亦可，如“哲学”“计算机”）、专业代码、门类（工学 / 08）、专业类（计算机类 / 0809）搜索专业，返回专业 id、代码、门类、专业类。查专业详情用 get_major。\n' +
    'Searches the undergraduate major catalogue (2026) by name (1–2 character queries work), code, 门类 category and 专业类 sub-category. Returns ids for get_major.',
  inputSchema: majorSearchSchema,
  outputSchema: toolPageSchema(majorItemSchema),
  annotations: READ_ONLY,
  examples: ['有哪些计算机类专业？', '工学门类下的专业', '搜一下“哲学”专业', '080901 是什么专业'],
  tags: ['gaokao', 'majors'],
  keywords: ['有哪些专业', '哪些专业', '什么专业', '专业目录', '专业代码', '门类', '专业类', '搜专业', '类专业', '专业有哪些', '搜索专业', 'search majors', 'list majors'],
  handler(args, ctx) {
    const page = searchMajors(ctx.dataDb(), args);
    const conditions = [
      ...(args.q ? [`名称或代码“${args.q}”`] : []),
      ...(args.category ? [`门类 ${args.category}`] : []),
      ...(args.sub_category ? [`专业类 ${args.sub_category}`] : []),
    ];
    const summary = pageSummary(page, { measure: '个', name: '专业' }, conditions, undefined, firstNames(page.items.map((m) => m.name)));
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },
});
