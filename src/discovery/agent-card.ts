// The A2A agent card: one skill per site tool except site_about (the card itself says who the site is), each with
// its full parameter schema.
import type { Config } from '../config.ts';
import { authDescription, endpoints, SITE_TAGLINE_EN, SITE_TAGLINE_ZH } from '../site/identity.ts';
import type { SiteTool } from '../../tools/types.ts';
import { toolInputJsonSchema } from './tool-schema.ts';

export function agentCard(config: Config, tools: SiteTool[]) {
  const ep = endpoints(config);
  return {
    protocolVersion: '0.3.0',
    name: config.siteName,
    description: `${SITE_TAGLINE_ZH}\n${SITE_TAGLINE_EN}`,
    url: ep.a2a,
    preferredTransport: 'JSONRPC',
    version: config.version,
    provider: { organization: config.siteName, url: config.siteUrl },
    documentationUrl: ep.llmsTxt,
    capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json', 'text/plain'],
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: `${config.keyPrefix}-<secret>`, description: authDescription(config) },
    },
    security: [{ bearer: [] }],
    interfaces: {
      mcp: { transport: 'streamable-http', url: ep.mcp },
      openai: { baseUrl: ep.openaiBaseUrl, model: config.brand },
      rest: { toolCall: ep.toolCall, openapi: ep.openapi },
    },
    skills: tools
      .filter((t) => t.name !== 'site_about')
      .map((t) => ({
        id: t.name,
        name: t.title,
        description: t.description,
        tags: t.tags,
        examples: t.examples,
        inputModes: ['application/json', 'text/plain'],
        outputModes: ['application/json'],
        inputSchema: toolInputJsonSchema(t),
      })),
  };
}
