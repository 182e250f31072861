import { z } from 'zod';
import { firstNames, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { siteContent } from '../src/site/content.ts';
import { listNotes, noteListSchema, withUrl } from '../src/site/notes.ts';
import { listShape, noteItemShape, pageInfoShape } from '../src/site/responses.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { col, names, say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'read_notes',
  title: '站内笔记 · Site notes',
  description:
    '列出本站笔记（思辨、复盘、记三类：志愿填报方法、一分一段与位次、结构设计与混凝土计算、四柱与周易的文化研究、本站自身），可按关键词 q、类别 kind、标签 tag 筛选，分页；返回标题、日期、摘要与链接。读全文用 read_page。\n' +
    "Lists the site's own notes (kinds 思辨 reflection, 复盘 review, 记 record), filtered by keywords, kind and tag, newest first (by relevance with q); paged. Read a note in full with read_page.",
  inputSchema: noteListSchema,
  outputSchema: z.object({ ...listShape(noteItemShape), ...pageInfoShape }),
  annotations: READ_ONLY,
  examples: ['本站有哪些关于志愿填报的笔记？', '列出“复盘”类的笔记', 'Show the latest notes about the concrete calculator'],
  tags: ['site', 'notes'],
  keywords: ['笔记', '站内文章', '思辨类', '复盘类', '记类', 'notes', 'articles', 'blog'],
  handler(args, ctx) {
    const page = listNotes(siteContent(), args);
    const conditions = [...(args.kind ? [`类别“${args.kind}”`] : []), ...(args.tag ? [`标签“${args.tag}”`] : []), ...(args.q ? [`关键词“${args.q}”`] : [])];
    const summary = pageSummary(page, { measure: '篇', name: '笔记' }, conditions, undefined, firstNames(page.items.map((n) => `《${n.title}》`)));
    return { ...toolList(page.items.map((n) => withUrl(ctx.config, n)), summary), ...pageInfo(page) };
  },

  answer: {
    lead: (r: { items: Array<Record<string, any>>; has_more: boolean }, c) =>
      say(c.lang, `本站${r.has_more ? `有 ${r.items.length} 篇以上` : `共 ${r.items.length} 篇`}符合的笔记：${names(r.items.map((n) => `《${n.title}》`), 'zh', 5)}。`, `There are ${r.items.length}${r.has_more ? '+' : ''} notes on the site that match: ${names(r.items.map((n) => n.title), 'en', 5)}.`),
    empty: (_r, c) => say(c.lang, `本站没有符合条件的笔记（${names([c.args.q, c.args.kind, c.args.tag], 'zh')}）。`, `The site has no notes matching ${names([c.args.q, c.args.kind, c.args.tag], 'en')}.`),
    columns: [col('笔记', 'note', (x: Record<string, any>) => (x.url ? `[${x.title}](${x.url})` : x.title)), col('类别', 'kind', 'kind'), col('日期', 'date', 'date'), col('摘要', 'summary', 'summary')],
  },
});
