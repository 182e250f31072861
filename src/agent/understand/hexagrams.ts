// A hexagram named in a message (乾卦, 乾为天, 地天泰, 既济卦, 未济卦, 易经第三卦), read against the 易经 text in the
// data bundle: full names anywhere, a short name only before 卦 (泰 alone is a word, 泰卦 is the hexagram), a number
// only as 第N卦. The name is what the yijing tool's `hexagram` field takes.
import type { DB } from '../../db/open.ts';
import { yijingText } from '../../calc/yijing/index.ts';
import { chineseInteger } from './numbers.ts';

export interface HexagramMention {
  number: number;
  name: string;
}

export function findHexagram(text: string, db: DB | null): HexagramMention | null {
  if (!db || !/卦|为天|为地|为水|为火|为雷|为风|为山|为泽|hexagram/i.test(text)) return null;
  let book;
  try {
    book = yijingText(db);
  } catch {
    return null;
  }
  const n = /第\s*(\d{1,2}|[一二三四五六七八九十]{1,3})\s*卦|hexagram\s*(?:no\.?|number|#)?\s*(\d{1,2})\b/i.exec(text);
  if (n) {
    const written = n[1] ?? n[2]!;
    const h = book.hexagrams[(/^\d+$/.test(written) ? Number(written) : chineseInteger(written)) - 1];
    if (h) return { number: h.number, name: h.name };
  }
  // longest names first: 水火既济 before 既济, 火水未济 before 未济
  const byLength = [...book.hexagrams].sort((a, b) => b.full_name.length - a.full_name.length);
  for (const h of byLength) if (text.includes(h.full_name)) return { number: h.number, name: h.name };
  const short = [...book.hexagrams].sort((a, b) => b.name.length - a.name.length);
  for (const h of short) if (text.includes(`${h.name}卦`)) return { number: h.number, name: h.name };
  return null;
}
