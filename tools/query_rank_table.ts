import { describeFilters, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { z } from 'zod';
import { queryRankTable, rankTableQuerySchema, type RankRow } from '../src/data/rank-table.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { rankRow } from '../src/data/rank-table.ts';
import { col, fmt, say, where } from '../src/agent/voice.ts';

/** The rank table's filters plus a rank to look up (「位次3万约多少分」): the score whose rank range holds it. */
const inputSchema = z
  .object({
    ...rankTableQuerySchema.shape,
    rank: z.coerce.number().int().min(1).max(2_000_000).optional().describe('位次：返回累计位次首次达到该位次的分数（该位次约对应的分数）· a rank: the score whose cumulative rank first reaches it'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const result = rankTableQuerySchema.safeParse(Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'rank')));
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    if (v.rank !== undefined && (v.score !== undefined || v.score_from !== undefined || v.score_to !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['rank'], message: 'give either rank or a score, not both' });
    }
  });

/** Per subject family (and table kind), the highest-ranked row whose cumulative rank reaches `rank`. */
function rowsForRank(db: Parameters<typeof queryRankTable>[0], args: z.output<typeof inputSchema>): RankRow[] {
  const found = new Map<string, RankRow>();
  const { rank, ...filters } = args;
  for (let page = 1; page <= 30; page++) {
    const p = queryRankTable(db, { ...filters, page, page_size: 100 } as never);
    for (const row of p.items) {
      const key = `${row.subject_family ?? ''}|${row.table_kind ?? ''}`;
      if (found.has(key)) continue;
      if (typeof row.cumulative_rank === 'number' && row.cumulative_rank >= rank!) found.set(key, row);
    }
    if (!p.has_more) break;
  }
  return [...found.values()];
}

export default defineTool({
  name: 'query_rank_table',
  title: '查询一分一段表 · Query score-to-rank table',
  description:
    '查询某省某年的一分一段表：每个分数的同分人数与累计位次（累计位次 = 该分及以上的人数）。省份与年份必填；可按科类筛选，给 score 查单个分数（落在合并分段内时返回该分段），或给 score_from/score_to 查区间。\n' +
    'Score-to-rank table (一分一段) of a province and year: candidates at each score and cumulative rank. province and year are required; optional subject type, an exact score (a merged top bracket is returned when the score falls inside it) or a score range.',
  inputSchema,
  outputSchema: toolPageSchema(rankRow),
  annotations: READ_ONLY,
  examples: ['河南 2025 年物理类 600 分排多少名？', '江苏 2025 年一分一段表 600 到 620 分', '浙江 2024 年 650 分的位次'],
  tags: ['gaokao', 'rank-table'],
  keywords: ['一分一段', '位次', '排多少名', '排名多少', '多少名', '排第几', '排多少位', '多少位', '排位', '省排名', '全省排名', '同分人数', 'rank table', 'score to rank', 'score-to-rank'],
  handler(args, ctx) {
    if (args.rank !== undefined) {
      const items = rowsForRank(ctx.dataDb(), args);
      const summary = items.length
        ? `位次 ${args.rank} 约对应：${items.map((r) => `${r.subject_type ?? ''} ${r.score} 分（累计位次 ${r.cumulative_rank}）`).join('；')}。`
        : `${args.province} ${args.year} 年的一分一段表中没有达到位次 ${args.rank} 的分数。`;
      return { ...toolList(items, summary), page: 1, page_size: Math.max(items.length, 1), has_more: false };
    }
    const page = queryRankTable(ctx.dataDb(), args);
    let extra = '';
    if (args.score !== undefined && page.items.length) {
      extra = page.items
        .map((r) => `${r.subject_type ?? ''}${r.table_kind ? `（${r.table_kind}）` : ''} ${r.score_max ? `${r.score}–${r.score_max} 分段` : `${r.score} 分`}同分 ${r.count_at_score ?? '未知'} 人、累计位次 ${r.cumulative_rank ?? '未知'}`)
        .join('；');
    }
    const summary = pageSummary(page, { measure: '行', name: '一分一段数据' }, describeFilters(args), args.raw, extra);
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },

  answer: {
    lead(r: { items: Array<Record<string, any>>; has_more: boolean }, c) {
      const { lang } = c;
      const place = `${where(c.args, lang)}${lang === 'en' ? ' ' : ''}`;
      const band = (x: Record<string, any>) => (x.score_max ? `${fmt(x.score)}–${fmt(x.score_max)}` : fmt(x.score));
      const kind = (x: Record<string, any>) => `${x.subject_type ?? ''}${x.table_kind ? `（${x.table_kind}）` : ''}`;
      if (c.args.rank !== undefined) {
        return r.items
          .map((x) =>
            say(
              lang,
              `${place}${kind(x)}位次 ${fmt(c.args.rank)} 约对应 ${band(x)} 分（${band(x)} 分累计位次 ${fmt(x.cumulative_rank)}，同分 ${fmt(x.count_at_score) || '未知'} 人）。`,
              `${place}${kind(x)}: rank ${fmt(c.args.rank)} corresponds to about ${band(x)} points (cumulative rank at ${band(x)}: ${fmt(x.cumulative_rank)}, ${fmt(x.count_at_score) || 'unknown'} candidates at that score).`,
            ),
          )
          .join('\n');
      }
      if (c.args.score !== undefined) {
        return r.items
          .map((x) =>
            say(
              lang,
              `${place}${kind(x)} ${band(x)} 分${x.score_max ? '（合并分段）' : ''}：同分 ${fmt(x.count_at_score) || '未知'} 人，累计位次 ${fmt(x.cumulative_rank) || '未知'}${x.rank_start ? `（该分位次区间 ${fmt(x.rank_start)}–${fmt(x.cumulative_rank)}）` : ''}。`,
              `${place}${kind(x)}, ${band(x)} points: ${fmt(x.count_at_score) || 'unknown'} candidates at this score, cumulative rank ${fmt(x.cumulative_rank) || 'unknown'}${x.rank_start ? ` (ranks ${fmt(x.rank_start)}–${fmt(x.cumulative_rank)})` : ''}.`,
            ),
          )
          .join('\n');
      }
      const first = r.items[0]!;
      const last = r.items[r.items.length - 1]!;
      return say(
        lang,
        `${place}${c.args.subject_type ?? ''}一分一段表：${band(first)} 分累计位次 ${fmt(first.cumulative_rank)}，${band(last)} 分累计位次 ${fmt(last.cumulative_rank)}（共 ${r.items.length} 行${r.has_more ? '，还有更多' : ''}）。`,
        `${place}score-to-rank table: ${band(first)} points → rank ${fmt(first.cumulative_rank)}, ${band(last)} points → rank ${fmt(last.cumulative_rank)} (${r.items.length} rows${r.has_more ? ', more exist' : ''}).`,
      );
    },
    empty: (_r, c) =>
      say(c.lang, `数据中没有${where(c.args, 'zh')}${c.args.subject_type ?? ''}${c.args.score !== undefined ? ` ${c.args.score} 分` : ''}的一分一段数据。查不到即不在本站数据中，不做推测。`, `The data holds no score-to-rank rows for ${where(c.args, 'en')}${c.args.score !== undefined ? `, ${c.args.score} points` : ''}; nothing is guessed.`),
    columns: [
      col('年份', 'year', 'year'),
      col('科类', 'subject', (x: Record<string, any>) => `${x.subject_type ?? ''}${x.table_kind ? `（${x.table_kind}）` : ''}`),
      col('分数', 'score', (x: Record<string, any>) => (x.score_max ? `${x.score}–${x.score_max}` : x.score)),
      col('同分人数', 'candidates at score', 'count_at_score'),
      col('累计位次', 'cumulative rank', 'cumulative_rank'),
    ],
  },
});
