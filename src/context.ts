// What engines and tools are handed: the configuration, the read-only data database (opened lazily) and the state
// store (opened, and migrated, once by openState()). Transports create one context per process and share it;
// nothing here knows about HTTP or MCP.
import type { Config } from './config.ts';
import { openDataDb, type DB } from './db/open.ts';
import { openStateStore } from './state.ts';
import type { StateStore } from './db/store.ts';
import { UnavailableError } from './errors.ts';

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
  /** opens the state store (SQLite or PostgreSQL) and applies pending migrations, once; later calls share it */
  openState(): Promise<StateStore>;
  /** the state store opened by openState(); throws when it has not been opened */
  state(): StateStore;
  /** observers of tool calls (usage statistics); called after each call */
  onToolCall: Array<(record: ToolCallRecord) => void>;
  close(): Promise<void>;
}

export function createContext(config: Config, opts: { onStateError?: (err: Error) => void } = {}): ServiceContext {
  let data: DB | null = null;
  let state: StateStore | null = null;
  let opening: Promise<StateStore> | null = null;
  return {
    config,
    dataDb() {
      data ??= openDataDb(config.dataDb);
      return data;
    },
    openState() {
      opening ??= openStateStore(config, { onError: opts.onStateError }).then(
        (store) => (state = store),
        (err) => {
          opening = null;
          throw err;
        },
      );
      return opening;
    },
    state() {
      if (!state) throw new UnavailableError('the state database is not open yet', 'state_not_open');
      return state;
    },
    onToolCall: [],
    async close() {
      data?.close();
      data = null;
      const store = state ?? (opening ? await opening.catch(() => null) : null);
      state = null;
      opening = null;
      await store?.close();
    },
  };
}
