import { describe, expect, it } from 'vitest';
import { dataToolRunner, rejection } from './data-tool-helpers.ts';

const run = dataToolRunner();

describe('query_discipline_evaluations', () => {
  it('北大 哲学 round 4 A+ (eval4_official_canmou row 1); round-5 self-announcements are labelled', async () => {
    const r = await run('query_discipline_evaluations', { university_name: '北大', discipline_name: '哲学' });
    expect(r.items).toContainEqual(expect.objectContaining({ round: 4, grade: 'A+', school_name: '北京大学' }));
    expect(r.summary).toMatch(/北京大学 哲学 A\+/);
    // eval5_announcements_zjsxply.csv row 44: 北京大学 哲学, announced by the university itself.
    expect(r.items).toContainEqual(expect.objectContaining({ round: 5, school_name: '北京大学', source_url: 'https://phil.pku.edu.cn/tpxw/528096.htm' }));
    expect(r.summary).toMatch(/第五轮，学校自行公布/);
  });
  it('nothing found; bad grade', async () => {
    expect((await run('query_discipline_evaluations', { discipline_name: '炼金术' })).summary).toMatch(/^数据中没有符合条件（学科“炼金术”）的学科评估结果/);
    expect(await rejection(run('query_discipline_evaluations', { grade: 'Z' }))).toMatchObject({ param: 'grade' });
  });
});
