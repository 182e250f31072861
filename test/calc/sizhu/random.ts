// Seeded random birth moments for the differential tests (mulberry32), so every run checks the same moments.
import { daysInMonth } from '../../../src/calc/sizhu/civil.ts';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Moment {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  sex: 'm' | 'f';
}

/** n moments uniformly over the years 1901–2099, every day of a month possible, minute resolution */
export function randomMoments(seed: number, n: number): Moment[] {
  const r = mulberry32(seed);
  const out: Moment[] = [];
  for (let i = 0; i < n; i++) {
    const year = 1901 + Math.floor(r() * 199);
    const month = 1 + Math.floor(r() * 12);
    const day = 1 + Math.floor(r() * daysInMonth(year, month));
    out.push({ year, month, day, hour: Math.floor(r() * 24), minute: Math.floor(r() * 60), sex: r() < 0.5 ? 'm' : 'f' });
  }
  return out;
}
