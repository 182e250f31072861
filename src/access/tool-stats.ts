// Per-tool call statistics (counts, errors, latency) per day and transport, for the developer API. A tool call only
// adds to an in-memory aggregate; a timer writes the aggregates in one transaction every few seconds, so the
// statistics cost a call a few map operations and never a database write. A kill -9 can lose the last few seconds
// of statistics (never of quota counts, which are written before the response).
import type { ServiceContext, ToolCallRecord } from '../context.ts';
import type { DB } from '../db/open.ts';
import { quotaDay } from './clock.ts';
import { perDb } from './prepared.ts';

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

function mergeHistogram(stored: string, add: number[]): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = [];
  }
  const base = Array.isArray(parsed) ? parsed : [];
  return Array.from({ length: BUCKETS }, (_, i) => (Number(base[i]) || 0) + (add[i] ?? 0));
}

const statements = perDb((db) => ({
  histogram: db.prepare('SELECT histogram FROM tool_stats_daily WHERE day = ? AND tool = ? AND transport = ?').pluck(),
  upsert: db.prepare(
    `INSERT INTO tool_stats_daily (day, tool, transport, calls, errors, total_ms, max_ms, histogram)
     VALUES (@day, @tool, @transport, @calls, @errors, @totalMs, @maxMs, @histogram)
     ON CONFLICT (day, tool, transport) DO UPDATE SET
       calls = calls + excluded.calls, errors = errors + excluded.errors, total_ms = total_ms + excluded.total_ms,
       max_ms = max(max_ms, excluded.max_ms), histogram = excluded.histogram`,
  ),
}));

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
      try {
        this.flush();
      } catch {
        // statistics must never take the service down; the batch is back in `pending` and is retried
        if (!this.timer) this.schedule();
      }
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Writes what has accumulated. IMMEDIATE so that two processes merging the same histogram row serialise. */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    let db: DB;
    let s: ReturnType<typeof statements>;
    try {
      db = this.ctx.stateDb();
      s = statements(db);
    } catch (err) {
      for (const a of batch) this.requeue(a);
      throw err;
    }
    try {
      db.transaction(() => {
        for (const a of batch) {
          const stored = (s.histogram.get(a.day, a.tool, a.transport) as string | undefined) ?? '[]';
          s.upsert.run({ ...a, histogram: JSON.stringify(mergeHistogram(stored, a.histogram)) });
        }
      }).immediate();
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
  release(): void {
    if (--this.holders <= 0) this.close();
  }

  /** Flushes and stops observing. */
  close(): void {
    const i = this.ctx.onToolCall.indexOf(this.observer);
    if (i >= 0) this.ctx.onToolCall.splice(i, 1);
    this.flush();
    recorders.delete(this.ctx);
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
