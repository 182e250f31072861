// The one place the engine touches tyme4ts (pinned exactly in package.json): the exact 节气 instants of the
// 寿星天文历 algorithm. Everything else in a chart is integer arithmetic on these instants, so each term year is
// asked of tyme4ts once and cached (24 numbers); charts then cost no calendar objects at all.
import { SolarTerm } from 'tyme4ts';
import { toWallSeconds } from './civil.ts';

/** tyme4ts numbers terms per "term year": index 0 is the 冬至 of the previous December, 1 小寒, 3 立春 … 23 大雪 */
export const TERM_NAMES = ['冬至', '小寒', '大寒', '立春', '雨水', '惊蛰', '春分', '清明', '谷雨', '立夏', '小满', '芒种',
  '夏至', '小暑', '大暑', '立秋', '处暑', '白露', '秋分', '寒露', '霜降', '立冬', '小雪', '大雪'] as const;

/** supported term years: input years are 1900–2100; a chart also looks one 节 back and forward */
export const MIN_TERM_YEAR = 1899;
export const MAX_TERM_YEAR = 2102;

const cache = new Map<number, Float64Array>();

/** the 24 term instants of a term year as China Standard Time wall seconds */
export function termYear(year: number): Float64Array {
  let row = cache.get(year);
  if (!row) {
    if (year < MIN_TERM_YEAR || year > MAX_TERM_YEAR) throw new RangeError(`term year ${year} outside ${MIN_TERM_YEAR}–${MAX_TERM_YEAR}`);
    row = new Float64Array(24);
    for (let i = 0; i < 24; i++) {
      const t = SolarTerm.fromIndex(year, i).getJulianDay().getSolarTime();
      row[i] = toWallSeconds({ year: t.getYear(), month: t.getMonth(), day: t.getDay(), hour: t.getHour(), minute: t.getMinute(), second: t.getSecond() });
    }
    cache.set(year, row);
  }
  return row;
}

/** a term by absolute number K = termYear × 24 + index */
export const termInstant = (k: number): number => termYear(Math.floor(k / 24))[((k % 24) + 24) % 24];
export const termName = (k: number): string => TERM_NAMES[((k % 24) + 24) % 24];

/**
 * The absolute number of the latest 节 (odd index: 小寒, 立春, 惊蛰 … 大雪) at or before t, given t's calendar year.
 * tyme4ts finds the term by the cursory day first and then compares the exact instant; over 1899–2102 no 节 has its
 * exact instant on an earlier day than its cursory day (a test checks this), so the two lookups agree.
 */
export function jieAtOrBefore(t: number, calendarYear: number): number {
  const row = termYear(calendarYear);
  for (let i = 23; i >= 1; i -= 2) {
    if (row[i] <= t) return calendarYear * 24 + i;
  }
  return (calendarYear - 1) * 24 + 23; // before 小寒: the previous December's 大雪
}

/** the exact 立春 of a calendar year */
export const lichun = (year: number): number => termYear(year)[3];
