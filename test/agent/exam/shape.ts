// The form of an answer, whatever its facts (issue 30: answers a phone can read): its length, whether it is in the
// question's language, and whether internal field names, tags or fragments leaked into it. Pure functions, used by
// the exam's suite over every answer and by `npm run exam`'s report.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../src/config.ts';
import type { CaseResult } from './run.ts';
import { TOOLS } from '../../../tools/index.ts';

// The registry's tool names are the site's public API (llms.txt, MCP, the notes about it), not internal fields.
const PUBLIC_NAMES = new RegExp(`\\b(?:${TOOLS.map((t) => t.name).join('|')})\\b`, 'g');

/** Every word the site's own published content uses (notes, pages, forum posts quote the data API's field names). */
let published: string | null = null;
function publishedText(): string {
  if (published === null) {
    const dir = path.join(REPO_ROOT, 'data', 'site');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(md|json|ya?ml)$/.test(f));
    published = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
  }
  return published;
}

/** Characters (code points) of an answer. */
export const answerLength = (answer: string): number => [...answer].length;

/** The p-th percentile (0–100) of the numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// Links, addresses, code spans and the source line are citations: their Latin letters are not the answer's words.
const CITATIONS = /https?:\/\/\S+|\[[^\]]*\]\([^)]*\)|`[^`]*`|^.*(?:来源|数据年份|原始页面|Source|Data years?|Published at)\s*[:：].*$/gim;
// Trade terms and units an answer in Chinese keeps in Latin letters (GB 50010, HRB400, kN·m, A+, 985, Q355, HN400×200 …)
const LATIN_TERMS = /^(?:[A-Z]{1,4}\d*|[a-z]{1,3}\d*|kN|mm|cm|MPa|GPa|HRBF?|HPB|RRB|GB|JGJ|Mx|My|Nu|Vu|Vcs|As|fy|fc|ft|wmax|w_lim|ltb|rank-history|gaokao-[\w-]+|bm25|v\d+)$/;

/**
 * A Chinese question gets no English sentence: two or more English words in a row outside citations and trade
 * terms. (An English question's answer is checked by the grader, which knows the served results' Chinese names.)
 */
export function englishInChinese(question: string, answer: string): string | null {
  const text = answer.replace(CITATIONS, ' ');
  for (const run of text.matchAll(/[A-Za-z][A-Za-z'-]*(?:[ \t]+[A-Za-z][A-Za-z'-]*)+/g)) {
    const words = run[0].split(/\s+/).filter((w) => !LATIN_TERMS.test(w) && !question.includes(w));
    if (words.length >= 2 && words.some((w) => w.length >= 3)) return `English in a Chinese answer: "${run[0]}"`;
  }
  return null;
}

/** Internal names and fragments an answer must not show: field paths, snake_case fields, tags, schema errors. */
const INTERNAL: Array<[RegExp, string]> = [
  [/\b(?:params|args|body|input)\.[a-z_]+/i, 'a field path'],
  [/(?<![\w/.-])[a-z]+_[a-z_]+(?![\w/.-])/, 'a snake_case field name'],
  [/\bis required\b|\bexpected (?:number|string)\b|\binvalid_type\b|\bundefined\b|\bNaN\b|\[object Object\]/, 'a schema or program error'],
  [/[\u4e00-\u9fff]\[(?:公办|民办|985|211|双一流)\]/, 'a tag in brackets'],
  [/(?:^|[\s（(])\d+\]/m, 'a broken fragment'],
];

export function internalNames(answer: string): string | null {
  const text = answer.replace(/https?:\/\/\S+|\[[^\]]*\]\([^)]*\)/g, ' ').replace(PUBLIC_NAMES, ' ');
  for (const [re, what] of INTERNAL) {
    const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    // a name the site's own notes and posts publish (an excerpt quoting them) is content, not a leak
    const m = [...text.matchAll(global)].find((x) => !(what === 'a snake_case field name' && publishedText().includes(x[0])));
    if (m) return `${what}: "${m[0]}"`;
  }
  return null;
}

/** What is wrong with the form of one graded answer (empty: nothing). */
export function formProblems(r: CaseResult): string[] {
  const question = [r.case.ask].flat().at(-1)!;
  const language = r.case.english ? (r.verdict?.problems.includes('not in English') ? 'not in English' : null) : englishInChinese(question, r.answer);
  return [language, internalNames(r.answer)].filter((x): x is string => x !== null);
}
