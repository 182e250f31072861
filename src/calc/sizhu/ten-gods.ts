// 十神: the relation of any stem to the day master by element (same, generates, controls …) and polarity.
import { STEM_ELEMENT, mod } from './ganzhi.ts';

export const TEN_GODS = ['比肩', '劫财', '食神', '伤官', '偏财', '正财', '七杀', '正官', '偏印', '正印'] as const;
export type TenGod = (typeof TEN_GODS)[number];

/**
 * The relation class (0 same element, 1 day master generates it, 2 day master controls it, 3 it controls the day
 * master, 4 it generates the day master) times two, plus one when the polarity differs.
 */
export function tenGodIndex(dayStem: number, other: number): number {
  const rel = mod(STEM_ELEMENT[other] - STEM_ELEMENT[dayStem], 5);
  const differentPolarity = dayStem % 2 !== other % 2 ? 1 : 0;
  return rel * 2 + differentPolarity;
}
const TABLE: readonly TenGod[] = Array.from({ length: 100 }, (_, i) => TEN_GODS[tenGodIndex(Math.floor(i / 10), i % 10)]);
export const tenGod = (dayStem: number, other: number): TenGod => TABLE[dayStem * 10 + other];

/** the five ten-god groups, by relation class */
export const TEN_GOD_GROUPS = ['比劫', '食伤', '财星', '官杀', '印星'] as const;
/** element index of a relation class for a day master: class 0 same, 1 generated, 2 controlled, 3 controller, 4 generator */
export const classElement = (dayElement: number, cls: number): number => (dayElement + cls) % 5;
