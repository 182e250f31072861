import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('search_majors', () => {
  it('a 2-character query finds the catalogue major (majors_catalog_2026: 010101 哲学)', async () => {
    const r = await run('search_majors', { q: '哲学' });
    expect(r.items[0]).toMatchObject({ code: '010101', name: '哲学' });
    expect(r.summary).toMatch(/^找到 \d+ 个专业（名称或代码“哲学”；第 1 页）：哲学/);
  });
  it('sub-category filter and the empty case', async () => {
    const r = await run('search_majors', { sub_category: '计算机类', page_size: 100 });
    expect(r.items.every((m: any) => m.subcategory === '计算机类')).toBe(true);
    const none = await run('search_majors', { q: '炼金术' });
    expect(none).toMatchObject({ count: 0, items: [] });
    expect(none.summary).toMatch(/^数据中没有/);
  });
  it('bad input names the field', async () => {
    expect(await rejection(run('search_majors', { page_size: 1000 }))).toMatchObject({ param: 'page_size' });
  });
});
