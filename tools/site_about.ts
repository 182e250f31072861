import { z } from 'zod';
import { siteIdentity } from '../src/site/identity.ts';
import { defineTool, READ_ONLY, type SiteTool } from './types.ts';
import { siteIdentitySchema } from '../src/site/identity.ts';
import { say } from '../src/agent/voice.ts';

/** The about tool describes every tool of the registry; the registry imports this file, so it hands the list in
 * (read at call time) instead of this file importing the registry back. */
export function siteAboutTool(registry: () => readonly SiteTool[]) {
  return defineTool({
    name: 'site_about',
    title: '本站介绍 · About this site',
    description:
      '介绍本站：名称、网址、提供哪些数据与工具、如何通过 MCP / OpenAI 兼容接口 / REST 调用。用户问“你是谁”“这个网站能做什么”时调用。\n' +
      'Describes this site: its name and address, what data and tools it offers, and how to call them over MCP, the OpenAI-compatible API or REST. Call it when asked who you are or what the site can do.',
    inputSchema: z.object({}).strict(),
    outputSchema: siteIdentitySchema,
    annotations: READ_ONLY,
    examples: ['你是谁？', '这个网站能做什么？', 'What can this site do?'],
    tags: ['site', 'about'],
    keywords: ['你是谁', '你叫什么', '你是什么', '你是哪个', '介绍一下你自己', '介绍下你自己', '自我介绍', '本站', '这个网站', '这个站', '你们网站', '能做什么', '你能做什么', '你会什么', '能干什么', '有什么功能', '有哪些工具', '怎么调用', 'chatgpt', 'gpt', '你是机器人', '你是真人', '你是ai', '是人工', '哪个模型', 'who are you', 'what can you do', 'about this site', 'what is this site', 'what are you'],
    handler(_args, ctx) {
      return siteIdentity(ctx.config, registry());
    },

    answer: {
      lead(r: { name: string; url: string; summary_zh: string; summary_en: string; tools: Array<{ title: string }>; disclaimer_zh: string }, c) {
        // "你是chatgpt吗": who answers is the site's own assistant, whatever general chatbot the user names
        const other = /chat\s*gpt|gpt|openai|文心|豆包|通义|kimi|deepseek|claude|gemini|copilot|机器人|真人|人工/i.exec(c.question)?.[0];
        const tools = r.tools.map((t) => { const [zh, en] = t.title.split(' · '); return c.lang === 'en' ? (en ?? zh) : zh; });
        return say(
          c.lang,
          `${!other ? '' : /真人|人工/.test(other) ? '不是真人，' : /机器人/.test(other) ? '是的，我是程序，' : `不是 ${other}，`}我是${r.name}（${r.url}）的站内助手，只根据本站的数据与工具回答，查不到的不编造。本站提供：${r.summary_zh}\n\n可以直接问我：${tools.join('、')}。比如“郑州大学 2024 年在河南的最低分和位次”“河南物理类 600 分能上什么大学”。\n\n${r.disclaimer_zh}`,
          `${!other ? '' : /真人|人工|机器人/.test(other) ? 'I am a program, not a person: ' : `No, I am not ${other}; `}I am the assistant of ${r.name} (${r.url}); I answer only from the site's own data and tools and never make things up. The site offers: ${r.summary_en}\n\nYou can ask me about: ${tools.join(', ')}.`,
        );
      },
      isEmpty: () => false,
      rows: () => [],
    },
  });
}
