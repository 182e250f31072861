// /llms.txt in the llmstxt.org convention: one H1, a > summary, prose on how to call, then H2 sections of links.
// Built from the registry and the list of routes the app actually serves, so it cannot drift from either.
import type { Config } from '../config.ts';
import { authDescription, endpoints, SITE_TAGLINE_EN, SITE_TAGLINE_ZH } from '../site/identity.ts';
import type { SiteTool } from '../../tools/types.ts';
import { firstLine } from './tool-schema.ts';

export interface RouteInfo {
  method: string;
  url: string;
  summary: string;
  auth: string;
}

export function llmsTxt(config: Config, tools: SiteTool[], routes: RouteInfo[]): string {
  const ep = endpoints(config);
  const lines: string[] = [];
  lines.push(`# ${config.siteName}`, '');
  lines.push(`> ${SITE_TAGLINE_ZH} ${SITE_TAGLINE_EN}`, '');
  lines.push(
    `How to call: agent hosts use MCP (Streamable HTTP at ${ep.mcp}, or stdio with \`npm run mcp\`); OpenAI SDK clients use baseURL ${ep.openaiBaseUrl} with model "${config.brand}"; REST callers POST a tool's arguments as JSON to ${ep.toolCall} or read the data API under /v1/data.`,
    `Authentication: ${authDescription(config)}. Errors are OpenAI-style {"error": {"message", "type", "param", "code"}}; 401 for a bad key, 429 when the daily quota is spent.`,
    'A query that finds nothing means the item is not in the data; nothing is invented. Four-pillar and hexagram results are cultural study, not prediction.',
    '',
  );
  lines.push('## Tools', '');
  for (const t of tools) {
    lines.push(`- [${t.name}](${ep.toolCall.replace('{name}', t.name)}): ${t.title}. ${firstLine(t.description)}`);
  }
  lines.push('', '## Discovery', '');
  lines.push(`- [OpenAPI document](${ep.openapi}): every HTTP endpoint with its parameters`);
  lines.push(`- [Capabilities](${ep.capabilities}): every tool with its JSON Schema (key required)`);
  lines.push(`- [Agent card](${ep.agentCard}): A2A card with one skill per tool`);
  lines.push('', '## Endpoints', '');
  for (const r of routes) {
    lines.push(`- [${r.method} ${r.url}](${config.siteUrl}${r.url}): ${r.summary}${r.auth === 'key' ? ' (key)' : r.auth === 'basic' ? ' (HTTP Basic)' : ''}`);
  }
  lines.push('');
  return lines.join('\n');
}
