import { z } from 'zod';
import { firstNames } from '../src/data/describe.ts';
import { siteContent } from '../src/site/content.ts';
import { SEARCH_SCOPES, searchSite } from '../src/site/search.ts';
import { withUrl } from '../src/site/notes.ts';
import { listShape, pageRefShape } from '../src/site/responses.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { col, say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'search_site',
  title: '站内搜索 · Search the site',
  description:
    '在本站所有静态页面和笔记的正文中全文搜索（中文分词，1–2 个字的词如“志愿”“八字”也能搜到），按相关度排序，返回命中片段：页面 slug、标题、链接与高亮摘录（<mark>…</mark>）。读全文用 read_page。\n' +
    "Full-text search over the body text of every static page and note of the site (Chinese-aware: 1–2 character words work), ranked by relevance (bm25); returns hit fragments with slug, title, link and a highlighted snippet. Read a page with read_page.",
  inputSchema: z
    .object({
      q: z.string().trim().min(1).max(100).describe('搜索词，中文或英文，可多个词 · search words, Chinese or English'),
      scope: z.enum(SEARCH_SCOPES).default('all').describe('范围：all（全部）、notes（笔记）、pages（静态页面）· scope'),
      limit: z.number().int().min(1).max(20).default(5).describe('最多返回几条，1–20，默认 5 · at most this many hits, 1–20, default 5'),
    })
    .strict(),
  outputSchema: z.object(listShape(pageRefShape.extend({ snippet: z.string() }))),
  annotations: READ_ONLY,
  examples: ['站内搜一下“平行志愿”', '本站哪里讲了八字？', 'Search the site for the data API key'],
  tags: ['site', 'search'],
  keywords: ['站内搜索', '搜索本站', '站内搜', '本站哪里讲', '哪篇文章', 'search the site', 'site search'],
  handler(args, ctx) {
    const hits = searchSite(siteContent(), args).map((h) => withUrl(ctx.config, h));
    const where = args.scope === 'notes' ? '笔记' : args.scope === 'pages' ? '静态页面' : '页面和笔记';
    const summary = hits.length
      ? `站内${where}中与“${args.q}”最相关的 ${hits.length} 条：${firstNames(hits.map((h) => `《${h.title}》`), hits.length)}。`
      : `站内${where}中没有找到“${args.q}”。`;
    return toolList(hits, summary);
  },

  answer: {
    lead: (r: { summary: string; items: unknown[] }, c) => say(c.lang, r.summary, `${r.items.length} pages and notes of the site match "${c.args.q}".`),
    empty: (_r, c) => say(c.lang, `站内页面和笔记中没有找到“${c.args.q}”。`, `Nothing on the site's pages and notes matches "${c.args.q}".`),
    columns: [col('页面', 'page', (x: Record<string, any>) => (x.url ? `[${x.title}](${x.url})` : x.title)), col('摘录', 'excerpt', (h: Record<string, any>) => String(h.snippet ?? '').replace(/<\/?mark>/g, '**'))],
  },
});
