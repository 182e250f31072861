// The independent exam author's data findings (20:40 UTC, wave 5), each checked on the real database and through
// the engines the API and the tools call (score lines, get_university's per-province summary, match_by_score, batch
// lines). Expected values are read from the bundle files named beside them, never from the importer's output.
import { describe, expect, it } from 'vitest';
import { groupValueAsMajors, rankOfAnotherUnitServed, spreadServed } from '../../../src/data/audit-plausible.ts';
import { batchLineQuerySchema, queryBatchLines } from '../../../src/data/batch-lines.ts';
import { matchByScore, matchSchema } from '../../../src/data/match.ts';
import { recentLines } from '../../../src/data/universities.ts';
import { parse, realDb } from '../helpers.ts';

const JSONEFT = 'score_lines/jsoneft_2024_admission_data.csv.gz';
const uid = (name: string) => realDb().prepare('SELECT id FROM universities WHERE name = ?').pluck().get(name) as number;
const served = (sql: string, ...p: unknown[]) => realDb().prepare(`SELECT * FROM score_lines WHERE cleaned = 0 AND ${sql}`).all(...p) as Array<Record<string, any>>;
const summary = (name: string, province: string, family: string, year: number) =>
  (recentLines(realDb(), uid(name)) as Array<Record<string, any>>).find((r) => r.province === province && r.subject_family === family && r.year === year);

describe('1. a 定向 line is not the school\'s line', () => {
  it('山东大学 四川 2024 理科 is not 576 / 44,683, the value jsoneft also gives its 定向 code 0542', () => {
    // jsoneft lines: 四川,2024,理科,本科第一批,0042,山东大学,42,66,计算机科学与技术,…,576,44683 (source_row_id 7923235),
    // …,0042,山东大学,42,Y2,少数民族预科,(预科),,576,44683 (8728439) and …,0542,山东大学(定向),42,X1,临床医学,(…毕业后到西藏工作…)(定向),,576,44683 (8728442)
    const rows = served("province = '四川' AND year = 2024 AND subject_family = '物理' AND university_id = ? AND min_score = 576 AND min_rank = 44683", uid('山东大学'));
    expect(rows).toEqual([]);
    const kept = realDb().prepare("SELECT clean_reason FROM score_lines WHERE source_file = ? AND province = '四川' AND year = 2024 AND school_code IN ('0042', '0542') AND min_score = 576 AND data_type = '院校线'").pluck().all(JSONEFT) as string[];
    expect(kept.length).toBe(2);
    for (const r of kept) expect(r).toMatch(/^spread_over_units:/);
    const s = summary('山东大学', '四川', '物理', 2024);
    if (s) expect(s.lowest_min_score).not.toBe(576);
  });
});

describe('2. a main campus below its own 校区', () => {
  it('北京师范大学 山西 2024 理科 590 / 10,058 stays served: its 珠海校区 stands above it in every source that gives both (a pattern, not a mix-up)', () => {
    // jsoneft 山西,2024,理科 1024 北京师范大学 group 24: 590,10058 on all 17 majors, no programme among them; 2452 北京师范大学(珠海校区) 618,4434.
    // liuguanghui gives the same order from other sources: 山西 2025 物理 院校线 622 / 5,194 against 珠海 636 / 3,078; 江西 2025 595 against 611.
    const main = served("province = '山西' AND year = 2024 AND subject_family = '物理' AND university_id = ? AND campus IS NULL AND data_type = '院校线'", uid('北京师范大学'));
    expect(main.map((r) => [r.min_score, r.min_rank])).toEqual([[590, 10058]]);
    const later = served("province = '山西' AND year = 2025 AND subject_family = '物理' AND university_id = ? AND data_type = '院校线'", uid('北京师范大学'));
    const byCampus = Object.fromEntries(later.map((r) => [r.campus ?? 'main', r.min_score]));
    expect(byCampus.main).toBeLessThan(byCampus['北京师范大学(珠海)']);
  });
});

describe('3. codes of a programme, repeated values', () => {
  it('武汉大学 陕西 2024 理科 511 / 39,582 is its 国家专项 code 9864, the school\'s line is 644 / 2,500 (code 5001)', () => {
    // liuguanghui ref 2024-sx-undergrad-official-1dd88ac082bdd717fb: 武汉大学 9864 511 / 39,582; …-5df1ec6997eab1b3bd: 5001 644 / 2,500
    const rows = served("province = '陕西' AND year = 2024 AND subject_family = '物理' AND university_id = ? AND data_type = '院校线'", uid('武汉大学'));
    expect(rows.filter((r) => r.admission_unit === null).map((r) => [r.min_score, r.min_rank])).toEqual([[644, 2500]]);
    expect(rows.find((r) => r.min_score === 511)!.admission_unit).toMatch(/国家专项/);
  });

  it('湖南大学 陕西 2024 理科: 479 on every major of group 72 is no major\'s line; the school\'s line is 608 / 7,448', () => {
    // jsoneft 陕西,2024,理科,本科第一批,9872,湖南大学,72,… every major twice, 479,58137 and 608,7448 (major_varies_within_group)
    expect(served("province = '陕西' AND year = 2024 AND university_id = ? AND source_file = ?", uid('湖南大学'), JSONEFT)).toEqual([]);
    const rows = served("province = '陕西' AND year = 2024 AND subject_family = '物理' AND university_id = ? AND data_type = '院校线'", uid('湖南大学'));
    expect(rows.filter((r) => r.admission_unit === null).map((r) => [r.min_score, r.min_rank])).toEqual([[608, 7448]]);
    expect(groupValueAsMajors(realDb()).count).toBe(0);
  });

  it('四川大学 临床医学 四川 2024 理科 593 / 31,002 is not served (jsoneft gives each major five values)', () => {
    expect(served("province = '四川' AND year = 2024 AND university_id = ? AND major_name LIKE '临床医学%' AND min_score = 593", uid('四川大学'))).toEqual([]);
  });
});

describe('5–6. ranks that are not the line\'s', () => {
  it('厦门大学(马来西亚分校) 河南 2024 文科 617 / 5,068 is not served: 5,068 is the rank of the 异地校区\'s 578', () => {
    // jsoneft 河南,2024,文科 code 1190 group 90: 厦门大学 and 厦门大学(马来西亚分校) 617,5068; liuguanghui 厦门大学(异地校区) 578 / 5,068, 厦门大学 617 / 839
    expect(served("province = '河南' AND year = 2024 AND university_id = ? AND min_rank = 5068 AND min_score = 617", uid('厦门大学'))).toEqual([]);
    expect(rankOfAnotherUnitServed(realDb()).count).toBe(0);
    expect(spreadServed(realDb()).count).toBe(0);
  });

  it('安徽 物理 600 lists no 专科 school as 冲 (池州职业技术学院 336 / 2,303 is never matched on)', () => {
    const r = matchByScore(realDb(), parse(matchSchema, { province: '安徽', score: 600, subject_type: '物理', year: 2025 }));
    expect(r.items.filter((i) => /职业/.test(String(i.university_name ?? '')))).toEqual([]);
  });
});

describe('7–8. group codes and batch lines', () => {
  it('广东 2024 group lines carry no cut group codes ("9]", "8]", "0]")', () => {
    expect(served("province = '广东' AND year = 2024 AND major_group GLOB '*]'")).toEqual([]);
  });

  it('广东 2025 「本科」 is 436 and 534 is 消防本科 (its own kind); 重庆 2025 物理 is 本科批 425, 特殊类型 498, 专科批 180; 「表」 is 表(导)演类', () => {
    const q = (x: Record<string, unknown>) => queryBatchLines(realDb(), parse(batchLineQuerySchema, { page_size: 100, ...x })).items as Array<Record<string, any>>;
    expect(q({ province: '广东', year: 2025, batch: '本科', subject_type: '物理' }).map((r) => r.score)).toEqual([436]);
    const cq = Object.fromEntries(q({ province: '重庆', year: 2025, subject_type: '物理' }).map((r) => [r.batch, r.score]));
    expect(cq).toMatchObject({ 本科批: 425, 特殊类型资格线: 498, 专科批: 180 });
    expect(q({ province: '广东', year: 2025 }).some((r) => r.subject_type === '表')).toBe(false);
  });

  it('match_by_score 河南 450 level 专科 lists 专科 schools', () => {
    const r = matchByScore(realDb(), parse(matchSchema, { province: '河南', score: 450, subject_type: '物理', level: '专科', year: 2025 }));
    expect(r.count).toBeGreaterThan(0);
  });
});
