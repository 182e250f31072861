// A line filed under 综合 in a province-year that examined no 综合 family (文/理 or 3+1+2): which family the line
// belongs to is unknown (liuguanghui files 云南/山西/陕西 本科批 专业线 and many 本科一批 rows of 文理 provinces as 综合),
// so it cannot be compared with any candidate's table. Kept cleaned (family_not_examined), served with raw=true.
import { examSystem } from '../../normalize.ts';
import type { ImportContext } from '../context.ts';

/** Cleans the served 综合 rows of `table` in province-years whose exam system has no 综合 family; returns the count. */
export function cleanUnexaminedFamilies(ctx: ImportContext, table: 'score_lines'): number {
  const pairs = ctx.db.prepare(`SELECT DISTINCT province, year FROM ${table} WHERE cleaned = 0 AND subject_family = '综合'`).all() as Array<{ province: string; year: number }>;
  const update = ctx.db.prepare(
    `UPDATE ${table} SET cleaned = 1, clean_reason = ? WHERE province = ? AND year = ? AND subject_family = '综合' AND cleaned = 0`,
  );
  let n = 0;
  ctx.db.exec('BEGIN');
  for (const { province, year } of pairs) {
    const system = examSystem(province, year);
    if (system === '3+3') continue;
    n += update.run(`family_not_examined:${province} ${year} examined ${system === '文理' ? '文科/理科' : '物理类/历史类'}, not 综合`, province, year).changes;
  }
  ctx.db.exec('COMMIT');
  return n;
}
