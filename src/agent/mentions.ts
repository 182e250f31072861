// What a message mentions, read once per message: provinces in every written form, years, scores and score
// ranges, ranks, subject types, batches, university names (official, short names like 北大 / 哈工大 / 上海交大, and
// unknown "…大学" names kept as written so the tool can say they are not in the data), major names, dates and
// times of birth with sex, quoted text. The extractor maps these onto a tool's input fields by field name.
import type { DB } from '../db/open.ts';
import { matchSchoolName } from '../data/names.ts';
import { PROVINCES, SCHOOL_ALIASES } from '../data/normalize.ts';
import { perHandle } from '../access/per-store.ts';
import { chineseNumber } from './text.ts';

export interface BirthMoment {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
}

export interface Mentions {
  text: string;
  universities: string[];
  majors: string[];
  provinces: string[];
  years: number[];
  scores: number[];
  scoreRange: [number, number] | null;
  rank: number | null;
  subjectType: string | null;
  batch: string | null;
  level: string | null;
  grade: string | null;
  universityId: number | null;
  quoted: string[];
  birth: BirthMoment | null;
  sex: 'm' | 'f' | null;
  longitude: number | null;
  seed: string | null;
  ordinal: number | null;
  date: string | null;
  /** "前 20": a best-N bound */
  topN: number | null;
}

// Characters that cannot be part of a school name: they end the backward scan from "大学" / "学院".
const NOT_IN_NAME = new Set('的了吗呢吧啊和与或及在是有无哪些什么怎么样多少能可以考上读报去到从把被给对为我你他她它这那个所家请帮查看问说找搜介绍关于想要一下再换成改还比跟同'.split(''));
const SCHOOL_SUFFIX = /(大学|学院|学校|职业技术学院|高等专科学校)/g;
const ALIASES = Object.keys(SCHOOL_ALIASES).sort((a, b) => b.length - a.length);

// Longest first; pinyin forms match as whole words only (precompiled: this runs on every message).
const PROVINCE_FORMS: Array<[string, string, RegExp | null]> = PROVINCES.flatMap((p) => [
  [p.full, p.name, null],
  [`${p.name}省`, p.name, null],
  [p.name, p.name, null],
  [p.pinyin, p.name, new RegExp(`\\b${p.pinyin}\\b`, 'ig')],
] as Array<[string, string, RegExp | null]>).sort((a, b) => b[0].length - a[0].length);

const majorNames = perHandle((db: DB) => {
  const names = db.prepare('SELECT DISTINCT name FROM majors').pluck().all() as string[];
  let disciplines: string[] = [];
  try {
    disciplines = db.prepare('SELECT DISTINCT discipline_name FROM discipline_evaluations').pluck().all() as string[];
  } catch {
    // an older data database without evaluations: majors alone
  }
  return [...new Set([...names, ...disciplines])].filter((n) => n.length >= 2).sort((a, b) => b.length - a.length);
});

function schoolNames(text: string, db: DB | null): { names: string[]; rest: string } {
  const names: string[] = [];
  let rest = text;
  for (const m of text.matchAll(SCHOOL_SUFFIX)) {
    const end = m.index + m[0].length;
    let start = m.index;
    while (start > 0 && /[\u4e00-\u9fff()（）]/.test(text[start - 1]!) && !NOT_IN_NAME.has(text[start - 1]!)) start--;
    // Prefer the longest suffix the data knows exactly ("介绍一下北京大学" → 北京大学), else the name as written.
    let chosen: string | null = null;
    if (db) {
      for (let s = Math.max(0, m.index - 12); s <= m.index - 1 && !chosen; s++) {
        const candidate = text.slice(s, end);
        if (!/^[\u4e00-\u9fff()（）]+$/.test(candidate)) continue;
        const match = matchSchoolName(db, candidate);
        if (match.exact && match.universityIds.length) chosen = candidate;
      }
    }
    if (!chosen && m.index - start >= 2) chosen = text.slice(start, end);
    if (chosen && !names.includes(chosen)) names.push(chosen);
  }
  for (const alias of ALIASES) {
    if (rest.includes(alias) && !names.some((n) => n.includes(alias))) names.push(alias);
  }
  for (const n of names) rest = rest.split(n).join('□');
  return { names, rest };
}

function birthMoment(text: string): BirthMoment | null {
  const d = /(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})\s*[日号]?/.exec(text);
  if (!d) return null;
  const moment: BirthMoment = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]) };
  const after = text.slice(d.index + d[0].length);
  const clock = /(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|半夜)?\s*(\d{1,2})\s*(?:[:：]\s*(\d{1,2})|[点时]\s*(?:(\d{1,2})\s*分?|(半))?)/.exec(after);
  if (clock) {
    let hour = Number(clock[2]);
    const minute = clock[3] ? Number(clock[3]) : clock[4] ? Number(clock[4]) : clock[5] ? 30 : 0;
    const part = clock[1] ?? /(下午|晚上|傍晚|夜里)/.exec(text)?.[1];
    if (part && /下午|傍晚|晚上|夜里/.test(part) && hour < 12) hour += 12;
    if (part === '中午' && hour < 6) hour += 12;
    moment.hour = hour;
    moment.minute = minute;
  }
  return moment;
}

const SUBJECTS: Array<[RegExp, string]> = [
  [/物理类|物理方向|选物理|理科|物理/, '物理'],
  [/历史类|历史方向|选历史|文科|历史/, '历史'],
  [/综合改革|不分文理|3\+3|综合/, '综合'],
  [/艺术类|艺术/, '艺术'],
  [/体育类|体育/, '体育'],
];

const BATCHES: Array<[RegExp, string]> = [
  [/本科一批|一本|本一|一批/, '本科一批'],
  [/本科二批|二本|本二|二批/, '本科二批'],
  [/本科三批|三本|本三/, '本科三批'],
  [/本科提前批|提前批/, '提前批'],
  [/特殊类型|特控线|特殊招生/, '特殊类型'],
  [/专科批|高职专科|专科线|大专/, '专科'],
  [/本科批/, '本科批'],
];

/** Reads everything a tool argument could come from. `db` resolves university and major names (null: offline). */
/** Characters of a message read for arguments: a request is short; a pasted document must not cost seconds. */
export const MENTION_CHARS = 2000;

export function readMentions(text: string, db: DB | null): Mentions {
  const t = text.slice(0, MENTION_CHARS).normalize('NFKC');
  const quoted = [...t.matchAll(/[“"「『']([^”"」』']{1,50})[”"」』']/g)].map((m) => m[1]!.trim()).filter(Boolean);
  const { names: universities, rest } = schoolNames(t, db);

  const provinces: string[] = [];
  let scan = rest;
  for (const [form, name, word] of PROVINCE_FORMS) {
    if (word) {
      word.lastIndex = 0;
      if (!word.test(scan)) continue;
      word.lastIndex = 0;
      scan = scan.replace(word, '□');
    } else if (scan.includes(form)) scan = scan.split(form).join('□');
    else continue;
    if (!provinces.includes(name)) provinces.push(name);
  }

  const birth = birthMoment(t);
  const noDates = birth ? t.replace(/(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})/, '') : t;
  const years = [...noDates.matchAll(/(?<!\d)(20\d{2}|19\d{2})(?!\d)\s*(?:年|届)?/g)].map((m) => Number(m[1]));
  const withoutYears = noDates.replace(/(?<!\d)(?:20|19)\d{2}(?!\d)/g, ' ');

  let scoreRange: [number, number] | null = null;
  const range = /(?<![\d.])(\d{3})\s*分?\s*(?:到|至|-|–|—|~|～)\s*(\d{3})(?!\d)/.exec(withoutYears);
  if (range) {
    const a = Number(range[1]);
    const b = Number(range[2]);
    scoreRange = [Math.min(a, b), Math.max(a, b)];
  }
  const scores = scoreRange
    ? []
    : [...withoutYears.matchAll(/(?:考了|估分|总分|成绩|分数)?\s*(?<![\d.])(\d{3}(?:\.5)?)(?![\d.])\s*(分|多分)?/g)]
        .filter((m) => m[2] || /考了|估分|总分|成绩|分数/.test(m[0]))
        .map((m) => Number(m[1]))
        .filter((n) => n > 0 && n <= 900);
  if (!scores.length && !scoreRange) {
    // "物理类 580": a bare three-digit number that is not a level (985/211) nor a count (名/位/人/所/个)
    for (const m of withoutYears.matchAll(/(?<![\d.])(\d{3})(?![\d.])\s*(名|位|人|所|个|条|分钟)?/g)) {
      if (!m[2] && m[1] !== '985' && m[1] !== '211' && Number(m[1]) >= 100 && Number(m[1]) <= 900) scores.push(Number(m[1]));
    }
  }

  const rankMatch = /(?:位次|排名|名次|省排|全省第)\s*(?:是|为|在|约|大约)?\s*(\d{1,7})|排\s*(?:在)?\s*第?\s*(\d{1,7})\s*名/.exec(withoutYears);
  const rank = rankMatch ? Number(rankMatch[1] ?? rankMatch[2]) : null;

  const subjectType = SUBJECTS.find(([re]) => re.test(rest))?.[1] ?? null;
  const batch = BATCHES.find(([re]) => re.test(rest))?.[1] ?? null;
  const level = /985/.test(withoutYears) ? '985' : /211/.test(withoutYears) ? '211' : /双一流/.test(t) ? '双一流' : null;
  const grade = /(?<![A-Za-z])([ABC][+\-＋－])(?![A-Za-z])/.exec(t)?.[1]?.replace('＋', '+').replace('－', '-') ?? null;
  const id = /(?<!\d)(\d{10})(?!\d)/.exec(t);

  const majors: string[] = [];
  if (db) {
    for (const name of majorNames(db)) {
      if (rest.includes(name) && !majors.some((m) => m.includes(name))) majors.push(name);
      if (majors.length >= 3) break;
    }
  }
  if (!majors.length && db && /专业|学科|排名|评估|major|discipline/i.test(rest)) {
    // "计算机" for 计算机科学与技术: the longest leading part (3+ characters) of a known name found in the text
    let best = '';
    for (const name of majorNames(db)) {
      for (let len = Math.min(name.length - 1, 8); len >= 3 && len > best.length; len--) {
        if (rest.includes(name.slice(0, len))) {
          best = name.slice(0, len);
          break;
        }
      }
    }
    if (best) majors.push(best);
  }
  if (!majors.length) {
    const m = /([\u4e00-\u9fff]{2,10})专业(?!组)/.exec(rest);
    if (m) {
      // the words right before 专业, after the last character that cannot be part of a major's name
      let s = m[1]!;
      for (let i = s.length - 1; i >= 0; i--) {
        if (NOT_IN_NAME.has(s[i]!)) {
          s = s.slice(i + 1);
          break;
        }
      }
      if (s.length >= 2 && !/院校|学校|大学|学院/.test(s)) majors.push(s);
    }
  }

  const sex = /女孩|女生|女命|女性|女儿|(?<![男])女(?![生儿])|\bfemale\b|\bgirl\b/i.test(t) ? 'f' : /男孩|男生|男命|男性|儿子|男|\bmale\b|\bboy\b/i.test(t) ? 'm' : null;
  const lon = /(?:经度|东经|longitude)\s*[:：]?\s*(-?\d{1,3}(?:\.\d+)?)/i.exec(t);
  // an ASCII seed ends where the Chinese resumes (种子hello起一卦 → hello)
  const seed = /(?:种子|seed)\s*(?:为|是|=|:|：)?\s*["“]?([A-Za-z0-9_\-]{1,50}|[\u4e00-\u9fff]{1,50})/i.exec(t)?.[1] ?? null;
  const ord = /第\s*([一二两三四五六七八九十\d]{1,3})\s*(?:所|个|条|家|项|行|名)/.exec(t);
  const ordinal = ord ? chineseNumber(ord[1]!) : null;
  const dateMatch = /(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})/.exec(t);
  const date = dateMatch ? `${dateMatch[1]}-${dateMatch[2]!.padStart(2, '0')}-${dateMatch[3]!.padStart(2, '0')}` : null;

  return {
    text: t,
    universities,
    majors,
    provinces,
    years,
    scores,
    scoreRange,
    rank,
    subjectType,
    batch,
    level,
    grade,
    universityId: id ? Number(id[1]) : null,
    quoted,
    birth,
    sex,
    longitude: lon ? Number(lon[1]) : null,
    seed,
    ordinal: ordinal !== null && Number.isFinite(ordinal) && ordinal > 0 ? ordinal : null,
    date,
    topN: (() => {
      const top = /前\s*(\d{1,4})\s*(?:名|位|的|所)?|\btop\s*(\d{1,3})\b/i.exec(withoutYears);
      return top ? Number(top[1] ?? top[2]) : null;
    })(),
  };
}
