// Who the site is and how to reach it: one description shared by site_about, llms.txt, the agent card, the
// OpenAPI document and the assistant's system prompt.
import type { Config } from '../config.ts';
import { z } from 'zod';

export interface ToolSummary {
  name: string;
  title: string;
  description: string;
}

export const SITE_TAGLINE_ZH = '高考志愿填报数据（院校、专业、历年分数线、招生计划、一分一段、批次线、专业排名、学科评估），四柱排盘与周易起卦（文化研究视角），GB 50010 混凝土构件计算器与 GB 50017 钢结构构件验算、平面钢框架分析计算器，以及站内笔记、论坛与站内搜索。';
export const SITE_TAGLINE_EN =
  'Gaokao volunteer-filling data (universities, majors, admission score lines, enrolment plans, score-to-rank tables, batch lines, major rankings, discipline evaluations), a four-pillar chart and a hexagram caster (cultural study, not prediction), a GB 50010 reinforced-concrete calculator, GB 50017 steel member checks and a plane steel frame analysis, and the site\'s notes, forum and search.';

export function endpoints(config: Config) {
  const base = config.siteUrl;
  return {
    site: base,
    mcp: `${base}/mcp`,
    openaiBaseUrl: `${base}/v1`,
    a2a: `${base}/v1/a2a`,
    capabilities: `${base}/v1/capabilities`,
    openapi: `${base}/v1/openapi.json`,
    llmsTxt: `${base}/llms.txt`,
    agentCard: `${base}/.well-known/agent.json`,
    toolCall: `${base}/v1/tools/{name}`,
  };
}

export function authDescription(config: Config): string {
  return `Authorization: Bearer ${config.keyPrefix}-<secret> (keys are issued by the site administrator; each key has a daily call quota, default 500)`;
}

/** The shape of siteIdentity() (site_about outputSchema). */
export const siteIdentitySchema = z.object({
  name: z.string(),
  brand: z.string(),
  url: z.string(),
  version: z.string(),
  summary_zh: z.string(),
  summary_en: z.string(),
  how_to_call: z.object({ mcp: z.string(), openai: z.string(), rest: z.string(), auth: z.string(), discovery: z.array(z.string()) }),
  tools: z.array(z.object({ name: z.string(), title: z.string() })),
  disclaimer_zh: z.string(),
});

export function siteIdentity(config: Config, tools: readonly ToolSummary[]) {
  const ep = endpoints(config);
  return {
    name: config.siteName,
    brand: config.brand,
    url: config.siteUrl,
    version: config.version,
    summary_zh: SITE_TAGLINE_ZH,
    summary_en: SITE_TAGLINE_EN,
    how_to_call: {
      mcp: `Streamable HTTP at ${ep.mcp} (${config.mcpAuth === 'key' ? 'Bearer key required' : 'open'}), or stdio: \`npm run mcp\``,
      openai: `OpenAI SDK with baseURL ${ep.openaiBaseUrl} and model "${config.brand}"`,
      rest: `POST ${ep.toolCall} with the tool's arguments as JSON; read-only data under ${ep.site}/v1/data/*`,
      auth: authDescription(config),
      discovery: [ep.llmsTxt, ep.agentCard, ep.capabilities, ep.openapi],
    },
    tools: tools.map((t) => ({ name: t.name, title: t.title })),
    disclaimer_zh: '四柱与周易结果仅供传统文化研究，不构成预测；志愿数据来自公开来源，以各省考试院和高校官方公布为准。',
  };
}
