// Institutions outside the national list. The universities table is the Ministry of Education's national list of
// higher-education institutions; military academies (国防科技大学, 海军军医大学 …) and Hong Kong universities are not
// on it, yet provinces publish admission lines for them. Their rows stay unlinked (no invented university record:
// no ranking, no city), but a search for their name — or a maintained alias such as 国防科大, or 海医大 in 上海's
// code-126 rows — finds every spelling the data files them under, and wherever they appear they say they are
// outside the list.
import type { DB } from '../db/open.ts';
import { normalizeSchoolName } from './normalize.ts';
import { prepared } from './paging.ts';

/** What a served row or search hit of a maintained institution outside the list says. */
export const UNLISTED_NOTE = '不在教育部全国高等学校名单中（军队院校等）';
/** What a row under a spelling that resolved to no institution (and is on no maintained list) says. */
export const UNLINKED_NOTE = '名称未对应到教育部全国高等学校名单中的院校（可能是名单外院校，也可能是来源中的简称或残缺名称）';

/** A published spelling that means the institution only in one province under one 院校代号 (3-digit prefix). */
export interface CodedSpelling {
  school_name: string;
  province: string;
  code: string;
}

export interface UnlistedInstitution {
  name: string;
  kind: '军队院校' | '香港院校';
  /** former names and short names (国防科大, 第二军医大学): each finds the institution */
  aliases: string[];
  coded?: CodedSpelling[];
}

const military = (name: string, aliases: string[] = [], coded?: CodedSpelling[]): UnlistedInstitution => ({ name, kind: '军队院校', aliases, ...(coded ? { coded } : {}) });

/**
 * The maintained list. Aliases are former names the data itself writes beside the current one (海军军医大学(第二军医大学),
 * 陆军工程大学(原解放军理工大学), 海军航空大学(原海军航空工程学院), 陆军勤务学院(原由军事经济学院申报)) or the common short
 * name. 海医大 is 海军军医大学 only under 上海 code 126 (the 上海 1xx codes are 上海's own schools; issue 22).
 */
export const UNLISTED_INSTITUTIONS: readonly UnlistedInstitution[] = [
  military('国防科技大学', ['国防科大', '国防科学技术大学']),
  military('国防大学'),
  military('海军军医大学', ['第二军医大学', '二军大'], [{ school_name: '海医大', province: '上海', code: '126' }]),
  military('陆军军医大学', ['第三军医大学', '三军大']),
  military('空军军医大学', ['第四军医大学', '四军大']),
  military('陆军工程大学', ['解放军理工大学']),
  military('海军工程大学'),
  military('空军工程大学'),
  military('火箭军工程大学'),
  military('武警工程大学'),
  military('武警警官学院'),
  military('武警海警学院'),
  military('武警特种警察学院'),
  military('联勤保障部队工程大学'),
  military('信息支援部队工程大学'),
  military('网络空间部队信息工程大学'),
  military('战略支援部队信息工程大学'),
  military('解放军信息工程大学'),
  military('军事航天部队航天工程大学'),
  military('海军大连舰艇学院'),
  military('海军航空大学', ['海军航空工程学院']),
  military('空军航空大学'),
  military('空军预警学院'),
  military('陆军兵种大学'),
  military('陆军勤务学院', ['军事经济学院']),
  military('陆军步兵学院'),
  military('陆军防化学院'),
  { name: '香港中文大学', kind: '香港院校', aliases: [] },
  { name: '香港城市大学', kind: '香港院校', aliases: [] },
  { name: '香港珠海学院', kind: '香港院校', aliases: [] },
];

/** One institution of the list as a name matched it, with the spellings its rows are filed under in this database. */
export interface UnlistedMatch {
  name: string;
  kind: UnlistedInstitution['kind'];
  aliases: string[];
  spellings: string[];
  coded: CodedSpelling[];
}

/**
 * The institution of the list a published spelling means: its name or alias without 中国人民解放军, or, for a
 * military academy, also with trailing bracketed remarks dropped (海军军医大学(第二军医大学), 陆军军医大学(女)). Hong Kong
 * names keep their brackets: 香港中文大学(深圳) and 香港城市大学(东莞) are mainland universities of the national list.
 */
function institutionOf(byKey: Map<string, UnlistedInstitution>, spelling: string): UnlistedInstitution | undefined {
  let k = normalizeSchoolName(spelling).replace(/^中国人民解放军/, '');
  const exact = byKey.get(k);
  if (exact) return exact;
  const full = k;
  for (let cut = k.replace(/\([^()]*\)$/, ''); cut !== k && cut.length >= 2; cut = k.replace(/\([^()]*\)$/, '')) k = cut;
  const u = byKey.get(k);
  if (u?.kind === '军队院校') return u;
  // a Hong Kong name only with remarks that are no place of the mainland: 香港珠海学院[香港], 香港中文大学(奖学金类)
  return u && /^(\((香港|奖学金类)\))+$/.test(full.slice(k.length)) ? u : undefined;
}

interface Index {
  /** key of a name or alias → the institution */
  byKey: Map<string, UnlistedInstitution>;
  /** institution name → its unlinked spellings in this database */
  spellings: Map<string, string[]>;
}

const indexes = new WeakMap<DB, Index>();

function index(db: DB): Index {
  let ix = indexes.get(db);
  if (ix) return ix;
  const byKey = new Map<string, UnlistedInstitution>();
  for (const u of UNLISTED_INSTITUTIONS) for (const n of [u.name, ...u.aliases]) byKey.set(normalizeSchoolName(n), u);
  const spellings = new Map<string, string[]>();
  const coded = new Set(UNLISTED_INSTITUTIONS.flatMap((u) => (u.coded ?? []).map((c) => c.school_name)));
  for (const s of prepared(db, 'SELECT school_name FROM school_names WHERE university_id IS NULL ORDER BY rows DESC, school_name').pluck().all() as string[]) {
    if (coded.has(s)) continue;
    const u = institutionOf(byKey, s);
    if (u) (spellings.get(u.name) ?? spellings.set(u.name, []).get(u.name)!).push(s);
  }
  indexes.set(db, (ix = { byKey, spellings }));
  return ix;
}

function asMatch(db: DB, u: UnlistedInstitution): UnlistedMatch {
  return { name: u.name, kind: u.kind, aliases: u.aliases, spellings: index(db).spellings.get(u.name) ?? [], coded: u.coded ?? [] };
}

/**
 * The institutions outside the list that a typed name and the unlinked spellings it matched mean: the name itself
 * (or its alias, 国防科大), a spelling of one (中国人民解放军国防科技大学), or a coded spelling (海医大).
 */
export function unlistedMeant(db: DB, typed: string, unresolvedNames: readonly string[]): UnlistedMatch[] {
  const ix = index(db);
  const found = new Map<string, UnlistedInstitution>();
  const add = (u: UnlistedInstitution | undefined) => u && found.set(u.name, u);
  add(institutionOf(ix.byKey, typed));
  for (const s of unresolvedNames) {
    add(institutionOf(ix.byKey, s));
    for (const u of UNLISTED_INSTITUTIONS) if (u.coded?.some((c) => c.school_name === s)) add(u);
  }
  return [...found.values()].map((u) => asMatch(db, u));
}

/**
 * Published spellings of a maintained institution that are linked to a university of the national list (should be
 * none): linked spellings whose grouped name is one of the list, and coded spellings linked in their province and code.
 */
export function linkedUnlistedRows(db: DB): Array<{ table: string; school_name: string; rows: number }> {
  const ix = index(db);
  const out: Array<{ table: string; school_name: string; rows: number }> = [];
  const linked = prepared(db, 'SELECT school_name FROM school_names WHERE university_id IS NOT NULL').pluck().all() as string[];
  const names = linked.filter((s) => institutionOf(ix.byKey, s));
  for (const table of ['score_lines', 'admission_plans'] as const) {
    for (const n of names) {
      const rows = prepared(db, `SELECT COUNT(*) FROM ${table} WHERE school_name = ? AND university_id IS NOT NULL AND cleaned = 0`).pluck().get(n) as number;
      if (rows) out.push({ table, school_name: n, rows });
    }
    for (const c of UNLISTED_INSTITUTIONS.flatMap((u) => u.coded ?? [])) {
      const rows = prepared(db, `SELECT COUNT(*) FROM ${table} WHERE school_name = ? AND province = ? AND substr(school_code, 1, ?) = ? AND university_id IS NOT NULL AND cleaned = 0`)
        .pluck()
        .get(c.school_name, c.province, c.code.length, c.code) as number;
      if (rows) out.push({ table, school_name: `${c.school_name} (${c.province} ${c.code})`, rows });
    }
  }
  return out;
}

/** The institution of the list a spelling belongs to (coded spellings only with their province and code). */
export function unlistedOf(db: DB, schoolName: string, province?: string, code?: string | null): UnlistedInstitution | null {
  for (const u of UNLISTED_INSTITUTIONS) {
    if (u.coded?.some((c) => c.school_name === schoolName && c.province === province && (code ?? '').startsWith(c.code))) return u;
  }
  const u = institutionOf(index(db).byKey, schoolName);
  return u && (index(db).spellings.get(u.name) ?? []).includes(schoolName) ? u : null;
}

/**
 * A served row without a university link, marked as outside the national list and, where the spelling is one of a
 * maintained institution (for a coded spelling: in its province under its code), named by it. Linked rows are unchanged.
 */
export function markUnlisted<T extends Record<string, unknown>>(db: DB, row: T): T & UnlistedMark {
  if (row.university_id !== undefined && row.university_id !== null) return row;
  const u = typeof row.school_name === 'string' ? unlistedOf(db, row.school_name, row.province as string | undefined, row.school_code as string | undefined) : null;
  return { ...row, listed: false, listed_note: u ? UNLISTED_NOTE : UNLINKED_NOTE, ...(u ? { institution: u.name } : {}) };
}

// a type, not an interface: served rows are read as Record<string, unknown>
export type UnlistedMark = {
  listed?: false;
  listed_note?: string;
  institution?: string;
};
