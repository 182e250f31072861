// From the caller's clock reading to the two clocks a chart needs: the China Standard Time instant (year, month,
// luck) and the local clock (day, hour): standard time, or true solar time when a longitude is given.
import { formatSeconds, toWallSeconds } from './civil.ts';
import { dstMinutes, dstStatus, type DstStatus } from './dst.ts';
import { trueSolarOffsetSeconds } from './solar-time.ts';

export interface MomentInput {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  longitude?: number;
  time_basis?: 'china-civil' | 'china-standard';
}

export interface Moment {
  civil: number;
  dst: DstStatus;
  dstMinutes: number;
  /** China Standard Time, wall seconds */
  cst: number;
  /** the clock for the day and hour pillars */
  local: number;
  meanOffsetMinutes: number | null;
  equationOfTimeMinutes: number | null;
}

export function resolveMoment(i: MomentInput, dstOverride?: DstStatus): Moment {
  const civil = toWallSeconds({ year: i.year, month: i.month, day: i.day, hour: i.hour, minute: i.minute, second: 0 });
  const dst = i.time_basis === 'china-standard' ? 'standard' : (dstOverride ?? dstStatus(i.year, i.month, i.day, i.hour));
  const minutes = dstMinutes(dst);
  const cst = civil - minutes * 60;
  if (i.longitude === undefined) return { civil, dst, dstMinutes: minutes, cst, local: cst, meanOffsetMinutes: null, equationOfTimeMinutes: null };
  const o = trueSolarOffsetSeconds(cst, i.longitude);
  return { civil, dst, dstMinutes: minutes, cst, local: cst + o.seconds, meanOffsetMinutes: o.meanOffsetMinutes, equationOfTimeMinutes: o.equationOfTimeMinutes };
}

export function describeMoment(m: Moment, i: MomentInput) {
  const r2 = (x: number | null): number | null => (x === null ? null : Math.round(x * 100) / 100);
  return {
    clock_input: formatSeconds(m.civil, false),
    time_basis: i.time_basis ?? 'china-civil',
    daylight_saving: m.dst === 'standard' ? '未实行夏令时' : m.dst === 'daylight' ? '夏令时（已扣除 60 分钟）' : m.dst === 'skipped' ? '夏令时开始当日被跳过的钟点（按北京时间处理，未扣除）' : '夏令时结束当日重复的钟点（按第一次，即夏令时处理，已扣除 60 分钟）',
    daylight_saving_minutes_removed: m.dstMinutes,
    beijing_time: formatSeconds(m.cst),
    longitude: i.longitude ?? null,
    mean_solar_offset_minutes: r2(m.meanOffsetMinutes),
    equation_of_time_minutes: r2(m.equationOfTimeMinutes),
    true_solar_time: i.longitude === undefined ? null : formatSeconds(m.local),
    day_hour_clock: i.longitude === undefined ? '北京时间' : '真太阳时',
  };
}
