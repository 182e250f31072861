// The daily news page's content: what replaced the retired real-time aggregation (/api/news, /news/ui). It is built
// only from the site's own material — the daily brief, the newest notes and forum posts (site tools, run through
// the registry) and the data coverage — dated in Asia/Shanghai, never fetched from the web. A source the service
// does not have yet is listed as missing, so the page says plainly what it has.
import { quotaDay } from '../../access/clock.ts';
import type { ServiceContext } from '../../context.ts';
import { overview } from '../../data/overview.ts';
import { findTool } from '../../../tools/index.ts';
import { runTool } from '../../../tools/run.ts';

export interface NewsItem {
  title: string;
  text: string | null;
  date: string | null;
  href: string | null;
  tags: string[];
}

export interface NewsSection {
  key: string;
  title: string;
  /** the source's own one-sentence summary, when it gives one */
  summary: string | null;
  items: NewsItem[];
}

export interface DailyNews {
  /** YYYY-MM-DD in Asia/Shanghai */
  date: string;
  generated_at: string;
  sections: NewsSection[];
  /** sources this service does not have (yet), named for the reader */
  missing: string[];
  /** sources that exist but failed today, with the reason */
  failed: Array<{ source: string; reason: string }>;
}

interface ToolSource {
  key: string;
  tool: string;
  title: string;
  args: Record<string, unknown>;
  /** what the reader is told when the tool does not exist */
  label: string;
}

const TOOL_SOURCES: ToolSource[] = [
  { key: 'brief', tool: 'daily_brief', title: '今日简报', args: {}, label: '每日简报（daily_brief）' },
  { key: 'notes', tool: 'read_notes', title: '站内新笔记', args: { limit: 6 }, label: '站内笔记（read_notes）' },
  { key: 'forum', tool: 'search_forum', title: '论坛新帖', args: { limit: 6 }, label: '论坛（search_forum）' },
];

const DATASET_NAMES: Record<string, string> = {
  universities: '院校',
  majors: '专业',
  score_lines: '录取分数线',
  admission_plans: '招生计划',
  rank_tables: '一分一段',
  batch_lines: '批次线',
  discipline_evaluations: '学科评估',
  major_rankings: '软科专业排名',
  university_rankings: '软科院校排名',
  subject_rankings: '软科学科排名',
  dfc_disciplines: '双一流建设学科',
  first_class_majors: '一流本科专业',
};

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;
}

/** One list item of any site tool, read by the field names the tools use. */
function toItem(raw: unknown): NewsItem | null {
  if (!raw || typeof raw !== 'object') return str(raw) ? { title: str(raw)!, text: null, date: null, href: null, tags: [] } : null;
  const r = raw as Record<string, unknown>;
  const title = str(r.title) ?? str(r.name) ?? str(r.label) ?? str(r.event);
  if (!title) return null;
  const slug = str(r.slug);
  const href = str(r.url) ?? str(r.path) ?? (slug ? `/notes/${encodeURIComponent(slug)}` : null);
  return {
    title,
    text: str(r.summary) ?? str(r.abstract) ?? str(r.text) ?? str(r.detail) ?? null,
    date: str(r.date) ?? str(r.created_at) ?? str(r.updated_at) ?? null,
    href: href && href.startsWith('/') ? href : null,
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
  };
}

function coverageSection(ctx: ServiceContext): NewsSection {
  const o = overview(ctx.dataDb());
  const latest = o.score_lines.years[0];
  const items: NewsItem[] = o.datasets.map((d) => ({
    title: `${DATASET_NAMES[d.dataset] ?? d.dataset}：${d.rows.toLocaleString('en-US')} 行`,
    text: d.cleaned ? `另有 ${d.cleaned.toLocaleString('en-US')} 行因异常被清洗，不对外提供` : null,
    date: null,
    href: null,
    tags: [],
  }));
  const summary =
    `分数线覆盖 ${o.score_lines.provinces.length} 个省份、${o.score_lines.years.length} 个年份` +
    (latest ? `，最新为 ${latest.year} 年（${latest.rows.toLocaleString('en-US')} 行）` : '') +
    (o.imported_at ? `；数据导入于 ${o.imported_at}` : '') +
    '。';
  return { key: 'coverage', title: '数据覆盖', summary, items };
}

export async function generateDailyNews(ctx: ServiceContext, now: number = Date.now()): Promise<DailyNews> {
  const sections: NewsSection[] = [];
  const missing: string[] = [];
  const failed: DailyNews['failed'] = [];
  for (const s of TOOL_SOURCES) {
    if (!findTool(s.tool)) {
      missing.push(s.label);
      continue;
    }
    try {
      const out = (await runTool(s.tool, s.args, ctx, { transport: 'page' })) as { summary?: unknown; items?: unknown[] };
      const items = (Array.isArray(out?.items) ? out.items : []).map(toItem).filter((i): i is NewsItem => i !== null);
      sections.push({ key: s.key, title: s.title, summary: str(out?.summary), items });
    } catch (err) {
      failed.push({ source: s.label, reason: (err as Error).message });
    }
  }
  try {
    sections.push(coverageSection(ctx));
  } catch (err) {
    failed.push({ source: '数据覆盖（/v1/data/overview）', reason: (err as Error).message });
  }
  return { date: quotaDay(now), generated_at: new Date(now).toISOString(), sections, missing, failed };
}
