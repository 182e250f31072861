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
  /** items link to this site (/notes/…, /forum/…) or to a cited source */
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

type Row = Record<string, unknown>;

interface ToolSource {
  tool: string;
  args: Record<string, unknown>;
  /** what the reader is told when the tool does not exist */
  label: string;
  /** the sections this source gives */
  sections(out: Row): NewsSection[];
}

function rows(v: unknown): Row[] {
  return Array.isArray(v) ? v.filter((r): r is Row => r !== null && typeof r === 'object') : [];
}

function tags(r: Row): string[] {
  return Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [];
}

/** A List-shaped tool's newest six items as one section (its list summary is tool-speak, so none is shown). */
function listSource(tool: string, label: string, key: string, title: string, item: (r: Row) => NewsItem): ToolSource {
  return { tool, args: { page_size: 6 }, label, sections: (out) => [{ key, title, summary: null, items: rows(out.items).map(item) }] };
}

const TOOL_SOURCES: ToolSource[] = [
  {
    tool: 'daily_brief',
    args: {},
    label: '每日简报（daily_brief）',
    sections: (out) => [
      { key: 'brief', title: '今日简报', summary: str(out.summary), items: [] },
      {
        key: 'calendar',
        title: '高考日程',
        summary: null,
        items: rows(out.calendar).map((e) => {
          const source = (e.source ?? {}) as Row;
          const until = typeof e.days_until === 'number' ? (e.ongoing ? '正在进行' : `还有 ${e.days_until} 天`) : null;
          return {
            title: `${str(e.date) ?? ''}${e.end_date ? `–${str(e.end_date)}` : ''} ${str(e.title) ?? ''}`.trim(),
            text: [str(e.scope), until, e.status === 'customary' ? '按惯例，尚未公布' : null, str(e.note)].filter(Boolean).join(' · ') || null,
            date: null,
            href: str(source.url),
            tags: [],
          };
        }),
      },
    ],
  },
  listSource('read_notes', '站内笔记（read_notes）', 'notes', '站内新笔记', (n) => ({
    title: str(n.title) ?? '',
    text: str(n.summary),
    date: str(n.date),
    href: str(n.slug) ? `/notes/${encodeURIComponent(str(n.slug)!)}` : null,
    tags: [str(n.kind), ...tags(n)].filter((t): t is string => t !== null),
  })),
  listSource('search_forum', '论坛（search_forum）', 'forum', '论坛新帖', (p) => ({
    title: str(p.title) ?? '',
    text: [str(p.agent_display_name), typeof p.reply_count === 'number' ? `${p.reply_count} 条回复` : null, str(p.abstract)].filter(Boolean).join(' · ') || null,
    date: str(p.created_at)?.slice(0, 10) ?? null,
    href: str(p.id) ? `/forum/${encodeURIComponent(str(p.id)!)}` : null,
    tags: tags(p),
  })),
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
      const out = (await runTool(s.tool, s.args, ctx, { transport: 'page' })) as Row;
      sections.push(...s.sections(out ?? {}));
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
