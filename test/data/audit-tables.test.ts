// The audit's must-be-zero checks of ranks, tables and families on a small database holding exactly one defect
// each: every check finds it (and nothing in the clean copy), so a zero on the real database means something.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createTablesSql } from '../../src/data/schema.ts';
import { familyTablesDisagreeing, ranksOffBandUnflagged, unexaminedFamilyRows } from '../../src/data/audit-tables.ts';

function fixture() {
  const db = new Database(':memory:');
  db.exec(createTablesSql());
  const table = db.prepare(
    `INSERT INTO rank_tables (province, year, subject_type, subject_family, table_kind, score, count_at_score, cumulative_rank, rank_start, source_file, source_ref, cleaned)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'row:1', 0)`,
  );
  // 甘肃 2026 物理: the ordinary table, 600 → ranks 5,501–5,646
  table.run('甘肃', 2026, '物理类', '物理', '', 600, 146, 5646, 5501, 'rank_tables/a.csv.gz');
  const line = db.prepare(
    `INSERT INTO score_lines (province, year, subject_type, subject_family, batch, data_type, school_name, name_match, min_score, min_rank, rank_is_derived, rank_off_table, granularity, authority, source_file, source_ref, cleaned)
     VALUES (?, ?, ?, ?, '本科批', '专业组线', '某大学', 'exact', ?, ?, 0, ?, 'group', 1, 'score_lines/x.csv.gz', ?, 0)`,
  );
  line.run('甘肃', 2026, '物理类', '物理', 600, 5600, 0, 'row:1');
  return { db, table, line };
}

describe('audit checks of ranks, tables and families', () => {
  it('a clean database counts nothing', () => {
    const { db } = fixture();
    expect(ranksOffBandUnflagged(db)).toEqual([]);
    expect(familyTablesDisagreeing(db)).toEqual([]);
    expect(unexaminedFamilyRows(db)).toEqual([]);
  });

  it('a published rank outside its score\'s band and not flagged is counted, in the ordinary table or, without one, in a 本科 table', () => {
    const { db, table, line } = fixture();
    line.run('甘肃', 2026, '物理类', '物理', 600, 7000, null, 'row:2');
    // 甘肃 2025 has only a 本科 table (the kind the old check skipped)
    table.run('甘肃', 2025, '物理类', '物理', '本科', 600, 100, 5000, 4901, 'rank_tables/b.csv.gz');
    line.run('甘肃', 2025, '物理类', '物理', 600, 9000, null, 'row:3');
    expect(ranksOffBandUnflagged(db).map((r) => [r.year, r.rows])).toEqual(expect.arrayContaining([[2026, 1], [2025, 1]]));
    db.exec('UPDATE score_lines SET rank_off_table = 1 WHERE min_rank IN (7000, 9000)');
    expect(ranksOffBandUnflagged(db)).toEqual([]);
  });

  it('two served tables of one province-year-family disagreeing are counted whatever the kind (甘肃 2026 本科 against the ordinary table)', () => {
    const { db, table } = fixture();
    table.run('甘肃', 2026, '物理类', '物理', '本科', 600, 146, 5646 + 4154, 5501 + 4154, 'rank_tables/c.csv.gz');
    expect(familyTablesDisagreeing(db)).toHaveLength(1);
    // within 0.1 % (at least 20 places) it is the same table
    db.exec("UPDATE rank_tables SET cumulative_rank = 5660 WHERE table_kind = '本科'");
    expect(familyTablesDisagreeing(db)).toEqual([]);
  });

  it('a line or table filed under 综合 where the province never examined 综合 is counted (河南 2024: 文理)', () => {
    const { db, table, line } = fixture();
    line.run('河南', 2024, '综合', '综合', 600, null, null, 'row:4');
    table.run('广东', 2026, '综合', '综合', '体育类总分(本科加分)', 500, 10, 100, 91, 'rank_tables/d.csv.gz');
    expect(unexaminedFamilyRows(db).map((r) => [r.table, r.province, r.year])).toEqual([['score_lines', '河南', 2024], ['rank_tables', '广东', 2026]]);
    // 上海 has examined 综合 since 2017
    line.run('上海', 2024, '综合', '综合', 500, null, null, 'row:5');
    expect(unexaminedFamilyRows(db)).toHaveLength(2);
  });
});
