// The must-be-zero checks of issue 29 ("every line is the admission unit it claims"), one per class of wrong line:
// an ordinary line carrying a programme marker its own row or a copy of it writes, a served value a file repeats
// without saying whose it is, one line served twice, an official row left without its university although its own
// file names the code's school, and a line copied unchanged across years. Each reads only served rows
// (cleaned = 0) and returns the offending rows (a few examples) with the count.
import type { DB } from '../db/open.ts';
import { groupDigits, majorKey } from './import/sources/common.ts';
import { programmeTokens } from './import/sources/line-unit.ts';

export interface LineCheck {
  id: string;
  what: string;
  count: number;
  examples: Array<Record<string, unknown>>;
}

const EXAMPLES = 10;

/** A check's result: the count of offending rows and the first few of them. */
const check = (id: string, what: string, rows: Array<Record<string, unknown>>): LineCheck => ({ id, what, count: rows.length, examples: rows.slice(0, EXAMPLES) });
// A unit's programme as tokens: the name's unit keeps the source's words (「地方专项计划」), the tokens fold them.
const units = (u: string | null) => programmeTokens(u);

/**
 * Served lines whose unit lacks a programme their own texts (batch, kind, group, remark) write, or that a copy
 * cleaned as their duplicate carries. (A programme in the school name is the name's unit, school_names.unit.)
 */
export function ordinaryWithProgramme(db: DB): LineCheck {
  const like = ['专项', '预科', '民族班', '南疆', '中外合作', '中外合办', '合作办学', '高收费', '公费师范', '免费师范', '优师', '护理', '医护']
    .map((w) => `instr(t, '${w}') > 0`).join(' OR ');
  const rows = db
    .prepare(
      `WITH s AS (SELECT id, province, year, school_name, admission_unit, COALESCE(batch, '') || ' ' || COALESCE(data_type_raw, '') || ' ' ||
                         COALESCE(major_group, '') || ' ' || COALESCE(major_note, '') AS t FROM score_lines WHERE cleaned = 0)
       SELECT id, province, year, school_name, admission_unit, t FROM s WHERE ${like}`,
    )
    .all() as Array<{ id: number; province: string; year: number; school_name: string; admission_unit: string | null; t: string }>;
  const out: Array<Record<string, unknown>> = [];
  for (const r of rows) {
    const missing = programmeTokens(r.t).filter((t) => !units(r.admission_unit).includes(t));
    if (missing.length) out.push({ id: r.id, province: r.province, year: r.year, school: r.school_name, unit: r.admission_unit, missing: missing.join('/') });
  }
  const twins = db
    .prepare(
      `SELECT w.id, w.province, w.year, w.school_name, w.admission_unit AS unit, group_concat(d.admission_unit, '|') AS twins FROM score_lines d JOIN score_lines w ON w.id = d.duplicate_of
       WHERE w.cleaned = 0 AND d.admission_unit IS NOT NULL GROUP BY w.id`,
    )
    .all() as Array<{ id: number; province: string; year: number; school_name: string; unit: string | null; twins: string }>;
  for (const r of twins) {
    const missing = programmeTokens(r.twins).filter((t) => !units(r.unit).includes(t));
    if (missing.length) out.push({ id: r.id, province: r.province, year: r.year, school: r.school_name, unit: r.unit, missing: missing.join('/'), from: 'a copy of the line' });
  }
  return check('ordinary_lines_with_programme_marker', 'served lines whose unit lacks a programme (专项, 预科, 民族班, 中外合作, 公费师范, 医护类 …) their own texts or a copy of the line write', out);
}

/**
 * Served rows whose own file lists the line again with another value (score_range set) and whose value no other
 * file confirms: a value nothing attributes to this unit.
 */
export function servedUnattributable(db: DB): LineCheck {
  const rows = db
    .prepare(
      `SELECT w.id, w.province, w.year, w.school_name, w.major_group, w.major_name, w.min_score, w.score_range, w.source_file FROM score_lines w
       WHERE w.cleaned = 0 AND w.score_range IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM score_lines d WHERE d.duplicate_of = w.id AND d.source_file <> w.source_file AND d.min_score = w.min_score)`,
    )
    .all() as Array<Record<string, unknown>>;
  return check('served_unattributable_repeats', 'served lines whose file lists the same line with other values (nothing tells whose each is) and no other file confirms the served one', rows);
}

/**
 * One line served by two files: same province, year, subject family, batch family, kind, university (campus),
 * programme unit, granularity, group number and major. Two rows under different 院校代号 of one code system are two units.
 */
export function servedTwice(db: DB): LineCheck {
  const rows = db
    .prepare(
      `SELECT id, source_file, province, year, subject_family, batch_family, data_type, university_id, campus, admission_unit, granularity, major_group, major_name, school_code, min_score
       FROM score_lines WHERE cleaned = 0 AND university_id IS NOT NULL AND min_score IS NOT NULL`,
    )
    .all() as Array<{ id: number; source_file: string; province: string; year: number; subject_family: string | null; batch_family: string | null; data_type: string; university_id: number;
      campus: string | null; admission_unit: string | null; granularity: string; major_group: string | null; major_name: string | null; school_code: string | null; min_score: number }>;
  const keys = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = [r.province, r.year, r.subject_family, r.batch_family, r.data_type, r.university_id, r.campus ?? '', r.admission_unit ?? '', r.granularity,
      r.granularity === 'institution' ? '' : groupDigits(r.major_group), r.granularity === 'major' ? majorKey(r.major_name) : ''].join('|');
    (keys.get(k) ?? keys.set(k, []).get(k)!).push(r);
  }
  const out: Array<Record<string, unknown>> = [];
  for (const list of keys.values()) {
    if (list.length < 2) continue;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i], list[j]];
        if (a.source_file === b.source_file) continue;
        const ca = a.school_code ?? '';
        const cb = b.school_code ?? '';
        if (ca && cb && ca !== cb && ca.length === cb.length) continue;
        out.push({ ids: `${a.id},${b.id}`, province: a.province, year: a.year, group: a.major_group, major: a.major_name, scores: `${a.min_score}/${b.min_score}`, files: `${a.source_file} | ${b.source_file}` });
      }
    }
  }
  return check('lines_served_twice', 'one line (same unit, group number and major) served by two files', out);
}

/**
 * Served official rows without a university whose name is another row's name in the same file under the same
 * 院校代号 with at most two stray characters around it (「深圳大学教」 beside 深圳大学 10590), that code naming one
 * university in the file.
 */
export function officialUnlinked(db: DB): LineCheck {
  const rows = db
    .prepare(
      `WITH codes AS (SELECT source_file, school_code FROM score_lines WHERE source_file LIKE 'official_provincial/%' AND university_id IS NOT NULL AND school_code IS NOT NULL
                      GROUP BY 1, 2 HAVING COUNT(DISTINCT university_id) = 1),
            names AS (SELECT DISTINCT s.source_file, s.school_code, s.school_name FROM score_lines s JOIN codes c ON c.source_file = s.source_file AND c.school_code = s.school_code
                      WHERE s.university_id IS NOT NULL)
       SELECT s.id, s.province, s.year, s.school_name, s.school_code, n.school_name AS code_name FROM score_lines s
       JOIN names n ON n.source_file = s.source_file AND n.school_code = s.school_code
       WHERE s.cleaned = 0 AND s.university_id IS NULL AND s.source_file LIKE 'official_provincial/%'
         AND instr(s.school_name, n.school_name) > 0 AND length(s.school_name) - length(n.school_name) <= 2`,
    )
    .all() as Array<Record<string, unknown>>;
  return check('official_rows_unlinked_with_code', 'served official rows with no university whose name is, but for up to two stray characters, the name their file gives the same 院校代号', rows);
}

/**
 * Served lines a file gives unchanged (score and published rank) in another year, not confirmed by their own
 * year's 一分一段 table (rank_off_table = 0) nor by another file publishing the same value.
 */
export function identicalAcrossYears(db: DB): LineCheck {
  const rows = db
    .prepare(
      `WITH s AS (SELECT * FROM score_lines WHERE cleaned = 0 AND university_id IS NOT NULL AND min_rank IS NOT NULL AND rank_is_derived = 0),
            k AS (SELECT source_file, province, subject_family, data_type, batch_family, university_id, COALESCE(campus, '') AS c, COALESCE(admission_unit, '') AS u,
                         granularity, COALESCE(major_group, '') AS g, COALESCE(major_name, '') AS m, min_score, min_rank
                  FROM s GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 HAVING COUNT(DISTINCT year) > 1)
       SELECT s.id, s.province, s.year, s.school_name, s.major_group, s.major_name, s.min_score, s.min_rank, s.source_file FROM s JOIN k
         ON k.source_file = s.source_file AND k.province = s.province AND k.subject_family IS s.subject_family AND k.data_type = s.data_type
        AND k.batch_family IS s.batch_family AND k.university_id = s.university_id AND k.c = COALESCE(s.campus, '') AND k.u = COALESCE(s.admission_unit, '')
        AND k.granularity = s.granularity AND k.g = COALESCE(s.major_group, '') AND k.m = COALESCE(s.major_name, '') AND k.min_score = s.min_score AND k.min_rank = s.min_rank
       WHERE s.rank_off_table IS NOT 0
         AND NOT EXISTS (SELECT 1 FROM score_lines d WHERE d.duplicate_of = s.id AND d.source_file <> s.source_file AND d.min_score = s.min_score)`,
    )
    .all() as Array<Record<string, unknown>>;
  return check('identical_lines_across_years', 'served lines a file repeats unchanged (score and published rank) in another year, confirmed neither by that year\'s table nor by another file', rows);
}

export function lineIdentityChecks(db: DB): LineCheck[] {
  return [ordinaryWithProgramme(db), servedUnattributable(db), servedTwice(db), officialUnlinked(db), identicalAcrossYears(db)];
}
