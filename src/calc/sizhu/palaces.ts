// 宫位 (年柱祖上、月柱父母兄弟、日支配偶、时柱子女) and 六亲 by 十神 and sex, after 《渊海子平》's 六亲 scheme:
// 男命 偏财父、正印母、正财妻、七杀子、正官女、比肩兄弟、劫财姐妹；女命 正官夫、偏财父、正印母、伤官子、食神女、比肩姐妹、劫财兄弟。
import { tenGod, type TenGod } from './ten-gods.ts';
import { HIDDEN_STEMS } from './hidden-stems.ts';
import { STEMS, BRANCHES } from './ganzhi.ts';

export const PALACES = [
  { palace: '年柱', meaning: '祖上宫（祖辈、早年）' },
  { palace: '月柱', meaning: '父母兄弟宫（门户、青年）' },
  { palace: '日支', meaning: '配偶宫（婚姻、中年）' },
  { palace: '时柱', meaning: '子女宫（后嗣、晚年）' },
] as const;

export const RELATIVES_MALE: ReadonlyArray<[string, TenGod]> = [
  ['父亲', '偏财'], ['母亲', '正印'], ['妻子', '正财'], ['儿子', '七杀'], ['女儿', '正官'], ['兄弟', '比肩'], ['姐妹', '劫财'],
];
export const RELATIVES_FEMALE: ReadonlyArray<[string, TenGod]> = [
  ['父亲', '偏财'], ['母亲', '正印'], ['丈夫', '正官'], ['儿子', '伤官'], ['女儿', '食神'], ['姐妹', '比肩'], ['兄弟', '劫财'],
];

const PILLAR = ['年', '月', '日', '时'];

export interface PalaceEntry {
  palace: string;
  meaning: string;
  content: string;
  ten_gods: string[];
}
export interface RelativeEntry {
  relative: string;
  star: string;
  /** where the star shows: stems and hidden stems */
  found_in: string[];
}

export function palaces(stems: readonly number[], branches: readonly number[]): PalaceEntry[] {
  const dm = stems[2];
  const godsOfBranch = (b: number): string[] => HIDDEN_STEMS[b].map((s) => tenGod(dm, s));
  return [
    { ...PALACES[0], content: STEMS[stems[0]] + BRANCHES[branches[0]], ten_gods: [tenGod(dm, stems[0]), ...godsOfBranch(branches[0])] },
    { ...PALACES[1], content: STEMS[stems[1]] + BRANCHES[branches[1]], ten_gods: [tenGod(dm, stems[1]), ...godsOfBranch(branches[1])] },
    { ...PALACES[2], content: BRANCHES[branches[2]], ten_gods: godsOfBranch(branches[2]) },
    { ...PALACES[3], content: STEMS[stems[3]] + BRANCHES[branches[3]], ten_gods: [tenGod(dm, stems[3]), ...godsOfBranch(branches[3])] },
  ];
}

export function relatives(stems: readonly number[], branches: readonly number[], male: boolean): RelativeEntry[] {
  const dm = stems[2];
  return (male ? RELATIVES_MALE : RELATIVES_FEMALE).map(([relative, star]) => {
    const found: string[] = [];
    [0, 1, 3].forEach((p) => tenGod(dm, stems[p]) === star && found.push(`${PILLAR[p]}干`));
    branches.forEach((b, p) => HIDDEN_STEMS[b].forEach((s) => tenGod(dm, s) === star && found.push(`${PILLAR[p]}支藏${STEMS[s]}`)));
    return { relative, star, found_in: found };
  });
}
