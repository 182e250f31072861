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
  it('a branch campus is not its parent: 东北大学 alone shows its own lines; asked by the campus name, the campus lines come marked', async () => {
    const parent = await run('get_university', { name: '东北大学' });
    expect(parent.university.recent_admission_lines.some((l: any) => 'campus' in l)).toBe(false);
    const campus = await run('get_university', { name: '东北大学秦皇岛分校' });
    expect(campus.university).toMatchObject({ id: 4121010145, asked_campus: '东北大学(秦皇岛)' });
    expect(campus.university.recent_admission_lines.some((l: any) => l.campus === '东北大学(秦皇岛)')).toBe(true);
    expect(campus.summary).toMatch(/^“东北大学秦皇岛分校”是东北大学的分校\/校区（东北大学\(秦皇岛\)）/);
    // 沈阳工业大学 no longer carries 东北大学秦皇岛分校's 海南 2025 lines (662–685 before issue 12)
    const sy = await run('get_university', { name: '沈阳工业大学' });
    const hainan = sy.university.recent_admission_lines.filter((l: any) => l.province === '海南' && l.year === 2025);
    for (const l of hainan) expect(l.highest_min_score).toBeLessThan(662);
  });
  it('needs a name or an id', async () => {
    expect(await rejection(run('get_university', {}))).toMatchObject({ param: 'name' });
  });
});
