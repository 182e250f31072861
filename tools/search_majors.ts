import { firstNames, pageSummary } from '../src/data/describe.ts';
import { majorSearchSchema, searchMajors } from '../src/data/majors.ts';
import { pageInfo } from '../src/data/paging.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { majorItemSchema, toolPageSchema } from '../src/data/responses.ts';
import { col, names, say } from '../src/agent/voice.ts';

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

  answer: {
    lead(r: { items: Array<Record<string, any>>; has_more: boolean }, c) {
      if (r.items.length === 1) {
        const m = r.items[0]!;
        return say(c.lang, `${m.code} 是${m.name}专业，属${m.category}门类${m.subcategory}。`, `${m.code} is ${m.name}, in ${m.category} / ${m.subcategory}.`);
      }
      return say(
        c.lang,
        `${r.has_more ? `超过 ${r.items.length} 个专业符合，先列出` : `共 ${r.items.length} 个专业`}：${names(r.items.map((m) => `${m.name}（${m.code}）`), 'zh', 10)}。`,
        `${r.has_more ? `More than ${r.items.length} majors in the catalogue match` : `There are ${r.items.length} majors in the catalogue that match`}: ${names(r.items.map((m) => `${m.name} (${m.code})`), 'en', 10)}.`,
      );
    },
    empty: (_r, c) => say(c.lang, `2026 年本科专业目录中没有符合条件的专业（${names([c.args.q, c.args.category, c.args.sub_category], 'zh')}）。查不到即不在本站数据中，不做推测。`, `The 2026 catalogue has no major matching ${names([c.args.q, c.args.category, c.args.sub_category], 'en')}; nothing is guessed.`),
    columns: [col('代码', 'code', 'code'), col('专业', 'major', 'name'), col('门类', 'category', 'category'), col('专业类', 'sub-category', 'subcategory')],
  },
});
