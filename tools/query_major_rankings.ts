import { describeFilters, pageSummary } from '../src/data/describe.ts';
import { countRows, pageInfo } from '../src/data/paging.ts';
import { majorRankingQuerySchema, majorRankingsSql, queryMajorRankings } from '../src/data/rankings.ts';
import { z } from 'zod';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { majorRankingRow } from '../src/data/rankings.ts';
import { askedGrade, col, gradeYesNo, names, say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'query_major_rankings',
  title: '查询专业排名 · Query major rankings',
  description:
    '查询软科中国大学专业排名（2025、2026）：某专业哪些学校排名靠前，或某校哪些专业上榜及等级（A+、A、B+、B）。专业名称、院校 id、院校名称至少给一个；可按等级、年份筛选。\n' +
    '软科 major rankings (2025, 2026): the best universities for a major, or the ranked majors of a university with grades (A+, A, B+, B). Give at least one of major_name, university_id, university_name; optional grade and year.',
  inputSchema: majorRankingQuerySchema,
  outputSchema: toolPageSchema(majorRankingRow).extend({
    total: z.number().int().describe('rows matching over every page, in the year of the first row when no year was given (the latest ranking)'),
  }),
  annotations: READ_ONLY,
  examples: ['计算机科学与技术专业排名前十的学校', '浙江大学有哪些 A+ 专业？', '2026 年法学专业排名'],
  tags: ['gaokao', 'rankings'],
  keywords: ['专业排名', '软科专业排名', '排名', '排名前十', '排名前', '专业最强', '最强', '最好的学校', '哪些学校的', '哪所学校的', '哪家强', '上榜', 'a+专业', '有哪些a+', 'b+专业', 'major ranking'],
  handler(args, ctx) {
    const db = ctx.dataDb();
    const page = queryMajorRankings(db, args);
    // "浙大有多少个A+专业": counted in one ranking year (the latest shown), not across 2025 and 2026
    const year = args.year ?? (page.items[0]?.year as number | undefined);
    const counted = majorRankingsSql(db, { ...args, ...(year !== undefined ? { year } : {}) });
    const total = page.items.length ? countRows(db, counted.sql, counted.params) : 0;
    const extra = page.items
      .slice(0, 5)
      .map((r) => `${r.school_name} ${r.major_name} 第 ${r.rank ?? '—'} 名${r.grade ? `（${r.grade}）` : ''}`)
      .join('；');
    const summary = pageSummary(page, { measure: '条', name: '软科专业排名' }, describeFilters(args), args.raw, extra);
    return { ...toolList(page.items, summary), ...pageInfo(page), total };
  },

  answer: {
    lead(r: { items: Array<Record<string, any>>; has_more: boolean; total: number }, c) {
      const { lang } = c;
      const year = r.items[0]?.year;
      const n = say(lang, `${r.total} 个`, `${r.total}`);
      const byUniversity = c.args.university_name !== undefined || c.args.university_id !== undefined;
      const top = r.items.filter((x) => x.year === year).slice(0, Math.min(c.count ?? 10, 10));
      const asked = askedGrade(c.question);
      if (asked && byUniversity && c.args.major_name) {
        const x = r.items[0]!;
        return gradeYesNo(asked, say(lang, `${x.school_name}${x.major_name}在软科 ${x.year} 专业排名中（第 ${x.rank ?? '—'} 名）`, `${x.school_name} ${x.major_name} in the 软科 ${x.year} major ranking (#${x.rank ?? '—'})`), x.grade, lang);
      }
      if (byUniversity) {
        const school = r.items[0]!.school_name;
        return say(
          lang,
          `${school}在软科 ${year} 专业排名中${c.args.grade ? `等级为 ${c.args.grade} 的` : '上榜的'}专业${c.args.major_name ? `（“${c.args.major_name}”）` : ''}有 ${n}：${top.map((x) => `${x.major_name}（第 ${x.rank ?? '—'} 名${x.grade ? `，${x.grade}` : ''}）`).join('、')}${r.total > top.length ? ' 等' : ''}。`,
          `In the 软科 ${year} major ranking, ${n} majors of ${school} are listed${c.args.grade ? ` at grade ${c.args.grade}` : ''}: ${top.map((x) => `${x.major_name} (#${x.rank ?? '—'}${x.grade ? `, ${x.grade}` : ''})`).join(', ')}.`,
        );
      }
      const major = r.items[0]!.major_name;
      return say(
        lang,
        `软科 ${year} ${major}专业排名${c.args.grade ? `（${c.args.grade}）` : ''}前 ${top.length} 名：${top.map((x) => `${x.rank ?? '—'}. ${x.school_name}${x.grade ? `（${x.grade}）` : ''}`).join('；')}。`,
        `In the 软科 ${year} ranking of ${major}${c.args.grade ? ` (${c.args.grade})` : ''}, the top ${top.length} are: ${top.map((x) => `${x.rank ?? '—'}. ${x.school_name}${x.grade ? ` (${x.grade})` : ''}`).join('; ')}.`,
      );
    },
    empty: (_r, c) =>
      say(c.lang, `软科专业排名中没有符合条件的记录（${names([c.args.university_name, c.args.major_name, c.args.grade, c.args.year], 'zh')}）。查不到即不在本站数据中，不做推测。`, `The 软科 major rankings hold nothing for ${names([c.args.university_name, c.args.major_name, c.args.grade, c.args.year], 'en')}; nothing is guessed.`),
    columns: [
      col('名次', 'rank', 'rank'),
      col('院校', 'university', 'school_name'),
      col('专业', 'major', 'major_name'),
      col('等级', 'grade', 'grade'),
      col('年份', 'year', 'year'),
    ],
  },
});
