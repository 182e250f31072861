import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('search_universities', () => {
  it('finds a short name and says what it found (universities.csv: 哈尔滨工业大学)', async () => {
    const r = await run('search_universities', { q: '哈工大' });
    expect(r.count).toBe(1);
    expect(r.items[0].name).toBe('哈尔滨工业大学');
    expect(r.summary).toMatch(/^找到 1 所院校.*哈尔滨工业大学/);
  });
  it('filters by province and level (universities/README.txt: 38 985 universities nationwide)', async () => {
    const r = await run('search_universities', { province: '北京市', level: '985', page_size: 50 });
    expect(r.items.length).toBeGreaterThan(5);
    expect(r.items.every((u: any) => u.province === '北京' && u.is_985)).toBe(true);
    expect(r.has_more).toBe(false);
  });
  it('nothing found is said plainly, with no items', async () => {
    const r = await run('search_universities', { q: '霍格沃茨魔法学院' });
    expect(r).toMatchObject({ count: 0, items: [] });
    expect(r.summary).toMatch(/^数据中没有符合条件（名称“霍格沃茨魔法学院”）的院校/);
  });
  it('bad input names the field', async () => {
    expect(await rejection(run('search_universities', { level: '986' }))).toMatchObject({ status: 400, param: 'level' });
  });
});
