// 喜用与忌神: 扶抑 first (by the strength level), then the 调候 override for summer and winter months. The rule
// that fired is returned in words.
import { ELEMENTS, STEM_ELEMENT } from './ganzhi.ts';
import { weightedElements } from './elements.ts';
import type { Strength } from './strength.ts';

export const FAVOURABLE_RULE =
  '扶抑：身旺/身强者喜克泄耗（印多取财破印，比劫多取官杀制之，次取食伤泄秀），忌印比；身弱/身衰者喜印比（官杀或食伤重取印，财重取比劫），忌官杀财食伤；' +
  '中和者取原局加权最弱之五行补其不足，忌最旺之五行。调候：生于巳午未月（夏）以水为先，生于亥子丑月（冬）以火为先，调候之神提为首位并移出忌神。';

export interface Favourable {
  favourable: string[];
  unfavourable: string[];
  /** the element taken first */
  primary: string;
  rule_fired: string;
  tiao_hou: string | null;
  rule: string;
}

const SUMMER = [5, 6, 7];
const WINTER = [11, 0, 1];

export function favourableElements(stems: readonly number[], branches: readonly number[], strength: Strength): Favourable {
  const dm = STEM_ELEMENT[stems[2]];
  const el = (cls: number): number => (dm + cls) % 5; // 0 比劫 1 食伤 2 财 3 官杀 4 印
  const w = weightedElements(stems, branches);
  let fav: number[];
  let unfav: number[];
  let fired: string;
  if (strength.score >= 55) {
    const resourceHeavy = w[el(4)] > w[el(0)];
    fav = resourceHeavy ? [el(2), el(1), el(3)] : [el(3), el(1), el(2)];
    unfav = [el(4), el(0)];
    fired = resourceHeavy
      ? `扶抑：日主偏强（${strength.score} 分）且印重于比劫，取财星（${ELEMENTS[el(2)]}）破印，次取食伤（${ELEMENTS[el(1)]}）泄秀`
      : `扶抑：日主偏强（${strength.score} 分）且比劫为主，取官杀（${ELEMENTS[el(3)]}）制身，次取食伤（${ELEMENTS[el(1)]}）泄秀`;
  } else if (strength.score < 40) {
    const drains = [1, 2, 3].map((c) => ({ c, w: w[el(c)] })).sort((a, b) => b.w - a.w || a.c - b.c);
    const heaviest = drains[0].c;
    fav = heaviest === 2 ? [el(0), el(4)] : [el(4), el(0)];
    unfav = [el(3), el(2), el(1)];
    const names = { 1: '食伤', 2: '财星', 3: '官杀' } as Record<number, string>;
    fired = `扶抑：日主偏弱（${strength.score} 分），原局以${names[heaviest]}（${ELEMENTS[el(heaviest)]}）最重，取${heaviest === 2 ? `比劫（${ELEMENTS[el(0)]}）分财，次取印星（${ELEMENTS[el(4)]}）` : `印星（${ELEMENTS[el(4)]}）化泄生身，次取比劫（${ELEMENTS[el(0)]}）`}`;
  } else {
    const order = [0, 1, 2, 3, 4].sort((a, b) => w[a] - w[b] || a - b);
    fav = [order[0], order[1]];
    unfav = [order[4]];
    fired = `扶抑：日主中和（${strength.score} 分），取原局最弱之${ELEMENTS[order[0]]}补其不足，次取${ELEMENTS[order[1]]}，忌最旺之${ELEMENTS[order[4]]}`;
  }
  let tiaoHou: string | null = null;
  const month = branches[1];
  const need = SUMMER.includes(month) ? 4 : WINTER.includes(month) ? 1 : -1;
  if (need >= 0) {
    tiaoHou = SUMMER.includes(month) ? '调候：生于夏月，火炎土燥，先取水润之' : '调候：生于冬月，水寒金冷，先取火暖之';
    fav = [need, ...fav.filter((e) => e !== need)];
    unfav = unfav.filter((e) => e !== need);
  }
  return {
    favourable: fav.map((e) => ELEMENTS[e]),
    unfavourable: unfav.map((e) => ELEMENTS[e]),
    primary: ELEMENTS[fav[0]],
    rule_fired: tiaoHou ? `${tiaoHou}（覆盖扶抑首选）；${fired}` : fired,
    tiao_hou: tiaoHou,
    rule: FAVOURABLE_RULE,
  };
}
