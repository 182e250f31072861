import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('get_major', () => {
  it('哲学: category, no introduction in the data (said so), 软科 top school (ruanke_bcmr_2026 row 1: 北京大学)', async () => {
    const r = await run('get_major', { name: '哲学' });
    expect(r.found).toBe(true);
    expect(r.major).toMatchObject({ code: '010101', category: '哲学', subcategory: '哲学类', introduction: null });
    expect(r.summary).toMatch(/^哲学（010101）属哲学门类哲学类；软科 2026 专业排名中有 \d+ 所院校上榜，前列为北京大学/);
    expect(r.summary).toMatch(/数据中没有该专业的介绍。$/);
  });
  it('unknown and ambiguous names', async () => {
    expect((await run('get_major', { name: '炼金术' })).summary).toBe('数据中没有名为“炼金术”的本科专业。');
    const amb = await run('get_major', { name: '工程' });
    expect(amb.found).toBe(false);
    expect(amb.candidates.length).toBeGreaterThan(1);
  });
  it('needs a name or an id', async () => {
    expect(await rejection(run('get_major', { id: 0 }))).toMatchObject({ param: 'id' });
  });
});
