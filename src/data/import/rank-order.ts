// Published ranks checked against their own file where the bundle has no 一分一段 table for the province-year
// (安徽 2024, …): flagRanksOffTheTable (score_lines.ts) leaves rank_off_table NULL there, so a misread rank such as
// 池州职业技术学院's 336 / 2,303 (安徽 2024 物理 专科, liuguanghui; the file's other lines at 333–339 carry ranks
// 283,000–287,000) would be matched on and make a 专科 a 冲 for a 600-point candidate.
import type { ImportContext } from './context.ts';

/** Points on each side of a line's score whose lines of the same file bound its rank. */
const WINDOW = 3;
/** Lines needed on a side before that side's bound is trusted (a single neighbour may be the misread one). */
const MIN_SIDE = 2;
/** Tolerance around the bounds: 2 % of the bound, at least 20 places (schools at one score spread over its band). */
const slack = (rank: number) => Math.max(20, rank / 50);

export interface RankedLine {
  id: number;
  score: number;
  rank: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The lines of one file, province-year and family whose rank breaks the file's own score order: a higher score
 * never has a larger rank. A line's rank must lie above the median rank of the file's lines 1–3 points higher and
 * below the median of those 1–3 points lower (each side used when it has at least two lines), within the slack.
 */
export function ranksOutOfOrder(lines: RankedLine[]): number[] {
  const byScore = new Map<number, number[]>();
  for (const l of lines) {
    let g = byScore.get(l.score);
    if (!g) byScore.set(l.score, (g = []));
    g.push(l.rank);
  }
  // Lines at one score share their bounds: computed once per score.
  const bounds = new Map<number, { lo: number | null; hi: number | null }>();
  const side = (from: number, dir: 1 | -1): number | null => {
    const ranks: number[] = [];
    for (const [s, g] of byScore) if (dir * (s - from) > 0 && dir * (s - from) <= WINDOW) ranks.push(...g);
    return ranks.length >= MIN_SIDE ? median(ranks) : null;
  };
  for (const s of byScore.keys()) bounds.set(s, { lo: side(s, 1), hi: side(s, -1) });
  const out: number[] = [];
  for (const l of lines) {
    const { lo, hi } = bounds.get(l.score)!;
    if ((lo !== null && l.rank < lo - slack(lo)) || (hi !== null && l.rank > hi + slack(hi))) out.push(l.id);
  }
  return out;
}

/** Sets rank_off_table = 1 on published ranks no table could check that break their file's score order. */
export function flagRanksOutOfOrder(ctx: ImportContext): number {
  const rows = ctx.db
    .prepare(
      `SELECT id, province || '|' || year || '|' || subject_family || '|' || source_file AS k, min_score AS score, min_rank AS rank FROM score_lines
       WHERE rank_is_derived = 0 AND rank_off_table IS NULL AND min_rank IS NOT NULL AND min_score IS NOT NULL AND subject_family IN ('物理', '历史', '综合')`,
    )
    .all() as Array<RankedLine & { k: string }>;
  const groups = new Map<string, RankedLine[]>();
  for (const r of rows) {
    let g = groups.get(r.k);
    if (!g) groups.set(r.k, (g = []));
    g.push(r);
  }
  const set = ctx.db.prepare('UPDATE score_lines SET rank_off_table = 1 WHERE id = ?');
  let n = 0;
  ctx.db.transaction(() => {
    for (const g of groups.values()) for (const id of ranksOutOfOrder(g)) n += set.run(id).changes;
  })();
  return n;
}
