// Which copy of a disagreeing 一分一段 table is wrong (issue 22). The import serves one copy per province-year-
// family-kind and records how every other source's copy agrees with it (meta rank_table_agreement). Where they
// differ, two rules decide, in this order, and a copy neither decides stays open — never a silent pick:
//   1. consistency: cumulative counts never fall as the score falls, and each step equals the count at that score.
//      A copy that breaks this while the other does not is wrong (a digit or OCR slip).
//   2. published ranks: the score lines of that province-year-family with ranks the provinces published (not derived
//      from any table) must fall in their score's band. With at least MIN_RANKS to compare, a copy leaving at least
//      twice as many ranks outside their band as the other, by at least 1 % of them (and 10), is wrong.
// A third rule the issue names, the table total against the province's published candidate count, has no figure to
// check against: the bundle's rank_tables/README.txt gives no candidate counts.
import type { DB } from '../db/open.ts';
import type { RankTableAgreement } from './import/agreement.ts';

/** Published ranks a table must be compared with before rule 2 may decide. */
export const MIN_RANKS = 30;

export interface CopyEvidence {
  /** source file and, within it, the source's own table label (liuguanghui files two 山西 2025 tables) */
  copy: string;
  served: boolean;
  scores: number;
  /** scores whose cumulative count is below the one of a higher score */
  non_monotone: number;
  /** steps where cumulative(s) − cumulative(next higher score) ≠ count at s */
  count_mismatches: number;
  /** published ranks compared, and those outside their score's band (0.1 %, at least 20 places) */
  published_ranks: number;
  ranks_off_band: number;
}

export interface RankTableVerdict {
  table: string;
  max_diff: number;
  status: 'resolved' | 'open';
  /** the copy judged wrong (null while open) */
  wrong: string | null;
  /** true when the copy judged wrong is the served one: must not happen (the audit's must-be-zero check) */
  wrong_served: boolean;
  reason: string;
  evidence: CopyEvidence[];
}

interface Row {
  file: string;
  kind: string;
  quality: string | null;
  score: number;
  score_max: number | null;
  count: number | null;
  cum: number | null;
  cleaned: number;
}

/** A table's rows grouped into copies: one file, and within it one table label (a top bracket belongs to its table). */
function copiesOf(rows: Row[]): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const label = (r.quality ?? '').replace(/-top-boundary$/, '');
    const file = r.kind ? `${r.file} [${r.kind}]` : r.file;
    const key = label ? `${file} (${label})` : file;
    (out.get(key) ?? out.set(key, []).get(key)!).push(r);
  }
  return out;
}

function evidence(copy: string, rows: Row[], ranks: Array<{ score: number; rank: number }>, servedKind: string): CopyEvidence {
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  let nonMonotone = 0;
  let mismatches = 0;
  const band = new Map<number, [number, number]>();
  let prev: Row | null = null;
  for (const r of sorted) {
    if (prev && prev.cum !== null && r.cum !== null) {
      if (r.cum < prev.cum) nonMonotone++;
      else if (r.count !== null && r.score_max === null && r.cum - prev.cum !== r.count) mismatches++;
    }
    if (r.cum !== null && r.score_max === null) band.set(r.score, [(prev?.cum ?? 0) + 1, r.cum]);
    prev = r;
  }
  let compared = 0;
  let off = 0;
  for (const { score, rank } of ranks) {
    const b = band.get(score);
    if (!b) continue;
    compared++;
    const tol = Math.max(20, b[1] * 0.001);
    if (rank < b[0] - tol || rank > b[1] + tol) off++;
  }
  return { copy, served: rows.some((r) => r.cleaned === 0 && r.kind === servedKind), scores: band.size, non_monotone: nonMonotone, count_mismatches: mismatches, published_ranks: compared, ranks_off_band: off };
}

function decide(served: CopyEvidence, other: CopyEvidence): { wrong: CopyEvidence | null; reason: string } {
  const broken = (e: CopyEvidence) => e.non_monotone + e.count_mismatches > 0;
  if (broken(served) !== broken(other)) {
    const w = broken(served) ? served : other;
    return { wrong: w, reason: `consistency: ${w.non_monotone} falling cumulative counts and ${w.count_mismatches} steps unequal to the count at the score; the other copy has none` };
  }
  const n = Math.min(served.published_ranks, other.published_ranks);
  if (n < MIN_RANKS) return { wrong: null, reason: `both copies are consistent and only ${n} published ranks compare (fewer than ${MIN_RANKS})` };
  const [fewer, more] = served.ranks_off_band <= other.ranks_off_band ? [served, other] : [other, served];
  if (more.ranks_off_band >= 2 * fewer.ranks_off_band && more.ranks_off_band - fewer.ranks_off_band >= Math.max(10, 0.01 * n)) {
    return { wrong: more, reason: `published ranks: ${more.ranks_off_band} of ${more.published_ranks} outside their band in this copy, ${fewer.ranks_off_band} of ${fewer.published_ranks} in the other` };
  }
  return { wrong: null, reason: `both copies are consistent and the published ranks fit them alike (${served.ranks_off_band} / ${other.ranks_off_band} of about ${n} outside their band)` };
}

/** A verdict for every served table another source copies with different cumulative counts. */
export function judgeRankDisagreements(db: DB, agreement: RankTableAgreement[]): RankTableVerdict[] {
  const out: RankTableVerdict[] = [];
  for (const a of agreement.filter((x) => x.scores > 0 && x.exact < x.scores)) {
    const [province, year, family, kind] = a.table.split('|');
    const rows = db
      .prepare(
        `SELECT source_file AS file, table_kind AS kind, source_quality AS quality, score, score_max, count_at_score AS count, cumulative_rank AS cum, cleaned FROM rank_tables
         WHERE province = ? AND year = ? AND subject_family = ? AND table_kind IN (?, ?) AND (cleaned = 0 OR clean_reason LIKE 'duplicate%')`,
      )
      .all(province, Number(year), family, kind ?? '', a.other_kind ?? kind ?? '') as Row[];
    const ranks = db
      .prepare(
        `SELECT CAST(min_score AS INTEGER) AS score, min_rank AS rank FROM score_lines
         WHERE province = ? AND year = ? AND subject_family = ? AND cleaned = 0 AND rank_is_derived = 0 AND min_rank IS NOT NULL AND min_score = CAST(min_score AS INTEGER)`,
      )
      .all(province, Number(year), family) as Array<{ score: number; rank: number }>;
    const copies = [...copiesOf(rows)].map(([copy, list]) => evidence(copy, list, ranks, kind ?? ''));
    const served = copies.find((c) => c.served);
    const other = a.other_kind ? `${a.other} [${a.other_kind}]` : a.other;
    const others = copies.filter((c) => !c.served && c.copy.startsWith(other));
    for (const other of others) {
      if (!served) continue;
      const { wrong, reason } = decide(served, other);
      out.push({ table: a.table, max_diff: a.max_diff, status: wrong ? 'resolved' : 'open', wrong: wrong?.copy ?? null, wrong_served: wrong === served, reason, evidence: [served, other] });
    }
  }
  return out;
}
