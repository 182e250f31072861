// The real data database (built from the bundle by the global setup) and input parsing as the routes and tools do it.
import Database from 'better-sqlite3';
import type { z } from 'zod';
import { loadConfig } from '../../src/config.ts';
import { openDataDb, type DB } from '../../src/db/open.ts';
import { parseInput } from '../../src/errors.ts';
import type { Page } from '../../src/data/paging.ts';
import { createTablesSql } from '../../src/data/schema.ts';

let db: DB | null = null;

export function realDb(): DB {
  db ??= openDataDb(loadConfig().dataDb);
  return db;
}

export function parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  return parseInput(schema, raw);
}

/** Every row of a paged query, walking pages until has_more is false. */
export function walk<T>(fetch: (page: number) => Page<T>, maxPages = 500): { rows: T[]; pages: number } {
  const rows: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const p = fetch(page);
    rows.push(...p.items);
    if (!p.has_more) return { rows, pages: page };
  }
  throw new Error(`more than ${maxPages} pages`);
}

/** The InputError a call throws (fails the test when it does not throw). */
export function inputError(fn: () => unknown): { message: string; param: string | null; status: number } {
  try {
    fn();
  } catch (err) {
    return err as { message: string; param: string | null; status: number };
  }
  throw new Error('expected an InputError');
}

/**
 * A small in-memory data database for the audit checks: one university (id, name, its MOE code) and score lines,
 * each row the base row with its own fields over it.
 */
export function scoreLineFixture(university: { id: number; name: string; moe_code: string; province: string }, base: Record<string, unknown>, rows: Array<Record<string, unknown>>): DB {
  const db = new Database(':memory:');
  db.exec(createTablesSql());
  db.prepare(`INSERT INTO universities (id, moe_code, name, name_key, province, level, is_985, is_211, is_double_first_class, is_qiangji, is_buxing_hejian, is_vice_ministerial, source_file, source_ref)
              VALUES (@id, @moe_code, @name, @name, @province, '本科', 1, 1, 1, 1, 0, 0, 'universities/universities.csv.gz', 'row:1')`).run(university);
  for (const r of rows) {
    const row = { ...base, ...r };
    const cols = Object.keys(row);
    db.prepare(`INSERT INTO score_lines (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
  }
  return db as unknown as DB;
}
