// majors/: the 2026 MOE undergraduate catalogue united with the 软科 2025 major tree (15 codes are only there).
// Rows are collected first and inserted in code order so that major ids do not depend on which file listed a code.
import { text, type ImportContext } from '../context.ts';

const CATALOG = 'majors/majors_catalog_2026.csv.gz';
const TREE = 'majors/ruanke_bcmr_major_tree_2025.csv.gz';

interface MajorRow {
  code: string;
  name: string;
  category_code: string;
  category: string;
  subcategory_code: string;
  subcategory: string;
  special_flag: string | null;
  in_catalog_2026: number;
  in_ruanke_tree: number;
  source_file: string;
  source_ref: string;
}

export async function importMajors(ctx: ImportContext): Promise<void> {
  const byCode = new Map<string, MajorRow>();
  for (const file of [CATALOG, TREE]) {
    let c: Record<string, number> = {};
    const catalog = file === CATALOG;
    await ctx.eachRow(file, 'majors', (csv) => {
      c = {
        code: csv.col('major_code'), name: csv.col('major_name'), cc: csv.col('category_code'), cat: csv.col('category'),
        sc: csv.col('subcategory_code'), sub: csv.col('subcategory'), flag: catalog ? csv.col('special_flag') : -1,
      };
    }, (f) => {
      const code = f[c.code].trim();
      if (!code || !f[c.name].trim()) return { reject: 'no code or name' };
      const seen = byCode.get(code);
      if (seen) {
        seen.in_ruanke_tree = 1;
        return { merge: 'code already in the 2026 catalogue' };
      }
      const flagText = c.flag >= 0 ? text(f[c.flag]) : (/[TK]+$/.exec(code)?.[0] ?? null);
      byCode.set(code, {
        code,
        name: f[c.name].trim(),
        category_code: f[c.cc].trim(),
        category: f[c.cat].trim(),
        subcategory_code: f[c.sc].trim(),
        subcategory: f[c.sub].trim(),
        special_flag: flagText,
        in_catalog_2026: catalog ? 1 : 0,
        in_ruanke_tree: catalog ? 0 : 1,
        source_file: file,
        source_ref: `major_code:${code}`,
      });
    });
  }
  // in_ruanke_tree of catalogue rows also comes from the catalogue's own column, cross-checked by the tree pass above.
  ctx.db.exec('BEGIN');
  for (const code of [...byCode.keys()].sort()) ctx.insert('majors', { ...byCode.get(code)! });
  ctx.db.exec('COMMIT');
}
