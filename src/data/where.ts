// A parameterised WHERE clause built from optional filters: a filter that was not given adds nothing. Every
// dataset's query module builds its conditions here, so the shared ones (university by id or name, served rows)
// exist once.
import type { DB } from '../db/open.ts';
import { anchorSchoolName, nameCondition } from './names.ts';

export class Where {
  readonly clauses: string[] = [];
  readonly params: Record<string, unknown> = {};

  /** Adds `sql` with its named parameters when `value` was given. */
  when(value: unknown, sql: string, params: Record<string, unknown> = {}): this {
    if (value === undefined) return this;
    this.clauses.push(sql);
    Object.assign(this.params, params);
    return this;
  }

  /** `column = @param` when the value was given. */
  eq(column: string, value: unknown, param = column): this {
    return this.when(value, `${column} = @${param}`, { [param]: value });
  }

  /**
   * The university filter the datasets share: by id, and by any written form of its name. `codes`: the table has
   * province and school_code, so coded spellings of institutions outside the national list apply (nameCondition).
   */
  university(db: DB, id: number | undefined, name: string | undefined, codes = false): this {
    this.eq('university_id', id);
    if (name !== undefined) {
      const c = nameCondition(anchorSchoolName(db, name), '', codes);
      this.when(name, c.sql, c.params);
    }
    return this;
  }

  /** Cleaned rows are served only with raw=true. */
  served(raw: boolean | undefined): this {
    if (!raw) this.clauses.push('cleaned = 0');
    return this;
  }

  /** "WHERE a AND b", or "" without conditions. */
  toString(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}
