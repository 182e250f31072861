// What npm start warms before it listens: one unfiltered match_by_score for every province and subject family
// served in its latest year (the first call of a province paid ~2 s for predicting its past lines). Every such pair
// of the data is warmed, and each answers from the warmed work with the same result as a database nobody warmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDataDb } from '../../src/db/open.ts';
import type { DB } from '../../src/db/open.ts';
import { matchByScore, matchSchema } from '../../src/data/match.ts';
import { warmMatches } from '../../src/data/warm-match.ts';

describe('warming match_by_score at start', () => {
  let warm: DB;
  let fresh: DB;
  beforeAll(() => {
    warm = openDataDb(loadConfig().dataDb);
    fresh = openDataDb(loadConfig().dataDb);
  });
  afterAll(() => {
    warm?.close();
    fresh?.close();
  });

  it('warms every province and subject family with score lines in its latest year, without changing any answer', () => {
    const pairs = warm
      .prepare(
        `SELECT COUNT(*) FROM (SELECT DISTINCT s.province, s.subject_family FROM score_lines s
           JOIN (SELECT province, MAX(year) AS year FROM score_lines WHERE cleaned = 0 GROUP BY province) y ON y.province = s.province AND y.year = s.year
          WHERE s.cleaned = 0 AND s.subject_family IN ('物理', '历史', '综合') AND s.min_score IS NOT NULL)`,
      )
      .pluck()
      .get() as number;
    expect(pairs).toBeGreaterThan(30);
    expect(warmMatches(warm)).toBe(pairs);
    for (const q of [{ province: '山东', subject_type: '综合', score: 560 }, { province: '河南', subject_type: '物理', score: 600 }, { province: '江苏', subject_type: '历史', score: 580 }]) {
      const parsed = matchSchema.parse(q);
      expect(matchByScore(warm, parsed)).toEqual(matchByScore(fresh, parsed));
    }
  }, 300_000); // the whole warming (what npm start does, some seconds) on a shared, loaded machine
});
