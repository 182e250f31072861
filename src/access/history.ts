// Read-only history for developers: calls and tokens per key per day, and per-tool call statistics per day.
import type { DB } from '../db/open.ts';
import { maskKey, type KeyStatus } from './keys.ts';
import { perDb } from './prepared.ts';
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

const statements = perDb((db) => ({
  usage: db.prepare(
    `SELECT u.day, u.key_id, k.name, k.last4, k.status, u.calls, u.tokens
       FROM key_usage_daily u JOIN api_keys k ON k.id = u.key_id
      WHERE u.day BETWEEN @from AND @to AND (@key_id IS NULL OR u.key_id = @key_id)
      ORDER BY u.day DESC, u.key_id LIMIT @limit OFFSET @offset`,
  ),
  tools: db.prepare(
    `SELECT day, tool, transport, calls, errors, total_ms, max_ms, histogram FROM tool_stats_daily
      WHERE day BETWEEN @from AND @to AND (@tool IS NULL OR tool = @tool)
      ORDER BY day DESC, tool, transport LIMIT @limit OFFSET @offset`,
  ),
}));

function paged<T>(rows: T[], range: DayRange): Page<T> {
  return { items: rows.slice(0, range.page_size), page: range.page, page_size: range.page_size, has_more: rows.length > range.page_size };
}

export function usageHistory(db: DB, prefix: string, range: DayRange & { key_id?: string }): Page<KeyDayUsage> {
  const rows = statements(db).usage.all({
    from: range.from,
    to: range.to,
    key_id: range.key_id ?? null,
    limit: range.page_size + 1,
    offset: (range.page - 1) * range.page_size,
  }) as Array<Omit<KeyDayUsage, 'key'> & { last4: string }>;
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

export function toolHistory(db: DB, range: DayRange & { tool?: string }): Page<ToolDayStats> {
  const rows = statements(db).tools.all({
    from: range.from,
    to: range.to,
    tool: range.tool ?? null,
    limit: range.page_size + 1,
    offset: (range.page - 1) * range.page_size,
  }) as Array<{ day: string; tool: string; transport: string; calls: number; errors: number; total_ms: number; max_ms: number; histogram: string }>;
  return paged(
    rows.map((r) => {
      let histogram: number[] = [];
      try {
        histogram = (JSON.parse(r.histogram) as unknown[]).map((n) => Number(n) || 0);
      } catch {
        histogram = [];
      }
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
