import { lookupMajor, majorLookupSchema } from '../src/data/majors.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { lookupResultSchema, majorDetailSchema } from '../src/data/responses.ts';
import { col, names, say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'get_major',
  title: '专业详情 · Major detail',
  description:
    '按专业 id、名称或代码查一个本科专业的详情：门类与专业类、专业介绍（数据中有时）、开设院校数（软科专业排名上榜院校数）、按软科专业排名与第四轮学科评估列出的顶尖院校。名称对应多个专业时返回候选。\n' +
    'One major by id, name or code: category, introduction where the data has one, number of universities offering it (ranked by 软科), and the top universities by 软科 major ranking and by 第四轮 discipline evaluation. An ambiguous name returns candidates.',
  inputSchema: majorLookupSchema,
  outputSchema: lookupResultSchema('major', majorDetailSchema),
  annotations: READ_ONLY,
  examples: ['计算机科学与技术专业怎么样？', '哪些学校的法学最强？', '临床医学有多少学校开设？'],
  tags: ['gaokao', 'majors'],
  keywords: ['专业怎么样', '专业介绍', '专业详情', '专业好不好', '个专业的详情', '个专业', '哪些学校开设', '多少学校开设', '多少所学校开设', '开设院校', '学什么', '就业', '学校开设', '开设', 'major detail', 'about the major'],
  handler(args, ctx) {
    const r = lookupMajor(ctx.dataDb(), args);
    const asked = args.id !== undefined ? `id 为 ${args.id}` : `名为“${args.name}”`;
    if (!r.found) {
      if (r.candidates.length === 0) return { found: false, summary: `数据中没有${asked}的本科专业。`, candidates: [] };
      return {
        found: false,
        summary: `“${args.name}”对应多个专业，请用全称或 id 指定其一：${r.candidates.map((c) => `${c.name}（id ${c.id}）`).join('、')}${r.more ? ' 等' : ''}。`,
        candidates: r.candidates,
      };
    }
    const m = r.major;
    const top = m.top_universities_by_ranking.items.slice(0, 3).map((t: any) => t.school_name).join('、');
    const summary =
      `${m.name}（${m.code}）属${m.category}门类${m.subcategory}；` +
      (m.universities_offering.year ? `软科 ${m.universities_offering.year} 专业排名中有 ${m.universities_offering.count} 所院校上榜${top ? `，前列为${top}` : ''}；` : '软科专业排名中没有该专业；') +
      (m.introduction ? '附专业介绍。' : '数据中没有该专业的介绍。');
    return { found: true, summary, major: m };
  },

  answer: {
    lead(r: { summary: string; major: Record<string, any> }, c) {
      const m = r.major;
      if (c.lang === 'en') {
        const o = m.universities_offering;
        return `${m.name} (${m.code}) is in ${m.category} / ${m.subcategory}; ${o.year ? `${o.count} universities are in the 软科 ${o.year} ranking of it` : 'it is not in the 软科 major ranking'}.`;
      }
      return r.summary;
    },
    empty(r: { candidates: Array<{ name: string }> }, c) {
      if (r.candidates.length) return say(c.lang, `“${c.args.name}”对应多个专业，请说明是哪一个：${names(r.candidates.map((x) => x.name), 'zh', 10)}。`, `"${c.args.name}" matches several majors; which one? ${names(r.candidates.map((x) => x.name), 'en', 10)}.`);
      return say(c.lang, `2026 年本科专业目录中没有“${c.args.name ?? c.args.id}”这个专业。查不到即不在本站数据中，不做推测。`, `The 2026 catalogue has no major "${c.args.name ?? c.args.id}"; nothing is guessed.`);
    },
    rows: (r: { major: Record<string, any> }, c) => (r.major.top_universities_by_ranking.items as Array<Record<string, unknown>>).slice(0, c.count ?? 10),
    columns: [col('软科名次', '软科 rank', 'rank'), col('院校', 'university', 'school_name'), col('等级', 'grade', 'grade')],
    notes(r: { major: Record<string, any> }, c) {
      const m = r.major;
      const out: string[] = [];
      const ev = (m.top_universities_by_evaluation.items as Array<Record<string, any>>).slice(0, 8);
      if (ev.length) out.push(say(c.lang, `第四轮学科评估（${ev[0]!.discipline_name ?? '对应学科'}）靠前：${ev.map((e) => `${e.school_name}（${e.grade}）`).join('、')}。`, `第四轮 evaluation leaders: ${ev.map((e) => `${e.school_name} (${e.grade})`).join(', ')}.`));
      if (m.introduction) out.push(String(m.introduction).slice(0, 600));
      return out;
    },
  },
});
