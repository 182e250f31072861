// The real data database (built from the bundle by the global setup) and input parsing as the routes and tools do it.
import type { z } from 'zod';
import { loadConfig } from '../../src/config.ts';
import { openDataDb, type DB } from '../../src/db/open.ts';
import { parseInput } from '../../src/errors.ts';
import type { Page } from '../../src/data/paging.ts';

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
