import { z } from 'zod';
import { siteContent } from '../src/site/content.ts';
import { pageBySlug, slugField, withUrl } from '../src/site/notes.ts';
import { pagePath } from '../src/site/search.ts';
import { pageRefShape } from '../src/site/responses.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { say } from '../src/agent/voice.ts';

/** Character pairs of a text (Chinese has no spaces: pairs stand in for words). */
const pairs = (t: string): Set<string> => {
  const han = t.replace(/[^\u4e00-\u9fffA-Za-z0-9]/g, '');
  const out = new Set<string>();
  for (let i = 0; i + 1 < han.length; i++) out.add(han.slice(i, i + 2));
  return out;
};

/** The paragraphs sharing the most character pairs with the question, in the page's order, within `max` characters. */
export function nearestParagraphs(text: string, question: string, max: number): string {
  const asked = pairs(question);
  const paras = text.split(/\n+/).map((p) => p.trim()).filter((p) => p.length > 8);
  const scored = paras.map((p, i) => ({ p, i, score: [...pairs(p)].filter((x) => asked.has(x)).length }));
  const chosen: typeof scored = [];
  let used = 0;
  for (const x of [...scored].sort((a, b) => b.score - a.score || a.i - b.i)) {
    if (used + x.p.length > max && chosen.length) continue;
    chosen.push(x);
    used += x.p.length;
    if (used >= max * 0.8) break;
  }
  return chosen.sort((a, b) => a.i - b.i).map((x) => (x.p.length > max ? `${x.p.slice(0, max)}…` : x.p)).join('\n\n');
}

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
    // 「读一下页面 data-api」: the page itself; a question the page answers (「平行志愿咋投档的」): its summary and the
    // paragraphs nearest the question, with the link to the whole page
    lead: (r: { title: string; url?: string; summary: string; text: string }, c) => {
      if (!c.question || /读取?|打开|全文|页面|read|open|full text/i.test(c.question)) {
        return `${say(c.lang, `《${r.title}》`, `"${r.title}"`)}${r.url ? ` ${r.url}` : ''}\n\n${r.text.length > 1200 ? `${r.text.slice(0, 1200)}…${say(c.lang, '（全文见上面的链接）', ' (full text at the link above)')}` : r.text}`;
      }
      const passage = nearestParagraphs(r.text, c.question, 700);
      // the result's summary opens with the title and kind (《…》（笔记·记，日期）：…): only what the note says
      const gist = r.summary.replace(/^《[^》]*》（[^）]*）：/, '');
      return say(
        c.lang,
        `据本站笔记《${r.title}》：${gist}\n\n${passage}\n\n全文：${r.url ?? r.title}`,
        `From the site's note "${r.title}" (in Chinese): ${gist}\n\n${passage}\n\nFull text: ${r.url ?? r.title}`,
      );
    },
    isEmpty: () => false,
    rows: () => [],
  },
});
