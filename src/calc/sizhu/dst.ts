// China's daylight saving time 1986–1991 (sizhu.md): clocks went 02:00→03:00 on the first day and 02:00→01:00
// on the last day. Civil clock readings inside a period are one hour ahead of China Standard Time.
import { dayNumber } from './civil.ts';

export const CHINA_DST_PERIODS: ReadonlyArray<{ year: number; start: [number, number]; end: [number, number] }> = [
  { year: 1986, start: [5, 4], end: [9, 14] },
  { year: 1987, start: [4, 12], end: [9, 13] },
  { year: 1988, start: [4, 17], end: [9, 11] },
  { year: 1989, start: [4, 16], end: [9, 17] },
  { year: 1990, start: [4, 15], end: [9, 16] },
  { year: 1991, start: [4, 14], end: [9, 15] },
];

export type DstStatus =
  | 'standard' // no daylight saving in force
  | 'daylight' // inside a period: one hour is removed
  | 'skipped' // 02:00–02:59 on a first day never showed on clocks; read as standard time
  | 'repeated'; // 01:00–01:59 on a last day showed twice; read as the first (daylight) reading

/** how a civil clock reading relates to daylight saving; minutes to subtract follow from the status */
export function dstStatus(year: number, month: number, day: number, hour: number): DstStatus {
  const p = CHINA_DST_PERIODS.find((x) => x.year === year);
  if (!p) return 'standard';
  const d = dayNumber(year, month, day);
  const start = dayNumber(year, p.start[0], p.start[1]);
  const end = dayNumber(year, p.end[0], p.end[1]);
  if (d < start || d > end) return 'standard';
  if (d === start) return hour < 2 ? 'standard' : hour === 2 ? 'skipped' : 'daylight';
  if (d === end) return hour < 1 ? 'daylight' : hour === 1 ? 'repeated' : 'standard';
  return 'daylight';
}

export const dstMinutes = (s: DstStatus): number => (s === 'daylight' || s === 'repeated' ? 60 : 0);
