import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputError } from '../../src/errors.ts';
import { runTool } from '../../tools/run.ts';
import { findTool } from '../../tools/index.ts';
import { testContext } from '../helpers/context.ts';
import { refCase } from '../calc/sizhu/reference.ts';

const ctx = testContext();
afterAll(() => ctx.close());

describe('sizhu tool', () => {
  it('is registered with a bilingual title, a cultural-study description and a described, bounded schema', () => {
    const tool = findTool('sizhu')!;
    expect(tool.title).toMatch(/八字.*·.*Four-pillar/);
    expect(tool.description).toMatch(/文化/);
    expect(tool.annotations.readOnlyHint).toBe(true);
    const schema = z.toJSONSchema(tool.inputSchema, { io: 'input' }) as { properties: Record<string, { description?: string; minimum?: number; maximum?: number; enum?: string[] }>; required: string[] };
    expect(schema.required.sort()).toEqual(['day', 'hour', 'minute', 'month', 'sex', 'year']);
    for (const [k, p] of Object.entries(schema.properties)) expect(p.description, k).toBeTruthy();
    expect(schema.properties.year).toMatchObject({ minimum: 1900, maximum: 2100 });
    expect(schema.properties.sex.enum).toEqual(['m', 'f']);
  });

  it('returns the engine chart for a reference case (L01: 乙酉 戊子 辛巳 壬辰) with a one-sentence summary', async () => {
    const c = refCase('L01');
    const out = (await runTool('sizhu', c.input, ctx)) as { summary: string; pillars: Record<string, { name: string }>; luck: { cycles: unknown[] } };
    expect(Object.values(out.pillars).map((p) => p.name)).toEqual(Object.values(c.expected.pillars));
    expect(out.summary).toContain('乙酉 戊子 辛巳 壬辰');
    expect(out.summary).toMatch(/日主辛金.*喜用/);
    expect(out.luck.cycles.length).toBeGreaterThanOrEqual(8);
  });

  it('bad input is an InputError naming the field', async () => {
    await expect(runTool('sizhu', { year: 2023, month: 2, day: 29, hour: 1, minute: 0, sex: 'm' }, ctx)).rejects.toMatchObject({ param: 'day', status: 400 });
    const err = (await runTool('sizhu', { year: 2000, month: 1, day: 1, hour: 24, minute: 0, sex: 'm' }, ctx).catch((e: unknown) => e)) as InputError;
    expect(err).toBeInstanceOf(InputError);
    expect(err.param).toBe('hour');
  });
});
