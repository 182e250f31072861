// Times on the pages are Beijing time (Asia/Shanghai, UTC+8 all year): the service stores UTC instants, readers
// live in China. A fixed offset (China has had no daylight saving since 1991), so no time-zone data is needed.
const OFFSET_MS = 8 * 3600 * 1000;

/** "2026-11-25 08:05" (minute) or "2026-11-25" (date) in Beijing time; the input unchanged when it is not a time. */
export function beijing(ts: string, unit: 'minute' | 'date' = 'minute'): string {
  const t = Date.parse(ts);
  if (Number.isNaN(t)) return ts;
  const iso = new Date(t + OFFSET_MS).toISOString();
  return unit === 'date' ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}
