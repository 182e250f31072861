import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();
const tool = TOOLS.find((t) => t.name === 'match_by_score')!;

describe('match_by_score', () => {
  it('states the exam year, the rank and the compared years in one result; each entry has a probability, its interval and lines', async () => {
    const r = await run('match_by_score', { score: 600, province: '河南', subject_type: '物理类', year: 2026 });
    expect(tool.outputSchema!.parse(r)).toBeTruthy();
    expect(r.count).toBe(r.items.length);
    expect(r.count).toBeGreaterThan(10);
    expect(r.rank.source).toBe('rank_table');
    expect(r.compared_years.every((y: number) => y >= 2023 && y <= 2025)).toBe(true);
    expect(r.summary).toMatch(/^600 分在2026年河南物理类一分一段表中约为第 [\d,]+ 名.*；与2025年(院校线|专业组线|专业线)/);
    const ids = r.items.map((i: any) => `${i.university_id ?? i.school_name}|${i.campus ?? ''}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const i of r.items) {
      expect(['冲', '稳', '保']).toContain(i.label);
      expect(i.probability).toBeGreaterThanOrEqual(0.2);
      expect(i.lines.length).toBeGreaterThan(0);
    }
  });
  it('the same question gives the same answer (fixed draws)', async () => {
    const a = await run('match_by_score', { rank: 20000, province: '广东', subject_type: '历史', year: 2026 });
    const b = await run('match_by_score', { rank: 20000, province: '广东', subject_type: '历史', year: 2026 });
    expect(a).toEqual(b);
  });
  it('a year without lines before it gives no items and says so', async () => {
    const r = await run('match_by_score', { score: 600, province: '河南', subject_type: '物理', year: 2001 });
    expect(r).toMatchObject({ count: 0, items: [] });
    expect(r.summary).toMatch(/^数据中没有河南1998–2000年理科的录取线/);
  });
  it('bad input names the field', async () => {
    expect(await rejection(run('match_by_score', { score: 600, province: '河南', subject_type: '化学' }))).toMatchObject({ param: 'subject_type' });
    expect(await rejection(run('match_by_score', { province: '河南' }))).toMatchObject({ param: 'score' });
  });
});

describe('match_by_score filters a family states', () => {
  it('an unknown 专业类 names the field and gives examples', async () => {
    expect(await rejection(run('match_by_score', { score: 600, province: '河南', subject_type: '物理', major_category: '魔法类' }))).toMatchObject({ param: 'major_category' });
  });
  it('region and nature are checked against their allowed values', async () => {
    expect(await rejection(run('match_by_score', { score: 600, province: '河南', subject_type: '物理', region: '江南' }))).toMatchObject({ param: 'region' });
    expect(await rejection(run('match_by_score', { score: 600, province: '河南', subject_type: '物理', nature: '国营' }))).toMatchObject({ param: 'nature' });
  });
});
