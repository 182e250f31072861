// The reviewed name decisions (school-names.csv next to this file): every school spelling of the bundle that
// reaches a university by anything other than its official name, a folded spelling or a programme suffix was
// looked at once, by hand, and the decision is kept here as data with its reason. The import follows the table
// before any rule, so a new import cannot re-create a link the review rejected, and a spelling that only a
// 学校标识码 tied to a university (the way 东北大学秦皇岛分校 once landed on 沈阳工业大学) needs a row here.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normalizeSchoolName } from '../normalize.ts';

export const REVIEWED_NAMES_FILE = fileURLToPath(new URL('./school-names.csv', import.meta.url));

export const REVIEW_DECISIONS = {
  alias: 'a short name or spelling of the university (上海 official short names, common abbreviations, OCR variants)',
  renamed: 'a former name of the university; `year` is the first admission year the bundle publishes under the new name',
  campus: 'a branch campus or institute of the university admitting under its own name; `campus` is its place',
  reject: 'not this (or any listed) university: the rows keep the published name and stay unresolved',
} as const;
export type ReviewDecision = keyof typeof REVIEW_DECISIONS;

export interface ReviewedName {
  spelling: string;
  decision: ReviewDecision;
  /** official name of the target university ('' for reject) */
  university: string;
  /** place of the campus (decision campus) */
  campus: string;
  year: string;
  reason: string;
}

const HEADER = ['spelling', 'decision', 'university', 'campus', 'year', 'reason'];

/** Reads the reviewed table; throws on a malformed row so a bad edit stops the import instead of linking wrongly. */
export function loadReviewedNames(file = REVIEWED_NAMES_FILE): ReviewedName[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = parseCsvLine(lines[0]);
  if (header.join(',') !== HEADER.join(',')) throw new Error(`${file}: header must be ${HEADER.join(',')}`);
  const seen = new Set<string>();
  return lines.slice(1).map((line, i) => {
    const [spelling, decision, university, campus, year, reason] = parseCsvLine(line);
    const where = `${file} line ${i + 2}`;
    if (!(decision in REVIEW_DECISIONS)) throw new Error(`${where}: decision must be one of ${Object.keys(REVIEW_DECISIONS).join(', ')}`);
    if (!reason) throw new Error(`${where}: every decision needs a reason`);
    if (decision !== 'reject' && !university) throw new Error(`${where}: ${decision} needs the university`);
    if (decision === 'campus' && !campus) throw new Error(`${where}: campus needs the campus place`);
    if (decision === 'renamed' && !year) throw new Error(`${where}: renamed needs the year of the change`);
    const key = normalizeSchoolName(spelling);
    if (seen.has(key)) throw new Error(`${where}: ${spelling} is listed twice`);
    seen.add(key);
    return { spelling, decision: decision as ReviewDecision, university, campus, year, reason };
  });
}

/** One line of a small hand-edited CSV: fields separated by commas, quoted with "…" when they hold one ("" escapes). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          v += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else v += line[i++];
      }
      out.push(v);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      out.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return out;
}
