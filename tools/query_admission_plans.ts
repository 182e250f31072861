import { describeFilters, firstNames, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { planQuerySchema, planTotals, queryPlans, type PlanTotals } from '../src/data/plans.ts';
import { col, fmt, say, where } from '../src/agent/voice.ts';
import { z } from 'zod';
import { defineTool, READ_ONLY, toolList, type AnswerContext } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { planRow } from '../src/data/plans.ts';

type Plan = Record<string, any>;
type Result = { items: Plan[]; totals: PlanTotals; has_more: boolean; summary: string };

function scope(c: AnswerContext): string {
  const a = c.args;
  return say(
    c.lang,
    [a.university_name, a.university_name && a.province ? '在' : '', where(a, 'zh'), a.subject_type, a.batch, a.major_name && `${a.major_name}专业`].filter(Boolean).join(''),
    [a.university_name, where(a, 'en'), a.subject_type, a.batch, a.major_name].filter(Boolean).join(', '),
  );
}

export default defineTool({
  name: 'query_admission_plans',
  title: '查询招生计划 · Query admission plans',
  description:
    '查询招生计划（计划人数、学费、选科要求、来源），并给出全部符合条件的计划条数与计划人数合计（totals）。必须给出 省份+年份，或院校 id，或院校名称（可用简称）；可再按科类、批次（模糊）、专业名筛选。数据覆盖有限（以吉林、西藏、安徽等为主；浙江 2026 仅含选考物理+化学+生物可报的部分计划，scope 标 partial），查不到即数据中没有。\n' +
    'Enrolment plans (places, tuition, elective requirement, source), with the number of matching plans and the sum of their places over every page (totals). Requires province+year, or university_id, or university_name; filters: subject type, batch (fuzzy), major name. Coverage is limited (mostly 吉林, 西藏, 安徽; 浙江 2026 only partially: the items open to 物理+化学+生物, labelled scope partial); nothing found means the data has none.',
  inputSchema: planQuerySchema,
  outputSchema: toolPageSchema(planRow).extend({
    totals: z
      .object({ plans: z.number().int(), places: z.number().nullable(), without_count: z.number().int() })
      .describe('every matching plan (all pages): how many, the sum of their places, and how many give no place count'),
  }),
  annotations: READ_ONLY,
  examples: ['吉林 2025 年物理类的招生计划', '南京理工大学在安徽的招生计划', '西藏 2024 年本科批招多少人'],
  tags: ['gaokao', 'admission-plans'],
  keywords: ['招生计划', '招多少人', '招几个人', '招生人数', '计划人数', '招生名额', '学费', '选科要求', 'admission plan', 'enrolment plan', 'enrollment plan'],
  handler(args, ctx) {
    const db = ctx.dataDb();
    const page = queryPlans(db, args);
    const totals = planTotals(db, args);
    const partial = page.items.some((p) => String(p.scope ?? '').startsWith('partial:'));
    const summary =
      pageSummary(page, { measure: '条', name: '招生计划' }, describeFilters(args), args.raw, firstNames(page.items.map((p) => String(p.school_name)), 3)) +
      (totals.plans ? `全部符合条件的计划 ${totals.plans} 条，合计计划 ${totals.places ?? 0} 人${totals.without_count ? `（其中 ${totals.without_count} 条未给人数）` : ''}。` : '') +
      (partial ? '注意：其中浙江 2026 计划只含选考物理+化学+生物可报的专业，不是完整计划（scope 以 partial 标出）。' : '');
    return { ...toolList(page.items, summary), ...pageInfo(page), totals };
  },
  answer: {
    lead(r: Result, c) {
      const t = r.totals;
      const unknown = t.without_count ? say(c.lang, `（其中 ${t.without_count} 条未给人数，不在合计内）`, ` (${t.without_count} give no number and are not in the sum)`) : '';
      return say(
        c.lang,
        `${scope(c)}的招生计划共 ${t.plans} 条，合计计划招生 ${fmt(t.places ?? 0)} 人${unknown}。`,
        `There are ${t.plans} enrolment plans for ${scope(c)}, with ${fmt(t.places ?? 0)} places in total${unknown}.`,
      );
    },
    isEmpty: (r: Result) => r.totals.plans === 0,
    empty: (r: Result, c) => say(c.lang, `数据中没有${scope(c)}的招生计划（本站招生计划覆盖有限，以吉林、西藏、安徽等省为主）。查不到即不在本站数据中，不做推测。`, `The data holds no enrolment plans for ${scope(c)} (coverage is limited, mostly 吉林, 西藏, 安徽); nothing is guessed.`),
    columns: [
      col<Plan>('院校', 'university', (p) => `${p.school_name ?? ''}${p.campus ? `（${p.campus}）` : ''}`),
      col<Plan>('年份', 'year', 'year'),
      col<Plan>('科类', 'subject', 'subject_type'),
      col<Plan>('批次', 'batch', 'batch'),
      col<Plan>('专业', 'major', 'major_name'),
      col<Plan>('计划人数', 'places', 'plan_count'),
      col<Plan>('学费', 'tuition', 'tuition'),
      col<Plan>('选科要求', 'electives', 'elective'),
    ],
    notes(r: Result, c) {
      const shown = r.items.reduce((s, p) => s + (typeof p.plan_count === 'number' ? p.plan_count : 0), 0);
      if (!r.has_more && r.items.length === r.totals.plans) return [];
      return [say(c.lang, `上表列出其中 ${r.items.length} 条（合计 ${shown} 人）；上面的总数算的是全部 ${r.totals.plans} 条。`, `The table lists ${r.items.length} of them (${shown} places); the total above counts all ${r.totals.plans}.`)];
    },
  },
});
