import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('get_university', () => {
  it('by short name: 北大 → 北京大学 (universities.csv: 985/211/双一流, 软科 2026 主榜 2)', async () => {
    const r = await run('get_university', { name: '北大' });
    expect(r.found).toBe(true);
    expect(r.university).toMatchObject({ id: 4111010001, name: '北京大学' });
    expect(r.summary).toMatch(/^北京大学位于北京北京市.*985、211、双一流.*软科 2026 主榜第 2 名/);
  });
  it('by id; unknown id and unknown name are not found, never guessed', async () => {
    expect((await run('get_university', { id: 4123010213 })).university.name).toBe('哈尔滨工业大学');
    expect(await run('get_university', { id: 1 })).toEqual({ found: false, summary: '数据中没有id 为 1的院校。', candidates: [] });
    const none = await run('get_university', { name: '霍格沃茨魔法学院' });
    expect(none.found).toBe(false);
    expect(none.summary).toMatch(/^数据中没有/);
  });
  it('an ambiguous name returns candidates', async () => {
    const r = await run('get_university', { name: '交通大学' });
    expect(r.found).toBe(false);
    expect(r.candidates.length).toBeGreaterThan(1);
    expect(r.summary).toMatch(/对应多所院校/);
  });
  it('needs a name or an id', async () => {
    expect(await rejection(run('get_university', {}))).toMatchObject({ param: 'name' });
  });
});
