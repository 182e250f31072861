import { batchLineQuerySchema, queryBatchLines } from '../src/data/batch-lines.ts';
import { describeFilters, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { batchLineRow } from '../src/data/batch-lines.ts';
import { col, fmt, say, where } from '../src/agent/voice.ts';
import { ORDINARY_BATCH_FAMILIES } from '../src/data/normalize.ts';

/**
 * The ordinary batches first (本科批 / 本科一批 / 专科批 …), then special lines (特殊类型, 专项, 艺术体育, 军队): a
 * question about 「本科线」 is answered by the ordinary line in the first sentence, the special ones named after it.
 */
function ordinaryFirst<T extends Record<string, any>>(items: T[]): T[] {
  const ordinary = (b: T) => (ORDINARY_BATCH_FAMILIES.has(b.batch_family ?? '') ? 0 : 1);
  return items.map((b, i) => [b, i] as const).sort((x, y) => ordinary(x[0]) - ordinary(y[0]) || x[1] - y[1]).map(([b]) => b);
}

export default defineTool({
  name: 'query_batch_lines',
  title: '查询批次线 · Query batch control lines',
  description:
    '查询各省批次控制线（省控线，如本科一批、本科批、特殊类型招生控制线、专科批），可按省份、年份、科类（物理类/物理/理科 同类）与批次（模糊匹配：“一批”“本一”等价）筛选。\n' +
    'Provincial batch control lines (本科一批, 本科批, 特殊类型招生控制线, 专科批 …) by province, year, subject type and batch (fuzzy: "一批" and "本一" both mean 本科一批).',
  inputSchema: batchLineQuerySchema,
  outputSchema: toolPageSchema(batchLineRow),
  annotations: READ_ONLY,
  examples: ['江苏 2024 年本科线是多少？', '河南 2023 年一本线', '广东历年特殊类型招生控制线'],
  tags: ['gaokao', 'batch-lines'],
  keywords: ['本科线', '一本线', '二本线', '三本线', '专科线', '批次线', '省控线', '控制线', '特控线', '本科批', '提前批', 'batch line', 'control line'],
  handler(args, ctx) {
    const page = queryBatchLines(ctx.dataDb(), args);
    const extra = page.items
      .slice(0, 4)
      .map((b) => `${b.province} ${b.year} ${b.subject_type ?? ''} ${b.batch} ${b.score} 分`)
      .join('；');
    const summary = pageSummary(page, { measure: '条', name: '批次线' }, describeFilters(args), args.raw, extra);
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },

  answer: {
    lead(r: { items: Array<Record<string, any>>; has_more: boolean }, c) {
      const lines = ordinaryFirst(r.items).slice(0, c.count ?? 8).map((b) => say(c.lang, `${b.year} 年${b.province}${b.subject_type ?? ''}${b.batch} ${fmt(b.score)} 分`, `${b.province} ${b.year} ${b.subject_type ?? ''} ${b.batch}: ${fmt(b.score)}`));
      const rest = r.items.length - lines.length;
      return say(c.lang, `${lines.join('；')}${rest > 0 || r.has_more ? '；其余见下表' : ''}。`, `The batch control lines (minimum scores) for ${where(c.args, 'en')} are: ${lines.join('; ')}${rest > 0 || r.has_more ? '; the rest are in the table below' : ''}.`);
    },
    empty: (_r, c) => say(c.lang, `数据中没有${where(c.args, 'zh')}${c.args.subject_type ?? ''}${c.args.batch ?? ''}的批次线。查不到即不在本站数据中，不做推测。`, `The data holds no batch control lines for ${where(c.args, 'en')} ${c.args.batch ?? ''}; nothing is guessed.`),
    rows: (r: { items: Array<Record<string, any>> }) => ordinaryFirst(r.items),
    columns: [
      col('年份', 'year', 'year'),
      col('省份', 'province', 'province'),
      col('科类', 'subject', 'subject_type'),
      col('批次', 'batch', 'batch'),
      col('分数线', 'line', 'score'),
    ],
  },
});
