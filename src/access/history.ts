// Read-only history for developers: calls and tokens per key per day, and per-tool call statistics per day.
import type { StateStore } from '../db/store.ts';
import { maskKey, type KeyStatus } from './keys.ts';
import { LATENCY_BUCKETS_MS } from './tool-stats.ts';

export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  has_more: boolean;
}

export interface DayRange {
  from: string;
  to: string;
  page: number;
  page_size: number;
}

export interface KeyDayUsage {
  day: string;
  key_id: string;
  name: string;
  key: string;
  status: KeyStatus;
  calls: number;
  tokens: number;
}

export interface ToolDayStats {
  day: string;
  tool: string;
  transport: string;
  calls: number;
  errors: number;
  mean_ms: number;
  max_ms: number;
  /** upper bound of the histogram bucket holding the median / 95th percentile; null when beyond the last bound */
  p50_ms_at_most: number | null;
  p95_ms_at_most: number | null;
}

function paged<T>(rows: T[], range: DayRange): Page<T> {
  return { items: rows.slice(0, range.page_size), page: range.page, page_size: range.page_size, has_more: rows.length > range.page_size };
}

export async function usageHistory(store: StateStore, prefix: string, range: DayRange & { key_id?: string }): Promise<Page<KeyDayUsage>> {
  const rows = await store.db
    .selectFrom('key_usage_daily as u')
    .innerJoin('api_keys as k', 'k.id', 'u.key_id')
    .select(['u.day', 'u.key_id', 'k.name', 'k.last4', 'k.status', 'u.calls', 'u.tokens'])
    .where('u.day', '>=', range.from)
    .where('u.day', '<=', range.to)
    .$if(range.key_id !== undefined, (q) => q.where('u.key_id', '=', range.key_id!))
    .orderBy('u.day', 'desc')
    .orderBy('u.key_id')
    .limit(range.page_size + 1)
    .offset((range.page - 1) * range.page_size)
    .execute();
  return paged(
    rows.map(({ last4, ...r }) => ({ day: r.day, key_id: r.key_id, name: r.name, key: maskKey(prefix, last4), status: r.status, calls: r.calls, tokens: r.tokens })),
    range,
  );
}

/** The upper bound of the bucket where the cumulative count reaches fraction q of all calls. */
export function histogramQuantile(histogram: number[], q: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= q * total) return LATENCY_BUCKETS_MS[i] ?? null;
  }
  return null;
}

export async function toolHistory(store: StateStore, range: DayRange & { tool?: string }): Promise<Page<ToolDayStats>> {
  const rows = await store.db
    .selectFrom('tool_stats_daily')
    .select(['day', 'tool', 'transport', 'calls', 'errors', 'total_ms', 'max_ms'])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .$if(range.tool !== undefined, (q) => q.where('tool', '=', range.tool!))
    .orderBy('day', 'desc')
    .orderBy('tool')
    .orderBy('transport')
    .limit(range.page_size + 1)
    .offset((range.page - 1) * range.page_size)
    .execute();
  const page = rows.slice(0, range.page_size);
  const histograms = new Map<string, number[]>();
  const id = (r: { day: string; tool: string; transport: string }) => `${r.day}\u0000${r.tool}\u0000${r.transport}`;
  if (page.length) {
    const buckets = await store.db
      .selectFrom('tool_latency_daily')
      .select(['day', 'tool', 'transport', 'bucket', 'calls'])
      .where('day', '>=', page.at(-1)!.day)
      .where('day', '<=', page[0]!.day)
      .where('tool', 'in', [...new Set(page.map((r) => r.tool))])
      .execute();
    for (const b of buckets) {
      let h = histograms.get(id(b));
      if (!h) histograms.set(id(b), (h = new Array(LATENCY_BUCKETS_MS.length + 1).fill(0)));
      if (b.bucket >= 0 && b.bucket < h.length) h[b.bucket] += b.calls;
    }
  }
  return paged(
    rows.map((r) => {
      const histogram = histograms.get(id(r)) ?? [];
      return {
        day: r.day,
        tool: r.tool,
        transport: r.transport,
        calls: r.calls,
        errors: r.errors,
        mean_ms: r.calls ? Math.round((r.total_ms / r.calls) * 100) / 100 : 0,
        max_ms: Math.round(r.max_ms * 100) / 100,
        p50_ms_at_most: histogramQuantile(histogram, 0.5),
        p95_ms_at_most: histogramQuantile(histogram, 0.95),
      };
    }),
    range,
  );
}
