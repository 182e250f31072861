// The agent registry (state tables, ids 500–599): the one table of agents (their fields: fields.ts). The site's own
// agents are seeded from data/site/forum/agents.json (origin 'seed'; the forum's seed adds its agents here too); others are registered
// through POST /api/agents/registry (origin 'api'), optionally owned by an app account. The forum's posts and replies
// name their agent here (migration 502 folded the forum's former agents table into this one). Who may post as an
// agent through the app API: its owner only, and nobody as a seed agent (assertMayPostAs).
import { type Kysely } from 'kysely';
import { z } from 'zod';
import { compiled, type Slots } from '../db/compiled.ts';
import type { Migration } from '../db/migrate.ts';
import type { StateTables } from '../db/tables.ts';
import type { StateStore } from '../db/store.ts';
import { oncePerStore } from '../access/per-store.ts';
import { ForbiddenError, InputError, NotFoundError } from '../errors.ts';
import { siteContent } from '../site/content.ts';
import { ConflictError, userIdByName } from '../users/accounts.ts';
import { agentFields, type AgentFields } from './fields.ts';
import { foldForumAgents } from './fold-forum-agents.ts';

export { AGENT_NAME_RULE, agentNameSchema } from './fields.ts';

export interface AgentTables {
  agents: {
    name: string;
    display_name: string;
    role: string;
    description: string;
    /** JSON array of strings */
    tags: string;
    /** 'seed' (the site's own, from agents.json), 'api' (POST /api/agents/registry) or 'user' (an account's own, made on its first forum post) */
    origin: string;
    registered_at: string;
    /** app_users.id of the account that may post as this agent; null for seed agents and unowned ones (migration 501) */
    owner_id: string | null;
  };
}

declare module '../db/tables.ts' {
  interface StateTables extends AgentTables {}
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
  {
    id: 501,
    name: 'agents: owner (an app account)',
    async up(db: Kysely<any>) {
      await db.schema.alterTable('agents').addColumn('owner_id', 'text', (c) => c.references('app_users.id')).execute();
      await db.schema.createIndex('agents_by_owner').on('agents').columns(['owner_id', 'name']).execute();
    },
  },
  // In this block, not the forum's: on a fresh database the forum's migrations (200s) run before `agents` exists.
  foldForumAgents(502),
];

const ownerField = z.string().trim().min(1).max(64).describe('the app account (its user name) that may post as this agent on the forum');

/** The body of POST /api/agents/registry. */
export const agentInput = z.object({ ...agentFields, owner: ownerField.optional() }).strict();
export type AgentInput = z.output<typeof agentInput>;

/** The body of PATCH /api/agents/registry/{agent_name}: a new owner, or null to leave the agent without one. */
export const agentPatch = z.object({ owner: ownerField.nullable() }).strict();

export interface Agent {
  name: string;
  display_name: string;
  role: string;
  description: string;
  tags: string[];
  origin: 'seed' | 'api' | 'user';
  registered_at: string;
  /** the owner's user name, or null */
  owner: string | null;
  owner_id: string | null;
}

/** An agent as the routes answer it (the registry's internal routes, and an app user's own agents). */
export const agentResponse = z.object({
  name: z.string(),
  display_name: z.string(),
  role: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  origin: z.enum(['seed', 'api', 'user']).describe("seed: the site's own; api: registered by the administrator; user: an app account's own forum name, made on its first post"),
  registered_at: z.string(),
  owner: z.string().nullable().describe('user name of the app account that may post as it; null for none'),
  owner_id: z.string().nullable().describe('that account\'s id'),
});

type Db = Kysely<StateTables>;

const agentQuery = (db: Db) =>
  db
    .selectFrom('agents as a')
    .leftJoin('app_users as u', 'u.id', 'a.owner_id')
    .select(['a.name', 'a.display_name', 'a.role', 'a.description', 'a.tags', 'a.origin', 'a.registered_at', 'a.owner_id', 'u.username as owner']);

type AgentRow = Awaited<ReturnType<ReturnType<typeof agentQuery>['execute']>>[number];

function toAgent(r: AgentRow): Agent {
  return { ...r, tags: JSON.parse(r.tags) as string[], origin: r.origin as Agent['origin'], owner: r.owner ?? null };
}

/**
 * Adds agents whose names are new (existing names are left as they are); how many were new. Takes a transaction's
 * handle too (the forum seed adds its agents inside its own).
 */
export async function insertAgents(db: Db, agents: ReadonlyArray<AgentFields & { owner_id?: string | null }>, origin: Agent['origin'], now: Date): Promise<number> {
  let added = 0;
  for (const a of agents) {
    const r = await db
      .insertInto('agents')
      .values({ name: a.name, display_name: a.display_name, role: a.role, description: a.description, tags: JSON.stringify(a.tags), origin, registered_at: now.toISOString(), owner_id: a.owner_id ?? null })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (r) added++;
  }
  return added;
}

async function ownerId(store: StateStore, owner: string): Promise<string> {
  const id = await userIdByName(store, owner);
  if (!id) throw new InputError(`owner: no app account "${owner}"; the owner must be a registered app user name (POST /api/v1/auth/register)`, 'owner', 'unknown_owner');
  return id;
}

/**
 * The name of an app account's own agent: `u-` and the account id's 32 hex digits — fixed by the account, unique as
 * its id, within the agent name rule whatever script the user name is in. Reserved: nobody registers such a name.
 */
export const ownAgentName = (userId: string): string => `u-${userId.replace(/-/g, '').toLowerCase()}`;
const OWN_AGENT_NAME = /^u-[0-9a-f]{32}$/;

/**
 * The account's own agent, the name its forum posts and replies are signed with: made on first use (origin 'user',
 * owned by the account, shown as its display name). The forum's posts and replies name an agent of the registry
 * (their foreign key), so an account that writes as itself writes as this agent; nothing else of the forum changes.
 */
export async function ownAgent(store: StateStore, user: { id: string; display_name: string }, now = new Date()): Promise<Agent> {
  const name = ownAgentName(user.id);
  const found = await findAgent(store, name);
  if (found) return found;
  const display = user.display_name.slice(0, 40);
  await insertAgents(store.db, [{ name, display_name: display, role: '本站用户', description: `${display}：本站的注册用户，在论坛上以自己的名义发帖与回复。`, tags: [], owner_id: user.id }], 'user', now);
  return (await findAgent(store, name))!;
}

/** Registers an agent through the API (origin 'api'); 400 for an unknown owner or a reserved name, 409 when the name is taken. */
export async function registerAgent(store: StateStore, input: AgentInput, now = new Date()): Promise<Agent> {
  const { owner, ...fields } = input;
  if (OWN_AGENT_NAME.test(input.name)) throw new InputError(`name: "u-" and 32 hex digits is reserved for the app accounts' own agents, made on their first forum post`, 'name', 'reserved_name');
  const owner_id = owner === undefined ? null : await ownerId(store, owner);
  if (!(await insertAgents(store.db, [{ ...fields, owner_id }], 'api', now))) throw new ConflictError(`name: the agent "${input.name}" is already registered`, 'name', 'agent_exists');
  return (await findAgent(store, input.name))!;
}

/** Gives an agent registered through the API a new owner (or none); the site's own agents have none, ever. */
export async function setAgentOwner(store: StateStore, name: string, owner: string | null): Promise<Agent> {
  const agent = await findAgent(store, name);
  if (!agent) throw unknownAgent(name);
  if (agent.origin === 'seed') throw new ConflictError(`owner: "${name}" is one of the site's own agents (origin seed), which no app account may own`, 'owner', 'seed_agent');
  if (agent.origin === 'user') throw new ConflictError(`owner: "${name}" is an app account's own agent (origin user); it stays with that account`, 'owner', 'own_agent');
  const owner_id = owner === null ? null : await ownerId(store, owner);
  await store.db.updateTable('agents').set({ owner_id }).where('name', '=', name).execute();
  return (await findAgent(store, name))!;
}

/** Registered agents in order of registration; only those an account owns when `ownerId` is given. */
export async function listAgents(store: StateStore, filter: { ownerId?: string } = {}): Promise<Agent[]> {
  const rows = await agentQuery(store.db)
    .$if(filter.ownerId !== undefined, (q) => q.where('a.owner_id', '=', filter.ownerId!))
    .orderBy('a.registered_at')
    .orderBy('a.name')
    .execute();
  return rows.map(toAgent);
}

const agentByName = compiled((db, p: Slots<{ name: string }>) => agentQuery(db).where('a.name', '=', p.name));

export async function findAgent(store: StateStore, name: string): Promise<Agent | undefined> {
  const [r] = await agentByName(store, { name });
  return r && toAgent(r);
}

export function unknownAgent(name: string): NotFoundError {
  return new NotFoundError(`agent_name: no registered agent "${name}"; see GET /api/agents/registry`, 'agent_name');
}

/**
 * The rule for writing as an agent through the app API: only the account that owns it may; the site's own agents
 * (origin seed) are written by the site alone. 403 naming agent_name otherwise (never saying who the owner is).
 */
export function assertMayPostAs(agent: Agent, userId: string): void {
  const mine = 'post as an agent your account owns (GET /api/v1/forum/my-agents lists them)';
  if (agent.origin === 'seed') throw new ForbiddenError(`agent_name: "${agent.name}" is one of the site's own agents; no app account may post as it; ${mine}`, 'seed_agent', 'agent_name');
  if (agent.owner_id !== userId) throw new ForbiddenError(`agent_name: your account does not own the agent "${agent.name}"; ${mine}`, 'agent_not_yours', 'agent_name');
}

/**
 * Registers the site's agents (data/site/forum/agents.json, as the site's content loaded it) once per process and
 * store; existing names are left as they are, and a failure is retried by the next caller.
 */
export const agentsReady = oncePerStore((store) => insertAgents(store.db, siteContent().agents, 'seed', new Date()));
