// 十二长生 (地势): the stage of a stem at a branch. Yang stems run forward from their 长生 branch, yin stems
// backward (阳顺阴逆), as in 《三命通会·卷二·论五行生旺死绝》 and the lunar/tyme libraries.
import { mod } from './ganzhi.ts';

export const STAGES = ['长生', '沐浴', '冠带', '临官', '帝旺', '衰', '病', '死', '墓', '绝', '胎', '养'] as const;
/** 长生 branch of each stem: 甲亥 乙午 丙寅 丁酉 戊寅 己酉 庚巳 辛子 壬申 癸卯 */
export const CHANG_SHENG = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3] as const;

export function stageIndex(stem: number, branch: number): number {
  return stem % 2 === 0 ? mod(branch - CHANG_SHENG[stem], 12) : mod(CHANG_SHENG[stem] - branch, 12);
}
export const diShi = (stem: number, branch: number): string => STAGES[stageIndex(stem, branch)];
/** the branch where a stem reaches a stage */
export const branchAtStage = (stem: number, stage: number): number =>
  stem % 2 === 0 ? mod(CHANG_SHENG[stem] + stage, 12) : mod(CHANG_SHENG[stem] - stage, 12);
