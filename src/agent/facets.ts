// How the user wants the answer, read from their message: the language (an English question is answered in
// English) and the number of rows they named (「前10」, "top 5"). Kept to one small function so the planner can
// own it once it reads these itself.
import type { z } from 'zod';
import type { AnswerLang, SiteTool } from '../../tools/types.ts';
import { chineseNumber, matchForm } from './text.ts';

export interface AnswerFacets {
  lang: AnswerLang;
  /** the number of rows asked for, when a number was named */
  count?: number;
}

// Latin words that are units, grades and codes in a Chinese question (C30梁，M=180kN·m，HRB400), not English.
const NOT_ENGLISH = /^(kn|mm|cm|km|kg|hrb|hpb|mpa|gpa|as|gb|ok|vs|id|app|api|ai|mcp|pdf|a|b|c)$/i;

/** English when the message is written in English words (names in Chinese may appear in it). */
export function questionLanguage(text: string): AnswerLang {
  const han = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  const words = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !NOT_ENGLISH.test(w));
  // one word is enough without any Chinese ("hello", "thanks"); with Chinese names in it, two and most of the text
  return han === 0 ? (words.length >= 1 ? 'en' : 'zh') : words.length >= 2 && words.length * 3 >= han ? 'en' : 'zh';
}

/** The language and the row count of a message. */
export function answerFacets(text: string): AnswerFacets {
  const t = matchForm(text);
  const m = /前([0-9]{1,3}|[一二两三四五六七八九十]{1,3})(?:名|所|个|位|条|强|的|所学校|所大学)?/.exec(t) ?? /(?:top|first)([0-9]{1,3})/.exec(t);
  const n = m ? chineseNumber(m[1]!) : Number.NaN;
  return { lang: questionLanguage(text), ...(Number.isInteger(n) && n >= 1 && n <= 100 ? { count: n } : {}) };
}

/** The arguments with the row count the user asked for, on a tool that pages (page_size) or caps (limit) its list. */
export function withAskedCount(tool: SiteTool, args: Record<string, unknown>, count: number | undefined): Record<string, unknown> {
  if (!count) return args;
  const shape = (tool.inputSchema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const field of ['page_size', 'limit']) {
    if (!shape[field] || args[field] !== undefined) continue;
    if (shape[field].safeParse(count).success) return { ...args, [field]: count };
  }
  return args;
}
