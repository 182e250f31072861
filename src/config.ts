// The one place that reads process.env. Everything else receives a Config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE_VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

const optionalSecret = z.string().min(1).optional();

/** Each variable with its default and what it means; the README table is generated from this list. */
export const ENV_VARS = {
  HOST: { default: '127.0.0.1', doc: 'address the HTTP service listens on' },
  PORT: { default: '8787', doc: 'port the HTTP service listens on (0 picks a free port)' },
  SITE_BRAND: { default: 'svc', doc: 'brand: the one model name on /v1/models, the receipt key in chat responses' },
  SITE_NAME: { default: 'svc 志愿与工具站', doc: 'the site name the assistant and site_about introduce' },
  KEY_PREFIX: { default: 'svc', doc: 'fixed prefix of issued API keys (`<KEY_PREFIX>-<secret>`)' },
  SITE_URL: { default: '', doc: 'public address of the site; defaults to http://HOST:PORT' },
  SITE_DATA_DIR: { default: '../shared/data', doc: 'the data bundle to import, relative to the repository root' },
  DATA_DB: { default: 'data/svc-data.db', doc: 'the read-only data database the import builds' },
  STATE_DB: { default: 'data/svc-state.db', doc: 'the read-write state database (keys, usage, users, forum) as an embedded SQLite file; used when STATE_DATABASE_URL is unset' },
  STATE_DATABASE_URL: { default: '', doc: '`postgres://user:password@host:port/db`: keep all read-write state on this PostgreSQL database instead, shared by every node (see "Running several nodes")' },
  STATE_DB_POOL_SIZE: { default: '10', doc: 'connections each node keeps to PostgreSQL (with STATE_DATABASE_URL)' },
  STATE_DB_STATEMENT_TIMEOUT_MS: { default: '5000', doc: 'PostgreSQL cancels any state query running longer than this (a stuck lock, a runaway query) and the request answers 503 `state_unavailable` instead of hanging; the node itself gives up 1 s later when the server does not answer at all (frozen, partitioned); 0 = no limit. Migrations and the wait for a cross-node lock are exempt' },
  STATE_DB_CONNECT_TIMEOUT_MS: { default: '3000', doc: 'PostgreSQL: a request waits at most this long for a state connection (a new one, or a free one of the pool) before it answers 503 `state_unavailable`' },
  ADMIN_USER: { default: '', doc: 'administrator user for /v1/admin (HTTP Basic); admin routes answer 503 until set' },
  ADMIN_PASSWORD: { default: '', doc: 'administrator password; never has a default' },
  DEV_USER: { default: '', doc: 'developer user for /dev/api (HTTP Basic)' },
  DEV_PASSWORD: { default: '', doc: 'developer password; never has a default' },
  LLM_API_URL: { default: '', doc: 'upstream OpenAI-compatible API base URL for the assistant' },
  LLM_API_KEY: { default: '', doc: 'upstream API key; never issued to callers' },
  LLM_CHAT_MODEL: { default: '', doc: 'upstream chat model name' },
  LLM_IMAGE_MODEL: { default: '', doc: 'upstream image/vision model name' },
  LLM_TIMEOUT_MS: { default: '60000', doc: 'milliseconds the assistant waits for one upstream model round (504 after that)' },
  LLM_PROXY_PER_MINUTE: { default: '20', doc: 'requests per minute per client IP on /llm/chat and /llm/chat/completions, and per app account on /api/ai/chat (429 with retry-after above it)' },
  LLM_DAILY_REQUESTS: { default: '2000', doc: 'site-wide upstream model rounds per day (midnight Asia/Shanghai), counted across every node and caller; past it the assistant answers 429 `upstream_budget_exhausted` (0 = no limit)' },
  LLM_DAILY_TOKENS: { default: '2000000', doc: 'site-wide upstream tokens (prompt + completion) per day, like LLM_DAILY_REQUESTS (0 = no limit)' },
  LLM_ANONYMOUS_SHARE: { default: '0.5', doc: 'the fraction of LLM_DAILY_REQUESTS and LLM_DAILY_TOKENS that callers without a key or account (the /llm proxy) may use, so they never spend what key holders and app users need (1 = all of it)' },
  PAGE_TOKEN_SECRET: { default: '', doc: 'secret that signs the page token /llm/chat/completions requires (issued with the site\'s pages); unset: derived from LLM_API_KEY, or random per process when that is empty too (then set it when several nodes serve)' },
  AGENT_TOOL_CACHE_SECONDS: { default: '60', doc: 'seconds an identical tool call of the assistant is answered from its cache (`cached: true`; 0 turns it off)' },
  LLM_EMBED_MODEL: { default: '', doc: 'upstream embeddings model for the knowledge base (with LLM_API_URL/LLM_API_KEY); unset: the built-in LSA embedder fitted on the site\'s own text' },
  APP_TOKEN_TTL_HOURS: { default: '168', doc: 'lifetime of an app login token (POST /api/auth/login) in hours, from login; logout ends it at once' },
  MCP_AUTH: { default: 'key', doc: '`key` (Bearer key required on /mcp) or `none` (open, for local agent hosts)' },
  REQUEST_TIMEOUT_MS: { default: '30000', doc: 'a request whose headers and body have not all arrived this long after it started is answered 408 `request_timeout` and its connection closed (a body that never completes no longer holds a connection for minutes)' },
  LOG_LEVEL: { default: 'info', doc: 'fastify/pino log level (`silent` in tests)' },
  PAGE_RATE_LIMIT: { default: '120', doc: "calls per minute per IP to the pages' same-origin endpoint `/page-api/{tool}` (in memory, per node)" },
  REGISTER_RATE_LIMIT: { default: '10', doc: 'app accounts registered per hour per client address: successful sign-ups only (429 `write_rate_limited` with retry-after above it; per node)' },
  REGISTER_REFUSED_RATE_LIMIT: { default: '60', doc: 'refused registration attempts (a password that breaks the rule, a taken name) per hour per client address, counted apart from REGISTER_RATE_LIMIT so typos never use up the sign-ups of a family or a school network (429 `write_rate_limited`; per node)' },
  WRITE_RATE_LIMIT: { default: '60', doc: 'writes per minute per app account on the signed-in write routes (forum posts, knowledge bases and chunks, logout), twice that per address (429 `write_rate_limited` with retry-after; per node)' },
  PUBLIC_RATE_LIMIT: { default: '120', doc: 'requests per minute per client IP on the public legacy `/api` volunteer-filling endpoints, counted per node (0 turns the limit off)' },
} as const;

const schema = z.object({
  HOST: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65535),
  SITE_BRAND: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'lowercase letters, digits, - or _ (at most 32)'),
  SITE_NAME: z.string().min(1),
  KEY_PREFIX: z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'letters and digits only (at most 16)'),
  SITE_URL: z.union([z.literal(''), z.url()]),
  SITE_DATA_DIR: z.string().min(1),
  DATA_DB: z.string().min(1),
  STATE_DB: z.string().min(1),
  STATE_DATABASE_URL: z.union([z.literal(''), z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'a postgres:// or postgresql:// URL')]),
  STATE_DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000),
  STATE_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000),
  STATE_DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000),
  ADMIN_USER: z.string(),
  ADMIN_PASSWORD: z.string(),
  DEV_USER: z.string(),
  DEV_PASSWORD: z.string(),
  LLM_API_URL: z.union([z.literal(''), z.url()]),
  LLM_API_KEY: z.string(),
  LLM_CHAT_MODEL: z.string(),
  LLM_IMAGE_MODEL: z.string(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000),
  LLM_PROXY_PER_MINUTE: z.coerce.number().int().min(1).max(100_000),
  LLM_DAILY_REQUESTS: z.coerce.number().int().min(0).max(1_000_000_000),
  LLM_DAILY_TOKENS: z.coerce.number().int().min(0).max(1_000_000_000_000),
  LLM_ANONYMOUS_SHARE: z.coerce.number().min(0).max(1),
  PAGE_TOKEN_SECRET: z.union([z.literal(''), z.string().min(16, 'at least 16 characters')]),
  AGENT_TOOL_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400),
  LLM_EMBED_MODEL: z.string(),
  APP_TOKEN_TTL_HOURS: z.coerce.number().min(0.01).max(8760),
  MCP_AUTH: z.enum(['key', 'none']),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(3_600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  PAGE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000),
  REGISTER_REFUSED_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000),
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000),
});

export interface Config {
  host: string;
  port: number;
  brand: string;
  siteName: string;
  keyPrefix: string;
  siteUrl: string;
  dataDir: string;
  dataDb: string;
  stateDb: string;
  /** PostgreSQL URL for the state; empty: the SQLite file stateDb */
  stateDatabaseUrl: string;
  stateDbPoolSize: number;
  stateDbStatementTimeoutMs: number;
  stateDbConnectTimeoutMs: number;
  admin: { user: string; password: string } | null;
  dev: { user: string; password: string } | null;
  llm: { apiUrl: string; apiKey: string; chatModel: string; imageModel: string; embedModel: string; timeoutMs: number; proxyPerMinute: number; dailyRequests: number; dailyTokens: number; anonymousShare: number };
  /** PAGE_TOKEN_SECRET; empty: derived (page-token.ts) */
  pageTokenSecret: string;
  agent: { toolCacheSeconds: number };
  /** lifetime of app login tokens, hours */
  appTokenTtlHours: number;
  mcpAuth: 'key' | 'none';
  /** receiving a whole request (headers and body) at most this long */
  requestTimeoutMs: number;
  logLevel: string;
  /** calls per minute per IP to /page-api/{tool} */
  pageRateLimit: number;
  /** registrations per hour per address (successful ones; refused attempts apart); signed-in writes per minute per account (twice that per address) */
  writeLimits: { registerPerHour: number; refusedRegistrationsPerHour: number; writesPerMinute: number };
  /** requests per minute per IP on the public legacy endpoints (per node); 0 = off */
  publicRateLimit: number;
  version: string;
}

export class ConfigError extends Error {}

function resolvePath(p: string): string {
  return path.isAbsolute(p) || p === ':memory:' ? p : path.resolve(REPO_ROOT, p);
}

function credentials(user: string, password: string, name: string): { user: string; password: string } | null {
  if (!user && !password) return null;
  if (!user || !password) throw new ConfigError(`${name}_USER and ${name}_PASSWORD must be set together`);
  return { user, password };
}

/** Validates the environment; throws ConfigError with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof typeof ENV_VARS, string>> = {}): Config {
  const raw: Record<string, string> = {};
  for (const [name, spec] of Object.entries(ENV_VARS)) {
    raw[name] = overrides[name as keyof typeof ENV_VARS] ?? env[name] ?? spec.default;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    // A URL may carry a password: name the variable, never echo its value.
    const shown = (name: string) => (name === 'STATE_DATABASE_URL' || name === 'PAGE_TOKEN_SECRET' ? '(value hidden)' : JSON.stringify(raw[name]));
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}=${shown(String(i.path[0]))}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.LLM_EMBED_MODEL && !e.LLM_API_URL) throw new ConfigError('invalid configuration:\n  LLM_EMBED_MODEL needs LLM_API_URL (the upstream that serves it)');
  return {
    host: e.HOST,
    port: e.PORT,
    brand: e.SITE_BRAND,
    siteName: e.SITE_NAME,
    keyPrefix: e.KEY_PREFIX,
    siteUrl: (e.SITE_URL || `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: resolvePath(e.SITE_DATA_DIR),
    dataDb: resolvePath(e.DATA_DB),
    stateDb: resolvePath(e.STATE_DB),
    stateDatabaseUrl: e.STATE_DATABASE_URL,
    stateDbPoolSize: e.STATE_DB_POOL_SIZE,
    stateDbStatementTimeoutMs: e.STATE_DB_STATEMENT_TIMEOUT_MS,
    stateDbConnectTimeoutMs: e.STATE_DB_CONNECT_TIMEOUT_MS,
    admin: credentials(e.ADMIN_USER, e.ADMIN_PASSWORD, 'ADMIN'),
    dev: credentials(e.DEV_USER, e.DEV_PASSWORD, 'DEV'),
    llm: {
      apiUrl: e.LLM_API_URL,
      apiKey: e.LLM_API_KEY,
      chatModel: e.LLM_CHAT_MODEL,
      imageModel: e.LLM_IMAGE_MODEL,
      embedModel: e.LLM_EMBED_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      proxyPerMinute: e.LLM_PROXY_PER_MINUTE,
      dailyRequests: e.LLM_DAILY_REQUESTS,
      dailyTokens: e.LLM_DAILY_TOKENS,
      anonymousShare: e.LLM_ANONYMOUS_SHARE,
    },
    pageTokenSecret: e.PAGE_TOKEN_SECRET,
    agent: { toolCacheSeconds: e.AGENT_TOOL_CACHE_SECONDS },
    appTokenTtlHours: e.APP_TOKEN_TTL_HOURS,
    mcpAuth: e.MCP_AUTH,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    pageRateLimit: e.PAGE_RATE_LIMIT,
    writeLimits: { registerPerHour: e.REGISTER_RATE_LIMIT, refusedRegistrationsPerHour: e.REGISTER_REFUSED_RATE_LIMIT, writesPerMinute: e.WRITE_RATE_LIMIT },
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    version: PACKAGE_VERSION,
  };
}
