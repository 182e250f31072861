// Every case of ../shared/reference/sizhu.json under the convention it names: inputs are China Standard Time
// (time_basis "china-standard", no daylight-saving removal), `pillars` is the 晚子时 (split) convention and
// `pillarsIfDayChangesAt23` the default one; derived fields follow `pillars` (the file's notes say so).
import { describe, expect, it } from 'vitest';
import { computeChart } from '../../../src/calc/sizhu/index.ts';
import { REF_CASES, type RefCase } from './reference.ts';

const KEYS = ['year', 'month', 'day', 'hour'] as const;
const chart = (c: RefCase, extra: Record<string, unknown> = {}) => computeChart({ ...c.input, time_basis: 'china-standard', ...extra });
const names = (ch: ReturnType<typeof computeChart>) => Object.fromEntries(KEYS.map((k) => [k, ch.pillars[k].name]));

describe('reference cases (sizhu.json)', () => {
  it('holds 44 cases, all on China Standard Time', () => {
    expect(REF_CASES).toHaveLength(44);
    for (const c of REF_CASES) expect(c.inputTimeBasis).toMatch(/China Standard Time UTC\+8/);
  });

  describe.each(REF_CASES.map((c) => [`${c.id} ${c.note}`, c] as const))('%s', (_label, c) => {
    const e = c.expected;
    const split = chart(c, { zi_hour: 'split' });

    it('pillars under both 子时 conventions', () => {
      expect(names(split)).toEqual(e.pillars);
      expect(names(chart(c))).toEqual(e.pillarsIfDayChangesAt23 ?? e.pillars);
    });

    it('藏干, 十神, 纳音, 地势', () => {
      for (const k of KEYS) {
        const p = split.pillars[k];
        expect(p.hidden_stems.map((h) => h.stem)).toEqual(e.hiddenStems[k]);
        expect(p.hidden_stems.map((h) => h.ten_god)).toEqual(e.tenGodsHidden[k]);
        expect(p.na_yin).toBe(e.naYin[k]);
        expect(p.di_shi).toBe(e.diShi[k]);
        if (k !== 'day') expect(p.ten_god).toBe(e.tenGodsStem[k]);
      }
    });

    it('旬空, 胎元, 命宫, 身宫', () => {
      expect(split.xun_kong.day).toBe(e.dayXunKong);
      expect(split.tai_yuan.pillar).toBe(e.taiYuan);
      expect(split.ming_gong.pillar).toBe(e.mingGong);
      expect(split.shen_gong.pillar).toBe(e.shenGong);
    });

    it('surrounding 节 and the distance to the nearest', () => {
      expect(`${split.jie.previous.name} ${split.jie.previous.time}`).toBe(e.prevJie);
      expect(`${split.jie.next.name} ${split.jie.next.time}`).toBe(e.nextJie);
      expect(split.jie.minutes_from_nearest).toBeCloseTo(e.minutesFromNearestJie, 1);
    });

    it('大运: direction, first cycle, start age and year, start under each counting method', () => {
      const l = e.luck;
      const d = chart(c).luck;
      expect(d.forward).toBe(l.forward);
      expect(d.cycles[0].pillar).toBe(l.firstDaYun);
      expect(d.start.start_age).toBe(l.firstDaYunStartAge);
      expect(d.start.start_year).toBe(l.firstDaYunStartYear);
      expect(d.cycles.length).toBeGreaterThanOrEqual(8);
      const t = l.startTymeDefault;
      expect([d.start.years, d.start.months, d.start.days, d.start.hours, d.start.minutes]).toEqual([t.years, t.months, t.days, t.hours, t.minutes]);
      const m = /^(\d+)年(\d+)月(\d+)日 (\d\d:\d\d:\d\d)$/.exec(t.startDateTime)!;
      expect(d.start.start_time).toBe(`${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')} ${m[4]}`);
      const s1 = chart(c, { luck_method: 'lunar-sect1' }).luck.start;
      expect([s1.years, s1.months, s1.days]).toEqual([l.startLunarSect1.years, l.startLunarSect1.months, l.startLunarSect1.days]);
      const s2 = chart(c, { luck_method: 'lunar-sect2' }).luck.start;
      expect([s2.years, s2.months, s2.days, s2.hours]).toEqual([l.startLunarSect2.years, l.startLunarSect2.months, l.startLunarSect2.days, l.startLunarSect2.hours]);
    });
  });
});
