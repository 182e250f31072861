// Stem and branch relations as declarative tables, evaluated over the four pillars. Each rule names its source.
import { BRANCHES, ELEMENTS, STEMS } from './ganzhi.ts';

export const PILLAR_NAMES = ['年', '月', '日', '时'] as const;
export type PillarName = (typeof PILLAR_NAMES)[number];

export interface Relation {
  /** e.g. 天干五合, 地支六冲, 三合 */
  kind: string;
  /** e.g. 甲己合土, 子午相冲, 申子辰三合水局 */
  name: string;
  members: string[];
  /** the pillars involved, e.g. ["年干", "日干"] */
  pillars: string[];
  /** the element a combination turns toward, where the rule gives one */
  element?: string;
  source: string;
}

interface PairRule {
  kind: string;
  a: number;
  b: number;
  name: string;
  element?: number;
  source: string;
}
interface GroupRule {
  kind: string;
  members: number[];
  name: string;
  element?: number;
  source: string;
}

const SANMING_2 = '《三命通会》卷二';
const pair = (kind: string, a: number, b: number, name: string, source: string, element?: number): PairRule => ({ kind, a, b, name, element, source });

export const STEM_PAIR_RULES: readonly PairRule[] = [
  ...[[0, 5, 2], [1, 6, 3], [2, 7, 4], [3, 8, 0], [4, 9, 1]].map(([a, b, e]) =>
    pair('天干五合', a, b, `${STEMS[a]}${STEMS[b]}合${ELEMENTS[e]}`, `${SANMING_2}干合：甲己合土、乙庚合金、丙辛合水、丁壬合木、戊癸合火`, e)),
  ...[[0, 6], [1, 7], [2, 8], [3, 9]].map(([a, b]) =>
    pair('天干相冲', a, b, `${STEMS[a]}${STEMS[b]}相冲`, '子平通行规则：天干隔七位相克为冲，甲庚、乙辛、丙壬、丁癸（戊己居中无冲）')),
];

export const BRANCH_PAIR_RULES: readonly PairRule[] = [
  ...[[0, 1, 2], [2, 11, 0], [3, 10, 1], [4, 9, 3], [5, 8, 4], [6, 7, 2]].map(([a, b, e]) =>
    pair('地支六合', a, b, `${BRANCHES[a]}${BRANCHES[b]}合${ELEMENTS[e]}`, `${SANMING_2}支合：子丑合土、寅亥合木、卯戌合火、辰酉合金、巳申合水、午未合（土）`, e)),
  ...[0, 1, 2, 3, 4, 5].map((a) =>
    pair('地支六冲', a, a + 6, `${BRANCHES[a]}${BRANCHES[a + 6]}相冲`, `${SANMING_2}冲击：子午、丑未、寅申、卯酉、辰戌、巳亥相冲（对宫七位）`)),
  ...[[0, 7], [1, 6], [2, 5], [3, 4], [8, 11], [9, 10]].map(([a, b]) =>
    pair('地支六害', a, b, `${BRANCHES[a]}${BRANCHES[b]}相害`, `${SANMING_2}六害：子未、丑午、寅巳、卯辰、申亥、酉戌相害`)),
  ...[[0, 9], [1, 4], [2, 11], [3, 6], [5, 8], [7, 10]].map(([a, b]) =>
    pair('地支六破', a, b, `${BRANCHES[a]}${BRANCHES[b]}相破`, '子平通行规则（六破）：子酉、丑辰、寅亥、卯午、巳申、未戌相破')),
  pair('地支相刑', 0, 3, '子卯相刑（无礼之刑）', `${SANMING_2}三刑：子刑卯、卯刑子，为无礼之刑`),
];

/** the three-member groups; each also yields half combinations (see below) */
export const SAN_HE: readonly GroupRule[] = [
  { kind: '三合局', members: [8, 0, 4], name: '申子辰三合水局', element: 4, source: `${SANMING_2}三合：申子辰合水局` },
  { kind: '三合局', members: [11, 3, 7], name: '亥卯未三合木局', element: 0, source: `${SANMING_2}三合：亥卯未合木局` },
  { kind: '三合局', members: [2, 6, 10], name: '寅午戌三合火局', element: 1, source: `${SANMING_2}三合：寅午戌合火局` },
  { kind: '三合局', members: [5, 9, 1], name: '巳酉丑三合金局', element: 3, source: `${SANMING_2}三合：巳酉丑合金局` },
];
export const SAN_HUI: readonly GroupRule[] = [
  { kind: '三会方', members: [2, 3, 4], name: '寅卯辰三会东方木', element: 0, source: '子平通行规则（三会方局）：寅卯辰东方木、巳午未南方火、申酉戌西方金、亥子丑北方水' },
  { kind: '三会方', members: [5, 6, 7], name: '巳午未三会南方火', element: 1, source: '子平通行规则（三会方局）：巳午未南方火' },
  { kind: '三会方', members: [8, 9, 10], name: '申酉戌三会西方金', element: 3, source: '子平通行规则（三会方局）：申酉戌西方金' },
  { kind: '三会方', members: [11, 0, 1], name: '亥子丑三会北方水', element: 4, source: '子平通行规则（三会方局）：亥子丑北方水' },
];
export const SAN_XING: readonly GroupRule[] = [
  { kind: '地支三刑', members: [2, 5, 8], name: '寅巳申三刑（无恩之刑）', source: `${SANMING_2}三刑：寅刑巳、巳刑申、申刑寅，为无恩之刑` },
  { kind: '地支三刑', members: [1, 10, 7], name: '丑戌未三刑（恃势之刑）', source: `${SANMING_2}三刑：丑刑戌、戌刑未、未刑丑，为恃势之刑` },
];
/** 辰午酉亥 punish themselves when doubled */
export const ZI_XING = [4, 6, 9, 11] as const;
const ZI_XING_SOURCE = `${SANMING_2}三刑：辰午酉亥为自刑`;

const stemSlot = (p: number): string => `${PILLAR_NAMES[p]}干`;
const branchSlot = (p: number): string => `${PILLAR_NAMES[p]}支`;

/** rules by unordered pair key (a × 12 + b with a ≤ b), compiled once from the tables above */
function compile(rules: readonly PairRule[]): Map<number, PairRule[]> {
  const m = new Map<number, PairRule[]>();
  for (const r of rules) {
    const key = Math.min(r.a, r.b) * 12 + Math.max(r.a, r.b);
    m.set(key, [...(m.get(key) ?? []), r]);
  }
  return m;
}
const STEM_PAIRS = compile(STEM_PAIR_RULES);
const BRANCH_PAIRS = compile(BRANCH_PAIR_RULES);

function pairsOf(values: readonly number[], rules: Map<number, PairRule[]>, slot: (p: number) => string, names: readonly string[]): Relation[] {
  const out: Relation[] = [];
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const x = values[i];
      const y = values[j];
      const hit = rules.get(Math.min(x, y) * 12 + Math.max(x, y));
      if (!hit) continue;
      for (const r of hit) {
        out.push({ kind: r.kind, name: r.name, members: [names[x], names[y]], pillars: [slot(i), slot(j)], element: r.element === undefined ? undefined : ELEMENTS[r.element], source: r.source });
      }
    }
  }
  return out;
}

export function stemRelations(stems: readonly number[]): Relation[] {
  return pairsOf(stems, STEM_PAIRS, stemSlot, STEMS);
}

/** positions (0–3) holding a branch */
const where = (branches: readonly number[], b: number): number[] => branches.flatMap((x, i) => (x === b ? [i] : []));

export function branchRelations(branches: readonly number[]): Relation[] {
  const out = pairsOf(branches, BRANCH_PAIRS, branchSlot, BRANCHES);
  const groupHits = (g: GroupRule, present: number[]): Relation => ({
    kind: g.kind,
    name: g.name,
    members: present.map((b) => BRANCHES[b]),
    pillars: present.flatMap((b) => where(branches, b)).sort().map(branchSlot),
    element: g.element === undefined ? undefined : ELEMENTS[g.element],
    source: g.source,
  });
  let mask = 0;
  for (const x of branches) mask |= 1 << x;
  const count = (g: GroupRule): number => (mask >> g.members[0] & 1) + (mask >> g.members[1] & 1) + (mask >> g.members[2] & 1);
  for (const g of SAN_HE) {
    if (count(g) < 2) continue;
    const present = g.members.filter((b) => branches.includes(b));
    if (present.length === 3) out.push(groupHits(g, present));
    else if (present.length === 2) {
      // 半合 needs the middle (帝旺) branch; 生 and 墓 without it only 拱 the middle
      const half = present.includes(g.members[1]);
      const r = groupHits(g, present);
      r.kind = half ? '三合半合' : '三合拱合';
      r.name = `${present.map((b) => BRANCHES[b]).join('')}${half ? '半合' : '拱'}${ELEMENTS[g.element!]}局`;
      r.source = `${g.source}；两支含中神（子午卯酉）为半合，生墓两支为拱合`;
      out.push(r);
    }
  }
  for (const g of SAN_HUI) {
    if (count(g) < 3) continue;
    const present = g.members.filter((b) => branches.includes(b));
    if (present.length === 3) out.push(groupHits(g, present));
  }
  for (const g of SAN_XING) {
    if (count(g) < 2) continue;
    const present = g.members.filter((b) => branches.includes(b));
    if (present.length === 3) out.push(groupHits(g, present));
    else if (present.length === 2) {
      const r = groupHits(g, present);
      r.kind = '地支相刑';
      r.name = `${present.map((b) => BRANCHES[b]).join('')}相刑`;
      out.push(r);
    }
  }
  for (const b of ZI_XING) {
    if (!(mask >> b & 1)) continue;
    const at = where(branches, b);
    if (at.length >= 2) out.push({ kind: '地支自刑', name: `${BRANCHES[b]}${BRANCHES[b]}自刑`, members: at.map(() => BRANCHES[b]), pillars: at.map(branchSlot), source: ZI_XING_SOURCE });
  }
  return out;
}
