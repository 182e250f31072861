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

const CLAUSE = /(?<=[，,])|(?<=[吗呢])\s+/;

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

/**
 * Clauses read apart, taken together as one piece (「我是河南考生，物理类，600分能上什么学校」 after the next clause
 * asks something else): the texts joined, the entities of each kept in order, positions shifted to the joined
 * text. Nothing is read again.
 */
export function joinReadings(parts: Reading[]): Reading {
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  let offset = 0;
  const universities = parts.flatMap((p) => {
    const shifted = p.universities.map((u) => ({ ...u, start: u.start + offset, end: u.end + offset }));
    offset += p.text.length;
    return shifted;
  });
  const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];
  const firstOf = <K extends keyof Reading['m']>(k: K): Reading['m'][K] => (parts.find((p) => p.m[k] !== null && p.m[k] !== undefined)?.m[k] ?? first.m[k]);
  const text = parts.map((p) => p.text).join('');
  const m: Reading['m'] = {
    ...first.m,
    text,
    universities: uniq(parts.flatMap((p) => p.m.universities)),
    majors: uniq(parts.flatMap((p) => p.m.majors)),
    provinces: uniq(parts.flatMap((p) => p.m.provinces)),
    years: uniq(parts.flatMap((p) => p.m.years)),
    scores: uniq(parts.flatMap((p) => p.m.scores)),
    quoted: parts.flatMap((p) => p.m.quoted),
  };
  for (const k of ['scoreRange', 'rank', 'subjectType', 'batch', 'level', 'grade', 'universityId', 'birth', 'sex', 'longitude', 'seed', 'ordinal', 'date', 'topN'] as const) {
    (m as unknown as Record<string, unknown>)[k] = firstOf(k);
  }
  return {
    raw: parts.map((p) => p.raw).join(''),
    text,
    language: parts.every((p) => p.language === 'en') ? 'en' : 'zh',
    universities,
    majors: parts.flatMap((p) => p.majors),
    m,
    lunar: parts.find((p) => p.lunar)?.lunar ?? null,
    constraints: Object.assign({}, ...parts.map((p) => p.constraints)),
    city: parts.find((p) => p.city)?.city ?? null,
    unknownPlace: parts.find((p) => p.unknownPlace)?.unknownPlace ?? null,
    batches: uniq(parts.flatMap((p) => p.batches)),
    otherAssistant: parts.find((p) => p.otherAssistant)?.otherAssistant ?? null,
  };
}
