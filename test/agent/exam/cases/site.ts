// The site's own content (notes, pages, forum), and greetings, thanks and identity questions.
import { call, says } from '../checks.ts';
import type { ExamCase } from '../types.ts';

const titles = (tool: string, args: Record<string, unknown>, top: number) => ({ from: call(tool, args), top, field: 'title' });

export const SITE: ExamCase[] = [
  { id: 'site-01', domain: 'site', ask: '平行志愿是怎么投档的 你们网站有文章讲吗', checks: [titles('search_site', { q: '平行志愿' }, 1)] },
  { id: 'site-02', domain: 'site', ask: '有讲冲稳保的笔记吗', checks: [titles('search_site', { q: '冲稳保' }, 1)] },
  { id: 'site-03', domain: 'site', ask: '论坛里有人聊一分一段吗', checks: [titles('search_forum', { q: '一分一段' }, 2)] },
  { id: 'site-04', domain: 'site', ask: '最近有什么新笔记', checks: [titles('read_notes', {}, 3)] },
  { id: 'site-05', domain: 'site', ask: '复盘类的笔记有哪些', checks: [titles('read_notes', { kind: '复盘' }, 3)] },
  { id: 'site-06', domain: 'site', ask: '本站哪里讲了八字', checks: [titles('search_site', { q: '八字' }, 1)] },
  { id: 'site-07', domain: 'site', ask: '打开关于本站那个页面看看', checks: [{ from: call('read_page', { slug: 'about' }), paths: ['title'] }] },
  { id: 'site-08', domain: 'site', ask: '有没有讲位次法的文章', checks: [titles('search_site', { q: '位次法' }, 1)] },
  { id: 'site-10', domain: 'site', ask: '网站上有讲一分一段表怎么看的文章吗', checks: [titles('search_site', { q: '一分一段' }, 1)] },
  { id: 'site-09', domain: 'site', ask: '论坛里混凝土相关的帖子', checks: [titles('search_forum', { q: '混凝土' }, 1)] },
  { id: 'site-11', domain: 'site', ask: '站里有没有讲学科评估的笔记', checks: [titles('search_site', { q: '学科评估' }, 1)] },
  { id: 'site-12', domain: 'site', ask: '论坛有没有人讨论招生计划数据的', checks: [titles('search_forum', { q: '招生计划' }, 1)] },

  { id: 'smalltalk-01', domain: 'smalltalk', ask: '你好', checks: [says(/你好|您好/, '回应问候')] },
  { id: 'smalltalk-02', domain: 'smalltalk', ask: '谢谢你！', checks: [says(/不客气|不用谢|别客气|客气|乐意|随时/, '回应致谢')] },
  {
    id: 'smalltalk-03',
    domain: 'smalltalk',
    ask: '你是chatgpt吗',
    checks: [says(/^(?![\s\S]*我(就)?是\s*chatgpt)[\s\S]*(助手|本站|svc)/i, '以本站助手的身份回答，不自称 ChatGPT')],
  },
  { id: 'smalltalk-04', domain: 'smalltalk', ask: '你能干嘛', checks: [says(/分数线|志愿/, '说出能查分数线/志愿'), says(/八字|四柱|起卦|混凝土/, '说出其他工具')] },
  { id: 'smalltalk-05', domain: 'smalltalk', ask: '在吗', checks: [says(/在|你好|您好|请问|可以/, '回应')] },
  { id: 'smalltalk-06', domain: 'smalltalk', ask: '好的 明白了 拜拜', checks: [says(/再见|拜拜|欢迎|随时/, '道别')] },
  { id: 'smalltalk-07', domain: 'smalltalk', ask: '你是谁开发的', checks: [says(/本站|svc|助手/i, '以本站助手的身份回答')] },
  { id: 'smalltalk-08', domain: 'smalltalk', ask: '早上好', checks: [says(/早上好|早|你好|您好/, '回应问候')] },
  { id: 'smalltalk-09', domain: 'smalltalk', ask: '你叫什么名字', checks: [says(/svc|助手|本站/i, '以本站助手的身份回答')] },
  { id: 'smalltalk-10', domain: 'smalltalk', ask: '你和豆包有啥区别', checks: [says(/^(?![\s\S]*我(就)?是\s*豆包)[\s\S]*(本站|svc|助手)/i, '以本站助手的身份回答，不自称别的产品')] },
  { id: 'smalltalk-11', domain: 'smalltalk', ask: '谢啦', checks: [says(/不客气|不用谢|别客气|客气|乐意|随时/, '回应致谢')] },
];
