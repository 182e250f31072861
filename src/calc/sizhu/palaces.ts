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
  const pillar = (p: number): string => STEMS[stems[p]] + BRANCHES[branches[p]];
  return [
    { palace: PALACES[0].palace, meaning: PALACES[0].meaning, content: pillar(0), ten_gods: [tenGod(dm, stems[0]), ...godsOfBranch(branches[0])] },
    { palace: PALACES[1].palace, meaning: PALACES[1].meaning, content: pillar(1), ten_gods: [tenGod(dm, stems[1]), ...godsOfBranch(branches[1])] },
    { palace: PALACES[2].palace, meaning: PALACES[2].meaning, content: BRANCHES[branches[2]], ten_gods: godsOfBranch(branches[2]) },
    { palace: PALACES[3].palace, meaning: PALACES[3].meaning, content: pillar(3), ten_gods: [tenGod(dm, stems[3]), ...godsOfBranch(branches[3])] },
  ];
}

export function relatives(stems: readonly number[], branches: readonly number[], male: boolean): RelativeEntry[] {
  const dm = stems[2];
  // every place a ten god shows, in pillar order: stems of 年/月/时, then each branch's hidden stems
  const seen = new Map<string, string[]>();
  const note = (god: string, where: string): void => {
    const list = seen.get(god);
    if (list) list.push(where);
    else seen.set(god, [where]);
  };
  for (const p of [0, 1, 3]) note(tenGod(dm, stems[p]), `${PILLAR[p]}干`);
  branches.forEach((b, p) => HIDDEN_STEMS[b].forEach((s) => note(tenGod(dm, s), `${PILLAR[p]}支藏${STEMS[s]}`)));
  return (male ? RELATIVES_MALE : RELATIVES_FEMALE).map(([relative, star]) => ({ relative, star, found_in: seen.get(star) ?? [] }));
}
