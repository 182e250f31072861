// EXPLAIN QUERY PLAN of every accepted filter combination of the two big tables (score_lines, admission_plans):
// each is anchored on an index (no full SCAN), and the plain anchors page in index order (no sort).
import { describe, expect, it } from 'vitest';
import { planQuerySchema, plansSql } from '../../src/data/plans.ts';
import { scoreLineQuerySchema, scoreLinesSql } from '../../src/data/score-lines.ts';
import { parse, realDb } from './helpers.ts';

type Raw = Record<string, unknown>;

function plan(sql: string, params: Record<string, unknown>): string[] {
  return (realDb().prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ...params, limit: 21, offset: 0 }) as Array<{ detail: string }>).map((r) => r.detail);
}

/** Every subset of the optional filters, each combined with every non-empty set of anchors. */
function combinations(anchors: Raw[], optional: Raw[][]): Raw[] {
  const anchorSets: Raw[] = [];
  for (let m = 1; m < 1 << anchors.length; m++) anchorSets.push(Object.assign({}, ...anchors.filter((_, i) => m & (1 << i))));
  let opts: Raw[] = [{}];
  for (const choices of optional) opts = opts.flatMap((o) => [o, ...choices.map((c) => ({ ...o, ...c }))]);
  return anchorSets.flatMap((a) => opts.map((o) => ({ ...a, ...o })));
}

const FULL_SCAN = /^SCAN (score_lines|admission_plans)\b/;

describe('query plans of the big tables', () => {
  it('score lines: no full scan for any accepted filter combination', () => {
    const combos = combinations(
      [{ province: '河南', year: 2024 }, { university_id: 4111010001 }, { university_name: '北大' }],
      [
        [{ subject_type: '物理' }],
        [{ batch: '本科一批' }, { batch: '国家专项计划本科批' }],
        [{ data_type: '院校线' }, { data_type: '专业线' }],
        [{ major_name: '计算机' }],
        [{ min_score_from: 500 }, { min_score_to: 600 }, { min_score_from: 500, min_score_to: 600 }],
        [{ min_rank_from: 100 }, { min_rank_to: 9000 }, { min_rank_from: 100, min_rank_to: 9000 }],
        [{ raw: true }],
      ],
    );
    expect(combos.length).toBe(7 * 2 * 3 * 3 * 2 * 4 * 4 * 2);
    for (const raw of combos) {
      const { sql, params } = scoreLinesSql(realDb(), parse(scoreLineQuerySchema, raw));
      const steps = plan(sql, params);
      expect(steps.filter((s) => FULL_SCAN.test(s)), JSON.stringify(raw)).toEqual([]);
      expect(steps.some((s) => /^SEARCH score_lines USING (COVERING )?INDEX/.test(s)) || steps.some((s) => /MULTI-INDEX OR/.test(s)), JSON.stringify(raw)).toBe(true);
    }
  });

  it('score lines: the plain anchors and windows page in index order, without a sort', () => {
    for (const raw of [
      { province: '河南', year: 2024 },
      { province: '河南', year: 2024, subject_type: '物理' },
      { province: '河南', year: 2024, subject_type: '物理', batch: '本科批', data_type: '专业线' },
      { province: '河南', year: 2024, min_score_from: 500, min_score_to: 600 },
      { province: '河南', year: 2024, subject_type: '物理', min_rank_from: 100, min_rank_to: 9000 },
      { university_id: 4111010001 },
      { university_name: '北大' },
    ]) {
      const { sql, params } = scoreLinesSql(realDb(), parse(scoreLineQuerySchema, raw));
      expect(plan(sql, params).filter((s) => /TEMP B-TREE/.test(s)), JSON.stringify(raw)).toEqual([]);
    }
  });

  it('admission plans: no full scan for any accepted filter combination', () => {
    const combos = combinations(
      [{ province: '吉林', year: 2025 }, { university_id: 4111010001 }, { university_name: '南京理工大学' }],
      [[{ subject_type: '历史' }], [{ batch: '本科批' }, { batch: '提前' }], [{ major_name: '法学' }], [{ raw: true }]],
    );
    for (const raw of combos) {
      const { sql, params } = plansSql(realDb(), parse(planQuerySchema, raw));
      expect(plan(sql, params).filter((s) => FULL_SCAN.test(s)), JSON.stringify(raw)).toEqual([]);
    }
  });
});
