import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('query_rank_table', () => {
  it('exact score (liuguanghui_rank_tables: 安徽 2026 历史类 670 → 1 candidate, cumulative rank 11)', async () => {
    const r = await run('query_rank_table', { province: '安徽', year: 2026, subject_type: '历史', score: 670 });
    expect(r.items).toEqual([expect.objectContaining({ score: 670, count_at_score: 1, cumulative_rank: 11 })]);
    expect(r.summary).toBe('找到 1 行一分一段数据（安徽、2026 年、历史类（含文科）、670 分；第 1 页）：历史类 670 分同分 1 人、累计位次 11。');
  });
  it('nothing found and missing filters', async () => {
    expect((await run('query_rank_table', { province: '安徽', year: 2001 })).summary).toMatch(/^数据中没有符合条件（安徽、2001 年）的一分一段数据/);
    expect(await rejection(run('query_rank_table', { province: '安徽' }))).toMatchObject({ param: 'year' });
  });
});
