import { describeFilters, firstNames, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { countUniversities, searchUniversities, universitySearchSchema } from '../src/data/universities.ts';
import { z } from 'zod';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { universitySearchToolSchema } from '../src/data/responses.ts';
import type { OutsideListItem } from '../src/data/universities.ts';
import { col, names, say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'search_universities',
  title: '搜索院校 · Search universities',
  description:
    '按名称（支持简称：北大、清华、复旦、哈工大、上海交大，及 1–2 字关键词）、省份、城市、层次（985/211/双一流/本科/专科）、类型、软科名次搜索院校，返回院校 id、所在地、层次标记与软科 2026 名次；不在教育部全国高等学校名单中的院校（军队院校等，如国防科大、海军军医大学）按名称另列（outside_national_list）。查某校详情用 get_university。\n' +
    'Searches the 2,919 universities by name (short names and 1–2 character queries work), province, city, level flag (985/211/双一流), type and 软科 rank. Returns ids for get_university and the other data tools; institutions outside the national list (military academies …) that the name means are listed apart (outside_national_list).',
  inputSchema: universitySearchSchema,
  outputSchema: universitySearchToolSchema.extend({ total: z.number().int().describe('universities matching over every page') }),
  annotations: READ_ONLY,
  examples: ['北京有哪些 985 大学？', '搜一下哈工大', '江苏的师范类本科院校', '软科排名前 20 的大学'],
  tags: ['gaokao', 'universities'],
  keywords: ['有哪些大学', '哪些大学', '有哪些学校', '哪些学校', '哪些院校', '有哪些院校', '大学有哪些', '学校有哪些', '院校有哪些', '搜一下', '搜索院校', '找学校', '找大学', '985大学', '211大学', '双一流大学', '985院校', '211院校', '双一流院校', '院校名单', '大学名单', '师范类', '本科院校', '软科排名前', '软科排名', 'search universities', 'list universities', 'find universities'],
  handler(args, ctx) {
    const db = ctx.dataDb();
    const page = searchUniversities(db, args);
    const conditions = [
      ...(args.q ? [`名称“${args.q}”`] : []),
      ...describeFilters({ province: args.province }),
      ...(args.city ? [args.city] : []),
      ...(args.level ? [args.level] : []),
      ...(args.type ? [`${args.type}类`] : []),
      ...(args.max_ranking ? [`软科 2026 前 ${args.max_ranking} 名`] : []),
    ];
    const outside = page.outside_national_list ?? [];
    // An institution outside the national list (国防科技大学 …) is named with its rows, never as a listed university.
    const outsideList = outside.map((o) => `${o.name}（录取线 ${o.score_lines} 条、招生计划 ${o.admission_plans} 条）`).join('、');
    const outsideWhat = '不在教育部全国高等学校名单中的院校（军队院校等，数据中只有其录取数据，无院校档案）';
    const total = page.has_more || page.page > 1 ? countUniversities(db, args) : (page.page - 1) * page.page_size + page.items.length;
    const summary =
      page.items.length === 0 && outside.length
        ? `名称“${args.q}”对应的是${outsideWhat}：${outsideList}。`
        : pageSummary(page, { measure: '所', name: '院校' }, conditions, undefined, firstNames(page.items.map((u) => u.name))) +
          (page.has_more ? `符合条件的共 ${total} 所。` : '') +
          (outside.length ? ` 另有${outsideWhat}：${outsideList}。` : '');
    return { ...toolList(page.items, summary), ...pageInfo(page), total, ...(outside.length ? { outside_national_list: outside } : {}) };
  },

  answer: {
    lead(r: { items: Array<Record<string, any>>; has_more: boolean; total: number }, c) {
      const shown = r.items.slice(0, c.count ?? r.items.length);
      const part = shown.length < r.total;
      return say(
        c.lang,
        `符合条件的院校共 ${r.total} 所${part ? `，先列出 ${shown.length} 所` : ''}：${names(shown.map((u) => u.name), 'zh', 10)}。`,
        `There are ${r.total} universities in the data that match${part ? `; the first ${shown.length} are listed` : ''}: ${names(shown.map((u) => u.name), 'en', 10)}.`,
      );
    },
    // a name that means an institution outside the national list is answered as that, never as "not found"
    empty: (r: { summary: string; outside_national_list?: OutsideListItem[] }, c) =>
      r.outside_national_list?.length
        ? say(c.lang, r.summary, `${names(r.outside_national_list.map((o) => o.name), 'en', 5)}: outside the Ministry of Education's national list of higher-education institutions (military academies and the like); the data holds only their admission lines and plans, no profile.`)
        : say(c.lang, `${r.summary}查不到即不在本站数据中，不做推测。`, 'No university in the data matches; nothing is guessed.'),
    notes: (r: { items: unknown[]; outside_national_list?: OutsideListItem[] }, c) =>
      r.items.length && r.outside_national_list?.length
        ? [say(c.lang, `另有不在教育部全国高等学校名单中的院校（军队院校等）：${names(r.outside_national_list.map((o) => o.name), 'zh', 5)}，数据中只有其录取数据。`, `Also outside the national list (military academies and the like): ${names(r.outside_national_list.map((o) => o.name), 'en', 5)}; only their admission data is held.`)]
        : [],
    columns: [
      col('院校', 'university', 'name'),
      col('所在地', 'location', (u: Record<string, any>) => [u.province, u.city].filter(Boolean).join(' ')),
      col('层次', 'level', (u: Record<string, any>) => [u.is_985 && '985', u.is_211 && '211', u.is_double_first_class && '双一流'].filter(Boolean).join('/') || u.level),
      col('类型', 'type', 'type'),
      col('办学性质', 'public/private', 'nature'),
      col('软科 2026 名次', '软科 2026 rank', 'ranking'),
    ],
  },
});
