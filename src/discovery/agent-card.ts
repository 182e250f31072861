// The A2A agent card: one skill per site tool except site_about (the card itself says who the site is). Only the
// fields of the A2A AgentCard (the pinned @a2a-js/sdk's types); what the site adds — its other interfaces (MCP,
// OpenAI-compatible, REST) and each skill's full parameter schema — rides in one extension under
// capabilities.extensions, where A2A puts what a card adds.
import type { Config } from '../config.ts';
import { authDescription, endpoints, SITE_TAGLINE_EN, SITE_TAGLINE_ZH } from '../site/identity.ts';
import type { SiteTool } from '../../tools/types.ts';
import { toolInputJsonSchema } from './tool-schema.ts';
import { z } from 'zod';

/** The card's shape (its OpenAPI response): the A2A AgentCard fields this service fills in. */
export const agentCardSchema = z.object({
  protocolVersion: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  version: z.string(),
  provider: z.object({ organization: z.string(), url: z.string() }),
  documentationUrl: z.string(),
  capabilities: z.object({
    streaming: z.boolean(),
    pushNotifications: z.boolean(),
    stateTransitionHistory: z.boolean(),
    extensions: z.array(
      z.object({
        uri: z.string(),
        description: z.string(),
        required: z.boolean(),
        params: z.object({
          interfaces: z.record(z.string(), z.record(z.string(), z.string())).describe('the other ways to call the site: MCP, OpenAI-compatible, REST'),
          skill_input_schemas: z.record(z.string(), z.record(z.string(), z.unknown())).describe('each skill\'s parameters as JSON Schema, by skill id'),
        }),
      }),
    ),
  }),
  defaultInputModes: z.array(z.string()),
  defaultOutputModes: z.array(z.string()),
  securitySchemes: z.record(z.string(), z.looseObject({ type: z.string() })),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  preferredTransport: z.string(),
  skills: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      examples: z.array(z.string()),
      inputModes: z.array(z.string()),
      outputModes: z.array(z.string()),
    }),
  ),
});

export function agentCard(config: Config, tools: SiteTool[]) {
  const ep = endpoints(config);
  const skillTools = tools.filter((t) => t.name !== 'site_about');
  return {
    protocolVersion: '0.3.0',
    name: config.siteName,
    description: `${SITE_TAGLINE_ZH}\n${SITE_TAGLINE_EN}`,
    url: ep.a2a,
    preferredTransport: 'JSONRPC',
    version: config.version,
    provider: { organization: config.siteName, url: config.siteUrl },
    documentationUrl: ep.llmsTxt,
    capabilities: {
      streaming: true,
      pushNotifications: false,
      stateTransitionHistory: false,
      extensions: [
        {
          uri: `${config.siteUrl}/llms.txt#a2a-site-extension-v1`,
          description: "the site's other interfaces and each skill's parameters as JSON Schema (a data part with these arguments runs the skill directly)",
          required: false,
          params: {
            interfaces: {
              mcp: { transport: 'streamable-http', url: ep.mcp },
              openai: { baseUrl: ep.openaiBaseUrl, model: config.brand },
              rest: { toolCall: ep.toolCall, openapi: ep.openapi },
            },
            skill_input_schemas: Object.fromEntries(skillTools.map((t) => [t.name, toolInputJsonSchema(t)])),
          },
        },
      ],
    },
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json', 'text/plain'],
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: `${config.keyPrefix}-<secret>`, description: authDescription(config) },
    },
    security: [{ bearer: [] }],
    skills: skillTools.map((t) => ({
        id: t.name,
        name: t.title,
        description: t.description,
        tags: t.tags,
        examples: t.examples,
        inputModes: ['application/json', 'text/plain'],
        outputModes: ['application/json'],
      })),
  };
}
