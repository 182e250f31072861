import { z } from 'zod';
import { briefSchema, dailyBrief } from '../src/site/brief.ts';
import { CALENDAR_KINDS, siteContent } from '../src/site/content.ts';
import { forumStore } from '../src/site/forum.ts';
import { noteItemShape, postItemShape } from '../src/site/responses.ts';
import { withUrl } from '../src/site/notes.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { col, say } from '../src/agent/voice.ts';

/** 2027-06-07 → 2027 年 6 月 7 日 */
const zhDate = (iso: string): string => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${y} 年 ${m} 月 ${d} 日`;
};

export default defineTool({
  name: 'daily_brief',
  title: '每日简报 · Daily brief',
  description:
    '今天（北京时间）的站内简报：最新笔记、论坛最新帖子、接下来的高考日程（报名、考试、出分、填报志愿等，附来源，未公布的按惯例标注）和数据覆盖情况。全部来自本站自己的数据，不联网。\n' +
    "Today's brief (dated in Asia/Shanghai) from the site's own data: newest notes and forum posts, the upcoming gaokao calendar dates with their sources, and the data coverage. Never fetched from the web.",
  inputSchema: briefSchema,
  outputSchema: z.object({
    date: z.string(),
    timezone: z.literal('Asia/Shanghai'),
    summary: z.string(),
    notes: z.array(noteItemShape),
    forum_posts: z.array(postItemShape),
    calendar: z.array(
      z.object({
        date: z.string(),
        end_date: z.string().optional(),
        title: z.string(),
        scope: z.string(),
        kind: z.enum(CALENDAR_KINDS),
        status: z.enum(['announced', 'customary']),
        note: z.string(),
        source: z.object({ title: z.string(), publisher: z.string(), url: z.string(), date: z.string() }),
        days_until: z.number().int(),
        ongoing: z.boolean(),
      }),
    ),
    coverage: z.union([
      z.object({
        available: z.literal(true),
        score_lines: z.number().int(),
        score_line_years: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
        provinces: z.number().int(),
        datasets: z.array(z.object({ dataset: z.string(), rows: z.number().int() })),
        imported_at: z.string().nullable(),
      }),
      z.object({ available: z.literal(false), message: z.string() }),
    ]),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: false },
  examples: ['今天有什么新鲜事？', '离高考还有多少天？', "What's in today's brief?"],
  tags: ['site', 'brief', 'calendar'],
  keywords: ['今日简报', '每日简报', '简报', '日报', '高考日程', '高考倒计时', '离高考还有多少天', 'daily brief', 'gaokao calendar'],
  async handler(args, ctx) {
    const content = siteContent();
    const brief = await dailyBrief(content, await forumStore(await ctx.openState(), content), () => ctx.dataDb(), { date: args.date });
    return { ...brief, notes: brief.notes.map((n) => withUrl(ctx.config, n)) };
  },

  answer: {
    lead(r: { summary: string; calendar: Array<Record<string, any>> }, c) {
      const next = r.calendar[0];
      // "离高考还有多少天": the next national exam date first
      const exam = r.calendar.find((e) => e.kind === 'exam') ?? next;
      const first = exam
        ? say(
            c.lang,
            `${exam.ongoing ? `${exam.title}正在进行` : `${exam.title}在 ${zhDate(exam.date)}${exam.end_date ? `至 ${zhDate(exam.end_date)}` : ''}（${exam.status === 'customary' ? '按惯例，尚未正式公布，以教育部和本省考试院的通知为准' : '已公布'}），距今还有 ${exam.days_until} 天`}。`,
            `${exam.ongoing ? `${exam.title} is under way` : `${exam.days_until} days until ${exam.title} (${exam.date}${exam.status === 'customary' ? ', customary date, not yet announced' : ''})`}.`,
          )
        : '';
      return `${first}\n\n${say(c.lang, r.summary, "Today's brief of the site: newest notes, forum posts, the gaokao calendar and the data coverage (in Chinese above the table).")}`;
    },
    isEmpty: () => false,
    rows: (r: { calendar: Array<Record<string, unknown>> }) => r.calendar,
    columns: [
      col('日期', 'date', (e: Record<string, any>) => `${e.date}${e.end_date ? `–${e.end_date}` : ''}`),
      col('日程', 'event', 'title'),
      col('状态', 'status', (e: Record<string, any>, lang) => (e.status === 'announced' ? say(lang, '已公布', 'announced') : say(lang, '按惯例', 'customary'))),
      col('还有（天）', 'days left', 'days_until'),
      col('出处', 'source', (e: Record<string, any>) => `${e.source.publisher}：${e.source.title}`),
    ],
  },
});
