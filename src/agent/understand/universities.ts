// University mentions in a message: every official name, campus and published alias the data knows, the chat
// nicknames of university-aliases.ts, a short name several universities share (candidates, never a guess), an
// unknown "…大学/学院" (kept as written, so the tool can say it is not in the data) and a typo within one
// character of an official name. One index per data database; a message is scanned leftmost-longest.
import damerauLevenshtein from 'damerau-levenshtein';
import { pinyin } from 'pinyin-pro';
import type { DB } from '../../db/open.ts';
import { perHandle } from '../../access/per-store.ts';
import { normalizeSchoolName, PROVINCE_NAMES, SCHOOL_ALIASES } from '../../data/normalize.ts';
import { AMBIGUOUS_ALIASES, CHAT_ALIASES, ENGLISH_NAMES, WORD_COLLISIONS } from './university-aliases.ts';
import { englishIndex, englishKey, englishSpans } from './english-names.ts';

export interface UniversityMention {
  /** as typed */
  written: string;
  /** what to pass to a tool: the written form when the data resolves it, else the official name */
  name: string;
  /** the official name (null: unknown or ambiguous) */
  official: string | null;
  how: 'data' | 'nickname' | 'typo' | 'unknown' | 'ambiguous';
  /** official names a shared short name may mean (how = 'ambiguous') */
  candidates: string[];
  start: number;
  end: number;
  /** how = 'unknown': the real names nearest to what was written (filled by the reader) */
  nearest?: string[];
}

interface Entry {
  official: string | null;
  /** the data itself resolves the written form (official name, published alias, curated SCHOOL_ALIASES) */
  data: boolean;
  candidates: string[];
}

interface Index {
  forms: Map<string, Entry>;
  maxLen: number;
  /** official names by length, for the one-character typo check */
  byLength: Map<number, string[]>;
  /** where each university is */
  provinceOf: Map<string, string>;
  /** each official name's place in the ranking order (best first) */
  order: Map<string, number>;
  /** city names without 市 */
  cities: Set<string>;
  /** English names (curated, then generated from the Chinese ones) → the official names they may mean */
  english: Map<string, string[]>;
}

/** A kind of university's full suffix → the short forms people write (河南师范大学 → 河南师大). */
const SHORT_KINDS: Array<[string, string[]]> = [
  ['师范大学', ['师大', '师范']],
  ['理工大学', ['理工', '理工大']],
  ['工业大学', ['工大', '工业大']],
  ['农业大学', ['农大']],
  ['医科大学', ['医大', '医科大']],
  ['财经大学', ['财大', '财经']],
  ['科技大学', ['科大', '科技大']],
  ['交通大学', ['交大']],
  ['政法大学', ['政法']],
  ['外国语大学', ['外大', '外国语']],
  ['石油大学', ['石大']],
  ['中医药大学', ['中医大', '中医药']],
  ['电子科技大学', ['电子科大']],
];

const ENGLISH_SORTED = Object.entries(ENGLISH_NAMES).sort((a, b) => b[0].length - a[0].length);
const CLEAN_ALIAS = /^[\u4e00-\u9fff（）()]+$/;

const indexOf = perHandle((db: DB): Index => {
  const forms = new Map<string, Entry>();
  const officialByKey = new Map<string, string>();
  const rows = db.prepare('SELECT id, name, name_key, province FROM universities').all() as Array<{ id: number; name: string; name_key: string; province: string }>;
  const nameById = new Map<number, string>();
  for (const r of rows) {
    nameById.set(r.id, r.name);
    officialByKey.set(r.name_key, r.name);
    forms.set(r.name, { official: r.name, data: true, candidates: [] });
  }
  const aliases = db
    .prepare("SELECT alias, university_id FROM university_aliases WHERE kind IN ('alias', 'campus', 'renamed')")
    .all() as Array<{ alias: string; university_id: number }>;
  for (const a of aliases) {
    const official = nameById.get(a.university_id);
    if (!official || !CLEAN_ALIAS.test(a.alias) || forms.has(a.alias)) continue;
    forms.set(a.alias, { official, data: true, candidates: [] });
  }
  const resolve = (name: string): string | null => officialByKey.get(normalizeSchoolName(name)) ?? (forms.get(name)?.official ?? null);
  for (const [alias, target] of Object.entries(SCHOOL_ALIASES)) {
    const official = resolve(target);
    if (official && !forms.has(alias)) forms.set(alias, { official, data: true, candidates: [] });
  }
  for (const [alias, target] of Object.entries(CHAT_ALIASES)) {
    const official = resolve(target);
    if (official && !forms.has(alias)) forms.set(alias, { official, data: false, candidates: [] });
  }
  for (const [alias, targets] of Object.entries(AMBIGUOUS_ALIASES)) {
    const candidates = targets.map(resolve).filter((n): n is string => n !== null);
    if (candidates.length > 1) forms.set(alias, { official: null, data: false, candidates });
  }
  // 河南师大, 河南理工, 华中农大: the short forms people make of a kind of university; a form several universities
  // would share is offered as candidates, one no other name claims is read as that university
  const shortForms = new Map<string, string[]>();
  for (const r of rows) {
    for (const [suffix, shorts] of SHORT_KINDS) {
      if (!r.name.endsWith(suffix) || r.name.length - suffix.length < 2) continue;
      const head = r.name.slice(0, r.name.length - suffix.length);
      for (const short of shorts) shortForms.set(head + short, [...(shortForms.get(head + short) ?? []), r.name]);
    }
  }
  for (const [form, names] of shortForms) {
    if (forms.has(form)) continue;
    forms.set(form, names.length > 1 ? { official: null, data: false, candidates: names } : { official: names[0]!, data: false, candidates: [] });
  }
  // 中国地质大学（武汉）: also typed 中国地质大学武汉 / 中国地质大学(武汉); the bare parent name is ambiguous when
  // several campuses share it and no university has it as its own name.
  const parents = new Map<string, string[]>();
  for (const r of rows) {
    const campus = /^(.+)（(.+)）$/.exec(r.name);
    if (!campus) continue;
    for (const form of [`${campus[1]}${campus[2]}`, `${campus[1]}(${campus[2]})`]) if (!forms.has(form)) forms.set(form, { official: r.name, data: false, candidates: [] });
    parents.set(campus[1]!, [...(parents.get(campus[1]!) ?? []), r.name]);
  }
  for (const [parent, names] of parents) {
    if (forms.has(parent)) continue;
    forms.set(parent, names.length > 1 ? { official: null, data: false, candidates: names } : { official: names[0]!, data: false, candidates: [] });
  }
  const byLength = new Map<number, string[]>();
  // best-ranked first, so a typo near several names reads as the best-known one
  const ranked = db.prepare('SELECT name FROM universities ORDER BY ranking IS NULL, ranking, id').pluck().all() as string[];
  for (const name of ranked) {
    const list = byLength.get(name.length) ?? [];
    list.push(name);
    byLength.set(name.length, list);
  }
  const cities = new Set<string>();
  for (const c of db.prepare('SELECT DISTINCT city FROM universities WHERE city IS NOT NULL').pluck().all() as string[]) {
    const short = c.replace(/(市|地区|自治州|盟)$/, '');
    if (short.length >= 2 && !PROVINCE_NAMES.includes(short)) cities.add(short);
  }
  const english = englishIndex(ranked);
  for (const [written, chinese] of Object.entries(ENGLISH_NAMES)) english.set(englishKey(written), [chinese]);
  return { forms, maxLen: Math.max(...[...forms.keys()].map((k) => k.length)), byLength, cities, english, order: new Map(ranked.map((n, i) => [n, i])), provinceOf: new Map(rows.map((r) => [r.name, r.province])) };
});

/**
 * A shared short name read from its context: 「郑大和河大哪个排名高」 — of 河南大学 and 河北大学 only one is in the province
 * of the other university named (or a province the question names), so that one is meant. Others stay ambiguous.
 */
export function resolveByPlace(mentions: UniversityMention[], provinces: string[], db: DB | null): void {
  if (!db || !mentions.some((u) => u.how === 'ambiguous')) return;
  const index = indexOf(db);
  const places = new Set([...provinces, ...mentions.map((u) => (u.official ? index.provinceOf.get(u.official) : undefined)).filter((p): p is string => !!p)]);
  for (const u of mentions) {
    if (u.how !== 'ambiguous') continue;
    const near = u.candidates.filter((c) => places.has(index.provinceOf.get(c) ?? ''));
    if (near.length === 1) Object.assign(u, { name: near[0]!, official: near[0]!, how: 'nickname', candidates: [] });
  }
}

/** A city of the university list named in the text (成都, 苏州), not a province name; null when none. */
export function findCity(text: string, db: DB | null): string | null {
  if (!db) return null;
  const { cities } = indexOf(db);
  // substrings of the text looked up in the set (a few hundred lookups) instead of every city searched in the text
  for (let i = 0; i < text.length; i++) {
    for (let len = Math.min(6, text.length - i); len >= 2; len--) if (cities.has(text.slice(i, i + len))) return text.slice(i, i + len);
  }
  return null;
}

/**
 * Official names one edit away from `written` — a substitution, insertion, deletion or transposition of adjacent
 * characters (Damerau–Levenshtein, the damerau-levenshtein package) — or, for names of six characters and more, two
 * characters swapped anywhere (北京航天航空大学 → 北京航空航天大学: the same characters, two places exchanged).
 */
function oneEditAway(written: string, index: Index): string[] {
  const out: string[] = [];
  for (const len of [written.length - 1, written.length, written.length + 1]) {
    for (const name of index.byLength.get(len) ?? []) if (closeName(written, name)) out.push(name);
  }
  return out.sort((a, b) => index.order.get(a)! - index.order.get(b)!);
}

const sameLetters = (a: string, b: string) => [...a].sort().join('') === [...b].sort().join('');

function closeName(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1 || a[a.length - 1] !== b[b.length - 1]) return false;
  const { steps } = damerauLevenshtein(a, b);
  if (steps === 2) return a.length >= 6 && sameLetters(a, b);
  if (steps !== 1) return false;
  // one character replaced: a typing slip is a character of the same sound (郑洲 → 郑州, 青华 → 清华: the pinyin
  // input method offers both); a different word (长江 for 浙江, 清北 for 清华) is another name, not a typo
  if (a.length !== b.length || sameLetters(a, b)) return true;
  const i = [...a].findIndex((ch, k) => ch !== b[k]);
  const other = sounds(b[i]!);
  return sounds(a[i]!).some((x) => other.includes(x));
}

/**
 * Every reading of a character (厦 is xia and sha) in the "fuzzy pinyin" pinyin input methods offer, since their
 * users type that way: zh/ch/sh as z/c/s, -ng as -n (冰 bing ~ 滨 bin), l as n.
 */
function sounds(ch: string): string[] {
  const all = pinyin(ch, { toneType: 'none', multiple: true, type: 'array' });
  return all.map((p) => p.replace(/^([zcs])h/, '$1').replace(/ng$/, 'n').replace(/^l/, 'n'));
}

/** The real names nearest to a name that matches none (two edits at most, best-ranked first), for "did you mean". */
export function nearestNames(written: string, db: DB | null, n = 3): string[] {
  if (!db || written.length < 4) return [];
  const index = indexOf(db);
  const scored: Array<[string, number]> = [];
  for (const len of [written.length - 2, written.length - 1, written.length, written.length + 1, written.length + 2]) {
    for (const name of index.byLength.get(len) ?? []) {
      const { steps } = damerauLevenshtein(written, name);
      if (steps <= 2 && steps < written.length / 2) scored.push([name, steps]);
    }
  }
  return scored.sort((a, b) => a[1] - b[1] || index.order.get(a[0])! - index.order.get(b[0])!).slice(0, n).map(([name]) => name);
}

// Characters that cannot be part of a school (or major) name: they end the backward scan from 大学 / 学院 / 专业.
export const NOT_IN_NAME = new Set('的了吗呢吧啊和与或及在是有无哪些什么怎么样多少能可以考上读报去到从把被给对为我你他她它这那个所家请帮查看问说找搜介绍关于想要一下再换成改还比跟同年省市啥好几些类型'.split(''));
const GENERIC_KIND = /^(师范|理工|财经|医科|医学|医药|农业|林业|政法|艺术|体育|民族|外语|语言|综合|重点|名牌|普通|公办|民办|本科|专科|职业|一本|二本|双一流)+$/;
const SCHOOL_SUFFIX = /(大学|学院|学校|职业技术学院|高等专科学校)/g;

/** The short form at [i, i+len) is followed (within four name characters) by 大学 and the whole name is not one the list has. */
function insideLongerName(text: string, i: number, len: number, forms: Map<string, unknown>): boolean {
  const tail = /^([\u4e00-\u9fff]{1,4}?)大学/.exec(text.slice(i + len));
  if (!tail || [...tail[1]!].some((ch) => NOT_IN_NAME.has(ch))) return false;
  let start = i;
  while (start > 0 && /[\u4e00-\u9fff]/.test(text[start - 1]!) && !NOT_IN_NAME.has(text[start - 1]!) && i - start < 4) start--;
  const end = i + len + tail[0].length;
  for (let s = start; s <= i; s++) if (forms.has(text.slice(s, end))) return false;
  return true;
}

/** University mentions in text order. `db` null: only unknown "…大学" spans (no data to resolve against). */
export function findUniversities(text: string, db: DB | null): UniversityMention[] {
  const found: UniversityMention[] = [];
  const covered = new Uint8Array(text.length);
  if (db) {
    const index = indexOf(db);
    for (let i = 0; i < text.length; i++) {
      for (let len = Math.min(index.maxLen, text.length - i); len >= 2; len--) {
        const form = text.slice(i, i + len);
        const e = index.forms.get(form);
        if (!e) continue;
        const collision = WORD_COLLISIONS[form];
        if (collision && collision.test(text.slice(i + len))) continue;
        // a short alias inside a longer unknown school name (东南 in 东南大学城, 北大 in 清北大学) is not a mention
        if (len <= 3 && !e.data && /^(大学|学院)/.test(text.slice(i + len))) continue;
        if (len <= 3 && form.endsWith('大') && text[i + len] === '学' && !/^学(科|生|霸|期|年|费|位|院|部|姐|长)/.test(text.slice(i + len))) continue;
        // 南大 in 河南大学生, 东大 in 广东大…: a short alias whose first character ends a province name
        if (len <= 3 && i > 0 && PROVINCE_NAMES.includes(text[i - 1]! + form[0]!)) continue;
        // 北交 in 华北交通大学, 北京理工 in 北京理工科技大学, 复旦 in 上海复旦理工大学: a short form inside a longer
        // 「…大学」 name that the list does not have is part of that (unknown) name, never a mention of its own
        if (len <= 4 && insideLongerName(text, i, len, index.forms)) continue;
        const how = e.candidates.length ? 'ambiguous' : e.data ? 'data' : 'nickname';
        found.push({ written: form, name: how === 'data' ? form : (e.official ?? form), official: e.official, how, candidates: e.candidates, start: i, end: i + len });
        covered.fill(1, i, i + len);
        i += len - 1;
        break;
      }
    }
  }
  if (db && /[A-Za-z]{3}/.test(text)) {
    const { english } = indexOf(db);
    // short forms without "University" (Tsinghua, PKU, SJTU): whole words of the curated list
    const lower = text.toLowerCase();
    for (const [written, chinese] of ENGLISH_SORTED) {
      if (/\buniversit|\binstitute|\bcollege/.test(written)) continue;
      const at = lower.search(new RegExp(`\\b${written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
      if (at < 0 || covered.subarray(at, at + written.length).some((c) => c)) continue;
      found.push({ written: text.slice(at, at + written.length), name: chinese, official: chinese, how: 'nickname', candidates: [], start: at, end: at + written.length });
      covered.fill(1, at, at + written.length);
    }
    // full names, longest span first: "Beijing University of Posts and Telecommunications" before "Beijing University"
    for (const span of englishSpans(text)) {
      const hit = english.get(span.key);
      if (!hit || covered.subarray(span.start, span.end).some((c) => c)) continue;
      // "Nanjing University of Science and Technology" the index does not know is not "Nanjing University": a name
      // that goes on (of + a capitalised word) is another university, said as not in the data below
      if (/^\s+(?:of|for)\s+[A-Z]/.test(text.slice(span.end))) continue;
      const written = text.slice(span.start, span.end);
      found.push(
        hit.length === 1
          ? { written, name: hit[0]!, official: hit[0]!, how: 'nickname', candidates: [], start: span.start, end: span.end }
          : { written, name: written, official: null, how: 'ambiguous', candidates: hit, start: span.start, end: span.end },
      );
      covered.fill(1, span.start, span.end);
    }
  }
  // "Springfield University": an English name the list does not know is kept as written (not in the data)
  for (const e of text.matchAll(/\b((?:[A-Z][a-z]+\s+){1,4}University|University\s+of\s+(?:[A-Z][a-z]+\s*){1,3})\b/g)) {
    // 「Is Beijing University …」: the words of the sentence before the name are not part of it
    const lead = /^(?:(?:Is|Are|Was|Does|Do|Did|Can|Could|What|Which|Where|When|How|Tell|About|The|And|Or|For|At|In|To|Of|Me|My|Please|Show|Give|Find|List|Compare|Between|With|From|Into|Get|Got)\s+)+/.exec(e[1]!)?.[0] ?? '';
    const name = e[1]!.slice(lead.length).trim();
    const at = e.index + lead.length;
    if (!/\s/.test(name) && !/^University/.test(name)) continue;
    if (covered.subarray(at, at + name.length).some((c) => c)) continue;
    found.push({ written: name, name, official: null, how: 'unknown', candidates: [], start: at, end: at + name.length });
    covered.fill(1, at, at + name.length);
  }
  // "Oxford's admission score": universities abroad are known by one word; none is in the data (said, never guessed)
  for (const e of text.matchAll(/\b(Oxford|Cambridge|Harvard|Stanford|Yale|Princeton|MIT|Caltech|Columbia|Cornell)\b/g)) {
    if (covered.subarray(e.index, e.index + e[0].length).some((c) => c)) continue;
    found.push({ written: e[0], name: e[0], official: null, how: 'unknown', candidates: [], start: e.index, end: e.index + e[0].length });
    covered.fill(1, e.index, e.index + e[0].length);
  }
  for (const m of text.matchAll(SCHOOL_SUFFIX)) {
    const end = m.index + m[0].length;
    if (covered[m.index]) continue;
    let start = m.index;
    while (start > 0 && /[\u4e00-\u9fff（）()]/.test(text[start - 1]!) && !NOT_IN_NAME.has(text[start - 1]!) && !covered[start - 1]) start--;
    // 上海… / 山西…: a province name whose first character is also a stop character (上 of 考上) stays in the name
    if (start > 0 && !covered[start - 1] && PROVINCE_NAMES.includes(text[start - 1]! + text[start]!)) start--;
    if (m.index - start < 2) continue;
    const written = text.slice(start, end);
    // 师范大学 / 理工类院校 in 「江苏有啥师范大学」 is a kind of university, not a name
    if (GENERIC_KIND.test(text.slice(start, m.index))) continue;
    // 广东大学生 is students in Guangdong, not a 广东大学
    if (m[0] === '大学' && text[end] === '生') continue;
    const typo = db ? oneEditAway(written, indexOf(db)) : [];
    // several names one character away (青华大学: 清华大学, 青海大学): the best-ranked is read, the others named
    const mention: UniversityMention = typo.length
      ? { written, name: typo[0]!, official: typo[0]!, how: 'typo', candidates: typo.slice(1), start, end }
      : { written, name: written, official: null, how: 'unknown', candidates: [], start, end };
    found.push(mention);
    covered.fill(1, start, end);
  }
  return found.sort((a, b) => a.start - b.start);
}
