// True solar time for the day and hour pillars: mean local time from the longitude (4 minutes per degree from the
// 120°E meridian of China Standard Time) plus the equation of time. The equation of time uses Spencer's Fourier
// series (J. W. Spencer, "Fourier series representation of the position of the sun", Search 2(5), 1971), good to
// about half a minute, which is well inside the ±3-minute boundary warnings.
import { dayNumber, fromWallSeconds } from './civil.ts';

/** equation of time in minutes (apparent − mean solar time) at a China Standard Time instant */
export function equationOfTimeMinutes(cst: number): number {
  const c = fromWallSeconds(cst);
  const utcHour = c.hour - 8 + c.minute / 60;
  const dayOfYear = dayNumber(c.year, c.month, c.day) - dayNumber(c.year, 1, 1); // 0-based
  const daysInYear = dayNumber(c.year + 1, 1, 1) - dayNumber(c.year, 1, 1);
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear + (utcHour - 12) / 24);
  return 229.18 * (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
}

/** seconds to add to China Standard Time to get true solar time at a longitude (east positive) */
export function trueSolarOffsetSeconds(cst: number, longitude: number): { meanOffsetMinutes: number; equationOfTimeMinutes: number; seconds: number } {
  const meanOffsetMinutes = (longitude - 120) * 4;
  const eot = equationOfTimeMinutes(cst);
  return { meanOffsetMinutes, equationOfTimeMinutes: eot, seconds: Math.round((meanOffsetMinutes + eot) * 60) };
}
