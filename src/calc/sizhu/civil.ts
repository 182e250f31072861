// Proleptic-Gregorian wall-clock arithmetic on plain integers. A moment is "wall seconds": seconds since
// 1970-01-01 00:00 of some clock (China Standard Time unless said otherwise), so no JS Date and no server time zone
// ever touches a chart.
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY = 86400;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/** days since 1970-01-01 (Howard Hinnant's days_from_civil) */
export function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDayNumber(z: number): { year: number; month: number; day: number } {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function toWallSeconds(c: WallClock): number {
  return dayNumber(c.year, c.month, c.day) * DAY + c.hour * 3600 + c.minute * 60 + c.second;
}

export function fromWallSeconds(t: number): WallClock {
  const days = Math.floor(t / DAY);
  const s = t - days * DAY;
  const { year, month, day } = civilFromDayNumber(days);
  return { year, month, day, hour: Math.floor(s / 3600), minute: Math.floor((s % 3600) / 60), second: s % 60 };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function formatWall(c: WallClock, withSeconds = true): string {
  const date = `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
  return `${date} ${pad(c.hour)}:${pad(c.minute)}${withSeconds ? ':' + pad(c.second) : ''}`;
}

export const formatSeconds = (t: number, withSeconds = true): string => formatWall(fromWallSeconds(t), withSeconds);
export const formatDate = (c: { year: number; month: number; day: number }): string => `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
