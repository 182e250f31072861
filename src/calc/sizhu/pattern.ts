// 格局 from the month command (《子平真诠》“八字用神，专求月令”): the first of the month branch's hidden stems
// (本气, then 中气, 余气) that shows among the other stems (透干) names the pattern; none showing, the 本气 does.
// 建禄 and 月刃 are named for themselves; 从格/专旺/化气 are only candidates.
import { STEMS, STEM_ELEMENT, mod } from './ganzhi.ts';
import { HIDDEN_KINDS, HIDDEN_STEMS } from './hidden-stems.ts';
import { tenGod } from './ten-gods.ts';
import { stageIndex } from './di-shi.ts';
import type { Strength } from './strength.ts';

export const PATTERN_RULE =
  '月令取格：月支为日主临官（禄）者为建禄格，阳日干月支为帝旺（刃）者为月刃格；否则月支藏干按本气、中气、余气之序，先透于年、月、时干者取其十神为格（比劫不取，续看下一藏干），皆不透则取本气十神为格。' +
  '从格、专旺格见日主强弱之候选；日干与月干或时干五合且月令为化神之五行者，列为化气格候选。';

const HUA: Record<string, number> = { '0,5': 2, '1,6': 3, '2,7': 4, '3,8': 0, '4,9': 1 };

export interface Pattern {
  name: string;
  basis: string;
  candidates: string[];
  rule: string;
}

export function findPattern(stems: readonly number[], branches: readonly number[], strength: Strength): Pattern {
  const dm = stems[2];
  const month = branches[1];
  const stage = stageIndex(dm, month);
  const candidates = [...strength.candidates];
  for (const other of [1, 3]) {
    const key = [dm, stems[other]].sort((a, b) => a - b).join(',');
    const hua = HUA[key];
    if (hua !== undefined && STEM_ELEMENT[HIDDEN_STEMS[month][0]] === hua) {
      candidates.push(`化气格候选：日干${STEMS[dm]}与${other === 1 ? '月' : '时'}干${STEMS[stems[other]]}相合，月令当化神之气`);
    }
  }
  if (stage === 3) return { name: '建禄格', basis: `月支为日干${STEMS[dm]}之临官（禄）`, candidates, rule: PATTERN_RULE };
  if (stage === 4 && dm % 2 === 0) return { name: '月刃格', basis: `月支为阳日干${STEMS[dm]}之帝旺（刃）`, candidates, rule: PATTERN_RULE };
  const shown = [0, 1, 3].map((p) => stems[p]);
  const hidden = HIDDEN_STEMS[month];
  for (let k = 0; k < hidden.length; k++) {
    const god = tenGod(dm, hidden[k]);
    if (god === '比肩' || god === '劫财') continue;
    if (shown.includes(hidden[k])) {
      return { name: `${god}格`, basis: `月令${HIDDEN_KINDS[k]}${STEMS[hidden[k]]}透出天干，为${god}`, candidates, rule: PATTERN_RULE };
    }
  }
  const main = hidden[0];
  let god = tenGod(dm, main);
  let basis = `月令藏干皆不透，取本气${STEMS[main]}为${god}`;
  if (god === '比肩' || god === '劫财') {
    // a 比劫 本气 that is neither 禄 nor 刃 (e.g. 辰戌丑未 for 戊己): take the next hidden stem that is not 比劫
    const next = hidden.slice(1).find((s) => mod(STEM_ELEMENT[s] - STEM_ELEMENT[dm], 5) !== 0);
    if (next !== undefined) {
      god = tenGod(dm, next);
      basis = `月令本气为比劫，取藏干${STEMS[next]}为${god}`;
    }
  }
  return { name: `${god}格`, basis, candidates, rule: PATTERN_RULE };
}
