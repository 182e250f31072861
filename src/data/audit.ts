// `npm run data-audit`: counts over the whole data database for each data-truth check (issue 22). Each check says
// what it counts and what the count should be; the report test asserts the ones that must be zero.
import type { DB } from '../db/open.ts';
import { PROVINCE_NAMES } from './normalize.ts';
import { RANK_AGREEMENT_META_KEY } from './overview.ts';
import type { RankTableAgreement } from './import/agreement.ts';
import { judgeRankDisagreements } from './rank-verdict.ts';
import { familyTablesDisagreeing, lines2026Check, ranksOffBandUnflagged, unexaminedFamilyRows } from './audit-tables.ts';
import { ordinaryBatchLinesServedTwice, specialBatchLinesAsOrdinary } from './audit-batch.ts';
import { lineIdentityChecks } from './audit-lines.ts';
import { plausibilityChecks } from './audit-plausible.ts';
import { linkedUnlistedRows, UNLISTED_INSTITUTIONS, unlistedOf } from './unlisted.ts';

export interface AuditCheck {
  id: string;
  what: string;
  /** the count the check found */
  count: number;
  /** the count it should be (null: informational, reported with its breakdown) */
  expected: number | null;
  detail?: Array<Record<string, unknown>>;
}

const count = (db: DB, sql: string, ...params: unknown[]): number => (db.prepare(sql).pluck().get(...params) as number | null) ?? 0;

/** Codes on each side whose provinces bound a 上海 院校代号's province. */
const CODE_WINDOW = 6;

/**
 * 上海 院校代号 whose linked university lies outside the code's region. 上海 numbers its 院校代号 by region: 1xx
 * are 上海's own schools, and from 200 on the codes follow the national province order (北京 2xx … 新疆 9xx), so a
 * code's province lies between the provinces of the codes around it. A link whose province falls outside that
 * window (海医大 126 → a 海南 university; 淮北师大 210 among the 北京 codes) is a wrong link. Campuses admit in their
 * own city and are left out, and so are rows published under the university's full official name.
 */
export function shanghaiCodeMismatches(db: DB): Array<Record<string, unknown>> {
  const rows = db
    .prepare(
      `SELECT DISTINCT CAST(substr(s.school_code, 1, 3) AS INTEGER) AS code, s.school_name, u.name AS university, u.province
       FROM score_lines s JOIN universities u ON u.id = s.university_id
       WHERE s.province = '上海' AND s.source_file LIKE 'score_lines/jamesbong10_shanghai_%' AND s.cleaned = 0 AND s.campus IS NULL
         AND s.school_code GLOB '[0-9][0-9][0-9]*'`,
    )
    .all() as Array<{ code: number; school_name: string; university: string; province: string }>;
  const order = new Map(PROVINCE_NAMES.map((p, i) => [p, i]));
  const out: Array<Record<string, unknown>> = [];
  for (const r of rows) {
    // a school published under its full official name is its own evidence (上海 files 西藏大学 among the 9xx codes)
    if (r.school_name === r.university) continue;
    if (r.code < 200) {
      if (r.province !== '上海') out.push({ ...r, region: '上海' });
      continue;
    }
    const near = rows.filter((o) => o.code >= 200 && o.code !== r.code && Math.abs(o.code - r.code) <= CODE_WINDOW).map((o) => order.get(o.province)!);
    if (near.length === 0) continue;
    const idx = order.get(r.province)!;
    if (idx < Math.min(...near) || idx > Math.max(...near)) {
      out.push({ ...r, region: `${PROVINCE_NAMES[Math.min(...near)]}–${PROVINCE_NAMES[Math.max(...near)]}` });
    }
  }
  return out.sort((a, b) => (a.code as number) - (b.code as number));
}

export function dataAudit(db: DB): AuditCheck[] {
  const checks: AuditCheck[] = [];
  const hidden = db
    .prepare(
      `SELECT l.source_file AS file, COUNT(*) AS rows FROM score_lines l JOIN score_lines w ON w.id = l.duplicate_of
       WHERE l.source_file = w.source_file AND l.min_score IS NOT NULL AND l.min_score <> w.min_score AND l.clean_reason NOT IN ('same_source_variant', 'unattributable_repeat')
       GROUP BY 1`,
    )
    .all() as Array<Record<string, unknown>>;
  checks.push({
    id: 'hidden_same_source',
    what: 'score lines cleaned as a duplicate of a served row of the same file with another score, not marked same_source_variant',
    count: hidden.reduce((a, r) => a + (r.rows as number), 0), expected: 0, detail: hidden,
  });
  const variants = db
    .prepare(`SELECT source_file AS file, SUM(clean_reason LIKE 'unattributable_repeat%') AS marked, SUM(cleaned = 0 AND score_range IS NOT NULL) AS served_confirmed FROM score_lines GROUP BY 1 HAVING marked > 0 OR served_confirmed > 0`)
    .all() as Array<Record<string, unknown>>;
  checks.push({
    id: 'unattributable_repeats',
    what: 'rows a file lists several times with different values and nothing to tell whose each is: kept cleaned (unattributable_repeat), never a line; served_confirmed = such a value another file confirms',
    count: variants.reduce((a, r) => a + (r.marked as number), 0), expected: null, detail: variants,
  });
  for (const table of ['score_lines', 'admission_plans'] as const) {
    checks.push({
      id: `${table}_undergraduate_on_junior_college`,
      what: `${table} served in a 本科 batch on a 专科-only university`,
      count: count(db, `SELECT COUNT(*) FROM ${table} s JOIN universities u ON u.id = s.university_id WHERE s.cleaned = 0 AND u.level = '专科' AND s.batch_family LIKE '本科%'`),
      expected: 0,
    });
    const codes = db
      .prepare(
        `SELECT source_file AS file, province, year, school_code, COUNT(DISTINCT university_id) AS universities FROM ${table}
         WHERE cleaned = 0 AND school_code IS NOT NULL AND school_code <> '' AND university_id IS NOT NULL
         GROUP BY 1, 2, 3, 4 HAVING COUNT(DISTINCT university_id) > 1 LIMIT 50`,
      )
      .all() as Array<Record<string, unknown>>;
    checks.push({ id: `${table}_code_on_two_universities`, what: `(file, province, year, 院校代号) served on two universities in ${table}`, count: codes.length, expected: 0, detail: codes });
    checks.push({
      id: `${table}_code_conflicts_cleaned`,
      what: `${table} rows cleaned because their file gives their 院校代号 to another university (reason recorded per row)`,
      count: count(db, `SELECT COUNT(*) FROM ${table} WHERE clean_reason LIKE 'implausible:code_conflict%'`),
      expected: null,
    });
  }
  const shanghai = shanghaiCodeMismatches(db);
  checks.push({ id: 'shanghai_code_region', what: '上海 院校代号 linked to a university outside the code\'s region (1xx 上海; from 200 the national province order)', count: shanghai.length, expected: 0, detail: shanghai });
  const swapped = db.prepare(`SELECT source_file AS file, province, year, clean_reason AS reason, COUNT(*) AS rows FROM rank_tables WHERE clean_reason LIKE 'broken_table:物理 and 历史 swapped%' GROUP BY 1, 2, 3`).all() as Array<Record<string, unknown>>;
  checks.push({ id: 'rank_tables_swapped', what: '一分一段 rows of tables whose 物理 and 历史 labels are swapped (cleaned; another copy served)', count: swapped.reduce((a, r) => a + (r.rows as number), 0), expected: null, detail: swapped });
  const agreement = JSON.parse((db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(RANK_AGREEMENT_META_KEY) as string | undefined) ?? '[]') as RankTableAgreement[];
  const verdicts = judgeRankDisagreements(db, agreement);
  const verdictRow = (v: (typeof verdicts)[number]) => ({
    table: v.table, max_diff: v.max_diff, status: v.status, wrong: v.wrong ?? '-', reason: v.reason,
    ...Object.fromEntries(v.evidence.map((e) => [e.served ? 'served' : 'other', `${e.copy}: ${e.non_monotone} falling, ${e.count_mismatches} count steps, ${e.ranks_off_band}/${e.published_ranks} ranks off`])),
  });
  checks.push({
    id: 'rank_tables_disagreeing',
    what: 'served 一分一段 tables another source copies with different cumulative counts (each judged below: resolved or open)',
    count: verdicts.length, expected: null,
  });
  const resolved = verdicts.filter((v) => v.status === 'resolved');
  checks.push({
    id: 'rank_tables_disagreeing_resolved',
    what: 'of those, the wrong copy decided by rule (falling or inconsistent cumulative counts; published ranks outside its bands) and not served',
    count: resolved.length, expected: null, detail: resolved.map(verdictRow),
  });
  const open = verdicts.filter((v) => v.status === 'open');
  checks.push({
    id: 'rank_tables_disagreeing_open',
    what: 'of those, still open: both copies consistent and the published ranks do not tell them apart (the served one stays; the difference is reported)',
    count: open.length, expected: null, detail: open.map(verdictRow),
  });
  const wrongServed = verdicts.filter((v) => v.wrong_served);
  checks.push({ id: 'rank_tables_wrong_copy_served', what: 'disagreeing tables whose served copy the rules judge wrong', count: wrongServed.length, expected: 0, detail: wrongServed.map(verdictRow) });
  const offBand = db
    .prepare(`SELECT source_file AS file, SUM(rank_off_table = 1) AS off_table, SUM(rank_off_table = 0) AS in_band FROM score_lines WHERE cleaned = 0 AND rank_off_table IS NOT NULL GROUP BY 1 ORDER BY 2 DESC`)
    .all() as Array<Record<string, unknown>>;
  checks.push({ id: 'published_ranks_off_table', what: 'served published ranks outside their score\'s band in the province\'s table by more than 0.1 % (≥ 20 places) (flagged rank_off_table, never matched on)', count: offBand.reduce((a, r) => a + (r.off_table as number), 0), expected: null, detail: offBand });
  checks.push({
    id: 'ranks_off_table_used',
    what: 'flagged ranks a match could still use (rank_off_table = 1 on a row whose rank is not marked)',
    count: count(db, 'SELECT COUNT(*) FROM score_lines WHERE rank_off_table = 1 AND rank_is_derived <> 0'),
    expected: 0,
  });
  const unflagged = ranksOffBandUnflagged(db);
  checks.push({
    id: 'ranks_off_band_unflagged',
    what: 'served published ranks outside their score\'s band (0.1 %, ≥ 20 places) in the province\'s table — the ordinary one, else every served table of an ordinary kind (本科, 专科, 普通类, 区内院校 …) — without rank_off_table = 1',
    count: unflagged.reduce((a, r) => a + r.rows, 0), expected: 0, detail: unflagged,
  });
  const disagreeing = familyTablesDisagreeing(db);
  checks.push({
    id: 'rank_tables_family_disagreeing',
    what: 'province-year-families whose served ordinary table and another served table of an ordinary kind (本科, 专科, 普通类 …, whatever the kind or source) disagree by more than 0.1 % (≥ 20 places) at a score both give',
    count: disagreeing.length, expected: 0, detail: disagreeing,
  });
  const unexamined = unexaminedFamilyRows(db);
  checks.push({
    id: 'family_not_examined_served',
    what: 'served score lines and rank tables filed under 综合 in a province-year that examined no 综合 family (文理 or 3+1+2)',
    count: unexamined.reduce((a, r) => a + r.rows, 0), expected: 0, detail: unexamined,
  });
  const cleanedUnexamined = count(db, "SELECT COUNT(*) FROM score_lines WHERE clean_reason LIKE 'family_not_examined%'");
  checks.push({ id: 'family_not_examined_cleaned', what: 'score lines kept cleaned because they were filed under 综合 where the province never examined it', count: cleanedUnexamined, expected: null });
  const specialAsOrdinary = specialBatchLinesAsOrdinary(db);
  checks.push({
    id: 'batch_lines_special_as_ordinary',
    what: 'served batch lines classed as an ordinary batch (本科批, 专科批 …) although their batch, line name or subject marks a special line (消防, 军队, 司法资格线, 艺术/体育, 专项 …)',
    count: specialAsOrdinary.length, expected: 0, detail: specialAsOrdinary.map((r) => ({ ...r })),
  });
  const batchTwice = ordinaryBatchLinesServedTwice(db);
  checks.push({
    id: 'batch_lines_ordinary_served_twice',
    what: 'province-year-family-batch (and segment: C段, A类考生 …) whose ordinary batch line is served more than once',
    count: batchTwice.length, expected: 0, detail: batchTwice,
  });
  const outOfOrder = count(db, `SELECT COUNT(*) FROM score_lines s WHERE s.cleaned = 0 AND s.rank_off_table = 1 AND NOT EXISTS (
    SELECT 1 FROM rank_tables r WHERE r.province = s.province AND r.year = s.year AND r.subject_family = s.subject_family AND r.cleaned = 0)`);
  checks.push({ id: 'published_ranks_out_of_file_order', what: 'served published ranks of a province-year-family without any table that break their file\'s own score order by more than 2 % (flagged rank_off_table, never matched on)', count: outOfOrder, expected: null });
  const y2026 = lines2026Check(db);
  checks.push({
    id: 'lines_2026_off_band',
    what: 'served 2026 lines (lines_2026/) whose rank lies outside their score\'s band in the served 2026 一分一段 (per file: served, with a rank, its basis, in band, off band, score outside the table)',
    count: y2026.reduce((a, r) => a + r.off_band, 0), expected: 0, detail: y2026.map((r) => ({ ...r })),
  });
  const unlinked = (['score_lines', 'admission_plans'] as const).map((table) => {
    const bySpelling = db.prepare(`SELECT school_name, province, school_code, COUNT(*) AS n FROM ${table} WHERE cleaned = 0 AND university_id IS NULL GROUP BY 1, 2, 3`).all() as Array<{ school_name: string; province: string; school_code: string | null; n: number }>;
    const maintained = bySpelling.filter((r) => unlistedOf(db, r.school_name, r.province, r.school_code));
    return {
      table, unlinked_rows: bySpelling.reduce((a, r) => a + r.n, 0), spellings: new Set(bySpelling.map((r) => r.school_name)).size,
      maintained_rows: maintained.reduce((a, r) => a + r.n, 0), maintained_institutions: new Set(maintained.map((r) => unlistedOf(db, r.school_name, r.province, r.school_code)!.name)).size,
    };
  });
  checks.push({
    id: 'outside_national_list',
    what: `served rows without a university link: found by name, served with listed: false; maintained_* = under the list of ${UNLISTED_INSTITUTIONS.length} institutions outside the national list (军队院校 …)`,
    count: unlinked.reduce((a, r) => a + r.unlinked_rows, 0), expected: null, detail: unlinked,
  });
  const wronglyLinked = linkedUnlistedRows(db);
  checks.push({ id: 'outside_national_list_linked', what: 'served rows of an institution outside the national list (maintained list) linked to a university', count: wronglyLinked.reduce((a, r) => a + r.rows, 0), expected: 0, detail: wronglyLinked });
  checks.push({
    id: 'subject_labels_unfit',
    what: 'served score lines of 物理/历史 still showing a published subject label that does not fit the province-year exam system',
    count: count(db, "SELECT COUNT(*) FROM score_lines WHERE cleaned = 0 AND subject_fit = 0 AND subject_family IN ('物理', '历史') AND subject_type IS subject_type_raw"),
    expected: 0,
  });
  for (const c of lineIdentityChecks(db)) checks.push({ id: c.id, what: c.what, count: c.count, expected: 0, detail: c.examples });
  for (const c of plausibilityChecks(db)) checks.push({ id: c.id, what: c.what, count: c.count, expected: c.expected, detail: c.examples });
  return checks;
}

/** The audit as printed text: one line per check, then its breakdown. */
export function formatAudit(checks: AuditCheck[]): string {
  const lines: string[] = [];
  for (const c of checks) {
    const verdict = c.expected === null ? 'reported' : c.count === c.expected ? 'ok' : `FAIL (expected ${c.expected})`;
    lines.push(`${c.id.padEnd(44)} ${String(c.count).padStart(9)}  ${verdict}  ${c.what}`);
    for (const d of (c.detail ?? []).slice(0, 20)) lines.push(`    ${Object.entries(d).map(([k, v]) => `${k}=${v}`).join('  ')}`);
  }
  return `${lines.join('\n')}\n`;
}
