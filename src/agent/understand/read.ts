// Stage 1 of the understanding — READ: the message's words become entities, once. The text is capped first
// (READ_CHARS: a request is short, a pasted document must cost no more than a request), cut into sentences
// (split.ts) and, where a sentence has comma clauses, each clause is read on its own as well, so the next stage
// can tell 「北京2026本科线多少，620分排多少名」 asks two things without reading anything again. Every later stage
// works on these readings and never reads the text itself.
import type { DB } from '../../db/open.ts';
import { readText, type Reading } from './reading.ts';
import { greetingKind, languageOf, type Greeting } from './smalltalk.ts';
import { sentences } from './split.ts';

/**
 * Characters of a message the understanding reads. Longer input (a pasted document, 100,000 copies of one
 * character) is cut here, before any reader runs: the work per message is bounded by this, linearly.
 */
export const READ_CHARS = 2000;
/** Sentences planned per message (each may become a question); the rest are not read. */
export const MAX_SENTENCES = 12;
/** Comma clauses read apart per sentence; a sentence with more is read as a whole only. */
export const MAX_CLAUSES = 8;

export interface SentenceReading {
  /** the sentence read as a whole */
  whole: Reading;
  /** each comma clause read on its own (empty when the sentence has one clause or more than MAX_CLAUSES) */
  clauses: Reading[];
  /** the sentence is only a greeting (「你好！」 before a question) */
  greeting: Greeting | null;
}

export interface MessageReading {
  /** the message as typed, cut to READ_CHARS */
  raw: string;
  language: 'zh' | 'en';
  /** the whole message is a greeting, thanks or goodbye */
  greeting: Greeting | null;
  sentences: SentenceReading[];
  /** the whole message read as one piece (used when no sentence asks anything of its own) */
  all: Reading;
  /** the message was longer than READ_CHARS */
  cut: boolean;
}

// a comma; a space after 吗/呢; a space between two Chinese words (「湖北2025物理580分排多少名 本科线是多少」: a phone
// keyboard's space often ends a question). The next stage splits only where the clauses ask different things.
const CLAUSE = /(?<=[，,])|(?<=[吗呢])\s+|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff\d])/;

/**
 * Reads a message. `asOne`: the message is one piece (a tool the client forced is given the whole text), not
 * cut into sentences or clauses.
 */
export function readMessage(text: string, db: DB | null, now: Date | undefined, asOne = false): MessageReading {
  const raw = text.slice(0, READ_CHARS);
  const all = readText(raw.trim(), db, now);
  const base = { raw, language: languageOf(raw), all, cut: text.length > READ_CHARS };
  if (asOne) return { ...base, greeting: null, sentences: [{ whole: all, clauses: [], greeting: null }] };
  const greeting = greetingKind(raw);
  if (greeting) return { ...base, greeting, sentences: [] };
  const pieces = sentences(raw).slice(0, MAX_SENTENCES);
  if (pieces.length === 1 && pieces[0] === raw.trim() && raw.split(CLAUSE).length < 2) {
    return { ...base, greeting: null, sentences: [{ whole: all, clauses: [], greeting: null }] };
  }
  return {
    ...base,
    greeting: null,
    sentences: pieces.map((s) => {
      const bits = s.split(CLAUSE);
      const clauses = bits.length >= 2 && bits.length <= MAX_CLAUSES ? bits.map((b) => readText(b, db, now)) : [];
      return { whole: s === raw ? all : readText(s, db, now), clauses, greeting: greetingKind(s) };
    }),
  };
}
