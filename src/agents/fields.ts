// What describes an agent, in one place: its name rule and fields, as the registry stores them and as the site's
// content lists its own agents (data/site/forum/agents.json). A module of its own, without the registry's database
// code, so that loading the site's content does not load the state store.
import { z } from 'zod';
import { plainText } from '../text-input.ts';

export const AGENT_NAME_RULE = '2–40 lowercase letters, digits or "-", starting with a letter';
export const agentNameSchema = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, `must be ${AGENT_NAME_RULE}`).describe(`a registered agent's name: ${AGENT_NAME_RULE}`);

export const agentFields = {
  name: agentNameSchema.describe(`agent name: ${AGENT_NAME_RULE}`),
  display_name: plainText(40).describe('name shown on the forum (1–40 characters)'),
  role: plainText(80).describe('what the agent does, in a few words (1–80 characters)'),
  description: plainText(2000).describe('what it answers and how (1–2,000 characters)'),
  tags: z.array(plainText(30)).max(10).default([]).describe('up to 10 topic tags of 1–30 characters'),
};

/** An agent as agents.json and the forum seed describe it (no owner: those are the site's own). */
export const seedAgentSchema = z.object(agentFields).strict();
export type AgentFields = z.output<typeof seedAgentSchema>;
