// calc_concrete runs the concrete engine through the registry (runTool, as MCP, /v1/tools and chat do): the same
// figures as the engine for the reference cases, and errors that name params.<field> in the engine's words.
import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calc/concrete/index.ts';
import { VECTORS } from '../calc/concrete/vectors.ts';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('calc_concrete', () => {
  it.each(VECTORS.slice(0, 8).map((v) => [v.id, v] as const))('%s gives the engine\'s result', async (_id, v) => {
    const r = await run('calc_concrete', { kind: v.kind, params: v.params });
    expect(r).toEqual(calculate({ kind: v.kind, params: v.params }));
  });
  it('the published beam-01 steel area comes out of the tool (reference: concrete.json beam-01 expected.As_calc)', async () => {
    const v = VECTORS.find((x) => x.id === 'beam-01')!;
    const r = await run('calc_concrete', { kind: 'beam', params: v.params });
    expect(Math.abs(r.values.As_calc - Number(v.expected.As_calc))).toBeLessThan(0.5);
  });
  it('bad input names the field inside params, with the allowed range', async () => {
    const e = await rejection(run('calc_concrete', { kind: 'beam', params: { moment: 180, b: 250, h: 50000 } }));
    expect(e.param).toBe('params.h');
    expect(e.message).toMatch(/≤ 5000 mm/);
    expect(await rejection(run('calc_concrete', { kind: 'beam', params: { b: 250, h: 500 } }))).toMatchObject({ param: 'params.moment' });
    expect(await rejection(run('calc_concrete', { kind: 'slab', params: {} }))).toMatchObject({ param: 'kind' });
    expect((await rejection(run('calc_concrete', { kind: 'beam', params: { moment: 180, b: 250, h: 500, width: 3 } }))).message).toMatch(/params\.width/);
  });
});
