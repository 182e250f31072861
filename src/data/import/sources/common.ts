// Folding and cleaning shared by the adapters of the province-year datasets (score lines, plans, rank tables,
// batch lines), and the duplicate bookkeeping that runs once every file of a dataset is in.
import {
  cleanText,
  foldBatch,
  foldSubject,
  maxTotalScore,
  normalizeProvince,
  normalizeSchoolName,
  subjectFit,
  type BatchFamily,
  type ParsedScore,
  type SubjectFamily,
} from '../../normalize.ts';
import { TABLE_BY_NAME, type CleanReason } from '../../schema.ts';
import type { ImportContext } from '../context.ts';
import type { Agreement, AgreementPair } from '../agreement.ts';

export interface ProvinceYear {
  province: string;
  year: number;
  subject_type: string | null;
  subject_family: SubjectFamily | null;
  subject_fit: 0 | 1 | null;
  misaligned: boolean;
}

const pyCache = new Map<string, ProvinceYear | string>();

/** Folds province, year and subject type; a string when the row cannot be used at all. Memoised: few distinct triples. */
export function provinceYear(provinceText: string, yearText: string, subjectText: string): ProvinceYear | string {
  const k = `${provinceText}\u0001${yearText}\u0001${subjectText}`;
  let v = pyCache.get(k);
  if (v === undefined) {
    v = foldProvinceYear(provinceText, yearText, subjectText);
    pyCache.set(k, v);
  }
  return v;
}

function foldProvinceYear(provinceText: string, yearText: string, subjectText: string): ProvinceYear | string {
  const province = normalizeProvince(provinceText);
  if (!province) return 'unknown province';
  const year = Number(cleanText(yearText));
  if (!Number.isInteger(year) || year < 1977 || year > 2100) return 'no valid year';
  const subject_type = cleanText(subjectText) || null;
  const fold = foldSubject(subject_type);
  return { province, year, subject_type, subject_family: fold.family, subject_fit: subjectFit(province, year, subject_type), misaligned: fold.misaligned };
}

/** What plan and score-line rows share: the folded province-year, the school as written, and the batch. */
export interface RowHead {
  py: ProvinceYear;
  school: string;
  batch: string | null;
  bf: BatchFamily | null;
}

/** Folds the common head of a plan or score-line row; a reject reason when the row cannot be used at all. */
export function rowHead(r: { province: string; year: string; subject_type: string; school_name: string; batch: string }): RowHead | { reject: string } {
  const py = provinceYear(r.province, r.year, r.subject_type);
  if (typeof py === 'string') return { reject: py };
  const school = cleanText(r.school_name);
  if (!school) return { reject: 'no school name' };
  const batch = cleanText(r.batch) || null;
  return { py, school, batch, bf: batchFamily(batch) };
}

const batchCache = new Map<string | null, BatchFamily | null>();

/** foldBatch, memoised (about two thousand distinct spellings in the bundle). */
export function batchFamily(batch: string | null): BatchFamily | null {
  let v = batchCache.get(batch);
  if (v === undefined) {
    v = foldBatch(batch);
    batchCache.set(batch, v);
  }
  return v;
}

/** Special admission paths (专项, 艺体, 预科, 中外合作, 对口 …) are served as data_type 特殊招生线. */
export function isSpecialPath(batch: BatchFamily | null, family: SubjectFamily | null, scope?: string | null): boolean {
  return scope === 'special-path-only' || batch === '专项计划' || batch === '特殊类型' || batch === '艺术体育' || family === '艺术' || family === '体育';
}

/**
 * Why a score is not served by default, or null: blank/zero, censored, or outside the province's range
 * (ordinary families only: art/PE composites use other scales, so they are only bounded loosely).
 */
export function scoreProblem(score: ParsedScore, py: ProvinceYear, artOrSport: boolean): CleanReason | null {
  if (score.value === null || score.value === 0) return 'no_score';
  if (score.censored) return 'censored_score';
  const ordinary = !artOrSport && (py.subject_family === '物理' || py.subject_family === '历史' || py.subject_family === '综合');
  const max = ordinary ? maxTotalScore(py.province, py.year) : 1000;
  if (score.value < 0 || score.value > max) return 'score_out_of_range';
  return null;
}

/** The digits that identify a 院校专业组 across sources: "001专业组（不限）" → "1", "复旦大学(01)" → "1". */
export function groupDigits(group: string | null): string {
  const s = cleanText(group);
  if (!s) return '';
  const tail = /\((\d+)\)$/.exec(s);
  const digits = tail ? tail[1] : s.replace(/\D+/g, '');
  return digits.replace(/^0+(?=\d)/, '');
}

/** A major name as a duplicate key: width-folded, no spaces. */
export function majorKey(name: string | null): string {
  return cleanText(name).replace(/\s+/g, '');
}

/**
 * The school part of a duplicate key: a campus is its own school (its lines never duplicate the parent's). A
 * programme of the school (Resolution.unit) is told apart by Duplicates.add's unit.
 */
export function schoolKey(universityId: number | null, name: string, campus: string | null = null): string {
  if (universityId === null) return `n${normalizeSchoolName(name)}`;
  return campus ? `u${universityId}/${campus}` : `u${universityId}`;
}

const MAX_EXAMPLES = 8;

/** The rows of a list split by a label, in first-seen order. */
function group(list: number[], label: (p: number) => string): number[][] {
  const out = new Map<string, number[]>();
  for (const p of list) (out.get(label(p)) ?? out.set(label(p), []).get(label(p))!).push(p);
  return [...out.values()];
}

/**
 * Candidate rows for duplicate removal. Rows sharing a key and an admission unit compete: the lowest `pref` (most
 * authoritative source) wins, then a published rank over a derived one, then the earlier row; the others are kept
 * cleaned with `duplicate_of` = the winner. Only rows still valid when the duplicates are resolved take part, so a
 * winner is always served. Kept in memory (a million short keys) because a temp table plus a window query cost
 * several times more.
 */
export class Duplicates {
  private readonly keys = new Map<string, number[]>();
  /** id → admission unit (programmeUnit), only for rows that have one */
  private readonly units = new Map<number, string>();

  constructor(private readonly ctx: ImportContext) {}

  /**
   * derived: 0 = published rank, 1 = rank derived from the score, 2 = no rank. unit: the programme the row's
   * school name stands for ('' = the university's own line): rows of different units are different lines.
   */
  add(table: string, id: number, key: string, pref: number, derived = 2, unit = ''): void {
    const k = `${table}\u0000${key}`;
    // packed: pref (0–99), derived (0–2) and id in one number keeps the map small
    const packed = (pref * 4 + derived) * 2 ** 32 + id;
    const list = this.keys.get(k);
    if (list) list.push(packed);
    else this.keys.set(k, [packed]);
    if (unit) this.units.set(id, unit);
  }

  /**
   * The lines among the candidates of one key: one per admission unit. A row joins another unit only as a copy:
   * a more authoritative row of another file publishes the same value under the other label, and neither file
   * lists both labels (jsoneft's "辽宁大学" 552 is liuguanghui's "辽宁大学(中外合作办学专业)" 552; a file that
   * lists both says they are two lines). Only that row moves, never its unit's other rows.
   */
  private lines(list: number[], copy: ((id: number) => { file: string; value: number | null }) | null): number[][] {
    if (!list.some((p) => this.units.has(p % 2 ** 32))) return [list];
    const unitOf = (p: number) => this.units.get(p % 2 ** 32) ?? '';
    if (!copy || list.every((p) => unitOf(p) === unitOf(list[0]))) return group(list, unitOf);
    const rows = [...list].sort((a, b) => a - b).map((p) => ({ p, unit: unitOf(p), ...copy(p % 2 ** 32) }));
    const files = new Map<string, Set<string>>();
    for (const r of rows) (files.get(r.unit) ?? files.set(r.unit, new Set()).get(r.unit)!).add(r.file);
    const line = new Map<number, string>();
    rows.forEach((y, i) => {
      const x = rows.slice(0, i).find((x) => x.unit !== y.unit && x.file !== y.file && x.value !== null && x.value === y.value
        && !files.get(x.unit)!.has(y.file) && !files.get(y.unit)!.has(x.file));
      line.set(y.p, x ? line.get(x.p)! : y.unit);
    });
    return group(list, (p) => line.get(p)!);
  }

  /**
   * Marks the losers of every key of a table as cleaned; returns how many. With `agreement`, also compares the
   * winner's score with each competitor from another file (exact / within 2 points / larger, with examples).
   */
  resolve(table: string, agreement?: Agreement, copyValue?: string): number {
    const db = this.ctx.db;
    let copy: ((id: number) => { file: string; value: number | null }) | null = null;
    if (copyValue) {
      const get = db.prepare(`SELECT source_file AS file, ${copyValue} AS value FROM ${table} WHERE id = ?`);
      copy = (id) => get.get(id) as { file: string; value: number | null };
    }
    let compare: ((key: string, ids: number[]) => void) | null = null;
    if (agreement) {
      const get = db.prepare('SELECT min_score, source_file, source_ref FROM score_lines WHERE id = ?');
      const pairs = new Map<string, AgreementPair>();
      compare = (key, ids) => {
        const rows = ids.map((id) => get.get(id) as { min_score: number | null; source_file: string; source_ref: string });
        const best = rows[0];
        if (best.min_score === null) return;
        const seen = new Set<string>();
        for (const r of rows.slice(1)) {
          if (r.source_file === best.source_file || r.min_score === null || seen.has(r.source_file)) continue;
          seen.add(r.source_file);
          const sources = [best.source_file, r.source_file].sort() as [string, string];
          const pk = sources.join('\u0001');
          let p = pairs.get(pk);
          if (!p) {
            p = { sources, keys: 0, exact: 0, within2: 0, larger: 0, examples: [] };
            pairs.set(pk, p);
            agreement.push(p);
          }
          p.keys++;
          const d = Math.abs(best.min_score - r.min_score);
          if (d === 0) p.exact++;
          else if (d <= 2) p.within2++;
          else {
            p.larger++;
            if (p.examples.length < MAX_EXAMPLES) {
              const first = sources[0] === best.source_file;
              p.examples.push({
                line: key.replace(/\|+/g, ' ').trim(),
                scores: first ? [best.min_score, r.min_score] : [r.min_score, best.min_score],
                refs: first ? [best.source_ref, r.source_ref] : [r.source_ref, best.source_ref],
              });
            }
          }
        }
      };
    }
    const withTarget = TABLE_BY_NAME.get(table)!.columns.some((c) => c.name === 'duplicate_of');
    const update = db.prepare(`UPDATE ${table} SET cleaned = 1, clean_reason = @reason${withTarget ? ', duplicate_of = @winner' : ''} WHERE id = @id`);
    // A candidate cleaned for another reason after it was added (a rank the official table contradicts …) is no
    // longer a line: it must not win, or its group would be served by nobody.
    const invalid = new Set(db.prepare(`SELECT id FROM ${table} WHERE cleaned = 1`).pluck().all() as number[]);
    const prefix = `${table}\u0000`;
    let changed = 0;
    db.exec('BEGIN');
    for (const [k, all] of this.keys) {
      if (!k.startsWith(prefix)) continue;
      this.keys.delete(k);
      if (all.length < 2) continue;
      const valid = invalid.size ? all.filter((p) => !invalid.has(p % 2 ** 32)) : all;
      if (valid.length < 2) continue;
      for (const list of this.lines(valid, copy)) {
        if (list.length < 2) continue;
        list.sort((a, b) => a - b);
        if (compare) compare(k.slice(prefix.length), list.map((p) => p % 2 ** 32));
        const bestDerived = Math.floor(list[0] / 2 ** 32) % 4;
        const winner = list[0] % 2 ** 32;
        for (let i = 1; i < list.length; i++) {
          const derived = Math.floor(list[i] / 2 ** 32) % 4;
          const id = list[i] % 2 ** 32;
          update.run({ reason: derived === 1 && bestDerived === 0 ? 'derived_rank_superseded' : 'duplicate', id, ...(withTarget ? { winner } : {}) });
          changed++;
        }
      }
    }
    db.exec('COMMIT');
    return changed;
  }
}
