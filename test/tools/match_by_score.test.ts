import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('match_by_score', () => {
  it('states basis, year and rank in one result, with 冲/稳/保 labels and one entry per university', async () => {
    const r = await run('match_by_score', { score: 600, province: '河南', subject_type: '物理类', year: 2024 });
    expect(r.count).toBe(r.items.length);
    expect(r.count).toBeGreaterThan(10);
    expect(r.rank.source).toBe('rank_table');
    expect(r.summary).toMatch(/^以2024年河南理科(院校线|专业线)为依据（覆盖 \d+ 所院校），600 分在2024年河南理科一分一段表中约为第 [\d,]+ 名；匹配到 \d+ 所院校：冲 \d+、稳 \d+、保 \d+/);
    const ids = r.items.map((i: any) => i.university_id ?? i.school_name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.items.every((i: any) => ['冲', '稳', '保'].includes(i.label))).toBe(true);
  });
  it('a province without lines gives no items and says so', async () => {
    const r = await run('match_by_score', { score: 600, province: '河南', subject_type: '物理', year: 2001 });
    expect(r).toMatchObject({ count: 0, items: [] });
    expect(r.summary).toMatch(/^数据中没有河南2001 年理科的录取分数线/);
  });
  it('bad input names the field', async () => {
    expect(await rejection(run('match_by_score', { score: 600, province: '河南', subject_type: '化学' }))).toMatchObject({ param: 'subject_type' });
    expect(await rejection(run('match_by_score', { province: '河南' }))).toMatchObject({ param: 'score' });
  });
});
