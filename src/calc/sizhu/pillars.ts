// The four pillars from two clocks: the absolute China Standard Time instant decides the year (at the exact 立春)
// and the month (at the exact 节); the local clock (standard time, or true solar time when a longitude is given)
// decides the day and the hour. Formulas reproduce tyme4ts 1.5.2 (SixtyCycleHour, LunarHour, the
// LunarSect2EightCharProvider for "split"); the differential tests prove equality.
import { dayNumber, fromWallSeconds } from './civil.ts';
import { mod, sixtyIndex } from './ganzhi.ts';
import { jieAtOrBefore, lichun } from './terms.ts';

export type ZiHour = 'day-changes-at-23' | 'split';

export interface FourPillars {
  /** sixty-cycle indices (甲子 = 0) */
  year: number;
  month: number;
  day: number;
  hour: number;
  /** the 立春-based year the year pillar belongs to */
  pillarYear: number;
  /** absolute number of the 节 that opened the month (see terms.ts) */
  jie: number;
}

/** 2000-01-07 was a 甲子 day (tyme4ts SixtyCycleDay counts from it) */
const JIAZI_DAY = dayNumber(2000, 1, 7);

export function yearMonthPillars(cst: number): { year: number; month: number; pillarYear: number; jie: number } {
  const y = fromWallSeconds(cst).year;
  const pillarYear = cst >= lichun(y) ? y : y - 1;
  const jie = jieAtOrBefore(cst, y);
  // month pillars run continuously: the 寅 month of year Y is sixty index 12Y − 46 (mod 60), one step per 节
  return { year: mod(pillarYear - 4, 60), month: mod(Math.floor((jie - 3) / 2) - 46, 60), pillarYear, jie };
}

/** day and hour pillars from a local wall clock (seconds) */
export function dayHourPillars(local: number, ziHour: ZiHour): { day: number; hour: number } {
  const c = fromWallSeconds(local);
  const dn = dayNumber(c.year, c.month, c.day);
  const late = c.hour >= 23; // 23:00–23:59 belongs to the next day's 子 hour under both conventions
  const nextDayStem = mod(dn + (late ? 1 : 0) - JIAZI_DAY, 60) % 10;
  const branch = late ? 0 : Math.floor((c.hour + 1) / 2);
  const hour = sixtyIndex((2 * nextDayStem + branch) % 10, branch);
  const day = mod(dn - JIAZI_DAY + (late && ziHour === 'day-changes-at-23' ? 1 : 0), 60);
  return { day, hour };
}

export function fourPillars(cst: number, local: number, ziHour: ZiHour): FourPillars {
  const ym = yearMonthPillars(cst);
  const dh = dayHourPillars(local, ziHour);
  return { ...ym, ...dh };
}
