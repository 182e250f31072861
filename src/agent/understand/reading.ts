// One reading of a piece of a message: everything a plan can be made from. Numbers are normalised first (5万,
// 六百分), a lunar birth date converted, universities and majors found against the data, then the remaining
// text is read for provinces, years, scores, ranks, subject types, batches, dates and the rest by the shared
// mention reader; university names are blanked before that, so 河南大学 does not name the province 河南.
import type { DB } from '../../db/open.ts';
import { PROVINCES } from '../../data/normalize.ts';
import { batchesIn, readMentions, type Mentions } from '../mentions.ts';
import { lunarBirth, relativeYears, type LunarBirth } from './calendar.ts';
import { readConstraints, type Constraints } from './constraints.ts';
import { findHexagram, type HexagramMention } from './hexagrams.ts';
import { findMajors, type MajorMention } from './majors.ts';
import { normalizeNumbers } from './numbers.ts';
import { languageOf, otherAssistantName, refusalOf, type Refusal } from './smalltalk.ts';
import { findCity, findUniversities, nearestNames, resolveByPlace, type UniversityMention } from './universities.ts';

export interface Reading {
  /** the text as typed */
  raw: string;
  /** numbers in digits, lunar date in Gregorian: what the rules read */
  text: string;
  language: 'zh' | 'en';
  universities: UniversityMention[];
  majors: MajorMention[];
  /** the low-level mentions, with universities and majors as resolved here (names to pass to tools) */
  m: Mentions;
  lunar: LunarBirth | null;
  constraints: Constraints;
  /** a city of the university list (成都), for where universities are */
  city: string | null;
  /** 「在火星的录取线」「在香港招多少人」: a place the question asks about that no province or city of the data is */
  unknownPlace: string | null;
  /** every batch named, in the list's order (河南一本线和二本线 → 本科一批, 本科二批) */
  batches: string[];
  /** 「你是chatgpt吗」: another assistant's name the user took this one for */
  otherAssistant: string | null;
  /** a request refused whatever the data says (黑进考试院, 伪造录取通知书, 系统提示词) */
  refusal: Refusal | null;
  /** a hexagram named (乾卦, 地天泰, 第3卦) */
  hexagram: HexagramMention | null;
}

const RANK_WORDS = /位次|排名|名次|省排|排位|全省第|rank/i;

export function readText(raw: string, db: DB | null, now?: Date): Reading {
  let text = normalizeNumbers(raw.slice(0, 2000));
  const lunar = lunarBirth(text);
  if (lunar) text = lunar.text;
  // 「不要抚州医学院的」「除了北大」: a name the question excludes is not what it asks about (nor a typo to read)
  const universities = findUniversities(text, db).filter((u) => !/(?:不要|除了|不含|排除|不算|去掉|不考虑)\s*$/.test(text.slice(Math.max(0, u.start - 5), u.start)));
  // a name that matches none: the real names nearest to it, read now so no later stage looks names up again
  for (const u of universities) if (u.how === 'unknown') u.nearest = nearestNames(u.written, db);
  let blanked = text;
  for (const u of [...universities].sort((a, b) => b.start - a.start)) blanked = `${blanked.slice(0, u.start)}□${blanked.slice(u.end)}`;
  const majors = findMajors(blanked, db);
  const m = readMentions(blanked);
  m.text = text;
  resolveByPlace(universities, m.provinces, db);
  m.universities = universities.filter((u) => u.how !== 'ambiguous').map((u) => u.name);
  m.majors = majors.map((x) => x.name);
  if (!m.batch) m.batch = /tier[- ]?1|first[- ]tier/i.test(blanked) ? '本科一批' : /tier[- ]?2|second[- ]tier/i.test(blanked) ? '本科二批' : null;
  const rel = relativeYears(blanked, now);
  if (rel.length && !m.years.length) m.years = rel;
  // 5万名 / 位次在12000左右: a number of 4+ digits with a rank word, or followed by 名/位, is a rank, never a score
  if (m.rank === null) {
    const bare = blanked.replace(/(?<!\d)(?:19|20)\d{2}(?=\s*年|\s*届)/g, ' ');
    // (a year written without 年, 吉林2026物理类, is the year already read, not a rank)
    const r = [...bare.matchAll(/(?<![\d.])(\d{4,7})(?![\d.])\s*(名|位|左右|上下)?/g)].find((x) => !m.years.includes(Number(x[1])));
    if (r && (r[2] === '名' || r[2] === '位' || RANK_WORDS.test(blanked))) m.rank = Number(r[1]);
  }
  if (m.rank !== null) m.scores = m.scores.filter((s) => s !== m.rank);
  if (!m.subjectType) m.subjectType = /\b(physics|science)\b/i.test(blanked) ? '物理' : /\b(history|liberal arts|arts stream)\b/i.test(blanked) ? '历史' : null;
  const constraints = readConstraints(blanked, m.majors);
  // 想去上海读书: the place to study is a filter, not the candidate's province
  if (constraints.universityProvince && m.provinces.length > 1) m.provinces = m.provinces.filter((p) => p !== constraints.universityProvince);
  if (constraints.subjects && !m.subjectType) m.subjectType = constraints.subjects.family;
  const city = findCity(blanked, db);
  return {
    raw,
    text,
    language: languageOf(raw),
    universities,
    majors,
    m,
    lunar,
    constraints,
    city,
    unknownPlace: unknownPlace(blanked, m.provinces, city),
    batches: batchesIn(text),
    otherAssistant: otherAssistantName(text),
    refusal: refusalOf(text),
    hexagram: findHexagram(text, db),
  };
}

const PLACE_ASKED = /在([\u4e00-\u9fff]{2,4}?)(?:省|市|地区)?的?(?:录取|分数|投档|招生|招|一分一段|位次|本科线|批次线|考生)/;
const NOT_A_PLACE = /^(本省|省内|外省|本地|全国|各省|哪个|哪些|哪里|哪儿|这里|那里|当地|我们|你们|他们|今年|去年|前年|明年|本科|专科)$/;

function unknownPlace(text: string, provinces: string[], city: string | null): string | null {
  const m = PLACE_ASKED.exec(text);
  if (!m) return null;
  const place = m[1]!;
  if (NOT_A_PLACE.test(place) || provinces.some((p) => place.includes(p)) || (city && place.includes(city)) || /□/.test(place)) return null;
  return PROVINCES.some((p) => place.includes(p.name)) ? null : place;
}
