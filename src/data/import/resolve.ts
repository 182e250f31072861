// Resolves the school names of every source to the university list, remembering how each name matched (the
// per-row name_match note), the campus a branch row belongs to, every distinct spelling (school_names /
// university_aliases tables) and every 学校标识码 that disagrees with the published name (name_conflicts).
//
// A row is attached by its NAME only: the official name after normalisation, a curated or reviewed alias, a
// reviewed former name, a reviewed or rule-derived campus, a programme suffix. A 学校标识码 given next to the name
// is a cross-check, never a reason to attach. Why: the only source that gives one (liuxusummer's
// school_moe_code) did not get it from the exam authorities — their 投档线 tables publish the provincial 院校代号
// and the name — but from the upstream's own join of names against its colleges list, which has no campuses and
// no former names. Where the name is not in that list the join took a neighbouring or similar-looking entry:
// 山东大学威海分校 → 4137010423 中国海洋大学 (山东大学 is 4137010422), 浙江大学医学院 → 4133010336 杭州电子科技大学
// (浙江大学 is 4133010335), 东北大学秦皇岛分校 → 沈阳工业大学, 南昌工程学院 (renamed 江西水利电力大学) → 南昌工学院,
// 滨州学院 (renamed 山东航空学院) → 山东中医药大学, 沈阳工大 → 沈阳工学院. Taught to later sources by name, those
// codes put hundreds of rows on the wrong university, so they are only compared and reported now.
import {
  SCHOOL_ALIASES,
  SCHOOL_RENAMES,
  abbreviationForms,
  campusParents,
  campusPlace,
  isOrderedSubsequence,
  normalizeSchoolName,
  programmeUnit,
  type NameMatch,
} from '../normalize.ts';
import type { ReviewedName } from './reviewed-names.ts';

export interface UniversityRef {
  id: number;
  name: string;
  moeCode: string;
  level: string | null;
  city: string | null;
}

export interface Resolution {
  id: number | null;
  method: NameMatch;
  /** branch campus / institute label ("东北大学(秦皇岛)") when the row belongs to one, else null */
  campus: string | null;
  /** the programme the name stands for within its university and campus (programmeUnit), '' for the university's own line */
  unit?: string;
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
  campus: string | null;
  unit: string;
  rows: number;
}

export interface NameConflict {
  school_name: string;
  school_code: string;
  code_university_id: number;
  university_id: number | null;
  rows: number;
  source_file: string;
}

const UNRESOLVED: Resolution = { id: null, method: 'unresolved', campus: null };

/** The label of a campus: the parent's official name and the place, one spelling for every way it is written. */
export function campusLabel(parent: string, place: string): string {
  return `${parent}(${place})`;
}

export class SchoolResolver {
  private readonly byKey = new Map<string, number>();
  private readonly byMoe = new Map<string, number>();
  private readonly byId = new Map<number, UniversityRef>();
  private readonly keyed: Array<{ id: number; key: string; level: string | null }>;
  private readonly aliasByKey = new Map<string, { id: number; kind: NameMatch; alias: string }>();
  private readonly reviewed = new Map<string, Resolution>();
  private readonly cities: Set<string>;
  private readonly cache = new Map<string, Resolution>();
  private readonly names = new Map<string, NameStat>();
  private readonly conflictMap = new Map<string, NameConflict>();
  /** curated or reviewed aliases whose target is not in the university list (reported, never guessed) */
  readonly droppedAliases: string[] = [];

  constructor(universities: UniversityRef[], reviewed: ReviewedName[] = []) {
    this.keyed = universities.map((u) => ({ id: u.id, key: normalizeSchoolName(u.name), level: u.level }));
    this.cities = new Set(universities.map((u) => (u.city ?? '').replace(/市$/, '')).filter((c) => c.length >= 2));
    for (const u of universities) {
      this.byId.set(u.id, u);
      this.byKey.set(normalizeSchoolName(u.name), u.id);
      this.byMoe.set(u.moeCode, u.id);
    }
    for (const [alias, target] of Object.entries(SCHOOL_ALIASES)) this.addCurated(alias, target, 'alias');
    for (const [alias, target] of Object.entries(SCHOOL_RENAMES)) this.addCurated(alias, target, 'renamed');
    for (const r of reviewed) {
      const key = normalizeSchoolName(r.spelling);
      if (r.decision === 'reject') {
        this.reviewed.set(key, UNRESOLVED);
        continue;
      }
      const id = this.byKey.get(normalizeSchoolName(r.university));
      if (id === undefined) {
        this.droppedAliases.push(`${r.spelling} → ${r.university}`);
        continue;
      }
      this.reviewed.set(key, { id, method: r.decision, campus: r.decision === 'campus' ? campusLabel(this.byId.get(id)!.name, r.campus) : null });
      if (r.decision !== 'campus') this.aliasByKey.set(key, { id, kind: r.decision, alias: r.spelling });
    }
  }

  private addCurated(alias: string, target: string, kind: NameMatch): void {
    const id = this.byKey.get(normalizeSchoolName(target));
    if (id === undefined) {
      this.droppedAliases.push(`${alias} → ${target}`);
      return;
    }
    this.aliasByKey.set(normalizeSchoolName(alias), { id, kind, alias });
  }

  /**
   * Resolves a published name; counts it for school_names. A 学校标识码 the source gives is compared with the
   * name's university and a disagreement is recorded as a conflict (the name decides).
   */
  resolve(name: string, opts: ResolveOptions = {}, moeCode?: string | null, sourceFile = ''): Resolution {
    const r = this.lookup(name, opts);
    const code = moeCode?.trim();
    if (code) {
      const codeId = this.byMoe.get(code);
      if (codeId !== undefined && codeId !== r.id) {
        const k = `${name}\u0001${code}\u0001${sourceFile}`;
        const c = this.conflictMap.get(k);
        if (c) c.rows++;
        else this.conflictMap.set(k, { school_name: name, school_code: code, code_university_id: codeId, university_id: r.id, rows: 1, source_file: sourceFile });
      }
    }
    const stat = this.names.get(name);
    if (stat) stat.rows++;
    else this.names.set(name, { key: normalizeSchoolName(name), id: r.id, method: r.method, campus: r.campus, unit: r.unit ?? '', rows: 1 });
    return r;
  }

  /** The level (本科 | 专科) of a university of the list. */
  level(id: number): string | null {
    return this.byId.get(id)?.level ?? null;
  }

  /** What a name resolves to, without counting it as a row (for adapters that compare spellings first). */
  peek(name: string): Resolution {
    return this.lookup(name, {});
  }

  private lookup(name: string, opts: ResolveOptions): Resolution {
    const cacheKey = `${opts.abbreviations ? 'a' : ''}${opts.level ?? ''}|${name}`;
    let r = this.cache.get(cacheKey);
    if (!r) {
      const m = this.match(name, opts);
      r = { ...m, unit: programmeUnit(name, m.id === null ? null : this.byId.get(m.id)!.name, this.cities) };
      this.cache.set(cacheKey, r);
    }
    return r;
  }

  private match(name: string, opts: ResolveOptions): Resolution {
    const key = normalizeSchoolName(name);
    if (!key) return UNRESOLVED;
    const reviewed = this.reviewed.get(key);
    if (reviewed) return reviewed;
    const direct = this.byKey.get(key);
    if (direct !== undefined) return { id: direct, method: this.byId.get(direct)!.name === name ? 'exact' : 'normalized', campus: null };
    const alias = this.aliasByKey.get(key);
    if (alias) return { id: alias.id, method: alias.kind, campus: null };
    for (const parent of campusParents(key)) {
      const reviewedParent = this.reviewed.get(parent);
      if (reviewedParent?.id === null) return UNRESOLVED;
      const id = this.byKey.get(parent) ?? this.aliasByKey.get(parent)?.id ?? reviewedParent?.id;
      if (id === undefined) continue;
      // A reviewed campus keeps its campus whatever programme tag follows it (东北大学秦皇岛分校(中外合作办学)).
      if (reviewedParent?.campus) return reviewedParent;
      const u = this.byId.get(id)!;
      const place = campusPlace(key.slice(parent.length), this.cities);
      if (place === null || place === (u.city ?? '').replace(/市$/, '')) return { id, method: 'programme', campus: null };
      return { id, method: 'campus', campus: campusLabel(u.name, place) };
    }
    if (key.length >= 3 && key.endsWith('学')) {
      const id = this.byKey.get(`${key}院`);
      if (id !== undefined) return { id, method: 'truncated', campus: null };
    }
    if (opts.abbreviations) {
      const id = this.abbreviation(key, opts.level);
      if (id !== null) return { id, method: 'abbreviation', campus: null };
    }
    return UNRESOLVED;
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
  nameRows(): Array<{ school_name: string; name_key: string; university_id: number | null; name_match: NameMatch; campus: string | null; unit: string | null; rows: number }> {
    return [...this.names.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([n, s]) => ({ school_name: n, name_key: s.key, university_id: s.id, name_match: s.method, campus: s.campus, unit: s.unit || null, rows: s.rows }));
  }

  /** Every (name, 学校标识码, source) whose code points to another university than the name, for name_conflicts. */
  conflicts(): NameConflict[] {
    return [...this.conflictMap.values()].sort((a, b) => b.rows - a.rows || (a.school_name < b.school_name ? -1 : 1));
  }

  /** Aliases for university_aliases: curated ones plus every resolved spelling that differs from the official key. */
  aliasRows(): Array<{ alias_key: string; alias: string; university_id: number; kind: NameMatch }> {
    const out = new Map<string, { alias_key: string; alias: string; university_id: number; kind: NameMatch }>();
    for (const [k, a] of this.aliasByKey) out.set(k, { alias_key: k, alias: a.alias, university_id: a.id, kind: a.kind });
    for (const [n, s] of [...this.names.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (s.id === null || this.byKey.has(s.key) || out.has(s.key)) continue;
      out.set(s.key, { alias_key: s.key, alias: n, university_id: s.id, kind: s.method });
    }
    return [...out.values()].sort((a, b) => (a.alias_key < b.alias_key ? -1 : a.alias_key > b.alias_key ? 1 : 0));
  }
}
