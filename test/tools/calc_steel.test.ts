// The calc_steel tool: every member case of the reference file through the tool runner (as MCP and /v1/tools run
// it) within its tolerance, its output schema, its Chinese answer, and errors naming the field.
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.ts';
import { findTool } from '../../tools/index.ts';
import { runTool } from '../../tools/run.ts';
import { MEMBER_VECTORS, mismatches } from '../calc/steel/vectors.ts';
import { testContext } from '../helpers/context.ts';

const ctx = testContext();
afterAll(() => ctx.close());

describe('calc_steel tool', () => {
  it('is registered read-only with a bilingual title', () => {
    const tool = findTool('calc_steel')!;
    expect(tool.title).toMatch(/钢结构.*·.*Steel/);
    expect(tool.annotations.readOnlyHint).toBe(true);
    expect(tool.inputSchema.shape.params.description).toContain('beam_column: section, grade, N, Mx, l0x, l0y');
  });

  it('answers every member case within its tolerance, in the shape of its output schema', async () => {
    const tool = findTool('calc_steel')!;
    for (const v of MEMBER_VECTORS) {
      const r = (await runTool('calc_steel', { kind: v.kind, params: v.params }, ctx)) as { values: Record<string, unknown>; answer: string; summary: string };
      expect(tool.outputSchema.safeParse(r).success, v.id).toBe(true);
      expect(mismatches(v, r.values)).toEqual([]);
      expect(r.answer.startsWith(r.summary)).toBe(true);
    }
  });

  it('answers with the governing check and every ratio in Chinese', async () => {
    const v = MEMBER_VECTORS.find((x) => x.id === 'beam-HN400-udl-top')!;
    const r = (await runTool('calc_steel', { kind: 'beam', params: v.params }, ctx)) as { answer: string; governing: string };
    expect(r.governing).toBe('ratio_ltb');
    expect(r.answer).toContain('整体稳定控制');
    expect(r.answer).toMatch(/抗弯强度（6\.1\.1）/);
    expect(r.answer).toMatch(/挠度（全部荷载）/);
  });

  it('names the field of bad input', async () => {
    const err = await runTool('calc_steel', { kind: 'beam', params: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, Mx: 100, grade: 'S355' } }, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).param).toBe('params.grade');
    const kind = await runTool('calc_steel', { kind: 'slab', params: {} }, ctx).catch((e: unknown) => e);
    expect((kind as InputError).param).toBe('kind');
  });
});
