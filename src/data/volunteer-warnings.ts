// What a 志愿 expert says about a list filled in order (pure: no database). Each warning is one sentence that
// names the entries and carries its own figure, so the advice can never contradict the figures shown with it.
//   order       a safer entry above a riskier one: the riskier one is looked at only when the safer one fails
//   few_safe    too few 保 entries (≥ 80 %) for the chance of landing nowhere (滑档)
//   adjust      a group whose majors the student excluded, all of them (服从调剂 puts the student in one of them;
//               refusing it means 退档)
//   one_year    an entry whose line rests on one past year only
//   too_many    more entries than the province allows
import type { Landing } from './simulate.ts';

export interface ListEntry {
  name: string;
  probability: number | null;
  /** past years the entry's line rests on */
  years: number[];
  /** the majors inside the unit (院校专业组 / 院校), as the lines or plans list them */
  majors: string[];
  /** majors the student does not want */
  excluded: string[];
}

export interface ListWarning {
  kind: 'order' | 'few_safe' | 'adjust' | 'one_year' | 'too_many';
  /** the entries it is about, 1-based as the list numbers them */
  entries: number[];
  text: string;
}

export const SAFE = 0.8;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A band of the probability: 0 难 (< 20 %), 1 冲, 2 稳, 3 保, 4 垫底 (> 99 %). */
export function band(p: number): number {
  return p < 0.2 ? 0 : p < 0.5 ? 1 : p < 0.8 ? 2 : p <= 0.99 ? 3 : 4;
}
const BAND_NAME = ['难', '冲', '稳', '保', '垫底'];

export function listWarnings(entries: ListEntry[], landing: Landing & { entryIndex: number[] }, allowed: number | null): ListWarning[] {
  const out: ListWarning[] = [];
  const landOf = (i: number) => {
    const k = landing.entryIndex.indexOf(i);
    return k < 0 ? 0 : landing.land[k]!;
  };
  // order: for each entry, the first entry above it in a safer band
  entries.forEach((e, j) => {
    if (e.probability === null) return;
    const i = entries.findIndex((a, k) => k < j && a.probability !== null && band(a.probability) > band(e.probability!));
    if (i < 0) return;
    const a = entries[i]!;
    out.push({
      kind: 'order',
      entries: [i + 1, j + 1],
      text: `第 ${i + 1} 个志愿「${a.name}」（${BAND_NAME[band(a.probability!)]}，录取概率 ${pct(a.probability!)}）排在更难的第 ${j + 1} 个「${e.name}」（${BAND_NAME[band(e.probability)]}，${pct(e.probability)}）前面：平行志愿按顺序检索，前一个够线就录取，后一个只在前面都录不上时才轮到，按这个顺序由它录取的概率只有 ${pct(landOf(j))}；想冲它，就把它移到第 ${i + 1} 个前面。`,
    });
  });
  const safe = entries.filter((e) => e.probability !== null && e.probability >= SAFE).length;
  if (entries.length && (safe < 2 || landing.none >= 0.05)) {
    out.push({ kind: 'few_safe', entries: [], text: `录取概率不低于 80% 的“保”只有 ${safe} 个，按这个顺序一个也录不上（滑档）的概率约 ${pct(landing.none)}；在表的后部加几个“保”的志愿。` });
  }
  entries.forEach((e, i) => {
    if (e.majors.length && e.excluded.length && e.majors.every((m) => e.excluded.includes(m))) {
      out.push({ kind: 'adjust', entries: [i + 1], text: `第 ${i + 1} 个志愿「${e.name}」里的 ${e.majors.length} 个专业你都不想读：被它录取就只能服从调剂读其中之一，不服从调剂会被退档，而且不再检索后面的志愿。` });
    }
  });
  entries.forEach((e, i) => {
    if (e.probability !== null && e.years.length === 1) out.push({ kind: 'one_year', entries: [i + 1], text: `第 ${i + 1} 个志愿「${e.name}」只有 ${e.years[0]} 年一年的录取线可比，它的录取概率把握较小，线可能比去年高或低得多。` });
  });
  if (allowed !== null && entries.length > allowed) out.push({ kind: 'too_many', entries: [], text: `志愿表有 ${entries.length} 个志愿，超过本省每次可填的 ${allowed} 个；只有前 ${allowed} 个能填进志愿系统。` });
  return out;
}

/** One sentence on the whole list, from its own figure. */
export function listAdvice(atLeastOne: number): string {
  const none = 1 - atLeastOne;
  if (atLeastOne >= 0.95) return `按这个顺序，至少被录取一个的概率约 ${pct(atLeastOne)}，滑档的可能约 ${pct(none)}。`;
  if (atLeastOne >= 0.8) return `风险偏高：至少被录取一个的概率约 ${pct(atLeastOne)}，仍有约 ${pct(none)} 的可能一个也录不上；在表的后部加“保”的志愿。`;
  if (atLeastOne >= 0.5) return `风险高：至少被录取一个的概率只有约 ${pct(atLeastOne)}，约 ${pct(none)} 的可能一个也录不上；请加入“稳”和“保”的志愿。`;
  return `很可能一个也录不上：至少被录取一个的概率只有约 ${pct(atLeastOne)}（滑档约 ${pct(none)}）；请加入“稳”和“保”的志愿。`;
}
