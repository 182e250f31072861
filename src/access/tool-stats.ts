// Per-tool call statistics (counts, errors, latency) per day and transport, for the developer API. A tool call only
// adds to an in-memory aggregate; a timer writes the aggregates in one transaction every few seconds, so the
// statistics cost a call a few map operations and never a database write. A kill -9 can lose the last few seconds
// of statistics (never of quota counts, which are written before the response).
//
// Several nodes write the same day's rows: every write is an additive upsert (counts and sums added, the maximum
// kept, one row per latency bucket), so flushes from any number of processes merge without reading first.
import type { ServiceContext, ToolCallRecord } from '../context.ts';
import { exclusive } from '../db/store.ts';
import { quotaDay } from './clock.ts';

/** Upper bounds (ms) of the latency histogram buckets; the last bucket is everything slower. */
export const LATENCY_BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;
const BUCKETS = LATENCY_BUCKETS_MS.length + 1;
export const FLUSH_EVERY_MS = 5000;

interface Aggregate {
  day: string;
  tool: string;
  transport: string;
  calls: number;
  errors: number;
  totalMs: number;
  maxMs: number;
  histogram: number[];
}

export function bucketOf(ms: number): number {
  for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) if (ms <= LATENCY_BUCKETS_MS[i]!) return i;
  return LATENCY_BUCKETS_MS.length;
}

export class ToolStatsRecorder {
  private pending = new Map<string, Aggregate>();
  private timer: NodeJS.Timeout | null = null;
  private readonly observer = (record: ToolCallRecord) => this.record(record);

  constructor(private readonly ctx: ServiceContext) {
    ctx.onToolCall.push(this.observer);
  }

  record(r: ToolCallRecord, now: number = Date.now()): void {
    const day = quotaDay(now);
    const id = `${day}\u0000${r.tool}\u0000${r.transport}`;
    let agg = this.pending.get(id);
    if (!agg) {
      agg = { day, tool: r.tool, transport: r.transport, calls: 0, errors: 0, totalMs: 0, maxMs: 0, histogram: new Array(BUCKETS).fill(0) };
      this.pending.set(id, agg);
    }
    const ms = Number.isFinite(r.ms) && r.ms > 0 ? r.ms : 0;
    agg.calls++;
    if (!r.ok) agg.errors++;
    agg.totalMs += ms;
    if (ms > agg.maxMs) agg.maxMs = ms;
    agg.histogram[bucketOf(ms)]!++;
    if (!this.timer) {
      this.schedule();
    }
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      // statistics must never take the service down; a failed batch is back in `pending` and is retried
      this.flush().catch(() => {
        if (!this.timer) this.schedule();
      });
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  private flushing: Promise<void> = Promise.resolve();

  /** Writes what has accumulated, in one transaction (all of a batch or none of it); flushes run one at a time. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const run = this.flushing.catch(() => undefined).then(() => this.write());
    this.flushing = run;
    return run;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    // A fixed order, so two nodes' transactions take row locks in the same order and cannot deadlock.
    const order = (a: Aggregate) => `${a.day}\u0000${a.tool}\u0000${a.transport}`;
    const batch = [...this.pending.values()].sort((x, y) => (order(x) < order(y) ? -1 : 1));
    this.pending.clear();
    try {
      await exclusive(this.ctx.state(), async (db) => {
        for (const a of batch) {
          const row = { day: a.day, tool: a.tool, transport: a.transport };
          await db
            .insertInto('tool_stats_daily')
            .values({ ...row, calls: a.calls, errors: a.errors, total_ms: a.totalMs, max_ms: a.maxMs })
            .onConflict((oc) =>
              oc.columns(['day', 'tool', 'transport']).doUpdateSet((eb) => ({
                calls: eb('tool_stats_daily.calls', '+', eb.ref('excluded.calls')),
                errors: eb('tool_stats_daily.errors', '+', eb.ref('excluded.errors')),
                total_ms: eb('tool_stats_daily.total_ms', '+', eb.ref('excluded.total_ms')),
                max_ms: eb.case().when('excluded.max_ms', '>', eb.ref('tool_stats_daily.max_ms')).then(eb.ref('excluded.max_ms')).else(eb.ref('tool_stats_daily.max_ms')).end(),
              })),
            )
            .execute();
          const buckets = a.histogram.flatMap((calls, bucket) => (calls > 0 ? [{ ...row, bucket, calls }] : []));
          if (buckets.length) {
            await db
              .insertInto('tool_latency_daily')
              .values(buckets)
              .onConflict((oc) => oc.columns(['day', 'tool', 'transport', 'bucket']).doUpdateSet((eb) => ({ calls: eb('tool_latency_daily.calls', '+', eb.ref('excluded.calls')) })))
              .execute();
          }
        }
      });
    } catch (err) {
      for (const a of batch) this.requeue(a);
      throw err;
    }
  }

  private requeue(a: Aggregate): void {
    const id = `${a.day}\u0000${a.tool}\u0000${a.transport}`;
    const cur = this.pending.get(id);
    if (!cur) {
      this.pending.set(id, a);
      return;
    }
    cur.calls += a.calls;
    cur.errors += a.errors;
    cur.totalMs += a.totalMs;
    cur.maxMs = Math.max(cur.maxMs, a.maxMs);
    for (let i = 0; i < BUCKETS; i++) cur.histogram[i]! += a.histogram[i]!;
  }

  private holders = 0;

  /** Marks one more holder (an app serving this context); each calls release() when it closes. */
  retain(): this {
    this.holders++;
    return this;
  }

  /** The last holder to let go flushes and detaches, before the context closes its databases. */
  async release(): Promise<void> {
    if (--this.holders <= 0) await this.close();
  }

  /** Stops observing and flushes. */
  async close(): Promise<void> {
    const i = this.ctx.onToolCall.indexOf(this.observer);
    if (i >= 0) this.ctx.onToolCall.splice(i, 1);
    recorders.delete(this.ctx);
    await this.flush();
  }
}

const recorders = new WeakMap<ServiceContext, ToolStatsRecorder>();

/** The context's recorder, attached on first use (once per context, whichever transport asks first). */
export function attachToolStats(ctx: ServiceContext): ToolStatsRecorder {
  let recorder = recorders.get(ctx);
  if (!recorder) {
    recorder = new ToolStatsRecorder(ctx);
    recorders.set(ctx, recorder);
  }
  return recorder;
}
