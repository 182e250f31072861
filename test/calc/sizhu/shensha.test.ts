// One worked example per 神煞: a chart built by hand from the star's rule text (quoted in the table with its
// source), and the positions the rule text says must carry the star.
import { describe, expect, it } from 'vitest';
import { findStars, STARS } from '../../../src/calc/sizhu/shensha.ts';
import { BRANCHES, STEMS } from '../../../src/calc/sizhu/ganzhi.ts';

function chars(pillars: string, male = true) {
  const ps = pillars.split(' ');
  return { stems: ps.map((p) => STEMS.indexOf(p[0] as never)), branches: ps.map((p) => BRANCHES.indexOf(p[1] as never)), male };
}
/** the positions that carry a star, optionally only for one basis (e.g. 日干甲) */
function positions(pillars: string, name: string, basis?: string, male = true): string[] {
  return findStars(chars(pillars, male))
    .filter((s) => s.name === name && (basis === undefined || s.basis.startsWith(basis)))
    .flatMap((s) => s.pillars);
}

/** [star, chart (年 月 日 时), basis, expected positions, why — read off the rule text] */
const EXAMPLES: Array<[string, string, string | undefined, string[], string]> = [
  ['天乙贵人', '丙子 庚寅 甲子 辛未', '日干甲', ['时支'], '甲戊庚牛羊：甲日见未'],
  ['太极贵人', '丙寅 庚寅 甲午 丙寅', '日干甲', ['日支'], '甲乙生人子午中：甲日坐午'],
  ['文昌贵人', '甲子 壬申 丙子 戊子', '日干丙', ['月支'], '丙戊申宫：丙日见申'],
  ['国印贵人', '庚子 丙戌 甲子 甲子', '日干甲', ['月支'], '甲见戌'],
  ['福星贵人', '壬辰 壬辰 甲寅 壬申', '日干甲', ['日支'], '甲丙相邀入虎乡：甲日见寅'],
  ['天官贵人', '壬辰 壬辰 甲子 辛未', '日干甲', ['时支'], '甲见未'],
  ['禄神', '壬辰 壬寅 甲子 甲子', '日干甲', ['月支'], '甲禄在寅'],
  ['羊刃', '壬辰 癸卯 甲子 甲子', '日干甲', ['月支'], '甲刃在卯'],
  ['飞刃', '壬辰 己酉 甲子 甲子', '日干甲', ['月支'], '甲刃在卯，卯冲酉为飞刃'],
  ['红艳煞', '甲子 丙寅 丙子 戊子', '日干丙', ['月支'], '六丙逢寅'],
  ['金舆', '壬辰 壬子 甲子 甲子', '日干甲', ['年支'], '甲龙：甲日见辰'],
  ['学堂', '壬辰 辛亥 甲子 甲子', '日干甲', ['月支'], '甲木长生在亥'],
  ['流霞', '壬辰 己酉 甲子 甲子', '日干甲', ['月支'], '甲鸡：甲日见酉'],
  ['暗禄', '壬辰 辛亥 甲子 甲子', '日干甲', ['月支'], '甲禄寅，寅亥合，亥为暗禄'],
  ['截路空亡', '壬辰 己酉 甲子 壬申', '日干甲', ['时支'], '甲己申酉，只看时支（月支酉不算）'],
  ['天德贵人', '甲子 丙寅 丁卯 庚子', '月支寅', ['日干'], '正丁：寅月见丁'],
  ['天德合', '甲子 丙寅 壬子 庚子', '月支寅', ['日干'], '寅月天德丁，丁壬合，见壬'],
  ['月德贵人', '甲子 丙寅 甲子 甲子', '月支寅', ['月干'], '寅午戌月在丙'],
  ['月德合', '甲子 丙寅 辛丑 甲子', '月支寅', ['日干'], '寅月月德丙，丙辛合，见辛'],
  ['月空', '甲子 丙寅 壬子 甲子', '月支寅', ['日干'], '寅午戌月壬'],
  ['天医', '甲子 丙寅 乙丑 甲子', '月支寅', ['日支'], '正月（寅）天医在丑'],
  ['驿马', '甲子 丙寅 甲子 甲子', '年支子', ['月支'], '申子辰马在寅'],
  ['华盖', '甲子 戊辰 甲午 甲子', '年支子', ['月支'], '申子辰见辰'],
  ['将星', '甲子 丙子 甲午 甲戌', '年支子', ['月支'], '申子辰见子'],
  ['桃花', '甲子 癸酉 甲午 甲戌', '年支子', ['月支'], '申子辰在酉'],
  ['劫煞', '甲子 己巳 甲午 甲戌', '年支子', ['月支'], '申子辰见巳'],
  ['灾煞', '甲子 庚午 甲寅 甲戌', '年支子', ['月支'], '申子辰见午'],
  ['亡神', '甲子 乙亥 甲午 甲戌', '年支子', ['月支'], '申子辰见亥'],
  ['孤辰', '甲子 丙寅 甲午 甲戌', '年支子', ['月支'], '亥子丑人见寅'],
  ['寡宿', '甲子 甲戌 甲午 甲子', '年支子', ['月支'], '亥子丑人见戌'],
  ['红鸾', '甲子 丁卯 甲午 甲戌', '年支子', ['月支'], '子年卯'],
  ['天喜', '甲子 癸酉 甲午 甲戌', '年支子', ['月支'], '子年酉'],
  ['丧门', '甲子 丙寅 甲午 甲戌', '年支子', ['月支'], '太岁前二辰：子年寅'],
  ['吊客', '甲子 甲戌 甲午 甲子', '年支子', ['月支'], '太岁后二辰：子年戌'],
  ['披麻', '甲子 癸酉 甲午 甲戌', '年支子', ['月支'], '太岁后三辰：子年酉'],
  ['勾绞煞', '甲子 丁卯 甲午 癸酉', '年支子', ['月支', '时支'], '命前三辰卯、命后三辰酉'],
  ['魁罡', '甲子 丙寅 庚辰 甲子', undefined, ['日柱'], '日柱庚辰'],
  ['阴差阳错', '甲子 丙寅 丙子 甲子', undefined, ['日柱'], '日柱丙子'],
  ['十恶大败', '甲子 丙寅 甲辰 甲子', undefined, ['日柱'], '日柱甲辰'],
  ['孤鸾煞', '甲子 丙寅 乙巳 甲子', undefined, ['日柱'], '日柱乙巳'],
  ['六秀日', '甲子 丙寅 丙午 甲子', undefined, ['日柱'], '日柱丙午'],
  ['十灵日', '甲子 丙寅 乙亥 甲子', undefined, ['日柱'], '日柱乙亥'],
  ['八专', '甲子 丙寅 甲寅 甲子', undefined, ['日柱'], '日柱甲寅'],
  ['九丑', '甲子 丙寅 丁酉 甲子', undefined, ['日柱'], '日柱丁酉'],
  ['日德', '甲子 丙寅 丙辰 甲子', undefined, ['日柱'], '日柱丙辰'],
  ['日贵', '甲子 丙寅 癸卯 甲子', undefined, ['日柱'], '日柱癸卯'],
  ['金神', '甲子 丙寅 乙丑 癸酉', undefined, ['日柱', '时柱'], '日柱乙丑、时柱癸酉'],
  ['天赦日', '甲子 丙寅 戊寅 甲子', undefined, ['日柱'], '春（寅月）戊寅日'],
  ['四废', '甲子 丙寅 庚申 甲子', undefined, ['日柱'], '春（寅月）庚申日'],
  ['空亡', '乙亥 丙戌 甲子 甲子', undefined, ['年支', '月支'], '甲子旬空戌亥'],
  ['元辰', '甲子 辛未 甲子 己巳', undefined, ['月支'], '子年阳男见未（阳男阴女：冲后一位）'],
  ['天罗地网', '甲辰 己巳 甲子 甲子', undefined, ['年支', '月支'], '辰巳并见为地网'],
  ['三奇贵人', '乙丑 丙戌 丁卯 甲子', undefined, ['年干', '月干', '日干'], '乙丙丁顺布于年月日'],
];

describe('神煞 table', () => {
  it('declares at least 40 stars, each with a rule text and a source, and every star has a worked example below', () => {
    expect(STARS.length).toBeGreaterThanOrEqual(40);
    for (const s of STARS) {
      expect(s.rule.length, s.name).toBeGreaterThan(4);
      expect(s.source.length, s.name).toBeGreaterThan(2);
    }
    expect(new Set(EXAMPLES.map((e) => e[0]))).toEqual(new Set(STARS.map((s) => s.name)));
  });

  it.each(EXAMPLES.map(([name, chart, basis, expected, why]) => [`${name}（${STARS.find((s) => s.name === name)?.source}）：${why}`, name, chart, basis, expected] as const))(
    '%s',
    (_label, name, chart, basis, expected) => {
      expect(positions(chart, name, basis).sort()).toEqual([...expected].sort());
    },
  );

  it('元辰 depends on sex and year polarity: the same 子-year chart of a woman (阴男阳女 rule) carries it at 巳', () => {
    expect(positions('甲子 辛未 甲子 己巳', '元辰', undefined, false)).toEqual(['时支']);
  });
  it('天赦 is seasonal: a 戊寅 day in a summer (巳) month is not 天赦', () => {
    expect(positions('甲子 己巳 戊寅 甲子', '天赦日')).toEqual([]);
  });
  it('year-branch stars never mark the basis pillar itself (将星 of a 子 year is not the year branch)', () => {
    expect(positions('甲子 乙丑 甲午 甲戌', '将星', '年支子')).toEqual([]);
  });
  it('天乙贵人 is also looked up from the year stem (the table lists bases 日干 and 年干)', () => {
    expect(positions('丙子 庚寅 甲子 辛酉', '天乙贵人', '年干丙')).toEqual(['时支']);
  });
});
