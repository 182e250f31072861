// Clock handling: China DST 1986–1991, true solar time, boundary warnings, and input validation.
import { describe, expect, it } from 'vitest';
import { computeChart } from '../../../src/calc/sizhu/index.ts';
import { dstStatus, CHINA_DST_PERIODS } from '../../../src/calc/sizhu/dst.ts';
import { equationOfTimeMinutes } from '../../../src/calc/sizhu/solar-time.ts';
import { formatWall, fromWallSeconds, toWallSeconds } from '../../../src/calc/sizhu/civil.ts';
import { InputError } from '../../../src/errors.ts';
import { refCase } from './reference.ts';

const pillarsOf = (c: ReturnType<typeof computeChart>) => ({ year: c.pillars.year.name, month: c.pillars.month.name, day: c.pillars.day.name, hour: c.pillars.hour.name });

describe('China daylight saving time 1986–1991 (sizhu.md periods)', () => {
  // L10, I06 and I09 of the reference file are China Standard Time readings inside DST periods; the civil clock
  // then showed one hour more, so the civil reading must give the reference pillars.
  it.each(['L10', 'I06', 'I09'])('%s: the civil clock (one hour ahead) gives the reference pillars', (id) => {
    const c = refCase(id);
    const clock = fromWallSeconds(toWallSeconds({ ...c.input, second: 0 }) + 3600);
    const civil = computeChart({ year: clock.year, month: clock.month, day: clock.day, hour: clock.hour, minute: clock.minute, sex: c.input.sex, zi_hour: 'split' });
    expect(civil.time.daylight_saving_minutes_removed).toBe(60);
    expect(civil.time.beijing_time).toBe(`${formatWall({ ...c.input, second: 0 })}`);
    expect(pillarsOf(civil)).toEqual(c.expected.pillars);
  });

  it('covers exactly the six periods of the spec', () => {
    expect(CHINA_DST_PERIODS.map((p) => `${p.year}-${p.start.join('/')}–${p.end.join('/')}`)).toEqual([
      '1986-5/4–9/14', '1987-4/12–9/13', '1988-4/17–9/11', '1989-4/16–9/17', '1990-4/15–9/16', '1991-4/14–9/15',
    ]);
  });

  it('first day: before 02:00 standard, 02:xx skipped, from 03:00 daylight; last day: 00:xx daylight, 01:xx repeated, from 02:00 standard', () => {
    expect([1, 2, 3].map((h) => dstStatus(1988, 4, 17, h))).toEqual(['standard', 'skipped', 'daylight']);
    expect([0, 1, 2].map((h) => dstStatus(1988, 9, 11, h))).toEqual(['daylight', 'repeated', 'standard']);
    expect(dstStatus(1985, 7, 1, 12)).toBe('standard');
    expect(dstStatus(1992, 7, 1, 12)).toBe('standard');
    expect(dstStatus(1988, 4, 16, 12)).toBe('standard');
    expect(dstStatus(1988, 9, 12, 12)).toBe('standard');
  });

  it('a skipped or repeated clock hour is flagged with the other reading\'s pillars', () => {
    const skipped = computeChart({ year: 1988, month: 4, day: 17, hour: 2, minute: 30, sex: 'm' });
    const w = skipped.warnings.find((x) => x.kind === 'dst-skipped-hour')!;
    expect(w).toBeDefined();
    expect(w.alternative_pillars.hour).toBe(computeChart({ year: 1988, month: 4, day: 17, hour: 1, minute: 30, sex: 'm' }).pillars.hour.name);
    const repeated = computeChart({ year: 1988, month: 9, day: 11, hour: 1, minute: 30, sex: 'm' });
    expect(repeated.time.daylight_saving_minutes_removed).toBe(60);
    expect(repeated.warnings.find((x) => x.kind === 'dst-repeated-hour')!.alternative_pillars.hour).toBe(
      computeChart({ year: 1988, month: 9, day: 11, hour: 1, minute: 30, sex: 'm', time_basis: 'china-standard' }).pillars.hour.name,
    );
  });
});

describe('true solar time', () => {
  // Published extremes of the equation of time (e.g. the Wikipedia article "Equation of time"): about −14.2 min
  // around 11–12 February and +16.4 min around 3 November; Spencer's series is good to about half a minute.
  it('equation of time matches its published extremes within half a minute', () => {
    expect(equationOfTimeMinutes(toWallSeconds({ year: 2023, month: 2, day: 11, hour: 20, minute: 0, second: 0 }))).toBeCloseTo(-14.2, 0);
    expect(Math.abs(equationOfTimeMinutes(toWallSeconds({ year: 2023, month: 2, day: 11, hour: 20, minute: 0, second: 0 })) + 14.2)).toBeLessThan(0.5);
    expect(Math.abs(equationOfTimeMinutes(toWallSeconds({ year: 2023, month: 11, day: 3, hour: 20, minute: 0, second: 0 })) - 16.4)).toBeLessThan(0.5);
  });

  it('moves the day and hour pillars only: Ürümqi (87.6°E) at 00:30 Beijing time is still the previous day by the sun', () => {
    const beijing = computeChart({ year: 2024, month: 3, day: 11, hour: 0, minute: 30, sex: 'm' });
    const west = computeChart({ year: 2024, month: 3, day: 11, hour: 0, minute: 30, sex: 'm', longitude: 87.6 });
    // E16 of the reference file is 2024-03-11 00:30 (Beijing time)
    expect(pillarsOf(beijing)).toEqual(refCase('E16').expected.pillars);
    expect(west.time.mean_solar_offset_minutes).toBeCloseTo(-129.6, 5);
    expect(west.time.true_solar_time!.startsWith('2024-03-10 22:')).toBe(true);
    expect(west.pillars.year.name).toBe(beijing.pillars.year.name);
    expect(west.pillars.month.name).toBe(beijing.pillars.month.name);
    // 22:xx on 2024-03-10 is the 亥 hour of that day: E15 (2024-03-10 23:30) shares the day pillar under split
    expect(west.pillars.day.name).toBe(refCase('E15').expected.pillars.day);
    expect(west.pillars.hour.branch).toBe('亥');
    expect(west.conventions.true_solar_time).toMatch(/真太阳时/);
  });
});

describe('boundary warnings', () => {
  it('one minute before 立春 2000 (20:40 per E18/E19): primary pillars are E18\'s, the alternative is E19\'s', () => {
    const c = computeChart({ year: 2000, month: 2, day: 4, hour: 20, minute: 39, sex: 'f' });
    expect(pillarsOf(c)).toEqual(refCase('E18').expected.pillars);
    const w = c.warnings.find((x) => x.kind === 'jie-boundary')!;
    expect(w.message).toMatch(/立春/);
    expect(w.alternative_pillars).toEqual(refCase('E19').expected.pillars);
  });
  it('E01 (7 minutes before 立春 2024) is outside ±3 minutes: no 节 warning', () => {
    const e = refCase('E01');
    expect(computeChart({ ...e.input }).warnings.filter((w) => w.kind === 'jie-boundary')).toEqual([]);
  });
  it('two minutes after a 时辰 edge gives the previous hour pillar as the alternative', () => {
    const c = computeChart({ year: 2024, month: 3, day: 11, hour: 1, minute: 2, sex: 'm' });
    const w = c.warnings.find((x) => x.kind === 'hour-boundary')!;
    expect(c.pillars.hour.branch).toBe('丑');
    expect(w.alternative_pillars.hour).toBe(refCase('E16').expected.pillars.hour); // E16: 00:30 the same night, 子 hour
  });
  it('23:xx carries the other 子时 convention\'s pillars (I01: 己丑 day under split, 庚寅 under day-changes-at-23)', () => {
    const i = refCase('I01');
    const c = computeChart({ ...i.input, time_basis: 'china-standard' });
    expect(c.pillars.day.name).toBe(i.expected.pillarsIfDayChangesAt23!.day);
    expect(c.warnings.find((x) => x.kind === 'zi-hour-convention')!.alternative_pillars).toEqual(i.expected.pillars);
  });
});

describe('input validation names the field', () => {
  const bad = (args: Record<string, unknown>): InputError => {
    try {
      computeChart({ year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm', ...args });
    } catch (e) {
      if (e instanceof InputError) return e;
      throw e;
    }
    throw new Error('expected an InputError');
  };
  it.each([
    [{ year: 2023, month: 2, day: 29 }, 'day'],
    [{ month: 4, day: 31 }, 'day'],
    [{ hour: 24 }, 'hour'],
    [{ minute: 60 }, 'minute'],
    [{ year: 1899 }, 'year'],
    [{ year: 2101 }, 'year'],
    [{ sex: 'x' }, 'sex'],
    [{ year: '1990' }, 'year'],
    [{ hour: 8.5 }, 'hour'],
    [{ longitude: 200 }, 'longitude'],
    [{ zi_hour: 'midnight' }, 'zi_hour'],
    [{ luck_method: 'fast' }, 'luck_method'],
    [{ extra: 1 }, 'extra'],
  ])('%o → 400 naming %s', (args, field) => {
    const e = bad(args);
    expect(e.status).toBe(400);
    expect(e.param).toBe(field);
    expect(e.message).toContain(field);
  });
  it('2024-02-29 exists (leap year) and 1900-02-29 does not (1900 is not a leap year)', () => {
    expect(computeChart({ year: 2024, month: 2, day: 29, hour: 12, minute: 0, sex: 'f' }).pillars.day.name).toHaveLength(2);
    expect(bad({ year: 1900, month: 2, day: 29 }).param).toBe('day');
  });
});
