// Paging for every /v1/data list (interface 2.1): {items, page, page_size, has_more}, no total. has_more comes
// from fetching one row more than the page holds, so no list ever pays for a COUNT over a large table.
import { z } from 'zod';
import type Database from 'better-sqlite3';
import type { DB } from '../db/open.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Deep enough to walk any single filtered result (the largest province-year holds well under 10^6 rows). */
export const MAX_PAGE = 100_000;

export const pageFields = {
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).describe('页码，从 1 开始 · page number, from 1'),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`每页条数，1–${MAX_PAGE_SIZE}，默认 ${DEFAULT_PAGE_SIZE} · rows per page, 1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}`),
};

export interface Paging {
  page: number;
  page_size: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/** LIMIT/OFFSET parameters that fetch one extra row. */
export function limitOffset(p: Paging): { limit: number; offset: number } {
  return { limit: p.page_size + 1, offset: (p.page - 1) * p.page_size };
}

/** Cuts the extra row off and reports whether it existed. */
export function toPage<T>(rows: T[], p: Paging): Page<T> {
  const has_more = rows.length > p.page_size;
  return { items: has_more ? rows.slice(0, p.page_size) : rows, page: p.page, page_size: p.page_size, has_more };
}

/**
 * Runs `sql` (which must end in `LIMIT @limit OFFSET @offset` and have a unique ORDER BY) with the paging
 * parameters added and returns one page. Statements are cached per SQL text and database.
 */
export function pageQuery<T>(db: DB, sql: string, params: Record<string, unknown>, p: Paging, map?: (row: any) => T): Page<T> {
  const rows = prepared(db, sql).all({ ...params, ...limitOffset(p) }) as any[];
  return toPage(map ? rows.map(map) : (rows as T[]), p);
}

export type Stmt = Database.Statement<any[], any>;

const cache = new WeakMap<DB, Map<string, Stmt>>();

/** better-sqlite3 statements are reusable; preparing once per SQL text keeps hot queries off the parser. */
export function prepared(db: DB, sql: string): Stmt {
  let byDb = cache.get(db);
  if (!byDb) cache.set(db, (byDb = new Map()));
  let stmt = byDb.get(sql);
  if (!stmt) byDb.set(sql, (stmt = db.prepare(sql) as Stmt));
  return stmt;
}

/** The paging members of a page, for tool results that carry a Tool list plus where the page stands. */
export function pageInfo(p: Page<unknown>): { page: number; page_size: number; has_more: boolean } {
  return { page: p.page, page_size: p.page_size, has_more: p.has_more };
}

/**
 * A data row without its null fields: rows of the big datasets carry many columns a given source leaves empty,
 * and leaving them out keeps pages (and tool results read by a model) about a quarter smaller.
 */
export function compactRow<T extends Record<string, unknown>>(row: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const k in row) if (row[k] !== null) out[k] = row[k];
  return out as Partial<T>;
}

/** The number of rows a paged query (`pageQuery`'s SQL, ending in ORDER BY … LIMIT @limit OFFSET @offset) matches over every page. */
export function countRows(db: DB, sql: string, params: Record<string, unknown>): number {
  return (prepared(db, `SELECT COUNT(*) AS n FROM (${unpaged(sql)})`).get(params) as { n: number }).n;
}

/** The same count per value of one selected column (e.g. an evaluation's round). */
export function countRowsBy(db: DB, sql: string, params: Record<string, unknown>, column: string): Record<string, number> {
  const rows = prepared(db, `SELECT ${column} AS k, COUNT(*) AS n FROM (${unpaged(sql)}) GROUP BY ${column}`).all(params) as Array<{ k: unknown; n: number }>;
  return Object.fromEntries(rows.map((r) => [String(r.k), r.n]));
}

/**
 * Every row a paged query matches (not one page), at most `cap`, compacted: for a figure over all of them (the
 * lowest line of a university, not the lowest of the rows listed).
 */
export function allRows<T extends Record<string, unknown>>(db: DB, sql: string, params: Record<string, unknown>, cap = 5000): Array<Partial<T>> {
  return (prepared(db, `SELECT * FROM (${unpaged(sql)}) LIMIT ${Math.max(1, Math.floor(cap))}`).all(params) as T[]).map(compactRow);
}

function unpaged(sql: string): string {
  const inner = sql.replace(/\s+ORDER BY[\s\S]*LIMIT @limit OFFSET @offset\s*$/, '');
  if (inner === sql) throw new Error('the query does not end in ORDER BY … LIMIT @limit OFFSET @offset');
  return inner;
}
