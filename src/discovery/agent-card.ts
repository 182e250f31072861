// The A2A agent card: one skill per site tool except site_about (the card itself says who the site is), each with
// its full parameter schema.
import type { Config } from '../config.ts';
import { authDescription, endpoints, SITE_TAGLINE_EN, SITE_TAGLINE_ZH } from '../site/identity.ts';
import type { SiteTool } from '../../tools/types.ts';
import { toolInputJsonSchema } from './tool-schema.ts';
import { z } from 'zod';

/** The card's shape (its OpenAPI response): the A2A AgentCard fields this service fills in. */
export const agentCardSchema = z.looseObject({
  protocolVersion: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  version: z.string(),
  provider: z.object({ organization: z.string(), url: z.string() }),
  documentationUrl: z.string(),
  capabilities: z.object({ streaming: z.boolean(), pushNotifications: z.boolean(), stateTransitionHistory: z.boolean() }),
  defaultInputModes: z.array(z.string()),
  defaultOutputModes: z.array(z.string()),
  securitySchemes: z.record(z.string(), z.looseObject({ type: z.string() })),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  interfaces: z.record(z.string(), z.record(z.string(), z.string())),
  skills: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      examples: z.array(z.string()),
      inputModes: z.array(z.string()),
      outputModes: z.array(z.string()),
      inputSchema: z.record(z.string(), z.unknown()),
    }),
  ),
});

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
