import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('query_major_rankings', () => {
  it('哲学 2026: 北京大学 first, A+ (ruanke_bcmr_2026_major_rankings row 1)', async () => {
    const r = await run('query_major_rankings', { major_name: '哲学', year: 2026 });
    expect(r.items[0]).toMatchObject({ school_name: '北京大学', rank: 1, grade: 'A+' });
    expect(r.summary).toMatch(/北京大学 哲学 第 1 名（A\+）/);
  });
  it('nothing found; at least one anchor', async () => {
    expect((await run('query_major_rankings', { major_name: '炼金术' })).count).toBe(0);
    expect(await rejection(run('query_major_rankings', { grade: 'A+' }))).toMatchObject({ param: 'major_name' });
  });
});
