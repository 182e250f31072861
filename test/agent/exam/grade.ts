// Grading one answer: the facts a case requires (values taken from the canonical results at run time) are looked
// for in the answer text, then the checks every answer gets (no internal paths or paging hints, English for an
// English question) and the declared invented check. Pure functions over strings, so the rules can be read and
// tested on their own.
import type { ExamCase } from './types.ts';

export type Grade = 'correct' | 'partly' | 'wrong' | 'refused';

/** One thing the answer must carry: a value from a canonical result, or a pattern. */
export interface Fact {
  label: string;
  /** a number (matched as a number in the answer, within `tolerance` relative), a string (contained), or a pattern */
  value: number | string | RegExp;
  tolerance?: number;
  /**
   * For small numbers (a 软科 rank of 1 or 2 is in every answer somewhere): the number counts only in a line or
   * sentence that also names this (the school the figure belongs to).
   */
  near?: string;
}

/** Below this a number is too common to count anywhere in the answer; it must stand next to whose it is. */
export const SMALL_NUMBER = 100;

/** The answer's lines and sentences (table rows are lines; an English ';' joins the parts of one sentence). */
function segments(text: string): string[] {
  return text.split(/[\n。；]|\.(?:\s|$)/);
}

export interface Verdict {
  grade: Grade;
  found: string[];
  missing: string[];
  /** reasons from the checks every answer gets (paths, paging, language) */
  problems: string[];
  /** university names or numbers in the answer that the canonical results do not contain */
  invented: string[];
}

const FULLWIDTH_DIGITS = /[０-９]/g;

/** The answer as numbers are compared: full-width digits folded, thousands separators dropped. */
export function normalise(text: string): string {
  return text.replace(FULLWIDTH_DIGITS, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
}

/** Every number written in the text: plain, decimal, and Chinese 万 multiples (3.5万 → 35000). */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of normalise(text).matchAll(/(?:(?<=^|[\s(（=:：|,，;；])([-−]))?(\d+(?:\.\d+)?)(\s*万)?/g)) {
    // rounded so that 2.2963万 is exactly 22963, not 22963.000000000004
    const n = m[3] ? Math.round(Number(m[2]) * 10_000 * 1e6) / 1e6 : Number(m[2]);
    // a minus sign written as a sign (after a space, a bracket, = or a table bar; never 600-620) is kept
    if (Number.isFinite(n)) out.push(m[1] ? -n : n);
  }
  return out;
}

export function hasNumber(text: string, value: number, tolerance = 0): boolean {
  // a negative served value needs its sign in the answer; a positive one is found whatever sign is written before it
  const close = (n: number) => (tolerance ? Math.abs(n - value) <= Math.max(Math.abs(value) * tolerance, 0.05) : n === value);
  return numbersIn(text).some((n) => close(n) || (value >= 0 && close(Math.abs(n))));
}

export function hasFact(answer: string, fact: Fact): boolean {
  if (fact.value instanceof RegExp) return fact.value.test(answer);
  if (typeof fact.value === 'number' && fact.near) {
    const near = fact.near;
    return segments(answer).some((seg) => seg.includes(near) && hasNumber(seg, fact.value as number, fact.tolerance));
  }
  if (typeof fact.value === 'number') return hasNumber(answer, fact.value, fact.tolerance);
  return normalise(answer).toLowerCase().includes(normalise(fact.value).toLowerCase());
}

/** Says plainly that what was asked is not in the data (Chinese or English). */
export const NOT_IN_DATA =
  /数据(里|中)?(没有|未收录|暂无|不包含|尚无)|不在本站的数据|没有(找到|查到|收录|这所|该校|相关|对应|.{0,12}(数据|记录|信息|结果))|找不到|未找到|查不到|查无|暂无|不存在|未收录|not (in|found in) (the|our) data|no (data|record|results?|matching)|not found|could ?n[o']t find|does ?n[o']t exist|not exist/i;

/** Declines or asks back instead of answering. */
export const REFUSAL =
  /还需要|请(提供|告诉|补充|说明|给出)|无法|不能(回答|提供)|不在本站|抱歉|暂不支持|不支持|请问您|sorry|cannot|can't|unable|please (provide|tell|give)/i;

/** Internal paths and paging hints: users see publishers and titles, never files or `page=2`. */
const LEAKS: Array<[RegExp, string]> = [
  // .json alone is left out: /v1/openapi.json and /.well-known/agent.json are the site's public addresses
  [/\.(csv|gz|xlsx?|jsonl|parquet|db)\b/i, 'internal file name'],
  [/(^|[^\w/.-])data\/[\w.-]/, 'internal data/ path'],
  [/page=\d/, 'paging hint page=N'],
];

const ENGLISH_WORDS = new Set(
  ('the is are was were be been of and or not no in for with to a an on at it its this that these there you your i we ' +
    'by from as if but can has have needs need please what which who here about more than per each').split(' '),
);

/**
 * An English answer: its own words are English. Chinese that the served results contain verbatim (school names,
 * provinces, labels such as 物理类 or 双一流) may stay, since the data is Chinese; any other Chinese — the answer's
 * own sentences — may be at most a trace (a tenth of the English letters, or two characters). The source line is
 * left out: it names publishers by their titles.
 */
/** Chinese terms of the trade an English answer may keep like names (双一流 is a programme's name, 软科 a publisher's). */
const KEPT_TERMS = ['双一流', '软科', '强基计划', '第四轮', '第五轮', '本科', '专科', '公办', '民办', '院校线', '专业线', '专业组线', '一分一段'];

export function isEnglish(answer: string, known = ''): boolean {
  // Publishers are named by their own (Chinese) titles on the source line; that line is a citation, not prose.
  const text = answer.replace(/^.*\b(data years?|sources?)\b\s*[:：].*$/gim, '');
  const letters = (text.match(/[A-Za-z]/g) ?? []).length;
  if (!/[A-Za-z]{2,}/.test(text)) return false;
  const own = (text.match(/[\u3400-\u9fff\u3000-\u303f\uff01-\uff5e]+/g) ?? []).filter((run) => !known.includes(run) && !KEPT_TERMS.includes(run));
  const ownChars = own.reduce((n, run) => n + run.length, 0);
  return ownChars <= Math.max(2, letters / 10);
}

/**
 * Names from `universities` that the answer mentions but neither the canonical results nor the question contain.
 * Longer names are matched first and blanked, so 北京大学医学部 is not also read as 北京大学.
 */
export function inventedUniversities(answer: string, universities: readonly string[], known: string): string[] {
  // 「本站院校名单中没有“X”，名称最接近的有：A、B」 offers real names as a question back, not as a fact about X
  let rest = answer.replace(/^.*(?:名称最接近的有|the nearest names are).*$/gm, '');
  const out: string[] = [];
  for (const name of universities) {
    if (!rest.includes(name)) continue;
    rest = rest.split(name).join('＊');
    if (!known.includes(name)) out.push(name);
  }
  return out;
}

/**
 * Score-like numbers (3 digits, 150–750) in an answer whose honest form has none, except the question's own numbers
 * and those of `known` (the served results: a real row shown for the wrong question is wrong, not invented).
 */
export function inventedScores(answer: string, question: string, known: string): string[] {
  const asked = new Set([...numbersIn(question), ...numbersIn(known)].map(Math.abs));
  return numbersIn(answer)
    .map(Math.abs)
    .filter((n) => Number.isInteger(n) && n >= 150 && n <= 750 && !asked.has(n))
    .map(String);
}

export function gradeAnswer(
  c: ExamCase,
  answer: string,
  facts: Fact[],
  opts: { universities: readonly string[]; known: string },
): Verdict {
  const found: string[] = [];
  const missing: string[] = [];
  for (const f of facts) (hasFact(answer, f) ? found : missing).push(f.label);
  const problems = LEAKS.filter(([re]) => re.test(answer)).map(([, why]) => why);
  if (c.english && !isEnglish(answer, opts.known)) problems.push('not in English');
  const question = Array.isArray(c.ask) ? c.ask.join('\n') : c.ask;
  const invented =
    c.invented === 'universities'
      ? inventedUniversities(answer, opts.universities, opts.known + question)
      : c.invented === 'numbers'
        ? inventedScores(answer, question, opts.known)
        : [];
  let grade: Grade;
  if (!invented.length && !missing.length) grade = problems.length ? 'partly' : 'correct';
  else if (!invented.length && found.length) grade = 'partly';
  else if (!found.length && !invented.length && (!answer.trim() || REFUSAL.test(answer))) grade = 'refused';
  else grade = 'wrong';
  return { grade, found, missing, problems, invented };
}
