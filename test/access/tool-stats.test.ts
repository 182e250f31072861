// Per-tool statistics: tool calls only touch memory; a flush merges them into the day's rows, also when two
// processes (two contexts on one database) write the same rows. Runs on both state backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { histogramQuantile } from '../../src/access/history.ts';
import { attachToolStats, bucketOf, LATENCY_BUCKETS_MS } from '../../src/access/tool-stats.ts';
import { createContext, type ServiceContext } from '../../src/context.ts';
import { runTool } from '../../tools/run.ts';
import { testConfig } from '../helpers/context.ts';
import { forEachBackend, stateOverrides } from '../helpers/state.ts';

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

forEachBackend('tool statistics', (backend) => {
  let a: ServiceContext;
  let b: ServiceContext;
  beforeAll(async () => {
    const config = testConfig(await stateOverrides(backend));
    a = createContext(config);
    b = createContext(config); // same state database: a second process or node
    await Promise.all([a.openState(), b.openState()]); // both migrate at once: one applies, the other waits and sees it
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const row = (tool: string) =>
    a.state().db.selectFrom('tool_stats_daily').select(['calls', 'errors', 'total_ms', 'max_ms']).where('tool', '=', tool).executeTakeFirst();
  const histogram = async (tool: string) => {
    const h = new Array(LATENCY_BUCKETS_MS.length + 1).fill(0);
    for (const r of await a.state().db.selectFrom('tool_latency_daily').select(['bucket', 'calls']).where('tool', '=', tool).execute()) h[r.bucket] += r.calls;
    return h;
  };

  it('records through ctx.onToolCall without writing, and merges flushes from two processes', async () => {
    const ra = attachToolStats(a);
    expect(attachToolStats(a)).toBe(ra); // once per context
    const rb = attachToolStats(b);
    await runTool('site_about', {}, a, { transport: 'mcp' });
    await runTool('site_about', {}, a, { transport: 'mcp' });
    await expect(runTool('site_about', { colour: 'red' }, a, { transport: 'mcp' })).rejects.toThrow();
    expect(await row('site_about')).toBeUndefined(); // nothing written yet: calls only touch memory
    await ra.flush();
    expect(await row('site_about')).toMatchObject({ calls: 3, errors: 1 });

    rb.record({ tool: 'site_about', ms: 7000, ok: true, transport: 'mcp', keyId: null });
    ra.record({ tool: 'site_about', ms: 3, ok: true, transport: 'mcp', keyId: null });
    // both processes flush the same rows at the same moment: additive upserts, nothing lost
    await Promise.all([rb.flush(), ra.close()]);
    const merged = (await row('site_about'))!;
    expect(merged.calls).toBe(5);
    expect(merged.errors).toBe(1);
    expect(merged.max_ms).toBe(7000);
    const h = await histogram('site_about');
    expect(h.reduce((x, y) => x + y, 0)).toBe(5);
    expect(h[bucketOf(7000)]).toBe(1);
    expect(h[bucketOf(3)]).toBeGreaterThanOrEqual(1);
    expect(a.onToolCall).toHaveLength(0);
    await rb.close();
  });

  it('loses nothing when many flushes of two processes race on the same rows', async () => {
    const ra = attachToolStats(a);
    const rb = attachToolStats(b);
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      ra.record({ tool: 'race', ms: i, ok: i % 5 !== 0, transport: 'rest', keyId: null });
      rb.record({ tool: 'race', ms: 100 + i, ok: true, transport: 'rest', keyId: null });
      flushes.push(ra.flush(), rb.flush());
    }
    await Promise.all(flushes);
    expect(await row('race')).toMatchObject({ calls: 40, errors: 4, max_ms: 119 });
    expect((await histogram('race')).reduce((x, y) => x + y, 0)).toBe(40);
    await ra.close();
    await rb.close();
  });
});

describe('holders', () => {
  it('keeps recording until the last app serving the context has closed', async () => {
    const c = createContext(testConfig());
    await c.openState();
    const recorder = attachToolStats(c).retain();
    attachToolStats(c).retain(); // a second app on the same context
    await recorder.release();
    expect(c.onToolCall).toHaveLength(1);
    recorder.record({ tool: 'site_about', ms: 1, ok: true, transport: 'rest', keyId: null });
    await recorder.release(); // the last one flushes and detaches
    expect(c.onToolCall).toHaveLength(0);
    expect((await c.state().db.selectFrom('tool_stats_daily').select('calls').executeTakeFirst())?.calls).toBe(1);
    expect(attachToolStats(c)).not.toBe(recorder);
    await attachToolStats(c).close();
    await c.close();
  });
});
