// What /health says about the state database: a read (`select 1`) on every /health, shared by the /health requests
// that arrive while it runs, and a write (one row per node, rewritten) at most once per OK_FOR_MS while it succeeds;
// each within HEALTH_STATE_TIMEOUT_MS. Under load /health was asked hundreds of times a second and each answer wrote
// to the state database beside the requests it was meant to watch. A failing write is never reused (the next /health
// writes again, so recovery shows at once), and any 503 the node answers (a request found the state database
// unavailable, a full disk) makes the next /health write again, so /health reports the failure a request has met.
import os from 'node:os';
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';

/** /health waits at most this long for the state database (a frozen server must not hold the health check). */
export const HEALTH_STATE_TIMEOUT_MS = 2_000;
/** How long a good probe stands for /health. */
export const OK_FOR_MS = 1_000;

/** This node in the write probe's table: host and process. */
const NODE = `${os.hostname()}:${process.pid}`;

export interface StateHealth {
  checks: { state_db: string; state_write?: string };
  backend: 'sqlite' | 'postgres' | null;
  ok: boolean;
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const late = (err: unknown) => (err as Error).message === 'timeout';

type Store = ReturnType<ServiceContext['state']>;

async function probeRead(ctx: ServiceContext): Promise<{ store: Store } | { failed: string }> {
  try {
    const store = ctx.state();
    await within(HEALTH_STATE_TIMEOUT_MS, sql`select 1`.execute(store.db));
    return { store };
  } catch (err) {
    return { failed: late(err) ? `no answer within ${HEALTH_STATE_TIMEOUT_MS} ms` : 'unavailable' };
  }
}

async function probeWrite(store: Store): Promise<string> {
  try {
    const at = new Date().toISOString();
    await within(HEALTH_STATE_TIMEOUT_MS, store.db.insertInto('health_probe').values({ node: NODE, probed_at: at }).onConflict((oc) => oc.column('node').doUpdateSet({ probed_at: at })).execute());
    return 'ok';
  } catch (err) {
    return late(err) ? `no answer within ${HEALTH_STATE_TIMEOUT_MS} ms` : `failing: ${(err as { code?: string }).code ?? 'write refused'}`;
  }
}

/** Runs `work` once for every caller that asks while it runs. */
class Shared<T> {
  private running: Promise<T> | null = null;
  constructor(private readonly work: () => Promise<T>) {}
  get(): Promise<T> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

export class StateProbe {
  private readonly read: Shared<{ store: Store } | { failed: string }>;
  private readonly write: Shared<string>;
  private store: Store | null = null;
  private goodWriteAt = -Infinity;

  constructor(ctx: ServiceContext) {
    this.read = new Shared(() => probeRead(ctx));
    this.write = new Shared(async () => {
      const w = await probeWrite(this.store!);
      this.goodWriteAt = w === 'ok' ? Date.now() : -Infinity;
      return w;
    });
  }

  async check(): Promise<StateHealth> {
    const read = await this.read.get();
    if ('failed' in read) return { checks: { state_db: read.failed }, backend: null, ok: false };
    let write = 'ok';
    if (Date.now() - this.goodWriteAt >= OK_FOR_MS) {
      this.store = read.store;
      write = await this.write.get();
    }
    return { checks: { state_db: 'ok', state_write: write }, backend: read.store.dialect, ok: write === 'ok' };
  }

  /** A request met the state database unavailable: the next /health probes the write again. */
  invalidate(): void {
    this.goodWriteAt = -Infinity;
  }
}

const probes = new WeakMap<ServiceContext, StateProbe>();

/** The one probe of this service context. */
export function stateProbe(ctx: ServiceContext): StateProbe {
  let p = probes.get(ctx);
  if (!p) probes.set(ctx, (p = new StateProbe(ctx)));
  return p;
}
