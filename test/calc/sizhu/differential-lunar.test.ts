// Differential test against lunar-typescript 1.8.6 (same author, independent code base) on 10,000 seeded random
// moments 1901–2099: the four pillars under both 子时 conventions (lunar sect 2 = split, sect 1 = day changes at
// 23), the luck direction, the first 大运 and its start age (lunar getYun sect 1 and 2 against our lunar-sect1 and
// lunar-sect2 counting).
import { describe, expect, it } from 'vitest';
import { Solar } from 'lunar-typescript';
import { computeChart } from '../../../src/calc/sizhu/index.ts';
import { randomMoments } from './random.ts';

// Sorted by date: the order does not change what is compared, and lunar-typescript's year cache then hits.
const MOMENTS = randomMoments(20260522, 10_000).sort((a, b) => a.year - b.year || a.month - b.month);

describe('differential: engine vs lunar-typescript', () => {
  it('agrees on 10,000 random moments', () => {
    const mismatches: string[] = [];
    for (const m of MOMENTS) {
      const lunar = Solar.fromYmdHms(m.year, m.month, m.day, m.hour, m.minute, 0).getLunar();
      const ec = lunar.getEightChar();
      const gender = m.sex === 'm' ? 1 : 0;
      const base = { ...m, time_basis: 'china-standard' as const };
      for (const sect of [2, 1] as const) {
        ec.setSect(sect);
        const chart = computeChart({ ...base, zi_hour: sect === 2 ? 'split' : 'day-changes-at-23', luck_method: sect === 2 ? 'lunar-sect2' : 'lunar-sect1' });
        const p = chart.pillars;
        const ours = [p.year.name, p.month.name, p.day.name, p.hour.name].join(' ');
        const theirs = [ec.getYear(), ec.getMonth(), ec.getDay(), ec.getTime()].join(' ');
        const yun = ec.getYun(gender, sect);
        const first = yun.getDaYun(2)[1];
        const oursLuck = `${chart.luck.forward} ${chart.luck.cycles[0].pillar} ${chart.luck.start.start_age}`;
        const theirsLuck = `${yun.isForward()} ${first.getGanZhi()} ${first.getStartAge()}`;
        if (ours !== theirs || oursLuck !== theirsLuck) mismatches.push(`${JSON.stringify(m)} sect ${sect}: ${ours} | ${oursLuck} ≠ ${theirs} | ${theirsLuck}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(MOMENTS).toHaveLength(10_000);
  });
});
