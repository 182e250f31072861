// Resolving what a user typed as a school name to rows: official names, the curated short names (北大, 哈工大),
// every spelling the import saw (university_aliases, school_names) and, failing an exact hit, a substring match
// on the ~3k official names and the unresolved spellings. 1–2 character Chinese queries work because this is a
// plain instr() over small tables, not a trigram index (stack.md "Chinese text search").
import type { DB } from '../db/open.ts';
import { InputError } from '../errors.ts';
import { campusParents, normalizeSchoolName } from './normalize.ts';
import { prepared } from './paging.ts';
import { unlistedMeant, type UnlistedMatch } from './unlisted.ts';

/** More matches than this and a name filter is too vague to serve as the anchor of a large-table query. */
export const MAX_NAME_MATCHES = 30;

export interface NameMatchSet {
  /** universities the name means */
  universityIds: number[];
  /** published spellings that resolved to no university but match the name (kept searchable by the import) */
  unresolvedNames: string[];
  /** true when the name matched exactly (official name, alias or a seen spelling), false for substring matches */
  exact: boolean;
  /** institutions outside the national list the name means (unlisted.ts), with every spelling their rows are filed under */
  unlisted: UnlistedMatch[];
}

function exactIds(db: DB, key: string): number[] {
  return prepared(
    db,
    `SELECT id FROM universities WHERE name_key = @key
     UNION SELECT university_id FROM university_aliases WHERE alias_key = @key
     UNION SELECT university_id FROM school_names WHERE name_key = @key AND university_id IS NOT NULL`,
  )
    .pluck()
    .all({ key }) as number[];
}

/** Every university and unresolved spelling a name means; empty sets when it means nothing in the data. */
export function matchSchoolName(db: DB, name: string): NameMatchSet {
  const key = normalizeSchoolName(name);
  if (!key) return { universityIds: [], unresolvedNames: [], exact: true, unlisted: [] };
  const unresolvedExact = prepared(db, 'SELECT school_name FROM school_names WHERE name_key = ? AND university_id IS NULL ORDER BY school_name')
    .pluck()
    .all(key) as string[];
  let ids = exactIds(db, key);
  if (ids.length === 0) {
    // "山东大学(威海)" style names the import never saw still reach their parent university.
    for (const parent of campusParents(key)) {
      ids = exactIds(db, parent);
      if (ids.length) break;
    }
  }
  const unlisted = unlistedMeant(db, name, unresolvedExact);
  if (ids.length || unresolvedExact.length || unlisted.length) return { universityIds: ids.sort((a, b) => a - b), unresolvedNames: unresolvedExact, exact: true, unlisted };
  const subIds = prepared(db, 'SELECT id FROM universities WHERE instr(name_key, ?) > 0 ORDER BY id').pluck().all(key) as number[];
  const subNames = prepared(db, 'SELECT school_name FROM school_names WHERE university_id IS NULL AND instr(name_key, ?) > 0 ORDER BY school_name')
    .pluck()
    .all(key) as string[];
  return { universityIds: subIds, unresolvedNames: subNames, exact: false, unlisted: unlistedMeant(db, name, subNames) };
}

/**
 * A name used as the anchor of a score-line / plan / ranking query: refuses a name so vague that it would fan
 * out to most of the table (e.g. "大学"), naming a few of the matches so the caller can choose.
 */
export function anchorSchoolName(db: DB, name: string, param = 'university_name'): NameMatchSet {
  const m = matchSchoolName(db, name);
  const total = m.universityIds.length + m.unresolvedNames.length + m.unlisted.length;
  if (total > MAX_NAME_MATCHES) {
    const sample = prepared(db, `SELECT name FROM universities WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ranking IS NULL, ranking, id LIMIT 5`)
      .pluck()
      .all(JSON.stringify(m.universityIds)) as string[];
    throw new InputError(
      `${param}: "${name}" matches ${total} schools (more than ${MAX_NAME_MATCHES}), e.g. ${[...sample, ...m.unresolvedNames].slice(0, 5).join(', ')}; give a fuller name or university_id`,
      param,
    );
  }
  return m;
}

/**
 * SQL condition (and its parameters) selecting rows of a table with university_id / school_name columns that
 * belong to a name match. Both sides are index lookups (…_university, …_school indexes). An institution outside the
 * national list adds every spelling it is filed under; with `codes` (tables with province and school_code: score
 * lines, plans) also its coded spellings in their province under their code (海医大 in 上海 126).
 */
export function nameCondition(m: NameMatchSet, alias = '', codes = false): { sql: string; params: Record<string, unknown> } {
  const a = alias ? `${alias}.` : '';
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  if (m.universityIds.length) {
    parts.push(`${a}university_id IN (${m.universityIds.map((_, i) => `@uid${i}`).join(', ')})`);
    m.universityIds.forEach((id, i) => (params[`uid${i}`] = id));
  }
  const names = [...new Set([...m.unresolvedNames, ...m.unlisted.flatMap((u) => u.spellings)])];
  if (names.length) {
    parts.push(`${a}school_name IN (${names.map((_, i) => `@sn${i}`).join(', ')})`);
    names.forEach((n, i) => (params[`sn${i}`] = n));
  }
  if (codes) {
    m.unlisted.flatMap((u) => u.coded).forEach((c, i) => {
      parts.push(`(${a}school_name = @cn${i} AND ${a}province = @cp${i} AND +${a}university_id IS NULL AND substr(${a}school_code, 1, @cl${i}) = @cc${i})`);
      Object.assign(params, { [`cn${i}`]: c.school_name, [`cp${i}`]: c.province, [`cl${i}`]: c.code.length, [`cc${i}`]: c.code });
    });
  }
  if (parts.length === 0) return { sql: '0', params };
  return { sql: parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`, params };
}
