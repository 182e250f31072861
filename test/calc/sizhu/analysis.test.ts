// Five elements, strength, favourable elements, pattern, palaces and relatives: worked by hand from the rules the
// engine returns with each result (the rule text is part of the response), on the reference case L01
// (乙酉 戊子 辛巳 壬辰, male; pillars from 6tail/lunar-javascript EightChar.test) and constructed charts.
import { describe, expect, it } from 'vitest';
import { computeChart } from '../../../src/calc/sizhu/index.ts';
import { seasonState, dayMasterStrength } from '../../../src/calc/sizhu/strength.ts';
import { findPattern } from '../../../src/calc/sizhu/pattern.ts';
import { favourableElements } from '../../../src/calc/sizhu/favourable.ts';
import { BRANCHES, STEMS } from '../../../src/calc/sizhu/ganzhi.ts';
import { refCase } from './reference.ts';

const L01 = computeChart({ ...refCase('L01').input, time_basis: 'china-standard' });
const chars = (pillars: string) => {
  const ps = pillars.split(' ');
  return { stems: ps.map((p) => STEMS.indexOf(p[0] as never)), branches: ps.map((p) => BRANCHES.indexOf(p[1] as never)) };
};

describe('five elements three ways', () => {
  it('L01 raw count of the eight characters: 木1 火1 土2 金2 水2', () => {
    expect(L01.five_elements.count_eight_characters).toEqual({ 木: 1, 火: 1, 土: 2, 金: 2, 水: 2 });
  });
  it('L01 with hidden stems (4 stems + 8 hidden stems of 酉子巳辰): 木2 火1 土3 金3 水3', () => {
    expect(L01.five_elements.count_with_hidden_stems).toEqual({ 木: 2, 火: 1, 土: 3, 金: 3, 水: 3 });
  });
  it('L01 weighted by the stated weights: 木 1+0.3, 火 0.6, 土 1+0.1+0.6, 金 1+1+0.3, 水 1+2×1+0.1', () => {
    expect(L01.five_elements.weighted_score).toEqual({ 木: 1.3, 火: 0.6, 土: 1.7, 金: 2.3, 水: 3.1 });
    expect(L01.five_elements.weights).toMatch(/月支.*乘 2/);
  });
});

describe('strength', () => {
  it('旺相休囚死 in spring (寅卯, 木 season): 木旺 火相 水休 金囚 土死', () => {
    expect([0, 1, 4, 3, 2].map((e) => seasonState(e, 0))).toEqual(['旺', '相', '休', '囚', '死']);
  });
  it('L01: 辛金 in a 子 (水) month is 休 → 得令 10; roots 酉 10 + 巳庚 3 + 巳戊 0.6 + 辰戊 3.6 = 17.2; 月干戊 印 8 → 35.2, 身弱', () => {
    expect(L01.strength.factors.map((f) => [f.name, f.score])).toEqual([['得令', 10], ['得地', 17.2], ['得势', 8]]);
    expect(L01.strength.score).toBe(35.2);
    expect(L01.strength.level).toBe('身弱');
  });
  it('甲寅 丙寅 甲寅 乙亥: 得令 旺 40, 得地 寅6 + 寅6 + 亥(壬印 4.2 + 甲 3) = 19.2, 得势 甲10 + 乙10 = 20 → 79.2 身旺', () => {
    const c = chars('甲寅 丙寅 甲寅 乙亥');
    const s = dayMasterStrength(c.stems, c.branches);
    expect(s.score).toBe(79.2);
    expect(s.level).toBe('身旺');
    expect(s.candidates).toEqual([]);
  });
  it('甲寅 甲寅 甲寅 乙卯: 40 + (6 + 6 + 10) + 30 = 92 with no 金 anywhere → 专旺 candidate', () => {
    const c = chars('甲寅 甲寅 甲寅 乙卯');
    const s = dayMasterStrength(c.stems, c.branches);
    expect(s.score).toBe(92);
    expect(s.level).toBe('身旺');
    expect(s.candidates.join()).toMatch(/专旺/);
  });
  it('庚午 辛酉 甲戌 庚午: 甲 死 in 酉 (0), no 木/水 in any branch (0), no 比劫/印 stems (0) → 从格 candidate', () => {
    const c = chars('庚午 辛酉 甲戌 庚午');
    const s = dayMasterStrength(c.stems, c.branches);
    expect(s.score).toBe(0);
    expect(s.candidates.join()).toMatch(/从格/);
  });
});

describe('favourable elements', () => {
  it('L01 (winter month): 调候 fire first, then 扶抑 for a weak day master whose heaviest drain is 食伤 水 → 印 土, 比劫 金', () => {
    expect(L01.favourable.favourable).toEqual(['火', '土', '金']);
    expect(L01.favourable.unfavourable).toEqual(['木', '水']);
    expect(L01.favourable.tiao_hou).toMatch(/冬月/);
    expect(L01.favourable.rule_fired).toMatch(/扶抑/);
  });
  it('a strong day master in a spring month gets no 调候 and takes 官杀 first when 比劫 dominate', () => {
    const c = chars('甲寅 丙寅 甲寅 乙亥');
    const f = favourableElements(c.stems, c.branches, dayMasterStrength(c.stems, c.branches));
    expect(f.tiao_hou).toBeNull();
    expect(f.primary).toBe('金');
    expect(f.unfavourable).toEqual(['水', '木']);
  });
});

describe('pattern (月令取格)', () => {
  const pattern = (p: string) => {
    const c = chars(p);
    return findPattern(c.stems, c.branches, dayMasterStrength(c.stems, c.branches));
  };
  it('甲 day in 寅 month is 建禄格 (寅 is 甲\'s 临官)', () => expect(pattern('壬子 壬寅 甲子 甲子').name).toBe('建禄格'));
  it('甲 day in 卯 month is 月刃格 (卯 is 甲\'s 帝旺)', () => expect(pattern('壬子 癸卯 甲子 甲子').name).toBe('月刃格'));
  it('甲 day in 酉 month with 辛 showing is 正官格 (辛 is 甲\'s 正官)', () => expect(pattern('辛丑 丁酉 甲子 甲子').name).toBe('正官格'));
  it('L01: 子 month 癸 not showing → 本气 癸 is 辛\'s 食神 → 食神格', () => {
    expect(L01.pattern.name).toBe('食神格');
    expect(L01.pattern.basis).toMatch(/本气癸/);
  });
  it('a shown 中气 wins over a hidden 本气: 丙 day, 申 month (庚 本气 hidden, 壬 中气 shows) → 七杀格', () => {
    const p = pattern('壬子 丙申 丙子 丙申');
    expect(p.name).toBe('七杀格');
    expect(p.basis).toMatch(/中气壬/);
  });
});

describe('palaces and relatives', () => {
  it('L01 male: 偏财 father shows in 年干乙, 正印 mother in 月干戊', () => {
    const r = Object.fromEntries(L01.relatives.map((x) => [x.relative, x]));
    expect(r['父亲'].star).toBe('偏财');
    expect(r['父亲'].found_in).toContain('年干');
    expect(r['母亲'].found_in).toContain('月干');
    expect(L01.palaces.map((p) => p.palace)).toEqual(['年柱', '月柱', '日支', '时柱']);
    expect(L01.palaces[2].content).toBe('巳');
  });
  it('female charts read 正官 as husband and 伤官 as son', () => {
    const f = computeChart({ ...refCase('L03').input, time_basis: 'china-standard' });
    expect(f.relatives.find((x) => x.relative === '丈夫')!.star).toBe('正官');
    expect(f.relatives.find((x) => x.relative === '儿子')!.star).toBe('伤官');
  });
});

describe('text and summary', () => {
  it('the reading is framed as cultural study and the summary states pillars, strength and favourable elements in one sentence', () => {
    expect(L01.interpretation).toMatch(/文化/);
    expect(L01.interpretation).toMatch(/不构成.*预测/);
    expect(L01.summary).toContain('乙酉 戊子 辛巳 壬辰');
    expect(L01.summary).toContain('身弱');
    expect(L01.summary).toContain('火、土、金');
    expect(L01.summary.split('。').filter(Boolean)).toHaveLength(1);
  });
  it('conventions are echoed', () => {
    expect(L01.conventions.zi_hour).toBe('day-changes-at-23');
    expect(L01.conventions.luck_method).toBe('tyme-default');
    expect(L01.conventions.year_boundary).toMatch(/立春/);
  });
});
