// 日主强弱 as a deterministic score out of 100 with its three factors (得令, 得地/通根, 得势). The rule set is
// returned with the result; schools differ and this is one documented scheme.
import { BRANCH_ELEMENT, STEM_ELEMENT, mod } from './ganzhi.ts';
import { HIDDEN_STEMS, hiddenWeights } from './hidden-stems.ts';

/** 旺相休囚死 of an element in a season element: same 旺, season generates it 相, it generates season 休, it controls season 囚, season controls it 死 */
export const SEASON_STATES = ['旺', '相', '死', '囚', '休'] as const;
/** points for 得令 by the state of the day master's element in the month */
export const DE_LING_POINTS: Record<string, number> = { 旺: 40, 相: 30, 休: 10, 囚: 5, 死: 0 };

export const STRENGTH_RULE =
  '得令（满分 40）：日主五行在月令的旺相休囚死，旺 40、相 30、休 10、囚 5、死 0（月令五行：寅卯木、巳午火、申酉金、亥子水、辰戌丑未土）；' +
  '得地（满分 30）：年、日、时三支藏干中，与日主同五行者按藏干权重计 10 分，生日主者计 6 分；' +
  '得势（满分 30）：年、月、时三干中，比劫每个 10 分，印星每个 8 分。' +
  '总分 ≥ 70 身旺，55–69 身强，40–54 中和，25–39 身弱，< 25 身衰。' +
  '总分 ≥ 85 且原局天干与各支本气均无官杀者为专旺格候选；总分 ≤ 15 且得地为 0 者为从格候选。';

export const LEVELS: ReadonlyArray<[number, string]> = [[70, '身旺'], [55, '身强'], [40, '中和'], [25, '身弱'], [-1, '身衰']];

export interface StrengthFactor {
  name: '得令' | '得地' | '得势';
  score: number;
  max: number;
  detail: string;
}
export interface Strength {
  score: number;
  level: string;
  factors: StrengthFactor[];
  candidates: string[];
  rule: string;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const PILLAR = ['年', '月', '日', '时'];

/** the season element of a month branch (辰戌丑未 are 土) */
export const seasonElement = (monthBranch: number): number => BRANCH_ELEMENT[monthBranch];
export const seasonState = (element: number, season: number): string => SEASON_STATES[mod(element - season, 5)];

export function dayMasterStrength(stems: readonly number[], branches: readonly number[]): Strength {
  const dm = STEM_ELEMENT[stems[2]];
  const state = seasonState(dm, seasonElement(branches[1]));
  const deLing = DE_LING_POINTS[state];

  let deDi = 0;
  const roots: string[] = [];
  for (const p of [0, 2, 3]) {
    const w = hiddenWeights(branches[p]);
    HIDDEN_STEMS[branches[p]].forEach((s, k) => {
      const e = STEM_ELEMENT[s];
      if (e === dm) {
        deDi += 10 * w[k];
        roots.push(`${PILLAR[p]}支藏同类（${w[k]}）`);
      } else if (e === mod(dm - 1, 5)) {
        deDi += 6 * w[k];
        roots.push(`${PILLAR[p]}支藏印（${w[k]}）`);
      }
    });
  }
  let deShi = 0;
  const helpers: string[] = [];
  for (const p of [0, 1, 3]) {
    const e = STEM_ELEMENT[stems[p]];
    if (e === dm) {
      deShi += 10;
      helpers.push(`${PILLAR[p]}干比劫`);
    } else if (e === mod(dm - 1, 5)) {
      deShi += 8;
      helpers.push(`${PILLAR[p]}干印星`);
    }
  }
  const score = round1(deLing + deDi + deShi);
  const level = LEVELS.find(([min]) => score >= min)![1];
  const candidates: string[] = [];
  const officer = mod(dm + 3, 5); // the element that controls the day master
  const hasOfficer = [0, 1, 3].some((p) => STEM_ELEMENT[stems[p]] === officer) || branches.some((b) => STEM_ELEMENT[HIDDEN_STEMS[b][0]] === officer);
  if (score >= 85 && !hasOfficer) candidates.push('专旺格候选：日主极旺且无官杀制约');
  if (score <= 15 && round1(deDi) === 0) candidates.push('从格候选：日主极弱且无根');
  return {
    score,
    level,
    factors: [
      { name: '得令', score: deLing, max: 40, detail: `日主五行在月令为「${state}」` },
      { name: '得地', score: round1(deDi), max: 30, detail: roots.length ? roots.join('、') : '年日时三支无同类或印星之根' },
      { name: '得势', score: deShi, max: 30, detail: helpers.length ? helpers.join('、') : '年月时三干无比劫印星相助' },
    ],
    candidates,
    rule: STRENGTH_RULE,
  };
}
