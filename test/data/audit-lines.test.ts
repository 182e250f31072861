// The line-identity checks of the data audit (issue 29), each on a small fixture database that holds exactly one
// instance of the wrong line it looks for (the check must count it) and the same rows put right (it must not).
import { describe, expect, it } from 'vitest';
import { identicalAcrossYears, officialUnlinked, ordinaryWithProgramme, servedTwice, servedUnattributable } from '../../src/data/audit-lines.ts';
import type { DB } from '../../src/db/open.ts';
import { scoreLineFixture } from './helpers.ts';

const TJU = 1;

function fixture(rows: Array<Record<string, unknown>>): DB {
  return scoreLineFixture({ id: TJU, name: '天津大学', moe_code: '4112010056', province: '天津' }, {
    source_file: 'score_lines/liuguanghui_score_lines.csv.gz', source_ref: 'r', province: '陕西', year: 2024, subject_type: '理科', subject_family: '物理',
    batch: '本科一批', batch_family: '本科一批', data_type: '院校线', granularity: 'institution', university_id: TJU, school_name: '天津大学', name_match: 'exact',
    min_score: 634, min_rank: 3513, rank_is_derived: 0, cleaned: 0, authority: 1,
  }, rows);
}

describe('line-identity audit checks fail on the wrong line and pass when it is put right', () => {
  it('ordinary_lines_with_programme_marker: a 国家专项 remark (or a copy\'s 国家专项 unit) on a line with no unit', () => {
    expect(ordinaryWithProgramme(fixture([{ id: 1, major_note: '国家专项计划' }])).count).toBe(1);
    expect(ordinaryWithProgramme(fixture([{ id: 1, major_note: '国家专项计划', admission_unit: '国家专项' }])).count).toBe(0);
    const twin = [{ id: 1 }, { id: 2, cleaned: 1, clean_reason: 'duplicate', duplicate_of: 1, admission_unit: '国家专项', source_file: 'official_provincial/x.csv.gz' }];
    expect(ordinaryWithProgramme(fixture(twin)).count).toBe(1);
    expect(ordinaryWithProgramme(fixture([{ ...twin[0], admission_unit: '国家专项' }, twin[1]])).count).toBe(0);
    expect(ordinaryWithProgramme(fixture([{ id: 1, major_note: '办学地点：同济医学院' }])).count).toBe(0);
  });

  it('served_unattributable_repeats: a served value its file repeats with another (score_range), confirmed by no other file', () => {
    const served = { id: 1, min_score: 520, score_range: '520–634' };
    expect(servedUnattributable(fixture([served, { id: 2, cleaned: 1, clean_reason: 'unattributable_repeat', min_score: 634, score_range: '520–634' }])).count).toBe(1);
    const confirm = { id: 3, cleaned: 1, clean_reason: 'duplicate', duplicate_of: 1, min_score: 520, source_file: 'score_lines/jsoneft_2024_admission_data.csv.gz' };
    expect(servedUnattributable(fixture([served, confirm])).count).toBe(0);
  });

  it('lines_served_twice: one group served by two files; two codes of one system are two units', () => {
    const g = { data_type: '专业组线', granularity: 'group', province: '广东', subject_type: '物理类' };
    const a = { ...g, id: 1, major_group: '225', source_file: 'official_provincial/guangdong.csv.gz', school_code: '10590' };
    expect(servedTwice(fixture([a, { ...g, id: 2, major_group: '深圳大学(225)', source_file: 'score_lines/liuxusummer_official_group_lines.csv.gz' }])).count).toBe(1);
    expect(servedTwice(fixture([a, { ...g, id: 2, major_group: '226', source_file: 'score_lines/liuxusummer_official_group_lines.csv.gz' }])).count).toBe(0);
    const inst = { id: 1, school_code: '1202' };
    expect(servedTwice(fixture([inst, { id: 2, school_code: '9739', source_file: 'score_lines/jsoneft_2024_admission_data.csv.gz', min_score: 520 }])).count).toBe(0);
  });

  it('official_rows_unlinked_with_code: an official row left unlinked though its file links its code', () => {
    const file = 'official_provincial/guangdong.csv.gz';
    const rows = [{ id: 1, source_file: file, school_code: '10590', school_name: '深圳大学' }, { id: 2, source_file: file, school_code: '10590', university_id: null, school_name: '深圳大学教', name_match: 'unresolved' }];
    expect(officialUnlinked(fixture(rows)).count).toBe(1);
    expect(officialUnlinked(fixture([rows[0], { ...rows[1], school_code: '10591' }])).count).toBe(0);
  });

  it('identical_lines_across_years: the same score and published rank two years running, unconfirmed', () => {
    const y = (id: number, year: number, off: number | null) => ({ id, year, data_type: '专业线', granularity: 'major', major_name: '自动化类', min_score: 627, min_rank: 20939, rank_off_table: off });
    expect(identicalAcrossYears(fixture([y(1, 2024, 1), y(2, 2025, 0)])).count).toBe(1);
    expect(identicalAcrossYears(fixture([y(1, 2024, 1), y(2, 2025, 0)].map((r) => (r.year === 2024 ? { ...r, cleaned: 1, clean_reason: 'copied_across_years' } : r)))).count).toBe(0);
    expect(identicalAcrossYears(fixture([y(1, 2024, 1), { ...y(2, 2025, 0), min_rank: 20000 }])).count).toBe(0);
  });
});
