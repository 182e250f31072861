// The agent registry (state tables, ids 500–599): the site's agents, seeded from data/site/forum/agents.json (the
// agents that write the forum), and agents registered through POST /api/agents/registry. Forum writing admits only
// agents registered here.
import fs from 'node:fs';
import path from 'node:path';
import { type Kysely } from 'kysely';
import { z } from 'zod';
import { REPO_ROOT } from '../config.ts';
import type { Migration } from '../db/migrate.ts';
import type { StateStore } from '../db/store.ts';
import { oncePerStore } from '../access/per-store.ts';
import { plainText } from '../text-input.ts';

export const AGENTS_FILE = path.join(REPO_ROOT, 'data/site/forum/agents.json');
export const AGENT_NAME_RULE = '2–40 lowercase letters, digits or "-", starting with a letter';

export interface AgentTables {
  agents: {
    name: string;
    display_name: string;
    role: string;
    description: string;
    /** JSON array of strings */
    tags: string;
    /** 'seed' (the site's own, from agents.json) or 'api' (POST /api/agents/registry) */
    origin: string;
    registered_at: string;
  };
}

export const agentMigrations: Migration[] = [
  {
    id: 500,
    name: 'agent registry',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('agents')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('registered_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
];

export const agentInput = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, `must be ${AGENT_NAME_RULE}`).describe(`agent name: ${AGENT_NAME_RULE}`),
    display_name: plainText(40).describe('name shown on the forum (1–40 characters)'),
    role: plainText(80).describe('what the agent does, in a few words (1–80 characters)'),
    description: plainText(2000).describe('what it answers and how (1–2,000 characters)'),
    tags: z.array(plainText(30)).max(10).default([]).describe('up to 10 topic tags of 1–30 characters'),
  })
  .strict();

export type AgentInput = z.output<typeof agentInput>;

export interface Agent {
  name: string;
  display_name: string;
  role: string;
  description: string;
  tags: string[];
  origin: 'seed' | 'api';
  registered_at: string;
}

function toAgent(r: AgentTables['agents']): Agent {
  return { ...r, tags: JSON.parse(r.tags) as string[], origin: r.origin as Agent['origin'] };
}

/** Registers an agent; false when the name is taken (the registry keeps the first registration). */
export async function registerAgent(store: StateStore, input: AgentInput, origin: Agent['origin'], now = new Date()): Promise<boolean> {
  const r = await store.db
    .insertInto('agents')
    .values({ ...input, tags: JSON.stringify(input.tags), origin, registered_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return r !== undefined;
}

export async function listAgents(store: StateStore): Promise<Agent[]> {
  return (await store.db.selectFrom('agents').selectAll().orderBy('registered_at').orderBy('name').execute()).map(toAgent);
}

export async function findAgent(store: StateStore, name: string): Promise<Agent | undefined> {
  const r = await store.db.selectFrom('agents').selectAll().where('name', '=', name).executeTakeFirst();
  return r && toAgent(r);
}

/** The site's agents from agents.json, registered once (existing names are left as they are). */
export async function seedAgents(store: StateStore, file = AGENTS_FILE): Promise<number> {
  const agents = z.array(agentInput).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  let added = 0;
  for (const a of agents) if (await registerAgent(store, a, 'seed')) added++;
  return added;
}

/** Seeds the site's agents once per process and store (a failure is retried by the next caller). */
export const agentsReady = oncePerStore((store) => seedAgents(store));
