// /llms.txt in the llmstxt.org convention: one H1, a > summary, prose on how to call, then H2 sections of links.
// Built from the registry and the list of routes the app actually serves, so it cannot drift from either.
// Every link answers a crawler's GET: tools link their public description (GET /v1/tools/{name}); GET routes link
// themselves (with the example query a route declares when it needs parameters); POST routes and routes with path
// parameters link their operation in the OpenAPI document. No link carries a literal path parameter.
import type { Config } from '../config.ts';
import { authDescription, endpoints, SITE_TAGLINE_EN, SITE_TAGLINE_ZH } from '../site/identity.ts';
import type { SiteTool } from '../../tools/types.ts';
import { firstLine } from './tool-schema.ts';

export interface RouteInfo {
  method: string;
  url: string;
  summary: string;
  auth: string;
  /** query string with which a GET answers 200 (route config `example`) */
  example?: string;
}

/** The OpenAPI operationId of a route (also the fragment llms.txt links to). */
export function operationId(method: string, url: string): string {
  return `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '')}`;
}

/** The route's path as OpenAPI writes it: /v1/data/universities/{id}. */
export function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function routeLink(config: Config, r: RouteInfo): string {
  if (r.method === 'GET' && !r.url.includes(':')) return new URL(`${r.url}${r.example ?? ''}`, config.siteUrl).href;
  return `${endpoints(config).openapi}#${operationId(r.method, r.url)}`;
}

export function llmsTxt(config: Config, tools: SiteTool[], routes: RouteInfo[]): string {
  const ep = endpoints(config);
  const lines: string[] = [];
  lines.push(`# ${config.siteName}`, '');
  lines.push(`> ${SITE_TAGLINE_ZH} ${SITE_TAGLINE_EN}`, '');
  lines.push(
    `How to call: agent hosts use MCP (Streamable HTTP at ${ep.mcp}, protocol 2026-07-28 or the 2025 revisions, or stdio with \`npm run --silent mcp\`); OpenAI SDK clients use baseURL ${ep.openaiBaseUrl} with model "${config.brand}"; REST callers POST a tool's arguments as JSON to ${ep.toolCall} or read the data API under /v1/data.`,
    `Authentication: ${authDescription(config)}. Errors are OpenAI-style {"error": {"message", "type", "param", "code"}}; 401 for a bad key, 429 when the daily quota is spent.`,
    'A query that finds nothing means the item is not in the data; nothing is invented. Four-pillar and hexagram results are cultural study, not prediction.',
    `Each tool link below is its description (GET, no key): input and output JSON Schemas and how to call it. POST routes and routes with path parameters link their operation in the OpenAPI document.`,
    '',
  );
  lines.push('## Tools', '');
  for (const t of tools) {
    lines.push(`- [${t.name}](${config.siteUrl}/v1/tools/${t.name}): ${t.title}. ${firstLine(t.description)}`);
  }
  lines.push('', '## Discovery', '');
  lines.push(`- [OpenAPI document](${ep.openapi}): every HTTP endpoint with its parameters, answers and errors`);
  lines.push(`- [Tool index](${config.siteUrl}/v1/tools): every tool with the link to its description`);
  lines.push(`- [Capabilities](${ep.capabilities}): every tool with its JSON Schemas (key required)`);
  lines.push(`- [Agent card](${ep.agentCard}): A2A card with one skill per tool except site_about (the card itself says who the site is)`);
  // the agent card's extension URI points here (agent-card.ts: llms.txt#a2a-site-extension-v1)
  lines.push('', '## A2A site extension v1', '');
  lines.push(
    `- [Agent card extension](${ep.agentCard}): the card's one extension under capabilities.extensions has this section as its uri; params.interfaces names the site's other interfaces (MCP, OpenAI-compatible chat, REST tools), params.skill_input_schemas each skill's JSON Schema (the tool of the same name); a message's data part {"skill": "<tool>", "arguments": {…}} runs that skill directly`,
  );
  lines.push('', '## Endpoints', '');
  for (const r of routes) {
    const who = r.auth === 'key' ? ' (key)' : r.auth === 'basic' ? ' (HTTP Basic)' : r.auth === 'internal' ? (r.method === 'GET' ? ' (HTTP Basic: developer or administrator)' : ' (HTTP Basic: administrator)') : '';
    lines.push(`- [${r.method} ${openapiPath(r.url)}](${routeLink(config, r)}): ${r.summary}${who}`);
  }
  lines.push('');
  return lines.join('\n');
}
