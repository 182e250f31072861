// Folding and cleaning shared by the adapters of the province-year datasets (score lines, plans, rank tables,
// batch lines), and the duplicate bookkeeping that runs once every file of a dataset is in.
import {
  cleanText,
  examSystem,
  foldBatch,
  foldSubject,
  maxTotalScore,
  normalizeProvince,
  normalizeSchoolName,
  provinceLabel,
  subjectFit,
  type BatchFamily,
  type ParsedScore,
  type SubjectFamily,
} from '../../normalize.ts';
import { TABLE_BY_NAME, type CleanReason } from '../../schema.ts';
import type { ImportContext } from '../context.ts';
import type { Agreement, AgreementPair } from '../agreement.ts';
import type { Resolution } from '../resolve.ts';

export interface ProvinceYear {
  province: string;
  year: number;
  /** the label as published */
  subject_type: string | null;
  /** the label shown: the published one, or the province's own label for the family when the published one does not fit the year (河南 2023 物理类 → 理科) */
  subject_label: string | null;
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
  const fit = subjectFit(province, year, subject_type);
  // 物理类/历史类 written for a 3+3 province-year (天津, 海南, 上海 …) is that year's 综合 line: the province examined no such family.
  const family = fit === 0 && examSystem(province, year) === '3+3' && (fold.family === '物理' || fold.family === '历史') ? '综合' : fold.family;
  const subject_label = fit === 0 ? provinceLabel(family, province, year) ?? subject_type : subject_type;
  return { province, year, subject_type, subject_label, subject_family: family, subject_fit: fit, misaligned: fold.misaligned };
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
  // "107 第107组" (the number written twice) is group 107, not 107107; "5101006 第006组 010" keeps every digit (the
  // school code and a major's number make the plan item).
  const named = /第\s*(\d+)\s*组/.exec(s);
  const rest = named ? s.replace(named[0], '').replace(/\D+/g, '').replace(/^0+/, '') : null;
  const tail = /\((\d+)\)$/.exec(s);
  // "华中科技大学2024湖北普通批|05护理学组：物+化": the number before a group's written name, not the year before it.
  const wordy = /(?<!\d)(\d{1,3})[\u4e00-\u9fa5]{1,10}组/.exec(s);
  const digits = named && (rest === '' || rest === named[1].replace(/^0+/, '')) ? named[1] : tail ? tail[1] : wordy ? wordy[1] : s.replace(/\D+/g, '');
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

/**
 * A provincial 院校代号 names one school in one source and year. Where a file puts one code on two universities
 * (liuguanghui 云南 2024 5386: 保山职业学院 and 保险职业学院; upstream joins of similar names), the university with at
 * least twice the rows of every other keeps the code and the others' rows are cleaned; when no university dominates,
 * every served row of the code is cleaned, since nothing says which name is right. Returns the rows cleaned.
 */
/** How far on each side of a 院校代号 the codes are read for the province's code range. */
const CODE_RANGE = 10;

export function cleanCodeConflicts(ctx: ImportContext, table: string): number {
  const db = ctx.db;
  // One pass finds the conflicting keys; the rows of those few keys are then read and updated by id.
  const rows = db
    .prepare(
      `WITH k AS (SELECT source_file, province, year, school_code FROM ${table}
                  WHERE school_code IS NOT NULL AND school_code <> '' AND university_id IS NOT NULL
                  GROUP BY 1, 2, 3, 4 HAVING COUNT(DISTINCT university_id) > 1)
       SELECT t.id, t.source_file, t.province, t.year, t.school_code, t.university_id, t.cleaned FROM ${table} t
       JOIN k ON k.source_file = t.source_file AND k.province = t.province AND k.year = t.year AND k.school_code = t.school_code
       WHERE t.university_id IS NOT NULL`,
    )
    .all() as Array<{ id: number; source_file: string; province: string; year: number; school_code: string; university_id: number; cleaned: number }>;
  const update = db.prepare(`UPDATE ${table} SET cleaned = 1, clean_reason = ? WHERE id = ?`);
  const byKey = new Map<string, Map<number, typeof rows>>();
  for (const r of rows) {
    const k = [r.source_file, r.province, r.year, r.school_code].join('\u0001');
    const m = byKey.get(k) ?? byKey.set(k, new Map()).get(k)!;
    (m.get(r.university_id) ?? m.set(r.university_id, []).get(r.university_id)!).push(r);
  }
  const uni = db.prepare('SELECT name, province, level FROM universities WHERE id = ?');
  // One pass over the file-province-years with a conflict: each code's batch families and its universities' provinces.
  const fpy = [...new Set(rows.map((r) => [r.source_file, r.province, r.year].join('\u0001')))];
  const codesSeen = new Map<string, Array<{ code: string; bf: string | null; province: string | null }>>();
  if (fpy.length) {
    db.exec('CREATE TEMP TABLE conflict_fpy (source_file TEXT, province TEXT, year INTEGER)');
    const add = db.prepare('INSERT INTO temp.conflict_fpy VALUES (?, ?, ?)');
    for (const k of fpy) {
      const [f, p, y] = k.split('\u0001');
      add.run(f, p, Number(y));
    }
    const all = db
      .prepare(
        `SELECT t.source_file, t.province, t.year, t.school_code AS code, t.batch_family AS bf, u.province AS up FROM ${table} t
         JOIN temp.conflict_fpy k ON k.source_file = t.source_file AND k.province = t.province AND k.year = t.year
         LEFT JOIN universities u ON u.id = t.university_id WHERE t.school_code IS NOT NULL AND t.school_code <> '' GROUP BY 1, 2, 3, 4, 5, 6`,
      )
      .all() as Array<{ source_file: string; province: string; year: number; code: string; bf: string | null; up: string | null }>;
    db.exec('DROP TABLE temp.conflict_fpy');
    for (const r of all) {
      const k = [r.source_file, r.province, r.year].join('\u0001');
      (codesSeen.get(k) ?? codesSeen.set(k, []).get(k)!).push({ code: r.code, bf: r.bf, province: r.up });
    }
  }
  const families = (f: string, p: string, y: number, code: string) => [...new Set((codesSeen.get([f, p, y].join('\u0001')) ?? []).filter((c) => c.code === code).map((c) => c.bf))];
  const neighbours = (f: string, p: string, y: number, code: string) => {
    const n = Number(code);
    const near = new Map<string, Set<string>>();
    for (const c of codesSeen.get([f, p, y].join('\u0001')) ?? []) {
      if (c.code === code || c.province === null || c.code.length !== code.length || !/^\d+$/.test(c.code) || Math.abs(Number(c.code) - n) > CODE_RANGE) continue;
      (near.get(c.code) ?? near.set(c.code, new Set()).get(c.code)!).add(c.province);
    }
    return [...near].filter(([, ps]) => ps.size === 1).map(([c, ps]) => ({ code: c, province: [...ps][0] }));
  };
  let changed = 0;
  db.exec('BEGIN');
  for (const m of byKey.values()) {
    const list = [...m.entries()].sort((a, b) => b[1].length - a[1].length);
    const [[topId, top], ...rest] = list;
    const { source_file, province, year, school_code } = top[0];
    const info = new Map(list.map(([id]) => [id, uni.get(id) as { name: string; province: string; level: string }]));
    // The school's level, then the province's code range, decide before the row counts do (云南 2024 5386: 保山职业学院,
    // a 云南 专科 among 云南 codes, not 保险职业学院 of 湖南).
    const bfs = families(source_file, province, year, school_code);
    const level = bfs.length && bfs.every((b) => b === '专科批' || b === '专科提前批') ? '专科' : bfs.length && bfs.every((b) => b?.startsWith('本科')) ? '本科' : null;
    const byLevel = level ? list.filter(([id]) => info.get(id)!.level === level) : [];
    let keep: number | null = null;
    let rule = '';
    if (byLevel.length === 1) {
      keep = byLevel[0][0];
      rule = `the rows are ${level} lines and only ${info.get(keep)!.name} is a ${level} school`;
    } else if (/^\d+$/.test(school_code)) {
      const near = neighbours(source_file, province, year, school_code);
      const counts = new Map<string, number>();
      for (const r of near) counts.set(r.province, (counts.get(r.province) ?? 0) + 1);
      const [region, hits] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      const inRegion = list.filter(([id]) => info.get(id)!.province === region);
      if (near.length >= 3 && hits / near.length >= 0.6 && inRegion.length === 1) {
        keep = inRegion[0][0];
        rule = `the codes around ${school_code} in this file are ${region} schools (${hits} of ${near.length}), and ${info.get(keep)!.name} is the one in ${region}`;
      }
    }
    if (keep === null && rest.every(([, r]) => top.length >= 2 * r.length)) {
      keep = topId;
      rule = `院校代号 ${school_code} is ${info.get(topId)!.name} in the rest of this file's ${province} ${year} rows`;
    }
    const names = list.map(([id]) => info.get(id)!.name);
    for (const [id, rs] of list) {
      if (id === keep) continue;
      const why = keep !== null
        ? `implausible:code_conflict: ${rule}`
        : `implausible:code_conflict: this file gives 院校代号 ${school_code} to ${names.join(' and ')} in ${province} ${year}`;
      for (const r of rs) {
        if (r.cleaned) continue;
        update.run(why, r.id);
        changed++;
      }
    }
  }
  db.exec('COMMIT');
  return changed;
}

/**
 * A 本科 batch never admits to a 专科-only school. Where the published batch does not say 本科 (浙江 一段, 山东 常规批,
 * 吉林 普通提前批A段: segments and early batches that admit both levels), the 本科 family was only the folding's guess:
 * the row is the 专科 school's line (专科提前批 / 专科批). Where it does say 本科, a link made by anything but the official
 * name is wrong (the row stays unresolved) and an exact name is kept cleaned.
 */
export function levelCheck(ctx: ImportContext, res: Resolution, bf: BatchFamily | null, batch: string | null): { bf: BatchFamily | null; unlink: boolean; clean: CleanReason | null } {
  if (res.id === null || !bf?.startsWith('本科') || ctx.resolver.level(res.id) !== '专科') return { bf, unlink: false, clean: null };
  if (!/本科|本[一二三]|[一二三]本/.test(batch ?? '')) return { bf: bf === '本科提前批' ? '专科提前批' : '专科批', unlink: false, clean: null };
  if (res.method !== 'exact' && res.method !== 'normalized') return { bf, unlink: true, clean: null };
  return { bf, unlink: false, clean: 'implausible' };
}

const MAX_EXAMPLES = 8;

const UNATTRIBUTABLE = 'unattributable_repeat';
const UNPLACED = 'unattributable_repeat:another file lists this line under several 院校代号 and this copy\'s value matches none of them';

/**
 * The rows of one line (sorted by precedence) when a file lists it with more than one value and nothing in the rows
 * tells which unit each value belongs to (jsoneft gives every major of 郑州大学 河南 2024 626, 592 and 511: the lines of
 * its main, 较高收费 and 惠灵顿 codes): null when every file gives one value. Such values are not a line: winner = the
 * best row of a file that gives one value, else the best row whose value another file confirms, else null (no row
 * is served). range = each repeating file's "lowest–highest"; unattributable = every repeating file's row whose value
 * is not the winner's (a row with the winner's value is a plain copy of it).
 */
export function unattributableRepeats(list: number[], copy: (id: number) => { file: string; value: number | null }): { winner: number | null; ranges: Map<number, string>; unattributable: Set<number> } | null {
  const rows = list.map((p) => ({ p, ...copy(p % 2 ** 32) }));
  const values = new Map<string, Set<number>>();
  for (const r of rows) if (r.value !== null) (values.get(r.file) ?? values.set(r.file, new Set()).get(r.file)!).add(r.value);
  const repeating = new Set([...values].filter(([, v]) => v.size > 1).map(([f]) => f));
  if (repeating.size === 0) return null;
  const confirmed = (v: number | null) => v !== null && [...values].filter(([, vs]) => vs.has(v)).length > 1;
  const winner = rows.find((r) => !repeating.has(r.file)) ?? rows.find((r) => confirmed(r.value)) ?? null;
  const ranges = new Map<number, string>();
  const unattributable = new Set<number>();
  for (const r of rows) {
    if (!repeating.has(r.file)) continue;
    const own = [...values.get(r.file)!].sort((a, b) => a - b);
    ranges.set(r.p, `${own[0]}–${own[own.length - 1]}`);
    if (r.p !== winner?.p && (winner === null || r.value !== winner.value)) unattributable.add(r.p);
  }
  return { winner: winner?.p ?? null, ranges, unattributable };
}

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
  /** id → the row's 院校代号, only for rows that have one */
  private readonly codes = new Map<number, string>();
  /** rows a file's several 院校代号 for one line leave without a unit (their value matches none of the codes') */
  private readonly unplaced = new Set<number>();
  /** id → the 院校代号 token of a code line that is not the school's own (see byCode) */
  private readonly codeUnits = new Map<number, string>();

  constructor(private readonly ctx: ImportContext) {}

  /**
   * derived: 0 = published rank, 1 = rank derived from the score, 2 = no rank. unit: the programme the row's
   * school name stands for ('' = the university's own line): rows of different units are different lines. code:
   * the row's 院校代号: a file's rows of one line under different codes are different units.
   */
  add(table: string, id: number, key: string, pref: number, derived = 2, unit = '', code = ''): void {
    const k = `${table}\u0000${key}`;
    // packed: pref (0–99), derived (0–2) and id in one number keeps the map small
    const packed = (pref * 4 + derived) * 2 ** 32 + id;
    const list = this.keys.get(k);
    if (list) list.push(packed);
    else this.keys.set(k, [packed]);
    if (unit) this.units.set(id, unit);
    if (code) this.codes.set(id, code);
  }

  /** A unit learnt after the row was added (the programme its 院校代号 carries in another row). */
  setUnit(id: number, unit: string): void {
    if (unit) this.units.set(id, unit);
    else this.units.delete(id);
  }

  /**
   * One line split by 院校代号 where a file lists it under several codes (liuguanghui 陕西 2024 天津大学 院校线: 1202
   * 634 and 9739 520, the 国家专项 code): each code is a unit. A row of another file joins the code it carries, else
   * the one code whose value it repeats; a row that matches none cannot be told apart and is left unplaced.
   */
  private byCode(list: number[], copy: (id: number) => { file: string; value: number | null }): number[][] {
    const codeOf = (p: number) => this.codes.get(p % 2 ** 32) ?? '';
    if (list.length < 2 || !list.some((p) => codeOf(p))) return [list];
    const rows = list.map((p) => ({ p, code: codeOf(p), ...copy(p % 2 ** 32) }));
    // Codes of one system have one length (陕西 1202 / 9739); a file that merges upstreams may also carry a
    // 学校标识码 (10487) for the same unit, which is not another unit.
    const perFile = new Map<string, Set<string>>();
    for (const r of rows) if (r.code) (perFile.get(`${r.file}\u0001${r.code.length}`) ?? perFile.set(`${r.file}\u0001${r.code.length}`, new Set()).get(`${r.file}\u0001${r.code.length}`)!).add(r.code);
    const multi = new Set([...perFile].filter(([, c]) => c.size > 1).map(([f]) => f));
    if (multi.size === 0) return [list];
    const split = (r: { file: string; code: string }) => multi.has(`${r.file}\u0001${r.code.length}`);
    const out = new Map<string, number[]>();
    const confirmed = new Set<string>();
    const valuesOf = new Map<string, Set<number | null>>();
    for (const r of rows) {
      if (!split(r)) continue;
      (out.get(r.code) ?? out.set(r.code, []).get(r.code)!).push(r.p);
      (valuesOf.get(r.code) ?? valuesOf.set(r.code, new Set()).get(r.code)!).add(r.value);
    }
    for (const r of rows) {
      if (split(r)) continue;
      if (r.code && out.has(r.code)) {
        out.get(r.code)!.push(r.p);
        continue;
      }
      const same = r.value === null ? [] : [...out].filter(([code]) => valuesOf.get(code)!.has(r.value!));
      if (same.length === 1) {
        same[0][1].push(r.p);
        confirmed.add(same[0][0]);
      } else this.unplaced.add(r.p);
    }
    // Which code is the school's own line only another file can say (its copy carries no code): a code line no
    // other file confirms is a unit of its own, named by its code, never the school's ordinary line (北京 2024
    // 北京信息科技大学 01组: jsoneft 114101 486 beside the 535 liuxusummer confirms for its other code).
    for (const [code, ps] of out) {
      if (confirmed.has(code) && confirmed.size === 1) continue;
      for (const p of ps) this.codeUnits.set(p % 2 ** 32, `院校代号${code}`);
    }
    return [...out.values()];
  }

  /**
   * The lines among the candidates of one key: one per admission unit. A row joins another unit only as a copy:
   * a more authoritative row of another file publishes the same value under the other label, and neither file
   * lists both labels (jsoneft's "辽宁大学" 552 is liuguanghui's "辽宁大学(中外合作办学专业)" 552; a file that
   * lists both says they are two lines). Only that row moves, never its unit's other rows.
   */
  private lines(list: number[], copy: ((id: number) => { file: string; value: number | null }) | null): number[][] {
    const byUnit = this.unitLines(list, copy);
    return copy ? byUnit.flatMap((l) => this.byCode(l, copy)) : byUnit;
  }

  private unitLines(list: number[], copy: ((id: number) => { file: string; value: number | null }) | null): number[][] {
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
    const columns = TABLE_BY_NAME.get(table)!.columns;
    const withTarget = columns.some((c) => c.name === 'duplicate_of');
    const withRange = copy !== null && columns.some((c) => c.name === 'score_range');
    const update = db.prepare(`UPDATE ${table} SET cleaned = 1, clean_reason = @reason${withTarget ? ', duplicate_of = @winner' : ''} WHERE id = @id`);
    const setRange = withRange ? db.prepare(`UPDATE ${table} SET score_range = ? WHERE id = ?`) : null;
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
        const repeats = copy ? unattributableRepeats(list, copy) : null;
        if (repeats) {
          for (const [p, range] of repeats.ranges) setRange?.run(range, p % 2 ** 32);
          if (repeats.winner === null) {
            // Nothing says which value is this line's: none is served.
            for (const p of list) {
              update.run({ reason: UNATTRIBUTABLE, id: p % 2 ** 32, ...(withTarget ? { winner: null } : {}) });
              changed++;
            }
            continue;
          }
          list.splice(list.indexOf(repeats.winner), 1);
          list.unshift(repeats.winner);
        }
        if (compare) compare(k.slice(prefix.length), list.map((p) => p % 2 ** 32));
        const bestDerived = Math.floor(list[0] / 2 ** 32) % 4;
        const winner = list[0] % 2 ** 32;
        for (let i = 1; i < list.length; i++) {
          const derived = Math.floor(list[i] / 2 ** 32) % 4;
          const id = list[i] % 2 ** 32;
          if (repeats?.unattributable.has(list[i])) {
            update.run({ reason: UNATTRIBUTABLE, id, ...(withTarget ? { winner: null } : {}) });
          } else {
            const reason = derived === 1 && bestDerived === 0 ? 'derived_rank_superseded' : 'duplicate';
            update.run({ reason, id, ...(withTarget ? { winner } : {}) });
          }
          changed++;
        }
      }
    }
    for (const p of this.unplaced) {
      update.run({ reason: UNPLACED, id: p % 2 ** 32, ...(withTarget ? { winner: null } : {}) });
      changed++;
    }
    this.unplaced.clear();
    if (this.codeUnits.size && columns.some((c) => c.name === 'admission_unit')) {
      const setUnit = db.prepare(`UPDATE ${table} SET admission_unit = CASE WHEN admission_unit IS NULL OR admission_unit = '' THEN @t ELSE admission_unit || '/' || @t END WHERE id = @id`);
      for (const [id, t] of this.codeUnits) setUnit.run({ id, t });
    }
    this.codeUnits.clear();
    db.exec('COMMIT');
    return changed;
  }
}

/**
 * After served score lines were cleaned (a copy across years, a value spread over units): the rows that had lost to
 * one of them as its duplicate are judged again. Another file's row becomes the line (the most authoritative, then
 * the earliest) and that file's other losers its copies; a row of the cleaned line's own file is the same value
 * again and is kept with `sameFileReason(id)`. Runs inside the caller's transaction.
 */
export function promoteLosers(ctx: ImportContext, cleaned: number[], sameFileReason: (id: number) => string): void {
  if (cleaned.length === 0) return;
  // one pass over the duplicates (no index on duplicate_of during the import)
  const losersOf = new Map<number, Array<{ id: number; file: string; authority: number; range: string | null }>>();
  const cleanedSet = new Set(cleaned);
  for (const r of ctx.db.prepare('SELECT id, source_file AS file, authority, score_range AS range, duplicate_of AS of FROM score_lines WHERE duplicate_of IS NOT NULL ORDER BY authority, id').iterate() as Iterable<{ id: number; file: string; authority: number; range: string | null; of: number }>) {
    if (cleanedSet.has(r.of)) (losersOf.get(r.of) ?? losersOf.set(r.of, []).get(r.of)!).push(r);
  }
  const fileOf = ctx.db.prepare('SELECT source_file FROM score_lines WHERE id = ?').pluck();
  const promote = ctx.db.prepare('UPDATE score_lines SET cleaned = 0, clean_reason = NULL, duplicate_of = NULL WHERE id = ?');
  const repoint = ctx.db.prepare('UPDATE score_lines SET duplicate_of = ? WHERE id = ?');
  const asCopy = ctx.db.prepare('UPDATE score_lines SET clean_reason = ?, duplicate_of = NULL WHERE id = ?');
  for (const id of cleaned) {
    const file = fileOf.get(id) as string;
    const rows = losersOf.get(id) ?? [];
    // a row whose own file repeats the line with other values (score_range) was served only as the cleaned row's
    // copy: with that row gone nothing confirms it, so it is no line of its own
    const next = rows.find((r) => r.file !== file && r.range === null);
    for (const r of rows) {
      if (r === next) promote.run(r.id);
      else if (next && r.file !== file) repoint.run(next.id, r.id);
      else if (r.file !== file) asCopy.run('unattributable_repeat', r.id);
      else asCopy.run(sameFileReason(id), r.id);
    }
  }
}
