// Resolves the school names of every source to the university list, remembering how each name matched (the
// per-row name_match note) and every distinct spelling (school_names / university_aliases tables).
import {
  SCHOOL_ALIASES,
  SCHOOL_RENAMES,
  abbreviationForms,
  campusParents,
  isOrderedSubsequence,
  normalizeSchoolName,
  type NameMatch,
} from '../normalize.ts';

export interface UniversityRef {
  id: number;
  name: string;
  moeCode: string;
  level: string | null;
}

export interface Resolution {
  id: number | null;
  method: NameMatch;
}

export interface ResolveOptions {
  /** the source uses official short names (上海 files): allow the ordered-subsequence match */
  abbreviations?: boolean;
  /** restrict abbreviation candidates to this level (本科 batches only list 本科 schools) */
  level?: string;
}

interface NameStat {
  key: string;
  id: number | null;
  method: NameMatch;
  rows: number;
}

export class SchoolResolver {
  private readonly byKey = new Map<string, number>();
  private readonly byMoe = new Map<string, number>();
  private readonly nameById = new Map<number, string>();
  private readonly keyed: Array<{ id: number; key: string; level: string | null }>;
  private readonly aliasByKey = new Map<string, { id: number; kind: NameMatch; alias: string }>();
  private readonly cache = new Map<string, Resolution>();
  private readonly names = new Map<string, NameStat>();
  /** curated aliases whose target is not in the university list (reported, never guessed) */
  readonly droppedAliases: string[] = [];

  constructor(universities: UniversityRef[]) {
    this.keyed = universities.map((u) => ({ id: u.id, key: normalizeSchoolName(u.name), level: u.level }));
    for (const u of universities) {
      this.nameById.set(u.id, u.name);
      this.byKey.set(normalizeSchoolName(u.name), u.id);
      this.byMoe.set(u.moeCode, u.id);
    }
    for (const [alias, target] of Object.entries(SCHOOL_ALIASES)) this.addCurated(alias, target, 'alias');
    for (const [alias, target] of Object.entries(SCHOOL_RENAMES)) this.addCurated(alias, target, 'renamed');
  }

  private addCurated(alias: string, target: string, kind: NameMatch): void {
    const id = this.byKey.get(normalizeSchoolName(target));
    if (id === undefined) {
      this.droppedAliases.push(`${alias} → ${target}`);
      return;
    }
    this.aliasByKey.set(normalizeSchoolName(alias), { id, kind, alias });
  }

  /** Resolves a published name; counts it for school_names. */
  resolve(name: string, opts: ResolveOptions = {}, moeCode?: string | null): Resolution {
    const r = this.lookup(name, opts, moeCode);
    const stat = this.names.get(name);
    if (stat) stat.rows++;
    else this.names.set(name, { key: normalizeSchoolName(name), id: r.id, method: r.method, rows: 1 });
    return r;
  }

  private lookup(name: string, opts: ResolveOptions, moeCode?: string | null): Resolution {
    if (moeCode) {
      const id = this.byMoe.get(moeCode.trim());
      if (id !== undefined) {
        // A source that pairs a short name with the 学校标识码 (liuxusummer's 上海 lists: 上海交大 → 4131010248)
        // teaches that name to every later source that has only the name.
        const key = normalizeSchoolName(name);
        if (key && !this.byKey.has(key) && !this.aliasByKey.has(key)) {
          this.aliasByKey.set(key, { id, kind: 'alias', alias: name });
          this.cache.clear();
        }
        return { id, method: 'moe_code' };
      }
    }
    const cacheKey = `${opts.abbreviations ? 'a' : ''}${opts.level ?? ''}|${name}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const r = this.match(name, opts);
    this.cache.set(cacheKey, r);
    return r;
  }

  private match(name: string, opts: ResolveOptions): Resolution {
    const key = normalizeSchoolName(name);
    if (!key) return { id: null, method: 'unresolved' };
    const direct = this.byKey.get(key);
    if (direct !== undefined) {
      const official = this.nameById.get(direct);
      return { id: direct, method: official === name ? 'exact' : 'normalized' };
    }
    const alias = this.aliasByKey.get(key);
    if (alias) return { id: alias.id, method: alias.kind };
    for (const parent of campusParents(key)) {
      const id = this.byKey.get(parent) ?? this.aliasByKey.get(parent)?.id;
      if (id !== undefined) return { id, method: 'campus' };
    }
    if (opts.abbreviations) {
      const id = this.abbreviation(key, opts.level);
      if (id !== null) return { id, method: 'abbreviation' };
    }
    return { id: null, method: 'unresolved' };
  }

  /**
   * A short name matches a university when its characters occur in order in the official name and the first
   * character (or its province expansion) starts the name; accepted only when exactly one university qualifies.
   */
  private abbreviation(key: string, level?: string): number | null {
    // Two characters (中医, 海洋) fit too many names to be read as one school's short name.
    if (key.length < 3) return null;
    const found = new Set<number>();
    for (const form of abbreviationForms(key)) {
      for (const u of this.keyed) {
        if (level && u.level !== level) continue;
        if (u.key[0] === form[0] && isOrderedSubsequence(form, u.key)) found.add(u.id);
      }
      if (found.size > 0) break;
    }
    return found.size === 1 ? [...found][0] : null;
  }

  /** Every distinct name seen, for the school_names table. */
  nameRows(): Array<{ school_name: string; name_key: string; university_id: number | null; name_match: NameMatch; rows: number }> {
    return [...this.names.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([n, s]) => ({ school_name: n, name_key: s.key, university_id: s.id, name_match: s.method, rows: s.rows }));
  }

  /** Aliases for university_aliases: curated ones plus every resolved spelling that differs from the official key. */
  aliasRows(): Array<{ alias_key: string; alias: string; university_id: number; kind: NameMatch }> {
    const out = new Map<string, { alias_key: string; alias: string; university_id: number; kind: NameMatch }>();
    for (const [k, a] of this.aliasByKey) out.set(k, { alias_key: k, alias: a.alias, university_id: a.id, kind: a.kind });
    for (const [n, s] of [...this.names.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (s.id === null || this.byKey.has(s.key) || out.has(s.key) || s.method === 'moe_code') continue;
      out.set(s.key, { alias_key: s.key, alias: n, university_id: s.id, kind: s.method });
    }
    return [...out.values()].sort((a, b) => (a.alias_key < b.alias_key ? -1 : a.alias_key > b.alias_key ? 1 : 0));
  }
}
