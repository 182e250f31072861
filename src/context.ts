// What engines and tools are handed: the configuration and lazily opened databases. Transports create one
// context per process and share it; nothing here knows about HTTP or MCP.
import type { Config } from './config.ts';
import { openDataDb, type DB } from './db/open.ts';
import { openStateDb } from './db/state.ts';

export interface ToolCallRecord {
  tool: string;
  ms: number;
  ok: boolean;
  transport: 'mcp' | 'rest' | 'agent' | 'page';
  keyId: string | null;
}

export interface ServiceContext {
  config: Config;
  /** the read-only data database; throws UnavailableError (503) when the import has not run */
  dataDb(): DB;
  /** the read-write state database (keys, usage, users, forum) */
  stateDb(): DB;
  /** observers of tool calls (usage statistics); called after each call */
  onToolCall: Array<(record: ToolCallRecord) => void>;
  close(): void;
}

export function createContext(config: Config): ServiceContext {
  let data: DB | null = null;
  let state: DB | null = null;
  return {
    config,
    dataDb() {
      data ??= openDataDb(config.dataDb);
      return data;
    },
    stateDb() {
      state ??= openStateDb(config.stateDb);
      return state;
    },
    onToolCall: [],
    close() {
      data?.close();
      state?.close();
      data = state = null;
    },
  };
}
