import { afterAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { runTool } from '../../tools/run.ts';
import { testContext } from '../helpers/context.ts';

describe('site_about', () => {
  const ctx = testContext({ SITE_NAME: '测试站', SITE_URL: 'https://zhiyuan.example.org', SITE_BRAND: 'demo' });
  afterAll(() => ctx.close());

  it('describes the site from configuration and the registry', async () => {
    const about = (await runTool('site_about', {}, ctx)) as Record<string, any>;
    expect(about.name).toBe('测试站');
    expect(about.url).toBe('https://zhiyuan.example.org');
    expect(about.brand).toBe('demo');
    expect(about.how_to_call.openai).toContain('https://zhiyuan.example.org/v1');
    expect(about.how_to_call.openai).toContain('"demo"');
    expect(about.tools.map((t: { name: string }) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });

  it('rejects arguments it does not take, naming them', async () => {
    await expect(runTool('site_about', { surprise: 1 }, ctx)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('surprise') });
  });

  it('reports each call to the observers', async () => {
    const seen: string[] = [];
    ctx.onToolCall.push((r) => seen.push(`${r.tool}:${r.ok}:${r.transport}`));
    await runTool('site_about', {}, ctx, { transport: 'mcp' });
    await runTool('site_about', { bad: true }, ctx).catch(() => undefined);
    expect(seen).toEqual(['site_about:true:mcp', 'site_about:false:rest']);
  });
});
