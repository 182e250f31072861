// Differential test against calling tyme4ts 1.5.2 directly (the pinned calendar core): the engine caches 节
// instants and does the rest in integer arithmetic, and must stay exactly equal — pillars under both 子时
// conventions, direction, all ten 大运 with their start ages, and the start moment to the second.
import { afterEach, describe, expect, it } from 'vitest';
import { ChildLimit, DefaultEightCharProvider, Gender, LunarHour, LunarSect2EightCharProvider, SolarTerm, SolarTime } from 'tyme4ts';
import { computeChart } from '../../../src/calc/sizhu/index.ts';
import { MIN_TERM_YEAR, MAX_TERM_YEAR } from '../../../src/calc/sizhu/terms.ts';
import { randomMoments } from './random.ts';

// Sorted by date: the order does not change what is compared, and tyme4ts's lunar-year cache then hits.
const MOMENTS = randomMoments(19860504, 3_000).sort((a, b) => a.year - b.year || a.month - b.month);

describe('differential: engine vs tyme4ts', () => {
  afterEach(() => {
    LunarHour.provider = new DefaultEightCharProvider();
  });

  it('no 节 has its exact instant on a day before its cursory day (1899–2102), so cached-instant lookup equals tyme4ts SolarTime.getTerm', () => {
    for (let y = MIN_TERM_YEAR; y <= MAX_TERM_YEAR; y++) {
      for (let i = 1; i < 24; i += 2) {
        const t = SolarTerm.fromIndex(y, i);
        const exact = t.getJulianDay().getSolarTime().getSolarDay();
        expect(exact.isBefore(t.getSolarDay()), `${y} ${t.getName()}`).toBe(false);
      }
    }
  });

  it('agrees on 3,000 random moments (pillars both conventions, ten 大运, start to the second)', () => {
    const mismatches: string[] = [];
    for (const m of MOMENTS) {
      const st = SolarTime.fromYmdHms(m.year, m.month, m.day, m.hour, m.minute, 0);
      const base = { ...m, time_basis: 'china-standard' as const };
      const chart = computeChart(base);
      LunarHour.provider = new DefaultEightCharProvider();
      const cl = ChildLimit.fromSolarTime(st, m.sex === 'm' ? Gender.MAN : Gender.WOMAN);
      const end = cl.getEndTime();
      let df = cl.getStartDecadeFortune();
      const theirs = [cl.getEightChar().getName(), String(cl.isForward()), `${end.getSolarDay().getYear()}-${String(end.getMonth()).padStart(2, '0')}-${String(end.getDay()).padStart(2, '0')} ${end.getName()}`];
      for (let k = 0; k < 10; k++, df = df.next(1)) theirs.push(`${df.getName()}@${df.getStartAge()}/${df.getStartSixtyCycleYear().getYear()}`);
      const p = chart.pillars;
      const ours = [[p.year.name, p.month.name, p.day.name, p.hour.name].join(' '), String(chart.luck.forward), chart.luck.start.start_time, ...chart.luck.cycles.map((c) => `${c.pillar}@${c.start_age}/${c.start_year}`)];
      LunarHour.provider = new LunarSect2EightCharProvider();
      const splitTheirs = st.getLunarHour().getEightChar().getName();
      const split = computeChart({ ...base, zi_hour: 'split' }).pillars;
      const splitOurs = [split.year.name, split.month.name, split.day.name, split.hour.name].join(' ');
      if (ours.join('|') !== theirs.join('|') || splitOurs !== splitTheirs) mismatches.push(`${JSON.stringify(m)}: ${ours.join('|')} ≠ ${theirs.join('|')}; split ${splitOurs} ≠ ${splitTheirs}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
