import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('query_score_lines', () => {
  it('an official group line with its source (liuxusummer_official_group_lines: 上海 2024 复旦大学(01) 580)', async () => {
    const r = await run('query_score_lines', { province: '上海市', year: 2024, university_name: '复旦', data_type: '专业组线', page_size: 100 });
    expect(r.items).toContainEqual(expect.objectContaining({ major_group: '复旦大学(01)', min_score: 580, source_url: 'https://www.shmeea.edu.cn/page/02200/20240719/18689.html' }));
    expect(r.summary).toMatch(/^找到 \d+ 条录取分数线（上海、2024 年、专业组线、院校“复旦”；第 1 页/);
  });
  it('empty result says so and points at raw=true', async () => {
    const r = await run('query_score_lines', { province: '河南', year: 2001 });
    expect(r).toMatchObject({ count: 0, items: [] });
    expect(r.summary).toBe('数据中没有符合条件（河南、2001 年）的录取分数线；被清洗掉的异常行可加 raw=true 查看。');
  });
  it('refuses a full-table query naming the missing filters', async () => {
    const e = await rejection(run('query_score_lines', { subject_type: '物理' }));
    expect(e).toMatchObject({ status: 400, param: 'province' });
    expect(e.message).toMatch(/university_id, or university_name/);
  });
});
