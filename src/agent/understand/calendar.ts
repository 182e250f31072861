// Dates in a message that depend on the calendar: 今年 / 去年 / 前年 / 明年 by the date in China (Asia/Shanghai,
// whatever the server's zone), and lunar birth dates (2005年农历八月十五, 阴历闰二月初一) converted to the
// Gregorian date the chart tool takes, with tyme4ts (the calendar library the four-pillar engine uses).
import { LunarDay } from 'tyme4ts';

/** The year in China now. */
export function chinaYear(now: Date = new Date()): number {
  return Number(CHINA_YEAR.format(now));
}

// made once: building a formatter costs about a millisecond, more than the rest of a reading
const CHINA_YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' });

const RELATIVE: Array<[RegExp, number]> = [
  [/大前年/, -3],
  [/前年/, -2],
  [/去年|上一年|上年/, -1],
  [/今年|本年|this year/i, 0],
  [/明年|next year/i, 1],
];

/** Years named relative to now (今年 → this year in China), in text order. */
export function relativeYears(text: string, now: Date = new Date()): number[] {
  if (!/年|year/i.test(text)) return [];
  const base = chinaYear(now);
  const hits: Array<[number, number]> = [];
  let t = text;
  for (const [re, delta] of RELATIVE) {
    const m = re.exec(t);
    if (!m) continue;
    hits.push([m.index, base + delta]);
    t = t.slice(0, m.index) + '□'.repeat(m[0].length) + t.slice(m.index + m[0].length);
  }
  return hits.sort((a, b) => a[0] - b[0]).map(([, y]) => y);
}

const MONTHS: Record<string, number> = { 正: 1, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 冬: 11, 十一: 11, 腊: 12, 十二: 12 };
const DAY_DIGITS = '一二三四五六七八九十';

function lunarDayNumber(s: string): number {
  if (/^\d{1,2}$/.test(s)) return Number(s);
  if (s.startsWith('初')) return s === '初十' ? 10 : DAY_DIGITS.indexOf(s[1]!) + 1;
  if (s === '二十') return 20;
  if (s === '三十') return 30;
  if (s.startsWith('廿')) return 20 + DAY_DIGITS.indexOf(s[1]!) + 1;
  if (s.startsWith('十')) return s === '十' ? 10 : 10 + DAY_DIGITS.indexOf(s[1]!) + 1;
  return Number.NaN;
}

export interface LunarBirth {
  /** the lunar date as written, for the answer to restate */
  lunar: string;
  year: number;
  month: number;
  day: number;
  /** the text with the lunar date replaced by the Gregorian one (so time and sex are read as usual) */
  text: string;
}

const LUNAR = /(\d{4})\s*年?\s*(?:农历|阴历|旧历)\s*(闰)?\s*(正|十一|十二|冬|腊|[一二三四五六七八九十]|\d{1,2})\s*月\s*(初[一二三四五六七八九十]|廿[一二三四五六七八九]|三十|二十|十[一二三四五六七八九]?|[一二三四五六七八九]|\d{1,2})\s*[日号]?|(?:农历|阴历|旧历)\s*(\d{4})\s*年\s*(闰)?\s*(正|十一|十二|冬|腊|[一二三四五六七八九十]|\d{1,2})\s*月\s*(初[一二三四五六七八九十]|廿[一二三四五六七八九]|三十|二十|十[一二三四五六七八九]?|[一二三四五六七八九]|\d{1,2})\s*[日号]?/;

// 2007年正月初一: a month or day only the lunar calendar names (正月, 腊月, 冬月, 初一, 廿三) needs no 农历
const LUNAR_NAMED = /(\d{4})\s*年\s*(闰)?\s*(正|冬|腊|十一|十二|[一二三四五六七八九十])\s*月\s*(初[一二三四五六七八九十]|廿[一二三四五六七八九]|三十|二十|十[一二三四五六七八九]?)/;

/** A lunar birth date converted to the Gregorian calendar; null when there is none or it does not exist. */
export function lunarBirth(text: string): LunarBirth | null {
  const named = LUNAR_NAMED.exec(text);
  const m = LUNAR.exec(text) ?? (named && /^(正|冬|腊)$/.test(named[3]!) || (named && /^(初|廿)/.test(named[4]!)) ? named : null);
  if (!m) return null;
  const year = Number(m[1] ?? m[5]);
  const leap = Boolean(m[2] ?? m[6]);
  const monthText = (m[3] ?? m[7])!;
  const month = /^\d+$/.test(monthText) ? Number(monthText) : MONTHS[monthText]!;
  const day = lunarDayNumber((m[4] ?? m[8])!);
  if (!month || !Number.isFinite(day)) return null;
  let solar;
  try {
    solar = LunarDay.fromYmd(year, leap ? -month : month, day).getSolarDay();
  } catch {
    return null;
  }
  const g = { year: solar.getYear(), month: solar.getMonth(), day: solar.getDay() };
  return { lunar: m[0].trim(), ...g, text: text.replace(m[0], `${g.year}年${g.month}月${g.day}日`) };
}
