// The first match_by_score of a province and subject family after a start paid for reading and predicting every
// target line of the past years (up to ~2 s for a large province); later calls reuse that work (match.ts memoises
// it per province, family, exam year and filter, on the read-only database). `npm start` listens first and then
// does this work for every province and family with score lines, one pair at a time on the offload worker (so a
// request waits behind one pair at most), the provinces with the most candidates first.
import type { DB } from '../db/open.ts';
import { matchByScore, matchSchema } from './match.ts';

/** Provinces by number of gaokao candidates (largest first): where the first callers most likely come from. */
export const LIKELY_PROVINCES = ['河南', '广东', '山东', '河北', '四川', '江苏', '安徽', '湖南', '广西', '江西', '湖北', '贵州', '云南', '山西', '浙江', '陕西', '福建', '甘肃', '重庆', '辽宁', '黑龙江', '吉林', '新疆', '内蒙古', '北京', '上海', '天津', '海南', '宁夏', '青海', '西藏'];

export interface WarmPair {
  province: string;
  family: string;
  score: number;
}

/** Every province and subject family served in its latest year, the likely provinces first. */
export function warmPairs(db: DB): WarmPair[] {
  const pairs = db
    .prepare(
      `SELECT s.province, s.subject_family AS family, CAST(AVG(s.min_score) AS INTEGER) AS score
         FROM score_lines s
         JOIN (SELECT province, MAX(year) AS year FROM score_lines WHERE cleaned = 0 GROUP BY province) y ON y.province = s.province AND y.year = s.year
        WHERE s.cleaned = 0 AND s.subject_family IN ('物理', '历史', '综合') AND s.min_score IS NOT NULL
        GROUP BY s.province, s.subject_family`,
    )
    .all() as WarmPair[];
  const rank = (p: string) => {
    const i = LIKELY_PROVINCES.indexOf(p);
    return i < 0 ? LIKELY_PROVINCES.length : i;
  };
  return pairs.sort((a, b) => rank(a.province) - rank(b.province) || a.province.localeCompare(b.province) || a.family.localeCompare(b.family));
}

/** Runs one unfiltered match for the pair; whether it warmed anything. */
export function warmPair(db: DB, p: WarmPair): boolean {
  const q = matchSchema.safeParse({ province: p.province, subject_type: p.family, score: p.score });
  if (!q.success) return false;
  try {
    matchByScore(db, q.data);
    return true;
  } catch {
    // a province whose data cannot be matched answers its callers with its own error; nothing to warm
    return false;
  }
}

/** Warms every pair (warmPairs) in this thread; how many it warmed. */
export function warmMatches(db: DB): number {
  let warmed = 0;
  for (const p of warmPairs(db)) if (warmPair(db, p)) warmed++;
  return warmed;
}
