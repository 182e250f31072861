// Numbers as people type them in a chat: Chinese numerals (六百、五百八十三、两万), 万 / w / k multipliers (5万,
// 3.5万, 1w, 8k), "600多分". The message is rewritten once into digits so every later reader (scores, ranks,
// 前N, 第N) sees one form; a numeral that is part of a word (一本, 一批, 八月十五, 第一) is left alone.

import { Culture, recognizeNumber } from '@microsoft/recognizers-text-number';

const DIGIT: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** An integer written in Chinese numerals (六百二十三, 一万二, 两千五, 十五); NaN when it is not one. */
export function chineseInteger(s: string): number {
  if (!s || !/^[零〇一二两三四五六七八九十百千万]+$/.test(s)) return Number.NaN;
  let total = 0;
  let section = 0;
  let digit = -1;
  let lastUnit = 1;
  let zero = false;
  for (const ch of s) {
    if (ch === '零' || ch === '〇') zero = true;
    else if (ch in DIGIT) digit = DIGIT[ch]!;
    else if (ch in UNIT) {
      section += (digit < 0 ? 1 : digit) * UNIT[ch]!;
      lastUnit = UNIT[ch]!;
      digit = -1;
      zero = false;
    } else {
      // 万
      total += (section + Math.max(digit, 0)) * 10_000;
      section = 0;
      digit = -1;
      lastUnit = 10_000;
      zero = false;
    }
  }
  // A digit after a unit is one place below it (一万二 = 12000, 两千五 = 2500, 十五 = 15) unless 零 came between.
  if (digit >= 0) section += zero || lastUnit === 1 ? digit : (digit * lastUnit) / 10;
  return total + section;
}

// A run of Chinese numerals worth rewriting: it holds a unit (六百, 十五, 两万) or stands before 分/名/位/人.
const CN_RUN = /(?<![月初廿零〇一二两三四五六七八九十百千万])([零〇一二两三四五六七八九十百千万]{2,})(?=多?\s*(?:分|名|位|人|所|个|万|左右|上下|$|[，,。？?！!\s]))|([零〇一二两三四五六七八九]*[十百千][零〇一二两三四五六七八九十百千]*)(?=多?\s*分)/g;

const ENGLISH_NUMBER_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)\b/i;

/** English number words in digits ("six hundred and twenty" → 620); "one" alone stays a word. */
function englishNumbers(text: string): string {
  let out = text;
  for (const r of recognizeNumber(text, Culture.English).sort((a, b) => b.start - a.start)) {
    const value = Number(r.resolution?.value);
    if (!Number.isFinite(value) || !/[a-z]/i.test(r.text) || /^(?:one|a|an)$/i.test(r.text.trim())) continue;
    out = `${out.slice(0, r.start)}${value}${out.slice(r.end + 1)}`;
  }
  return out;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

function englishDates(text: string): string {
  const month = (m: string) => MONTHS.indexOf(m.slice(0, 3).toLowerCase()) + 1;
  let t = text
    .replace(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\.?,?\\s+(\\d{4})\\b`, 'gi'), (_m, d: string, mo: string, y: string) => `${y}年${month(mo)}月${Number(d)}日`)
    .replace(new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'), (_m, mo: string, d: string, y: string) => `${y}年${month(mo)}月${Number(d)}日`);
  t = t.replace(/\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|in the (morning|afternoon|evening)|at night)\b/gi, (_m, h: string, min: string | undefined, part: string) => {
    const p = part.toLowerCase();
    const word = /^a|morning/.test(p) ? '早上' : /afternoon/.test(p) ? '下午' : '晚上';
    return ` ${word}${h}:${min ?? '00'} `;
  });
  return t;
}

/**
 * The text with quantities in digits: 5万 → 50000, 3.5万 → 35000, 1w → 10000, 六百分 → 600分, 前十 → 前10,
 * 第二所 → 第2所. Lunar dates (八月十五) and words like 一本 are untouched.
 */
export function normalizeNumbers(text: string): string {
  let t = text.normalize('NFKC');
  // 20,000 / 12,345: thousands separators
  t = t.replace(/(?<![\d.,])(\d{1,3})(?:,(\d{3}))+(?![\d,])/g, (m) => m.replace(/,/g, ''));
  // Ordinals and top-N: 前十 / 第二
  t = t.replace(/(前|第)\s*([一二两三四五六七八九十百]{1,4})(?=\s*(?:名|位|所|个|条|家|项|行|的|大|$|[，,。？?！!\s]))/g, (m, head: string, n: string) => {
    const v = chineseInteger(n);
    return Number.isFinite(v) ? `${head}${v}` : m;
  });
  // 排名两万大概 / 位次三千五上下: a number with 千 or 万 is a number whatever follows it (千万不要, 万一 start with the unit)
  t = t.replace(/(?<![月初廿第前零〇一二两三四五六七八九十百千万])([一二两三四五六七八九][零〇一二两三四五六七八九十百千万]*[千万][零〇一二两三四五六七八九十百]*)/g, (m, run: string) => {
    const v = chineseInteger(run);
    return Number.isFinite(v) && v > 0 ? String(v) : m;
  });
  t = t.replace(CN_RUN, (m, a: string | undefined, b: string | undefined) => {
    const run = (a ?? b)!;
    // 十一 / 十二 in dates (十一月, 腊月十二) never reach here: they are followed by 月 / 日, not a quantity word.
    const v = chineseInteger(run);
    return Number.isFinite(v) && v > 0 ? String(v) : m;
  });
  // Digits with a multiplier: 5万, 3.5万, 1w, 1.2W, 8k; at most three digits before w / k (the major code 100201K
  // is not 100201 thousand)
  // 1万5 / 3万5: a digit after 万 is thousands (15000, 35000), as 一万五 is
  t = t.replace(/(?<![\d.])(\d{1,3})\s*万\s*(\d)(?![\d万千.])/g, (_m, a: string, b: string) => String(Number(a) * 10_000 + Number(b) * 1000));
  t = t.replace(/(?<![\d.])(\d{1,3}(?:\.\d+)?)\s*(w|W|k|K)(?![A-Za-z])|(\d+(?:\.\d+)?)\s*(万|千)/g, (m, n1?: string, u1?: string, n2?: string, u2?: string) => {
    const n = n1 ?? n2!;
    const unit = u1 ?? u2!;
    const mult = unit === '万' || unit === 'w' || unit === 'W' ? 10_000 : 1000;
    const v = Math.round(Number(n) * mult);
    return Number.isFinite(v) ? String(v) : m;
  });
  // 下午三点 → 下午3点: a clock hour in Chinese numerals
  t = t.replace(/(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|半夜)\s*([一二两三四五六七八九十]{1,3})(?=\s*[点时])/g, (m, part: string, n: string) => {
    const v = chineseInteger(n);
    return Number.isFinite(v) ? `${part}${v}` : m;
  });
  // "six hundred points", "fifty thousand": English number words, read by Microsoft's Recognizers-Text (only when
  // the message has such a word: one call costs about a millisecond)
  if (ENGLISH_NUMBER_WORD.test(t)) t = englishNumbers(t);
  // 12 March 2001 / March 12, 2001 / 2001-3-12 written in English words: the date the readers know (2001年3月12日),
  // and a clock with am/pm or "in the morning/evening" as 早上/晚上 (7:15 in the evening → 晚上7:15)
  if (/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(t)) t = englishDates(t);
  // 湖南25物理 / 江苏25历史类: a two-digit year before the subject family, written without 年
  t = t.replace(/(?<=[\u4e00-\u9fff\s])(1[5-9]|2\d)(?=\s*(?:物理|历史|理科|文科|综合|高考|届))/g, (_m, yy: string) => `20${yy}年`);
  // 25年 / 98年: a two-digit year (up to next year is 20xx, earlier ones 19xx); not 近30年, 10年代
  t = t.replace(/(?<![\d.近第前后多几])(\d{2})(?=\s*年(?!代|级|制|前|后|内|来))/g, (_m, yy: string) => {
    const n = Number(yy);
    const next = (new Date().getUTCFullYear() + 1) % 100;
    return String(n <= next ? 2000 + n : 1900 + n);
  });
  return t;
}
