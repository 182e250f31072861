// What a message mentions, read once per message: provinces in every written form, years, scores and score
// ranges, ranks, subject types, batches, dates and times of birth with sex, quoted text, seeds, ordinals. The
// understanding (understand/reading.ts) finds universities and majors against the data, blanks the university
// names out before calling this (so 河南大学 does not name the province 河南) and fills those two lists; the
// extractor maps all of it onto a tool's input fields by field name.
import { PROVINCES } from '../data/normalize.ts';
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

// Longest first; pinyin forms match as whole words only (precompiled: this runs on every message).
const PROVINCE_FORMS: Array<[string, string, RegExp | null]> = PROVINCES.flatMap((p) => [
  [p.full, p.name, null],
  [`${p.name}省`, p.name, null],
  [p.name, p.name, null],
  [p.pinyin, p.name, new RegExp(`\\b${p.pinyin}\\b`, 'ig')],
] as Array<[string, string, RegExp | null]>).sort((a, b) => b[0].length - a[0].length);

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

/** Every batch a text names, in the order of the list (河南一本线和二本线 → 本科一批, 本科二批). */
export function batchesIn(text: string): string[] {
  return BATCHES.filter(([re]) => re.test(text)).map(([, b]) => b);
}

/** Characters of a message read for arguments: a request is short; a pasted document must not cost seconds. */
export const MENTION_CHARS = 2000;

/** Reads everything a tool argument could come from, except universities and majors (left empty for the caller). */
export function readMentions(text: string): Mentions {
  const t = text.slice(0, MENTION_CHARS).normalize('NFKC');
  const quoted = [...t.matchAll(/[“"「『']([^”"」』']{1,50})[”"」』']/g)].map((m) => m[1]!.trim()).filter(Boolean);
  const rest = t;

  // in the order written: the first province is the candidate's (浙江600分 想去上海读书)
  const found: Array<[number, string]> = [];
  let scan = rest;
  for (const [form, name, word] of PROVINCE_FORMS) {
    let at: number;
    if (word) {
      word.lastIndex = 0;
      at = scan.search(word);
      if (at < 0) continue;
      word.lastIndex = 0;
      scan = scan.replace(word, (w) => '□'.repeat(w.length));
    } else {
      at = scan.indexOf(form);
      if (at < 0) continue;
      scan = scan.split(form).join('□'.repeat(form.length));
    }
    if (!found.some(([, n]) => n === name)) found.push([at, name]);
  }
  const provinces = found.sort((a, b) => a[0] - b[0]).map(([, n]) => n);

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
  // "the top 5,000 of the Hunan history track", "ranked 15000 in Henan": a rank said in English
  const rankEn = /\b(?:top|rank(?:ed)?|ranking)\s+(?:of\s+|at\s+|about\s+|around\s+|#\s*|no\.?\s*)?(\d{1,3}(?:,\d{3})+|\d{3,7})(?![\d,])(?!\s*(?:universit|college|school|major|points?\b))/i.exec(withoutYears);
  const rank = rankMatch ? Number(rankMatch[1] ?? rankMatch[2]) : rankEn ? Number(rankEn[1]!.replace(/,/g, '')) : null;

  const subjectType = SUBJECTS.find(([re]) => re.test(rest))?.[1] ?? null;
  const batches = batchesIn(rest);
  const batch = batches[0] ?? null;
  const level = /985/.test(withoutYears) ? '985' : /211/.test(withoutYears) ? '211' : /双一流/.test(t) ? '双一流' : null;
  const grade = /(?<![A-Za-z])([ABC][+\-＋－])(?![A-Za-z])/.exec(t)?.[1]?.replace('＋', '+').replace('－', '-') ?? null;
  const id = /(?<!\d)(\d{10})(?!\d)/.exec(t);

  const sex = /女孩|女生|女命|女性|女儿|老婆|妻子|媳妇|太太|女朋友|女友|妈妈|母亲|闺女|(?<![男])女(?![生儿])|\bfemale\b|\bgirl\b/i.test(t) ? 'f' : /男孩|男生|男命|男性|儿子|老公|丈夫|先生|男朋友|男友|爸爸|父亲|男|\bmale\b|\bboy\b/i.test(t) ? 'm' : null;
  const lon = /(?:经度|东经|longitude)\s*[:：]?\s*(-?\d{1,3}(?:\.\d+)?)/i.exec(t);
  // an ASCII seed ends where the Chinese resumes (种子hello起一卦 → hello)
  // 种子写 上岸 / 种子用 2027 / 种子：面试 / 种子就用“上岸”: the connector words are not the seed
  const seed = /(?:种子|seed|数字|号码)\s*(?:就用|就写|用的是|写的是|为|是|用|写|取|叫|=|:|：)?\s*["“「]?([A-Za-z0-9_\-]{1,50}|[\u4e00-\u9fff]{1,50}?)(?=["”」]|\s|$|[，,。！!？?]|起|给|帮|来|算|占|本卦|变卦)/i.exec(t)?.[1] ?? null;
  const ord = /第\s*([一二两三四五六七八九十\d]{1,3})\s*(?:所|个|条|家|项|行|名)/.exec(t);
  const ordinal = ord ? chineseNumber(ord[1]!) : null;
  const dateMatch = /(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})/.exec(t);
  const date = dateMatch ? `${dateMatch[1]}-${dateMatch[2]!.padStart(2, '0')}-${dateMatch[3]!.padStart(2, '0')}` : null;

  return {
    text: t,
    universities: [],
    majors: [],
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
