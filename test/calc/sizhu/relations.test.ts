// One test per relation rule: a worked example read off the rule text the table cites (the source is in the
// test name), plus the pillars involved.
import { describe, expect, it } from 'vitest';
import { branchRelations, stemRelations, BRANCH_PAIR_RULES, STEM_PAIR_RULES, SAN_HE, SAN_HUI, SAN_XING, ZI_XING } from '../../../src/calc/sizhu/relations.ts';
import { BRANCHES, STEMS } from '../../../src/calc/sizhu/ganzhi.ts';

const s = (x: string) => [...x].map((c) => STEMS.indexOf(c as never));
const b = (x: string) => [...x].map((c) => BRANCHES.indexOf(c as never));
/** a filler that forms no relation with anything in the examples below is hard to find, so examples use pairs
 * and fill the other pillars with repeats of the members, then look for the named relation only */
const names = (rels: { name: string; pillars: string[] }[]) => rels.map((r) => `${r.name}@${r.pillars.join('+')}`);

describe('stem relations', () => {
  it.each(STEM_PAIR_RULES.map((r) => [`${r.name}（${r.source}）`, r] as const))('%s', (_l, r) => {
    const stems = [r.a, r.b, r.a === 0 ? 4 : 0, r.a === 0 ? 4 : 0]; // 年 a, 月 b
    const rels = stemRelations(stems).filter((x) => x.name === r.name);
    expect(rels.map((x) => x.pillars)).toContainEqual(['年干', '月干']);
    expect(rels.every((x) => x.kind === r.kind)).toBe(true);
  });
  it('甲己合土 between 年干 and 日干 names both pillars and the element (《三命通会》卷二干合)', () => {
    expect(names(stemRelations(s('甲丙己壬')))).toContain('甲己合土@年干+日干');
    expect(stemRelations(s('甲丙己壬')).find((r) => r.name === '甲己合土')!.element).toBe('土');
  });
  it('戊己 have no clash', () => {
    expect(stemRelations(s('戊己戊己')).filter((r) => r.kind === '天干相冲')).toEqual([]);
  });
});

describe('branch pair relations', () => {
  it.each(BRANCH_PAIR_RULES.map((r) => [`${r.kind} ${r.name}（${r.source}）`, r] as const))('%s', (_l, r) => {
    const rels = branchRelations([r.a, r.b, r.a, r.a]).filter((x) => x.name === r.name);
    expect(rels.map((x) => x.pillars)).toContainEqual(['年支', '月支']);
  });
});

describe('three-branch groups', () => {
  it.each(SAN_HE.map((g) => [`${g.name}（${g.source}）`, g] as const))('%s: full, half with the middle branch, 拱 without it', (_l, g) => {
    const [sheng, wang, mu] = g.members;
    expect(names(branchRelations([sheng, wang, mu, wang]))).toContain(`${g.name}@年支+月支+日支+时支`);
    const half = branchRelations([sheng, wang, sheng, sheng]).find((r) => r.kind === '三合半合')!;
    expect(half.name).toBe(`${BRANCHES[sheng]}${BRANCHES[wang]}半合${g.name.slice(-2, -1)}局`);
    const gong = branchRelations([sheng, mu, sheng, mu]).find((r) => r.kind === '三合拱合')!;
    expect(gong.pillars).toEqual(['年支', '月支', '日支', '时支']);
  });
  it.each(SAN_HUI.map((g) => [`${g.name}（${g.source}）`, g] as const))('%s', (_l, g) => {
    expect(branchRelations([...g.members, g.members[0]]).map((r) => r.name)).toContain(g.name);
    expect(branchRelations([g.members[0], g.members[1], g.members[0], g.members[1]]).map((r) => r.name)).not.toContain(g.name);
  });
  it.each(SAN_XING.map((g) => [`${g.name}（${g.source}）`, g] as const))('%s: all three, or a pair 相刑', (_l, g) => {
    expect(branchRelations([...g.members, g.members[0]]).map((r) => r.name)).toContain(g.name);
    const pair = branchRelations([g.members[0], g.members[1], g.members[0], g.members[0]]).filter((r) => r.kind === '地支相刑');
    expect(pair.map((r) => r.name)).toContain(`${BRANCHES[g.members[0]]}${BRANCHES[g.members[1]]}相刑`);
  });
  it.each(ZI_XING.map((x) => [`${BRANCHES[x]}${BRANCHES[x]}自刑（《三命通会》卷二三刑：辰午酉亥为自刑）`, x] as const))('%s', (_l, x) => {
    const other = (x + 1) % 12;
    const rel = branchRelations([x, other, x, other]).find((r) => r.kind === '地支自刑')!;
    expect(rel.pillars).toEqual(['年支', '日支']);
    expect(branchRelations([x, other, other, other]).find((r) => r.kind === '地支自刑')).toBeUndefined();
  });
  it('a doubled 子 is not 自刑 (only 辰午酉亥 punish themselves)', () => {
    expect(branchRelations(b('子子寅寅')).find((r) => r.kind === '地支自刑')).toBeUndefined();
  });
  it('L01 (乙酉 戊子 辛巳 壬辰): 辰酉合金 年支+时支, 子辰半合水局, 巳酉半合金局, 子酉相破 (rules above)', () => {
    const n = names(branchRelations(b('酉子巳辰')));
    expect(n).toEqual(expect.arrayContaining(['辰酉合金@年支+时支', '子辰半合水局@月支+时支', '巳酉半合金局@年支+日支', '子酉相破@年支+月支']));
  });
});
