// Small pieces the tools' answer declarations (`answer` in tools/*.ts) are written with: the language switch,
// numbers as people read them, and columns. Nothing here knows a fact; it only says what a result holds.
import type { AnswerColumn, AnswerLang } from '../../tools/types.ts';

/** The Chinese or the English wording. */
export function say(lang: AnswerLang, zh: string, en: string): string {
  return lang === 'en' ? en : zh;
}

/**
 * A number as written in an answer: integers plain (22963, so it can be searched for), from 100 up to one decimal
 * (601.5, 1261), smaller ones to four significant figures (0.276, 0.002, 14.3).
 */
export function fmt(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return v === null || v === undefined ? '' : String(v);
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? String(Math.round(v * 10) / 10) : String(Number(v.toPrecision(4)));
}

/** A column showing a row's field (or what `cell` computes). */
export function col<R = Record<string, unknown>>(zh: string, en: string, cell: keyof R | ((row: R, lang: AnswerLang) => unknown)): AnswerColumn<R> {
  return { zh, en, cell: typeof cell === 'function' ? cell : (row: R) => row[cell] };
}

/** "A、B、C" / "A, B, C" of the first n distinct names. */
export function names(list: unknown[], lang: AnswerLang, n = 5): string {
  const unique = [...new Set(list.filter((x) => x !== null && x !== undefined && x !== '').map(String))];
  const shown = unique.slice(0, n).join(lang === 'en' ? ', ' : '、');
  return unique.length > n ? `${shown}${say(lang, ' 等', ' …')}` : shown;
}

/** The subject family as the province wrote it that year, when a row says it. */
export function subjectOf(row: Record<string, unknown>): string {
  return String(row.subject_type ?? row.subject_family ?? '');
}

/** "2024 年河南" / "河南 2024" from a query's province and year, whichever are given. */
export function where(args: Record<string, unknown>, lang: AnswerLang): string {
  const p = args.province ? String(args.province) : '';
  const y = args.year !== undefined ? String(args.year) : '';
  if (lang === 'en') return [p, y].filter(Boolean).join(' ');
  return `${y ? `${y} 年` : ''}${p}`;
}

/** The grade a yes/no question asks about (「武大法学是A+吗」 → A+), null otherwise. */
export function askedGrade(question: string): string | null {
  return /是\s*([ABC][+＋\-－]?)\s*(?:类|级|等级)?\s*(?:吗|么|嘛)/i.exec(question)?.[1]!.toUpperCase().replace('＋', '+').replace('－', '-') ?? null;
}

/** "是，…为 A+。" / "不是，…为 A。" for a row's grade against the asked one. */
export function gradeYesNo(asked: string, who: string, grade: string | null | undefined, lang: AnswerLang): string {
  if (!grade) return '';
  return grade === asked ? say(lang, `是，${who}为 ${grade}。`, `Yes: ${who} is ${grade}. `) : say(lang, `不是，${who}为 ${grade}（不是 ${asked}）。`, `No: ${who} is ${grade}, not ${asked}. `);
}
