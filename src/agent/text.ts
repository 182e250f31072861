// Text helpers the router and the extractor share: one normalisation of what the user typed, so keywords, numbers
// and names are compared in one form (full-width → half-width, lower case, no spaces).
import { cleanText } from '../data/normalize.ts';

/** NFKC, lower case, without whitespace: the form keywords are matched in. */
export function matchForm(text: string): string {
  return cleanText(text).toLowerCase().replace(/\s+/g, '');
}

const CN_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 1–99 written in Chinese numerals (三, 十二, 二十) or digits; NaN otherwise. */
export function chineseNumber(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  if (s === '十') return 10;
  const m = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(s);
  if (m) return (m[1] ? CN_DIGITS[m[1]]! : 1) * 10 + (m[2] ? CN_DIGITS[m[2]]! : 0);
  return s.length === 1 && s in CN_DIGITS ? CN_DIGITS[s]! : Number.NaN;
}
