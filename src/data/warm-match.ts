// The first match_by_score of a province and subject family after a start paid for reading and predicting every
// target line of the past years (up to ~1.7 s for a large province); later calls reuse that work (match.ts memoises
// it per province, family, exam year and filter, on the read-only database). `npm start` does the work for every
// province and family with score lines before it listens, so no caller pays it.
import type { DB } from '../db/open.ts';
import { matchByScore, matchSchema } from './match.ts';

/** Runs one unfiltered match for each province and subject family served in its latest year; how many it warmed. */
export function warmMatches(db: DB): number {
  const pairs = db
    .prepare(
      `SELECT s.province, s.subject_family AS family, CAST(AVG(s.min_score) AS INTEGER) AS score
         FROM score_lines s
         JOIN (SELECT province, MAX(year) AS year FROM score_lines WHERE cleaned = 0 GROUP BY province) y ON y.province = s.province AND y.year = s.year
        WHERE s.cleaned = 0 AND s.subject_family IN ('物理', '历史', '综合') AND s.min_score IS NOT NULL
        GROUP BY s.province, s.subject_family`,
    )
    .all() as Array<{ province: string; family: string; score: number }>;
  let warmed = 0;
  for (const p of pairs) {
    const q = matchSchema.safeParse({ province: p.province, subject_type: p.family, score: p.score });
    if (!q.success) continue;
    try {
      matchByScore(db, q.data);
      warmed++;
    } catch {
      // a province whose data cannot be matched answers its callers with its own error; nothing to warm
    }
  }
  return warmed;
}
