// A published rank no table can check is compared with its own file's lines 1–3 points above and below. The
// fixture is 安徽 2024 物理 专科 as liuguanghui_score_lines.csv.gz gives it (line 1859: 池州职业技术学院 336 / 2303;
// lines at 333: 286,012–286,978; at 337–339 the ranks fall as the score rises).
import { describe, expect, it } from 'vitest';
import { ranksOutOfOrder } from '../../../src/data/import/rank-order.ts';

const anhui = [
  { id: 1, score: 339, rank: 283400 },
  { id: 2, score: 338, rank: 284100 },
  { id: 3, score: 337, rank: 284700 },
  { id: 4, score: 336, rank: 2303 },
  { id: 5, score: 336, rank: 285300 },
  { id: 6, score: 335, rank: 285700 },
  { id: 7, score: 334, rank: 286000 },
  { id: 8, score: 333, rank: 286012 },
  { id: 9, score: 333, rank: 286978 },
];

describe('ranksOutOfOrder', () => {
  it('flags 池州职业技术学院 336 / 2303 and nothing else', () => {
    expect(ranksOutOfOrder(anhui)).toEqual([4]);
  });

  it('a rank off by more than 2 % of its neighbours is flagged (喀什职业技术学院 330 / 298,323 among 287,000–289,000)', () => {
    const lines = [
      { id: 1, score: 333, rank: 286012 }, { id: 2, score: 332, rank: 287225 }, { id: 3, score: 331, rank: 287687 },
      { id: 4, score: 330, rank: 298323 }, { id: 5, score: 330, rank: 288091 },
      { id: 6, score: 329, rank: 288642 }, { id: 7, score: 328, rank: 288783 }, { id: 8, score: 327, rank: 289205 },
    ];
    expect(ranksOutOfOrder(lines)).toEqual([4]);
  });

  it('a side with fewer than two lines is not trusted, and schools spread over one score are not flagged', () => {
    expect(ranksOutOfOrder([{ id: 1, score: 600, rank: 100 }, { id: 2, score: 599, rank: 9000 }])).toEqual([]);
    expect(ranksOutOfOrder(anhui.filter((l) => l.id !== 4))).toEqual([]);
  });
});
