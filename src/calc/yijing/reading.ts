// Which text a cast is read by, following Zhu Xi, 《易学启蒙·考变占》. The rules decide only which texts are
// selected and which one leads; the texts themselves come from the imported classic.
import type { LineValue } from './generator.ts';
import { isMoving } from './relations.ts';

export interface ReadingRef {
  /** the 本卦 (primary) or the 变卦 (changed) */
  from: 'primary' | 'changed';
  /** 卦辞, a line's 爻辞, or 用九/用六 */
  kind: 'judgment' | 'line' | 'use';
  /** 1..6 for kind 'line', otherwise null */
  position: number | null;
  /** the text the reading leads with */
  main: boolean;
}

export interface ReadingPlan {
  moving_count: number;
  /** Zhu Xi's wording of the rule that applies */
  rule: string;
  rule_en: string;
  /** main first */
  refs: ReadingRef[];
}

// Quoted from 《易学启蒙·考变占第四》 (Simplified); the three-line case also carries its 前十卦/后十卦 clause, which
// for any 本卦 means: the ten ways to move three lines that include the bottom line lead with the 本卦.
const RULES = [
  { rule: '凡卦六爻皆不变，则占本卦彖辞，而以内卦为贞，外卦为悔。', en: 'No line moves: read the judgment of the primary hexagram.' },
  { rule: '一爻变，则以本卦变爻辞占。', en: 'One line moves: read that line of the primary hexagram.' },
  { rule: '二爻变，则以本卦二变爻辞占，仍以上爻为主。', en: 'Two lines move: read both moving lines of the primary hexagram, the upper one leading.' },
  {
    rule: '三爻变，则占本卦及之卦之彖辞，即以本卦为贞，之卦为悔。前十卦主贞，后十卦主悔。',
    en: 'Three lines move: read the judgments of the primary and the changed hexagram; the primary leads when the bottom line is among the moving ones (the "first ten"), otherwise the changed one leads.',
  },
  { rule: '四爻变，则以之卦二不变爻占，仍以下爻为主。', en: 'Four lines move: read the two unmoving lines of the changed hexagram, the lower one leading.' },
  { rule: '五爻变，则以之卦不变爻占。', en: 'Five lines move: read the one unmoving line of the changed hexagram.' },
  { rule: '六爻变，则乾坤占二用，余卦占之卦彖辞。', en: 'All six lines move: 乾 and 坤 read 用九 / 用六; any other hexagram reads the judgment of the changed hexagram.' },
] as const;

const line = (from: ReadingRef['from'], position: number, main: boolean): ReadingRef => ({ from, kind: 'line', position, main });
const judgment = (from: ReadingRef['from'], main: boolean): ReadingRef => ({ from, kind: 'judgment', position: null, main });

/** `primaryIsPureYangOrYin`: the 本卦 is 乾 or 坤, the two that carry 用九 / 用六. */
export function selectReading(values: readonly LineValue[], primaryIsPureYangOrYin: boolean): ReadingPlan {
  const moving: number[] = [];
  const still: number[] = [];
  values.forEach((v, i) => (isMoving(v) ? moving : still).push(i + 1));
  const n = moving.length;
  let refs: ReadingRef[];
  switch (n) {
    case 0:
      refs = [judgment('primary', true)];
      break;
    case 1:
      refs = [line('primary', moving[0]!, true)];
      break;
    case 2:
      refs = [line('primary', moving[1]!, true), line('primary', moving[0]!, false)];
      break;
    case 3:
      refs = moving[0] === 1 ? [judgment('primary', true), judgment('changed', false)] : [judgment('changed', true), judgment('primary', false)];
      break;
    case 4:
      refs = [line('changed', still[0]!, true), line('changed', still[1]!, false)];
      break;
    case 5:
      refs = [line('changed', still[0]!, true)];
      break;
    default:
      refs = primaryIsPureYangOrYin ? [{ from: 'primary', kind: 'use', position: null, main: true }] : [judgment('changed', true)];
  }
  return { moving_count: n, rule: RULES[n]!.rule, rule_en: RULES[n]!.en, refs };
}
