// The audit's batch-line checks on a small database holding one defect each (the three found on 广东/重庆 2025 by
// the independent author): every check finds it and nothing in the clean copy, so a zero on the real database means
// something. batchLineKind is the import's rule; these rows are what importer 10 stored.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createTablesSql } from '../../src/data/schema.ts';
import { ordinaryBatchLinesServedTwice, specialBatchLinesAsOrdinary } from '../../src/data/audit-batch.ts';
import { batchLineKind, batchSegment } from '../../src/data/import/sources/batch_lines.ts';

function fixture() {
  const db = new Database(':memory:');
  db.exec(createTablesSql());
  const add = db.prepare(
    `INSERT INTO batch_lines (province, year, subject_type, subject_type_raw, subject_family, batch, batch_family, line_name, score, source_file, source_ref, cleaned)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'batch_lines/x.csv.gz', ?, 0)`,
  );
  add.run('广东', 2025, '物理类', '物理类', '物理', '本科', '本科批', '总分', 436, 'row:155');
  add.run('广东', 2025, '物理类', '物理类', '物理', '专科', '专科批', '总分', 200, 'row:169');
  add.run('山西', 2019, '理科', '理科', '物理', '本科二批', '本科二批', null, 432, 'row:1');
  add.run('山西', 2019, '理科', '理科', '物理', '本科二批C段', '本科二批', null, 352, 'row:2');
  return { db, add };
}

describe('batch-line audit checks', () => {
  it('a clean database counts nothing (a sub-segment such as 本科二批C段 is its own line)', () => {
    const { db } = fixture();
    expect(specialBatchLinesAsOrdinary(db)).toEqual([]);
    expect(ordinaryBatchLinesServedTwice(db)).toEqual([]);
  });

  it('消防本科 534 classed 本科批 (importer 10) is a special line classed as ordinary, and 本科 served twice', () => {
    const { db, add } = fixture();
    add.run('广东', 2025, '物理类', '物理类', '物理', '消防本科', '本科批', '总分', 534, 'row:180');
    expect(specialBatchLinesAsOrdinary(db).map((r) => r.score)).toEqual([534]);
    expect(ordinaryBatchLinesServedTwice(db).map((r) => [r.province, r.batch, r.rows])).toEqual([['广东', '本科批', 2]]);
  });

  it('重庆 2025 物理: three 「普通类」 rows all classed 本科批 (importer 10) are one batch served three times', () => {
    const { db, add } = fixture();
    for (const [s, ref] of [[425, 'row:263'], [498, 'row:264'], [180, 'row:265']] as const) add.run('重庆', 2025, '物理类', '物理类', '物理', '普通类', '本科批', '总分', s, ref);
    expect(ordinaryBatchLinesServedTwice(db)).toEqual([expect.objectContaining({ province: '重庆', year: 2025, family: '物理', batch: '本科批', rows: 3 })]);
  });

  it('an art line (广东 「表」 = 表(导)演类) classed 本科批 is counted', () => {
    const { db, add } = fixture();
    add.run('广东', 2025, '表', '表', '其他', '本科', '本科批', '专业省统考', 220, 'row:159');
    expect(specialBatchLinesAsOrdinary(db).map((r) => r.score)).toEqual([220]);
  });
});

describe('batchLineKind: the line a control-line row is', () => {
  it('the batch column decides the level; a special marker anywhere makes it a special line', () => {
    expect(batchLineKind({ batch: '本科批', section: '普通类', line_name: '总分', subject_type: '物理类' }, '物理')).toBe('本科批');
    expect(batchLineKind({ batch: '特殊类型资格线', section: '普通类' }, '物理')).toBe('特殊类型');
    expect(batchLineKind({ batch: '消防本科', section: '消防本科' }, '物理')).toBe('特殊类型');
    expect(batchLineKind({ batch: '军队本科', section: '军队本科院校' }, '历史')).toBe('特殊类型');
    expect(batchLineKind({ batch: '提前批司法院校体检体能测试面试资格线', line_name: '司法院校物理类男资格线' }, '物理')).toBe('特殊类型');
    expect(batchLineKind({ batch: '戏曲类本科最低控制线', line_name: '戏曲类物理类本科最低控制线' }, '物理')).toBe('艺术体育');
    expect(batchLineKind({ batch: '中职升学工业类本科批录取最低控制分数线' }, '其他')).toBe('特殊类型');
    expect(batchLineKind({ batch: '本科', line_name: '部队生源' }, '物理')).toBe('特殊类型');
    expect(batchLineKind({ batch: '本科', line_name: '专业省统考', subject_type: '舞蹈类' }, '艺术')).toBe('艺术体育');
    expect(batchLineKind({ batch: '地方专项', section: '本科院校' }, '物理')).toBe('专项计划');
    expect(batchLineKind({ batch: '普通本科批(少)' }, '物理')).toBe('特殊类型');
    expect(batchLineKind({ batch: '普通本科(汉族)' }, '物理')).toBe('本科批');
    expect(batchLineKind({ batch: '本科特殊招生线' }, '物理')).toBe('特殊类型');
  });

  it('segments within a batch family: sub-lines and candidate classes', () => {
    expect(batchSegment({ batch: '本科二批C段' })).toBe('C段');
    expect(batchSegment({ batch: '专科二批' })).toBe('专科二批');
    expect(batchSegment({ batch: '本科一批', line_name: '2025文科本科一批B类考生控制线', category: 'B类考生' })).toBe('B类');
    expect(batchSegment({ batch: '普通类高职高专限定院校' })).toBe('限定院校');
    expect(batchSegment({ batch: '本科批' })).toBe('');
    expect(batchSegment({ batch: '普通类本科批录取最低控制分数线', category: '普通类' })).toBe('');
  });
});
