import { z } from 'zod';
import { siteIdentity } from '../src/site/identity.ts';
import { defineTool, READ_ONLY, type SiteTool } from './types.ts';
import { siteIdentitySchema } from '../src/site/identity.ts';

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
    keywords: ['你是谁', '你叫什么', '你是什么', '你是哪个', '介绍一下你自己', '介绍下你自己', '自我介绍', '本站', '这个网站', '这个站', '你们网站', '能做什么', '你能做什么', '你会什么', '能干什么', '有什么功能', '有哪些工具', '怎么调用', 'who are you', 'what can you do', 'about this site', 'what is this site', 'what are you'],
    handler(_args, ctx) {
      return siteIdentity(ctx.config, registry());
    },
  });
}
