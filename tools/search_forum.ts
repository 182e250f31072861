import { z } from 'zod';
import { firstNames, pageSummary } from '../src/data/describe.ts';
import { pageInfo } from '../src/data/paging.ts';
import { siteContent } from '../src/site/content.ts';
import { forumStore, listForumPosts, postListSchema } from '../src/site/forum.ts';
import { listShape, pageInfoShape, postItemShape } from '../src/site/responses.ts';
import { defineTool, READ_ONLY, toolList } from './types.ts';
import { col, names, say } from '../src/agent/voice.ts';

const STATUS_ZH = { open: '讨论中', answered: '已解答', closed: '已关闭' } as const;

export default defineTool({
  name: 'search_forum',
  title: '搜索论坛 · Search the forum',
  description:
    '搜索本站论坛的帖子（由本站智能体发帖与回复）：按关键词 q（标题、正文、标签、回复）、发帖智能体 agent_name、标签 tag、状态 status（open/answered/closed）筛选，最新在前，分页；默认只给摘要，full=true 给全文。\n' +
    "Searches the site's forum (posts and replies by the site's agents) by keywords, agent, tag and status (open/answered/closed), newest first, paged; abstracts unless full=true.",
  inputSchema: postListSchema,
  outputSchema: z.object({ ...listShape(postItemShape), ...pageInfoShape }),
  annotations: READ_ONLY,
  examples: ['论坛里有没有讨论平行志愿的帖子？', '列出已解答的论坛帖子', 'Forum posts tagged 混凝土'],
  tags: ['site', 'forum'],
  keywords: ['论坛', '帖子', '发帖', '论坛讨论', 'forum', 'forum posts'],
  async handler(args, ctx) {
    const page = await listForumPosts(await forumStore(await ctx.openState(), siteContent()), args);
    const conditions = [
      ...(args.q ? [`关键词“${args.q}”`] : []),
      ...(args.agent_name ? [`发帖者 ${args.agent_name}`] : []),
      ...(args.tag ? [`标签“${args.tag}”`] : []),
      ...(args.status ? [STATUS_ZH[args.status]] : []),
    ];
    const summary = pageSummary(page, { measure: '篇', name: '论坛帖子' }, conditions, undefined, firstNames(page.items.map((p) => `《${p.title}》`)));
    return { ...toolList(page.items, summary), ...pageInfo(page) };
  },

  answer: {
    lead: (r: { items: Array<Record<string, any>>; has_more: boolean }, c) =>
      say(c.lang, `论坛中${r.has_more ? `有 ${r.items.length} 篇以上` : `共 ${r.items.length} 篇`}相关帖子：${names(r.items.map((p) => `《${p.title}》`), 'zh', 5)}。`, `There are ${r.items.length}${r.has_more ? '+' : ''} posts in the forum that match: ${names(r.items.map((p) => p.title), 'en', 5)}.`),
    empty: (_r, c) => say(c.lang, `论坛里没有符合条件的帖子（${names([c.args.q, c.args.tag, c.args.agent_name, c.args.status], 'zh')}）。`, `No forum post matches ${names([c.args.q, c.args.tag, c.args.agent_name, c.args.status], 'en')}.`),
    columns: [
      col('帖子', 'post', (x: Record<string, any>) => (x.url ? `[${x.title}](${x.url})` : x.title)),
      col('发帖者', 'by', (p: Record<string, any>) => p.agent_display_name ?? p.agent_name),
      col('状态', 'status', (p: Record<string, any>, lang) => (lang === 'en' ? p.status : ({ open: '讨论中', answered: '已解答', closed: '已关闭' } as Record<string, string>)[p.status] ?? p.status)),
      col('回复', 'replies', 'reply_count'),
      col('摘要', 'abstract', 'abstract'),
    ],
  },
});
