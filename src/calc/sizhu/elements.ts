// 五行 statistics three ways. The weights are part of the output so a reader can redo the sums.
import { BRANCH_ELEMENT, ELEMENTS, STEM_ELEMENT } from './ganzhi.ts';
import { HIDDEN_STEMS, hiddenWeights } from './hidden-stems.ts';

export type ElementTally = Record<(typeof ELEMENTS)[number], number>;

export const ELEMENT_WEIGHTS_RULE =
  '加权：每个天干计 1 分；每个地支计 1 分并按藏干分给各五行（一干 1.0；二干 0.7/0.3；三干 0.6/0.3/0.1）；月支为当令之位，再乘 2（月令加倍）';

const empty = (): number[] => [0, 0, 0, 0, 0];
const toTally = (v: number[]): ElementTally =>
  Object.fromEntries(ELEMENTS.map((e, i) => [e, Math.round(v[i] * 100) / 100])) as ElementTally;

/** element scores by index (木火土金水), weighted as stated in ELEMENT_WEIGHTS_RULE */
export function weightedElements(stems: readonly number[], branches: readonly number[]): number[] {
  const w = empty();
  for (const s of stems) w[STEM_ELEMENT[s]] += 1;
  branches.forEach((b, pillar) => {
    const factor = pillar === 1 ? 2 : 1;
    const weights = hiddenWeights(b);
    HIDDEN_STEMS[b].forEach((s, k) => (w[STEM_ELEMENT[s]] += weights[k] * factor));
  });
  return w;
}

export interface ElementStats {
  /** the eight characters by their own element (stems by stem element, branches by branch element) */
  count_eight_characters: ElementTally;
  /** the four stems plus every hidden stem, each counted once */
  count_with_hidden_stems: ElementTally;
  weighted_score: ElementTally;
  weights: string;
  missing: string[];
  strongest: string;
  weakest: string;
}

export function elementStats(stems: readonly number[], branches: readonly number[]): ElementStats {
  const raw = empty();
  for (const s of stems) raw[STEM_ELEMENT[s]]++;
  for (const b of branches) raw[BRANCH_ELEMENT[b]]++;
  const withHidden = empty();
  for (const s of stems) withHidden[STEM_ELEMENT[s]]++;
  for (const b of branches) for (const s of HIDDEN_STEMS[b]) withHidden[STEM_ELEMENT[s]]++;
  const weighted = weightedElements(stems, branches);
  const order = [0, 1, 2, 3, 4];
  const strongest = order.reduce((a, b) => (weighted[b] > weighted[a] ? b : a));
  const weakest = order.reduce((a, b) => (weighted[b] < weighted[a] ? b : a));
  return {
    count_eight_characters: toTally(raw),
    count_with_hidden_stems: toTally(withHidden),
    weighted_score: toTally(weighted),
    weights: ELEMENT_WEIGHTS_RULE,
    missing: ELEMENTS.filter((_, i) => raw[i] === 0),
    strongest: ELEMENTS[strongest],
    weakest: ELEMENTS[weakest],
  };
}
