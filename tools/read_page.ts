import { z } from 'zod';
import { siteContent } from '../src/site/content.ts';
import { pageBySlug, slugField, withUrl } from '../src/site/notes.ts';
import { pagePath } from '../src/site/search.ts';
import { pageRefShape } from '../src/site/responses.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'read_page',
  title: '读取页面 · Read a page',
  description:
    '按 slug 读取本站一个静态页面（about、data-api、tools、zhiyuan、sizhu、yijing、concrete、assistant）或一篇笔记的全文（纯文本与 Markdown 原文）及标题、日期、标签、摘要。slug 来自 search_site 或 read_notes 的结果。\n' +
    'Returns the full body text (plain text and the Markdown source) of one static page or note of the site by slug, with its title, date, tags and summary. Slugs come from search_site or read_notes.',
  inputSchema: z.object({ slug: slugField }).strict(),
  outputSchema: pageRefShape.extend({ summary: z.string(), tags: z.array(z.string()), text: z.string(), markdown: z.string() }),
  annotations: READ_ONLY,
  examples: ['读一下本站的“关于”页面', '打开 data-api 页面，看看怎么用数据接口', 'Read the page about the concrete calculator'],
  tags: ['site', 'pages'],
  keywords: ['读取页面', '打开页面', '读一下页面', '页面全文', '笔记全文', 'read page', 'full text'],
  handler(args, ctx) {
    const p = pageBySlug(siteContent(), args.slug);
    return {
      summary: `《${p.title}》（${p.type === 'note' ? `笔记·${p.kind}` : '页面'}，${p.date}）：${p.summary}`,
      ...withUrl(ctx.config, { slug: p.slug, type: p.type, ...(p.kind ? { kind: p.kind } : {}), title: p.title, date: p.date, tags: p.tags, path: pagePath(p) }),
      text: p.text,
      markdown: p.markdown,
    };
  },

  answer: {
    lead: (r: { title: string; url?: string; summary: string; text: string }, c) =>
      `${say(c.lang, `《${r.title}》`, `"${r.title}"`)}${r.url ? ` ${r.url}` : ''}\n\n${r.text.length > 1500 ? `${r.text.slice(0, 1500)}…${say(c.lang, '（全文见上面的链接）', ' (full text at the link above)')}` : r.text}`,
    isEmpty: () => false,
    rows: () => [],
  },
});
