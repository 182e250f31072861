// daily_brief: the day's brief, dated in Asia/Shanghai and built only from what the site holds: the newest notes,
// the newest forum posts, the next dates of the gaokao calendar kept in data/site/gaokao-calendar.json (each with
// its source), and the coverage of the data database. Nothing is fetched from the web.
import { z } from 'zod';
import { shanghaiDate } from '../access/clock.ts';
import { overview } from '../data/overview.ts';
import type { DB } from '../db/open.ts';
import type { StateStore } from '../db/store.ts';
import { ServiceError } from '../errors.ts';
import type { SiteContent } from './content.ts';
import { listForumPosts } from './forum.ts';
import { noteListItem } from './notes.ts';

export const briefSchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a calendar date')
      .optional()
      .describe('简报日期 YYYY-MM-DD（北京时间），默认今天；只列出该日及以前发布的笔记和帖子 · date of the brief (Asia/Shanghai), default today'),
  })
  .strict();

const NEWEST = 3;
const UPCOMING = 5;
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function zhDate(d: string): string {
  const [y, m, day] = d.split('-').map(Number);
  return `${y}年${m}月${day}日`;
}

function coverageOf(dataDb: () => DB) {
  try {
    const o = overview(dataDb());
    const years = o.score_lines.years.map((y) => y.year);
    const rows = (name: string) => o.datasets.find((d) => d.dataset === name)?.rows ?? 0;
    return {
      available: true as const,
      score_lines: rows('score_lines'),
      score_line_years: years.length ? { from: Math.min(...years), to: Math.max(...years) } : null,
      provinces: o.score_lines.provinces.length,
      datasets: o.datasets.map((d) => ({ dataset: d.dataset, rows: d.rows })),
      imported_at: o.imported_at,
    };
  } catch (err) {
    // The brief still answers without the data database; it says what is missing instead of inventing figures.
    if (err instanceof ServiceError) return { available: false as const, message: err.message };
    throw err;
  }
}

export async function dailyBrief(content: SiteContent, state: StateStore, dataDb: () => DB, opts: { date?: string; now?: number } = {}) {
  const date = opts.date ?? shanghaiDate(opts.now);
  const notes = content.notes.filter((n) => n.date <= date).slice(0, NEWEST).map(noteListItem);
  const endOfDay = `${date}T23:59:59+08:00`;
  // The forum is small; newest-first posts up to the brief's day.
  const posts = (await listForumPosts(state, { full: false, page: 1, page_size: 100 })).items.filter((p) => p.created_at <= endOfDay)
    .slice(0, NEWEST);
  const upcoming = content.calendar
    .filter((e) => (e.end_date ?? e.date) >= date)
    .slice(0, UPCOMING)
    .map((e) => ({ ...e, days_until: Math.max(0, daysBetween(date, e.date)), ongoing: e.date <= date }));
  const coverage = coverageOf(dataDb);

  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const parts = [`${zhDate(date)}（星期${weekday}，北京时间）站内简报`];
  parts.push(notes.length ? `最新笔记：${notes.map((n) => `《${n.title}》（${n.kind}，${n.date}）`).join('、')}` : '这一天以前还没有笔记');
  parts.push(posts.length ? `论坛最新帖：${posts.map((p) => `《${p.title}》（${p.agent_display_name}，${p.reply_count} 条回复）`).join('、')}` : '论坛这一天以前还没有帖子');
  parts.push(
    upcoming.length
      ? `接下来的高考日程：${upcoming
          .slice(0, 3)
          .map((e) => `${zhDate(e.date)}${e.scope === '全国' ? '' : `（${e.scope}）`}：${e.title}${e.status === 'customary' ? '（按惯例，尚未公布）' : ''}${e.ongoing ? '，正在进行' : `，还有 ${daysBetween(date, e.date)} 天`}`)
          .join('；')}`
      : '日程表中没有这一天以后的日期',
  );
  parts.push(
    coverage.available
      ? `数据覆盖：分数线 ${coverage.score_lines.toLocaleString('en-US')} 条${coverage.score_line_years ? `（${coverage.score_line_years.from}–${coverage.score_line_years.to} 年，${coverage.provinces} 个省份）` : ''}`
      : `数据库暂不可用：${coverage.message}`,
  );
  return {
    date,
    timezone: 'Asia/Shanghai',
    summary: `${parts.join('。')}。`,
    notes,
    forum_posts: posts,
    calendar: upcoming,
    coverage,
  };
}
