// 大运: direction, the span to the next/previous 节, the start (起运) under each counting method, and the cycles.
// Counting methods reproduce the tyme4ts 1.5.2 ChildLimit providers; the end-date arithmetic reproduces
// AbstractChildLimitProvider.next (days that overflow a month roll into the next one).
import { daysInMonth, fromWallSeconds, type WallClock, dayNumber } from './civil.ts';
import { mod } from './ganzhi.ts';
import { termInstant } from './terms.ts';

export const LUCK_METHODS = ['tyme-default', 'china95', 'lunar-sect1', 'lunar-sect2'] as const;
export type LuckMethod = (typeof LUCK_METHODS)[number];

export const LUCK_METHOD_RULES: Record<LuckMethod, string> = {
  'tyme-default': '按秒折算：节气间隔 3 天 = 1 年，6 小时 = 1 个月，12 分钟 = 1 天，30 秒 = 1 小时，1 秒 = 2 分钟（tyme4ts 默认）',
  china95: '按分钟折算：4320 分钟（3 天）= 1 年，360 分钟 = 1 个月，12 分钟 = 1 天，余数舍去（China95）',
  'lunar-sect1': '按天数与时辰折算：3 天 = 1 年，1 天 = 4 个月，1 个时辰 = 10 天（lunar 流派 1）',
  'lunar-sect2': '按分钟折算（节气时刻取至分钟）：4320 分钟 = 1 年，360 分钟 = 1 个月，12 分钟 = 1 天，1 分钟 = 2 小时（lunar 流派 2）',
};

export interface LuckSpan {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
}

/** 时辰 index used by lunar-sect1: 23:00 counts as the last (亥 side) index 11, as in tyme4ts and lunar */
const zhiIndex = (c: WallClock): number => (c.hour === 23 ? 11 : Math.floor((c.hour + 1) / 2));

export function luckSpan(method: LuckMethod, birth: number, jie: number): LuckSpan {
  const seconds = Math.abs(jie - birth);
  switch (method) {
    case 'tyme-default': {
      let s = seconds;
      const years = Math.floor(s / 259200);
      s %= 259200;
      const months = Math.floor(s / 21600);
      s %= 21600;
      const days = Math.floor(s / 720);
      s %= 720;
      const hours = Math.floor(s / 30);
      s %= 30;
      return { years, months, days, hours, minutes: s * 2 };
    }
    case 'china95':
    case 'lunar-sect2': {
      // lunar counts whole clock minutes (Solar.subtractMinute drops the 节's seconds); China95 floors the seconds
      let m = method === 'lunar-sect2' ? Math.abs(Math.floor(jie / 60) - Math.floor(birth / 60)) : Math.floor(seconds / 60);
      const years = Math.floor(m / 4320);
      m %= 4320;
      const months = Math.floor(m / 360);
      m %= 360;
      const days = Math.floor(m / 12);
      m %= 12;
      return { years, months, days, hours: method === 'lunar-sect2' ? m * 2 : 0, minutes: 0 };
    }
    case 'lunar-sect1': {
      const [a, b] = jie < birth ? [jie, birth] : [birth, jie];
      const start = fromWallSeconds(a);
      const end = fromWallSeconds(b);
      let hourDiff = zhiIndex(end) - zhiIndex(start);
      let dayDiff = dayNumber(end.year, end.month, end.day) - dayNumber(start.year, start.month, start.day);
      if (hourDiff < 0) {
        hourDiff += 12;
        dayDiff--;
      }
      const monthDiff = Math.floor((hourDiff * 10) / 30);
      const totalMonths = dayDiff * 4 + monthDiff;
      return { years: Math.floor(totalMonths / 12), months: totalMonths % 12, days: hourDiff * 10 - monthDiff * 30, hours: 0, minutes: 0 };
    }
  }
}

/** the start moment: the birth clock plus the span, overflowing days rolling into following months */
export function addSpan(birth: WallClock, span: LuckSpan): WallClock {
  let d = birth.day + span.days;
  let h = birth.hour + span.hours;
  let mi = birth.minute + span.minutes;
  const s = birth.second % 60;
  mi += Math.floor(birth.second / 60);
  h += Math.floor(mi / 60);
  mi %= 60;
  d += Math.floor(h / 24);
  h %= 24;
  const monthOrdinal = (birth.year + span.years) * 12 + (birth.month - 1) + span.months;
  let y = Math.floor(monthOrdinal / 12);
  let m = (monthOrdinal % 12) + 1;
  let dc = daysInMonth(y, m);
  while (d > dc) {
    d -= dc;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
    dc = daysInMonth(y, m);
  }
  return { year: y, month: m, day: d, hour: h, minute: mi, second: s };
}

export interface LuckCore {
  forward: boolean;
  /** absolute number of the 节 the span is counted to */
  jie: number;
  span: LuckSpan;
  start: WallClock;
  /** 虚岁 at the start of the first cycle: start year − birth year + 1 */
  startAge: number;
  /** sixty-cycle index of cycle i (0-based) */
  cycle(i: number): number;
}

/**
 * @param birth China Standard Time instant (wall seconds) of birth
 * @param monthJie absolute number of the 节 that opened the birth month
 */
export function luckCore(birth: number, monthJie: number, monthPillar: number, yearStemYang: boolean, male: boolean, method: LuckMethod): LuckCore {
  const forward = yearStemYang === male;
  const jie = forward ? monthJie + 2 : monthJie;
  const span = luckSpan(method, birth, termInstant(jie));
  const birthClock = fromWallSeconds(birth);
  const start = addSpan(birthClock, span);
  return {
    forward,
    jie,
    span,
    start,
    startAge: start.year - birthClock.year + 1,
    cycle: (i: number) => mod(monthPillar + (forward ? i + 1 : -(i + 1)), 60),
  };
}
