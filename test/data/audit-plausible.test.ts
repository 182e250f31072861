// The implausible-line checks (importer 13), each on a small fixture database holding one wrong line as the bundle
// gives it (the check counts it, and the import's pass cleans it) and the same rows put right (it does not). The
// fixtures copy the bundle rows they are named after: jsoneft_2024_admission_data.csv 四川,2024,理科,本科第一批,0042,
// 山东大学,42,… 576,44683 (source_row_id 7923235, 8728439 少数民族预科) and 0542,山东大学(定向),42,X1,临床医学 … 576,44683
// (8728442); 河南,2024,文科 code 1190 group 90 厦门大学 / 厦门大学(马来西亚分校) 617,5068 beside liuguanghui's
// 厦门大学(异地校区) 578 / 5068.
import { describe, expect, it } from 'vitest';
import { groupValueAsMajors, rankJumps, rankJumpsAcrossYears, rankOfAnotherUnitServed, spreadServed } from '../../src/data/audit-plausible.ts';
import { cleanSpreadUnits, rankOfAnotherUnit, spreadOverUnits } from '../../src/data/import/spread-units.ts';
import type { ImportContext } from '../../src/data/import/context.ts';
import type { DB } from '../../src/db/open.ts';
import { scoreLineFixture } from './helpers.ts';

const SDU = 1;
const JSONEFT = 'score_lines/jsoneft_2024_admission_data.csv.gz';
const LIUGUANGHUI = 'score_lines/liuguanghui_score_lines.csv.gz';

function fixture(rows: Array<Record<string, unknown>>): DB {
  return scoreLineFixture({ id: SDU, name: '山东大学', moe_code: '4137010422', province: '山东' }, {
    source_file: JSONEFT, source_ref: 'r', province: '四川', year: 2024, subject_type: '理科', subject_family: '物理', batch: '本科第一批', batch_family: '本科一批',
    data_type: '院校线', data_type_raw: 'same_score_for_all_majors_in_group', granularity: 'institution', university_id: SDU, school_name: '山东大学', name_match: 'exact',
    school_code: '0042', major_group: '42', min_score: 576, min_rank: 44683, rank_is_derived: 0, cleaned: 0, authority: 4,
  }, rows);
}

const served = (db: DB) => db.prepare('SELECT id, min_score, clean_reason FROM score_lines WHERE cleaned = 0 ORDER BY id').all() as Array<{ id: number; min_score: number }>;

describe('one value spread over two units of a school is no line', () => {
  const sdu = { id: 1 };
  const dingxiang = { id: 2, school_name: '山东大学(定向)', school_code: '0542', admission_unit: '定向' };

  it('spreadOverUnits: a value two units share is neither\'s; one unit at one value twice is not judged', () => {
    const lines = [{ id: 1, unit: '', score: 576, rank: 44683, served: true }, { id: 2, unit: '定向', score: 576, rank: 44683, served: true }];
    expect([...spreadOverUnits(lines).keys()].sort()).toEqual([1, 2]);
    expect(spreadOverUnits([lines[0], { ...lines[1], unit: '' }]).size).toBe(0);
    expect(spreadOverUnits([lines[0], { ...lines[1], score: 560, rank: 52000 }]).size).toBe(0);
  });

  it('lines_spread_over_units counts 山东大学 四川 2024 理科 576 / 44,683 beside its 定向 code; the import pass serves neither', () => {
    const db = fixture([sdu, dingxiang]);
    expect(spreadServed(db).count).toBe(2);
    cleanSpreadUnits({ db } as unknown as ImportContext);
    expect(served(db)).toEqual([]);
    expect(spreadServed(db).count).toBe(0);
    expect(db.prepare('SELECT clean_reason FROM score_lines WHERE id = 1').pluck().get()).toMatch(/^spread_over_units:the file gives 定向 the same line/);
  });

  it('put right: another group number, an exam authority\'s file, a rank derived from the score, or another file confirming the value', () => {
    expect(spreadServed(fixture([sdu, { ...dingxiang, major_group: 'X1' }])).count).toBe(0);
    const official = { source_file: 'official_provincial/x.csv.gz', authority: 1 };
    expect(spreadServed(fixture([{ ...sdu, ...official }, { ...dingxiang, ...official }])).count).toBe(0);
    expect(spreadServed(fixture([{ ...sdu, rank_is_derived: 1 }, { ...dingxiang, rank_is_derived: 1 }])).count).toBe(0);
    const confirm = { id: 3, source_file: LIUGUANGHUI, authority: 3, cleaned: 1, clean_reason: 'duplicate', duplicate_of: 1 };
    expect(spreadServed(fixture([sdu, dingxiang, confirm])).count).toBe(1); // the 定向 row only
  });

  it('the row that had lost to a spread value becomes the line', () => {
    const loser = { id: 3, source_file: LIUGUANGHUI, authority: 3, min_score: 650, min_rank: 6000, cleaned: 1, clean_reason: 'duplicate', duplicate_of: 1 };
    const db = fixture([sdu, dingxiang, loser]);
    cleanSpreadUnits({ db } as unknown as ImportContext);
    expect(served(db).map((r) => [r.id, r.min_score])).toEqual([[3, 650]]);
  });
});

describe('a rank that is another unit\'s is not this line\'s', () => {
  const xm = { province: '河南', subject_type: '文科', subject_family: '历史', school_code: '1190', major_group: '90' };
  const malaysia = { ...xm, id: 1, school_name: '厦门大学(马来西亚分校)', campus: '厦门大学(马来西亚)', min_score: 617, min_rank: 5068, rank_off_table: 1 };
  const remote = { ...xm, id: 2, source_file: LIUGUANGHUI, authority: 3, school_name: '厦门大学(异地校区)', campus: '厦门大学(异地)', min_score: 578, min_rank: 5068, rank_off_table: 0 };

  it('rankOfAnotherUnit: an off-band rank equal to another unit\'s rank at another score', () => {
    const l = (id: number, unit: string, score: number, off: boolean) => ({ id, unit, score, rank: 5068, off, served: true });
    expect([...rankOfAnotherUnit([l(1, '马来西亚', 617, true), l(2, '异地', 578, false)].map((x) => x)).keys()]).toEqual([1]);
    expect(rankOfAnotherUnit([l(1, '马来西亚', 617, false), l(2, '异地', 578, false)]).size).toBe(0);
    expect(rankOfAnotherUnit([l(1, '', 617, true), l(2, '', 578, false)]).size).toBe(0);
  });

  it('ranks_of_another_unit counts 厦门大学(马来西亚分校) 河南 2024 文科 617 / 5,068; the import pass keeps it out', () => {
    const db = fixture([malaysia, remote]);
    expect(rankOfAnotherUnitServed(db).count).toBe(1);
    cleanSpreadUnits({ db } as unknown as ImportContext);
    expect(served(db).map((r) => r.id)).toEqual([2]);
    expect(rankOfAnotherUnitServed(db).count).toBe(0);
    expect(rankOfAnotherUnitServed(fixture([{ ...malaysia, rank_off_table: 0 }, remote])).count).toBe(0);
  });
});

describe('a group\'s one value is not its majors\' lines', () => {
  // jsoneft 陕西,2024,理科,本科第一批,9872,湖南大学,72,…,479,58137,major_varies_within_group on every major of the group
  const g = { province: '陕西', data_type: '专业线', granularity: 'major', school_code: '9872', major_group: '72', min_score: 479, min_rank: 58137, subject_type_raw: '理科' };
  it('group_value_served_as_majors: three majors of one group at one score and rank, marked as varying', () => {
    const rows = ['经济学类', '金融学', '法学'].map((m, i) => ({ ...g, id: i + 1, major_name: m, data_type_raw: 'major_varies_within_group' }));
    expect(groupValueAsMajors(fixture(rows)).count).toBe(3);
    expect(groupValueAsMajors(fixture([rows[0], rows[1], { ...rows[2], min_score: 500, min_rank: 50000 }])).count).toBe(0);
    expect(groupValueAsMajors(fixture([{ ...rows[0], data_type_raw: 'same_score_for_all_majors_in_group' }])).count).toBe(1);
  });
});

describe('rank jumps across adjacent years are listed', () => {
  it('rankJumps: a year ≥ 3× off both neighbours that agree; a lone neighbour or disagreeing neighbours judge nothing', () => {
    // 广东 2024 历史 广州中医药大学 group 209 (official_provincial/guangdong…): 2023 2,302, 2024 19,740, 2025 2,062
    const y = (year: number, rank: number) => ({ id: year, year, rank });
    expect(rankJumps([y(2023, 2302), y(2024, 19740), y(2025, 2062)]).map((j) => j.year)).toEqual([2024]);
    expect(rankJumps([y(2023, 2302), y(2024, 19740)])).toEqual([]);
    expect(rankJumps([y(2023, 2302), y(2024, 19740), y(2025, 9000)])).toEqual([]);
    expect(rankJumps([y(2023, 2302), y(2024, 4000), y(2025, 2062)])).toEqual([]);
  });

  it('rank_jumps_across_years reports the unit line and leaves it served', () => {
    const rows = [[2023, 609, 2302], [2024, 537, 19740], [2025, 619, 2062]].map(([year, s, r]) => ({ id: year, year, data_type: '专业组线', granularity: 'group', major_group: '209', min_score: s, min_rank: r, rank_off_table: 0, source_file: 'official_provincial/g.csv.gz', authority: 1 }));
    const db = fixture(rows);
    const c = rankJumpsAcrossYears(db);
    expect(c.count).toBe(1);
    expect(c.examples[0]).toMatchObject({ year: 2024, rank: 19740, before: 2302, after: 2062 });
    expect(served(db).length).toBe(3);
  });
});
