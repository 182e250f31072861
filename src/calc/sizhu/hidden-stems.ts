// 地支藏干 with the 本气/中气/余气 labels of tyme4ts 1.5.2 (EarthBranch.getHideHeavenStemMain/Middle/Residual),
// which is also the order lunar-typescript prints and the reference cases list.
export type HiddenKind = '本气' | '中气' | '余气';

/** per branch (子 … 亥): stem indices in the order 本气, 中气, 余气 */
export const HIDDEN_STEMS: ReadonlyArray<readonly number[]> = [
  [9], // 子 癸
  [5, 9, 7], // 丑 己 癸 辛
  [0, 2, 4], // 寅 甲 丙 戊
  [1], // 卯 乙
  [4, 1, 9], // 辰 戊 乙 癸
  [2, 6, 4], // 巳 丙 庚 戊
  [3, 5], // 午 丁 己
  [5, 3, 1], // 未 己 丁 乙
  [6, 8, 4], // 申 庚 壬 戊
  [7], // 酉 辛
  [4, 7, 3], // 戌 戊 辛 丁
  [8, 0], // 亥 壬 甲
];
export const HIDDEN_KINDS: readonly HiddenKind[] = ['本气', '中气', '余气'];

/**
 * Weights of the hidden stems when a branch's strength is shared among them (used by the weighted five-element
 * score and the root count): one stem 1.0; two stems 0.7/0.3; three stems 0.6/0.3/0.1.
 */
export const HIDDEN_WEIGHTS: Readonly<Record<number, readonly number[]>> = { 1: [1], 2: [0.7, 0.3], 3: [0.6, 0.3, 0.1] };
export const hiddenWeights = (branch: number): readonly number[] => HIDDEN_WEIGHTS[HIDDEN_STEMS[branch].length];
