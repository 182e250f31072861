import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('query_admission_plans', () => {
  it('a plan row with its source (liuguanghui_admission_plans row 1: 南京理工大学 法学, 5 places)', async () => {
    const r = await run('query_admission_plans', { province: '安徽', year: 2026, university_name: '南京理工大学', major_name: '法学' });
    expect(r.items).toContainEqual(expect.objectContaining({ plan_count: 5, source_url: 'https://zsb.njust.edu.cn/lqjh_fsx' }));
    expect(r.summary).toMatch(/^找到 \d+ 条招生计划（安徽、2026 年、院校“南京理工大学”、专业“法学”/);
  });
  it('nothing found; the anchor rule', async () => {
    expect((await run('query_admission_plans', { province: '吉林', year: 2001 })).count).toBe(0);
    expect(await rejection(run('query_admission_plans', { major_name: '法学' }))).toMatchObject({ status: 400, param: 'province' });
  });
});
