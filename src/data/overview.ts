// /v1/data/overview: served row counts per dataset and the year / province / basis coverage of score lines.
// The coverage needs one pass over the score-line table, so it is computed once per database handle (the data
// database is read-only: the answer cannot change while the handle is open), or read from meta when the import
// stored it there.
import type { DB } from '../db/open.ts';
import { DATASET_TABLES, TABLE_BY_NAME } from './schema.ts';
import { DATA_TYPES, type DataType } from './normalize.ts';
import { prepared } from './paging.ts';

export interface ProvinceYearCoverage {
  province: string;
  year: number;
  /** served rows per stored data_type */
  rows: Record<DataType, number>;
}

export interface Coverage {
  years: Array<{ year: number; rows: number }>;
  provinces: Array<{ province: string; years: number[]; rows: number }>;
  basis: Array<{ data_type: DataType; rows: number }>;
  province_years: ProvinceYearCoverage[];
}

const coverageCache = new WeakMap<DB, Coverage>();

/** meta key under which an import may store coverageRows() so the first overview call need not count. */
export const COVERAGE_META_KEY = 'score_line_coverage';

export interface CoverageRow {
  province: string;
  year: number;
  data_type: DataType;
  n: number;
}

/** Served score lines per province, year and line kind: one pass over the table. */
export function coverageRows(db: DB): CoverageRow[] {
  return prepared(
    db,
    'SELECT province, year, data_type, COUNT(*) AS n FROM score_lines WHERE cleaned = 0 GROUP BY province, year, data_type ORDER BY province, year, data_type',
  ).all() as CoverageRow[];
}

function metaValue(db: DB, key: string): string | undefined {
  return prepared(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
}

export function scoreLineCoverage(db: DB): Coverage {
  const cached = coverageCache.get(db);
  if (cached) return cached;
  const stored = metaValue(db, COVERAGE_META_KEY);
  const rows: CoverageRow[] = stored ? JSON.parse(stored) : coverageRows(db);
  const byPy = new Map<string, ProvinceYearCoverage>();
  const years = new Map<number, number>();
  const provinces = new Map<string, { years: Set<number>; rows: number }>();
  const basis = new Map<DataType, number>();
  for (const r of rows) {
    const key = `${r.province}|${r.year}`;
    let py = byPy.get(key);
    if (!py) {
      py = { province: r.province, year: r.year, rows: Object.fromEntries(DATA_TYPES.map((d) => [d, 0])) as Record<DataType, number> };
      byPy.set(key, py);
    }
    py.rows[r.data_type] = (py.rows[r.data_type] ?? 0) + r.n;
    years.set(r.year, (years.get(r.year) ?? 0) + r.n);
    const p = provinces.get(r.province) ?? { years: new Set<number>(), rows: 0 };
    p.years.add(r.year);
    p.rows += r.n;
    provinces.set(r.province, p);
    basis.set(r.data_type, (basis.get(r.data_type) ?? 0) + r.n);
  }
  const coverage: Coverage = {
    years: [...years].sort((a, b) => b[0] - a[0]).map(([year, n]) => ({ year, rows: n })),
    provinces: [...provinces].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([province, p]) => ({ province, years: [...p.years].sort((a, b) => b - a), rows: p.rows })),
    basis: DATA_TYPES.map((d) => ({ data_type: d, rows: basis.get(d) ?? 0 })),
    province_years: [...byPy.values()],
  };
  coverageCache.set(db, coverage);
  return coverage;
}

function servedCount(db: DB, table: string): { rows: number; cleaned: number | null } {
  const hasClean = TABLE_BY_NAME.get(table)?.columns.some((c) => c.name === 'cleaned');
  if (!hasClean) return { rows: prepared(db, `SELECT COUNT(*) FROM ${table}`).pluck().get() as number, cleaned: null };
  const r = prepared(db, `SELECT SUM(cleaned = 0) AS served, SUM(cleaned = 1) AS cleaned FROM ${table}`).get() as { served: number | null; cleaned: number | null };
  return { rows: r.served ?? 0, cleaned: r.cleaned ?? 0 };
}

const countsCache = new WeakMap<DB, Array<{ dataset: string; rows: number; cleaned: number | null }>>();

/** Served (and cleaned) rows per dataset: the import's own tally in meta.counts, else counted once. */
function datasetCounts(db: DB): Array<{ dataset: string; rows: number; cleaned: number | null }> {
  let counts = countsCache.get(db);
  if (counts) return counts;
  const stored = metaValue(db, 'counts');
  const tally: Record<string, { served: number; cleaned: number }> = stored ? JSON.parse(stored) : {};
  counts = DATASET_TABLES.map((t) => {
    const hasClean = TABLE_BY_NAME.get(t)?.columns.some((c) => c.name === 'cleaned');
    const m = tally[t];
    return m ? { dataset: t, rows: m.served, cleaned: hasClean ? m.cleaned : null } : { dataset: t, ...servedCount(db, t) };
  });
  countsCache.set(db, counts);
  return counts;
}

export function overview(db: DB) {
  const counts = datasetCounts(db);
  const meta = Object.fromEntries((prepared(db, 'SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  return {
    datasets: counts,
    score_lines: scoreLineCoverage(db),
    imported_at: meta.completed_at ?? null,
    importer_version: meta.importer_version ? Number(meta.importer_version) : null,
  };
}
