// Per-tool statistics: tool calls only touch memory; a flush merges them into the day's row, also when two
// processes (two contexts on one database) write the same row.
import { afterAll, describe, expect, it } from 'vitest';
import { histogramQuantile } from '../../src/access/history.ts';
import { attachToolStats, bucketOf, LATENCY_BUCKETS_MS } from '../../src/access/tool-stats.ts';
import { createContext } from '../../src/context.ts';
import { runTool } from '../../tools/run.ts';
import { testConfig } from '../helpers/context.ts';

const config = testConfig();
const a = createContext(config);
const b = createContext(config); // same state database: a second process
afterAll(() => {
  a.close();
  b.close();
});

const row = (tool: string) =>
  a.stateDb().prepare('SELECT calls, errors, total_ms, max_ms, histogram FROM tool_stats_daily WHERE tool = ?').get(tool) as
    | { calls: number; errors: number; total_ms: number; max_ms: number; histogram: string }
    | undefined;

describe('latency buckets', () => {
  it('puts a latency in the first bucket whose upper bound holds it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(10_000)).toBe(LATENCY_BUCKETS_MS.length - 1);
    expect(bucketOf(10_001)).toBe(LATENCY_BUCKETS_MS.length);
  });

  it('reads quantiles as bucket bounds', () => {
    const h = new Array(LATENCY_BUCKETS_MS.length + 1).fill(0);
    h[0] = 50; // ≤ 1 ms
    h[3] = 45; // ≤ 10 ms
    h[6] = 5; // ≤ 100 ms
    expect(histogramQuantile(h, 0.5)).toBe(1);
    expect(histogramQuantile(h, 0.95)).toBe(10);
    expect(histogramQuantile(h, 0.99)).toBe(100);
    expect(histogramQuantile(new Array(h.length).fill(0), 0.5)).toBeNull();
  });
});

describe('ToolStatsRecorder', () => {
  it('records through ctx.onToolCall without writing, and merges flushes from two processes', async () => {
    const ra = attachToolStats(a);
    expect(attachToolStats(a)).toBe(ra); // once per context
    const rb = attachToolStats(b);
    await runTool('site_about', {}, a, { transport: 'mcp' });
    await runTool('site_about', {}, a, { transport: 'mcp' });
    await expect(runTool('site_about', { colour: 'red' }, a, { transport: 'mcp' })).rejects.toThrow();
    expect(row('site_about')).toBeUndefined(); // nothing written yet: calls only touch memory
    ra.flush();
    expect(row('site_about')).toMatchObject({ calls: 3, errors: 1 });

    rb.record({ tool: 'site_about', ms: 7000, ok: true, transport: 'mcp', keyId: null });
    rb.flush();
    ra.record({ tool: 'site_about', ms: 3, ok: true, transport: 'mcp', keyId: null });
    ra.close(); // flushes and detaches
    const merged = row('site_about')!;
    expect(merged.calls).toBe(5);
    expect(merged.errors).toBe(1);
    expect(merged.max_ms).toBe(7000);
    const histogram = JSON.parse(merged.histogram) as number[];
    expect(histogram.reduce((x, y) => x + y, 0)).toBe(5);
    expect(histogram[bucketOf(7000)]).toBe(1);
    expect(a.onToolCall).toHaveLength(0);
    rb.close();
  });
});

describe('holders', () => {
  it('keeps recording until the last app serving the context has closed', () => {
    const c = createContext(testConfig());
    const recorder = attachToolStats(c).retain();
    attachToolStats(c).retain(); // a second app on the same context
    recorder.release();
    expect(c.onToolCall).toHaveLength(1);
    recorder.record({ tool: 'site_about', ms: 1, ok: true, transport: 'rest', keyId: null });
    recorder.release(); // the last one flushes and detaches
    expect(c.onToolCall).toHaveLength(0);
    expect(c.stateDb().prepare('SELECT calls FROM tool_stats_daily').pluck().get()).toBe(1);
    expect(attachToolStats(c)).not.toBe(recorder);
    attachToolStats(c).close();
    c.close();
  });
});
