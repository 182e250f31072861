// /v1/data/overview: served row counts per dataset and the year / province / basis coverage of score lines.
// The coverage needs one pass over the score-line table, so it is computed once per database handle (the data
// database is read-only: the answer cannot change while the handle is open), or read from meta when the import
// stored it there.
import type { DB } from '../db/open.ts';
import { DATASET_TABLES, TABLE_BY_NAME } from './schema.ts';
import { DATA_TYPES, PROVINCE_NAMES, type DataType } from './normalize.ts';
import type { Agreement } from './import/agreement.ts';
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

export function metaJson<T = any>(db: DB, key: string): T | undefined {
  const v = metaValue(db, key);
  return v === undefined ? undefined : (JSON.parse(v) as T);
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

/** The datasets whose province × year coverage the overview and the data report show. */
export const COVERAGE_TABLES = ['score_lines', 'rank_tables', 'admission_plans', 'batch_lines'] as const;
export const COVERAGE_MATRIX_META_KEY = 'coverage_matrix';
export const AGREEMENT_META_KEY = 'agreement';
/** meta key: each served 一分一段 table against the other sources' copies of it (RankTableAgreement[]) */
export const RANK_AGREEMENT_META_KEY = 'rank_table_agreement';

export interface CoverageMatrix {
  years: number[];
  /** served rows per province, one count per entry of `years` (0 = none) */
  provinces: Array<{ province: string; rows: number[] }>;
}

/** Served rows per province and year of each coverage table (what the import stores in meta). */
export function coverageMatrices(db: DB): Record<(typeof COVERAGE_TABLES)[number], CoverageMatrix> {
  const out = {} as Record<(typeof COVERAGE_TABLES)[number], CoverageMatrix>;
  for (const t of COVERAGE_TABLES) {
    const rows = prepared(db, `SELECT province, year, COUNT(*) AS n FROM ${t} WHERE cleaned = 0 GROUP BY province, year`).all() as Array<{ province: string; year: number; n: number }>;
    const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
    const byProvince = new Map<string, number[]>();
    for (const r of rows) {
      if (!byProvince.has(r.province)) byProvince.set(r.province, years.map(() => 0));
      byProvince.get(r.province)![years.indexOf(r.year)] = r.n;
    }
    const order = (p: string) => {
      const i = PROVINCE_NAMES.indexOf(p);
      return i < 0 ? 99 : i;
    };
    out[t] = { years, provinces: [...byProvince].sort((a, b) => order(a[0]) - order(b[0])).map(([province, r]) => ({ province, rows: r })) };
  }
  return out;
}

/** Agreement figures as served: per pair of sources the lines both give, exact, within 2 points and larger. */
export function agreementSummary(stored: Agreement) {
  const total = { lines: 0, exact: 0, within_2: 0, larger: 0 };
  const pairs = stored
    .filter((p) => p.keys > 0)
    .sort((a, b) => b.keys - a.keys)
    .map((p) => {
      total.lines += p.keys;
      total.exact += p.exact;
      total.within_2 += p.within2;
      total.larger += p.larger;
      return { sources: p.sources, lines: p.keys, exact: p.exact, within_2: p.within2, larger: p.larger };
    });
  return { basis: 'score lines two sources give for the same key (province, year, subject family, line kind, batch, school, group, major): the kept line against the other source', total, pairs };
}

export function overview(db: DB) {
  const counts = datasetCounts(db);
  const meta = Object.fromEntries((prepared(db, 'SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  return {
    datasets: counts,
    score_lines: scoreLineCoverage(db),
    coverage: metaJson(db, COVERAGE_MATRIX_META_KEY) ?? coverageMatrices(db),
    agreement: agreementSummary(metaJson(db, AGREEMENT_META_KEY) ?? []),
    imported_at: meta.completed_at ?? null,
    importer_version: meta.importer_version ? Number(meta.importer_version) : null,
  };
}
