// How the user wants the answer, read from their message: the language (an English question is answered in
// English) and the number of rows they named (「前10」, "top 5", as the mentions read it). The understanding
// carries both per part; this is the same reading for one message, for callers that write an answer without it.
import type { AnswerLang } from '../../tools/types.ts';
import { readMentions } from './mentions.ts';

export interface AnswerFacets {
  lang: AnswerLang;
  /** the number of rows asked for, when a number was named */
  count?: number;
  /** characters each tool result of the turn should stay within */
  budget?: number;
}

// Latin words that are units, grades and codes in a Chinese question (C30梁，M=180kN·m，HRB400), not English.
const NOT_ENGLISH = /^(kn|mm|cm|km|kg|hrb|hpb|hrbf|mpa|gpa|as|gb|ok|vs|id|app|api|ai|mcp|pdf|a|b|c|seed|hn|hw|hm|kpa|tw|tf|cm)$/i;

const SHORT_WORDS = /^(is|of|in|to|me|my|an|at|do|be|or|if|it|we|us|on|by|so|up|no|am|as|go|hi|ok)$/i;

/** English when the message is written in English words (names in Chinese may appear in it). */
export function questionLanguage(text: string): AnswerLang {
  const han = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  // seed=abc, l0x=8m: a parameter written the engineer's or programmer's way is not English prose
  const prose = text.replace(/[A-Za-z_][\w.]*\s*[=＝:：]\s*[\w.-]+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  // two-letter tokens are symbols (Ix, Wx, HN) unless they are English words (is, of, to …)
  const words = (prose.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !NOT_ENGLISH.test(w) && (w.length >= 3 || SHORT_WORDS.test(w)));
  // one word is enough without any Chinese ("hello", "thanks"); with Chinese names in it, two and most of the text
  return han === 0 ? (words.length >= 1 ? 'en' : 'zh') : words.length >= 2 && words.length * 3 >= han ? 'en' : 'zh';
}

/** The language and the row count of a message. */
export function answerFacets(text: string): AnswerFacets {
  const top = readMentions(text).topN;
  return { lang: questionLanguage(text), ...(top ? { count: Math.min(top, 100) } : {}) };
}
