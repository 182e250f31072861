import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('query_batch_lines', () => {
  it('江苏 2024 特殊类型招生控制线 物理 516 (batch_lines/README.txt spot check), batch matched fuzzily', async () => {
    const r = await run('query_batch_lines', { province: '江苏省', year: 2024, subject_type: '物理', batch: '特殊类型' });
    expect(r.items).toContainEqual(expect.objectContaining({ score: 516, subject_family: '物理' }));
    expect(r.summary).toMatch(/江苏 2024 首选物理 特殊类型招生控制线 516 分/);
  });
  it('nothing found; bad subject type', async () => {
    expect((await run('query_batch_lines', { province: '江苏', year: 2001 })).summary).toMatch(/^数据中没有符合条件（江苏、2001 年）的批次线/);
    expect(await rejection(run('query_batch_lines', { subject_type: '化学' }))).toMatchObject({ param: 'subject_type' });
  });
});
