import { describeFilters, pageSummary } from '../src/data/describe.ts';
import { evaluationQuerySchema, evaluationsSql, queryEvaluations } from '../src/data/evaluations.ts';
import { z } from 'zod';
import { countRowsBy, pageInfo } from '../src/data/paging.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { evaluationRow } from '../src/data/evaluations.ts';
import { askedGrade, col, gradeYesNo, names, say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'query_discipline_evaluations',
  title: '查询学科评估 · Query discipline evaluations',
  description:
    '查询学科评估结果：第四轮学科评估（2017，官方发布，A+ 至 C-）以及第五轮中各校自行公布的结果（非官方发布，带来源链接，round=5）。可按院校 id、院校名称（可用简称）、学科名称（包含匹配）、等级筛选。\n' +
    'Discipline evaluation results: round 4 (2017, official, A+ … C-) and round 5 results announced by universities themselves (not officially published; source link per row, round=5). Filters: university id or name, discipline name (substring), grade.',
  inputSchema: evaluationQuerySchema,
  outputSchema: toolPageSchema(evaluationRow).extend({
    total: z.number().int().describe('results matching over every page'),
    by_round: z.record(z.string(), z.number().int()).describe('the same count per round (4: official, 5: announced by the universities)'),
  }),
  annotations: READ_ONLY,
  examples: ['第四轮学科评估计算机 A+ 的学校', '武汉大学的学科评估结果', '哪些学校的法学是 A 类？'],
  tags: ['gaokao', 'evaluations'],
  keywords: ['学科评估', '第四轮', '第五轮', '评估结果', '学科等级', 'a类学科', '评估等级', 'discipline evaluation'],
  handler(args, ctx) {
    const db = ctx.dataDb();
    const page = queryEvaluations(db, args);
    const counted = evaluationsSql(db, args);
    const byRound = page.items.length ? countRowsBy(db, counted.sql, counted.params, 'round') : {};
    const total = Object.values(byRound).reduce((a, b) => a + b, 0);
    const extra = page.items
      .slice(0, 5)
      .map((e) => `${e.school_name} ${e.discipline_name} ${e.grade ?? ''}${e.round === 5 ? '（第五轮，学校自行公布）' : ''}`)
      .join('；');
    const summary = pageSummary(page, { measure: '条', name: '学科评估结果' }, describeFilters(args), args.raw, extra);
    return { ...toolList(page.items, summary), ...pageInfo(page), total, by_round: byRound };
  },

  answer: {
    lead(r: { items: Array<Record<string, any>>; has_more: boolean; total: number; by_round: Record<string, number> }, c) {
      const { lang } = c;
      const rounds = r.by_round['5'] ? say(lang, `（第四轮 ${r.by_round['4'] ?? 0} 条，第五轮学校自行公布 ${r.by_round['5']} 条）`, ` (round 4: ${r.by_round['4'] ?? 0}, round 5 self-announced: ${r.by_round['5']})`) : '';
      const n = `${r.total}${say(lang, ' 条', '')}${rounds}`;
      const top = r.items.slice(0, Math.min(c.count ?? 12, 12));
      const asked = askedGrade(c.question);
      const first = r.items[0]!;
      const yesNo = asked ? gradeYesNo(asked, `${first.school_name}${first.discipline_name}在${first.round === 5 ? '第五轮（学校自行公布）' : '第四轮'}学科评估中`, first.grade, lang) : '';
      const each = top.map((e) => `${e.school_name} ${e.discipline_name} ${e.grade ?? '—'}${e.round === 5 ? say(lang, '（第五轮，学校自行公布）', ' (round 5, self-announced)') : ''}`);
      return say(
        lang,
        `${yesNo}学科评估结果（第四轮为 2017 年官方发布）共 ${n} 条：${each.join('；')}${r.items.length > top.length || r.has_more ? '；其余见下表' : ''}。`,
        `${yesNo}There are ${n} discipline evaluation results (round 4 is the official one, from 2017): ${each.join('; ')}${r.items.length > top.length || r.has_more ? '; the rest below' : ''}.`,
      );
    },
    empty: (_r, c) =>
      say(c.lang, `学科评估数据中没有符合条件的结果（${names([c.args.university_name, c.args.discipline_name, c.args.grade], 'zh')}）。查不到即不在本站数据中，不做推测。`, `The evaluation data holds nothing for ${names([c.args.university_name, c.args.discipline_name, c.args.grade], 'en')}; nothing is guessed.`),
    columns: [
      col('院校', 'university', 'school_name'),
      col('学科', 'discipline', (e: Record<string, any>) => `${e.discipline_name}${e.discipline_code ? `（${e.discipline_code}）` : ''}`),
      col('等级', 'grade', 'grade'),
      col('轮次', 'round', (e: Record<string, any>, lang) => (e.round === 5 ? say(lang, '第五轮（学校自行公布）', 'round 5 (self-announced)') : say(lang, '第四轮', 'round 4'))),
    ],
  },
});
