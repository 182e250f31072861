// The odds of every method, measured on 10⁶ seeded casts each through castLineValues, the same function the API
// casts with. The seeds are fixed ("0" … "999999"), so the test is deterministic: it cannot flake, and a change to
// the generator that skews the odds fails it.
//
// Critical values: upper-tail chi-square at α = 0.001 (NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.4,
// "Critical values of the chi-square distribution"): df 5 → 20.515, df 6 → 22.458, df 63 → 103.442.
import { beforeAll, describe, expect, it } from 'vitest';
import { castLineValues, type LineValue, type Method } from '../../../src/calc/yijing/index.ts';

const CASTS = 1_000_000;
const CHI2_CRIT = { 5: 20.515, 6: 22.458, 63: 103.442 } as const;

// spec/yijing.md "Methods": exact odds of 6, 7, 8, 9 per line. For `random` a line moves with probability 1/6 and
// is yang with probability 1/2, independently: 6 and 9 each 1/12, 7 and 8 each 5/12.
const LINE_ODDS: Record<Method, [number, number, number, number]> = {
  coins: [1 / 8, 3 / 8, 3 / 8, 1 / 8],
  yarrow: [1 / 16, 5 / 16, 7 / 16, 3 / 16],
  random: [1 / 12, 5 / 12, 5 / 12, 1 / 12],
};

function binomial(n: number, k: number, p: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
}

function chiSquare(observed: number[], expected: number[]): number {
  return observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
}

interface Tally {
  values: number[]; // index value - 6
  movingCount: number[]; // 0..6
  movingPosition: number[]; // 0..5, for casts with exactly one moving line
  primary: number[]; // by binary read as a number, bit i = line i+1
  changed: Set<number>;
}

function tally(method: Method): Tally {
  const t: Tally = { values: [0, 0, 0, 0], movingCount: new Array(7).fill(0), movingPosition: new Array(6).fill(0), primary: new Array(64).fill(0), changed: new Set() };
  const out = new Array<LineValue>(6);
  for (let s = 0; s < CASTS; s++) {
    castLineValues(method, String(s), out);
    let moving = 0;
    let lastMoving = -1;
    let primary = 0;
    let changed = 0;
    for (let i = 0; i < 6; i++) {
      const v = out[i]!;
      t.values[v - 6]!++;
      if (v === 7 || v === 9) primary |= 1 << i;
      if (v === 7 || v === 6) changed |= 1 << i;
      if (v === 6 || v === 9) {
        moving++;
        lastMoving = i;
      }
    }
    t.movingCount[moving]!++;
    if (moving === 1) t.movingPosition[lastMoving]!++;
    t.primary[primary]!++;
    if (moving) t.changed.add(changed);
  }
  return t;
}

describe.each(['coins', 'yarrow', 'random'] as const)('%s: 10⁶ seeded casts', (method) => {
  let t: Tally;
  const lines = CASTS * 6;
  beforeAll(() => {
    t = tally(method);
  });

  it('line values 6/7/8/9 fall within 5 standard errors of the exact odds', () => {
    LINE_ODDS[method].forEach((p, i) => {
      const se = Math.sqrt(lines * p * (1 - p));
      expect(Math.abs(t.values[i]! - lines * p), `value ${i + 6}: ${t.values[i]} vs ${lines * p}`).toBeLessThan(5 * se);
    });
  });

  it('the number of moving lines has its exact distribution', () => {
    if (method === 'random') {
      // The plum-blossom draw always has exactly one moving line, uniform over the six positions.
      expect(t.movingCount[1]).toBe(CASTS);
      const stat = chiSquare(t.movingPosition, new Array(6).fill(CASTS / 6));
      expect(stat, `chi-square ${stat.toFixed(2)}, df 5`).toBeLessThan(CHI2_CRIT[5]);
      return;
    }
    // coins: 1/8 + 1/8 moving; yarrow: 1/16 + 3/16 — both 1/4, so Binomial(6, 1/4).
    const expected = [0, 1, 2, 3, 4, 5, 6].map((k) => CASTS * binomial(6, k, 1 / 4));
    const stat = chiSquare(t.movingCount, expected);
    expect(stat, `chi-square ${stat.toFixed(2)}, df 6, counts ${t.movingCount.join(',')}`).toBeLessThan(CHI2_CRIT[6]);
  });

  it('every one of the 64 hexagrams is reached as 本卦 (uniformly) and as 变卦', () => {
    // Every method makes each line yang with probability 1/2 independently, so the 本卦 is uniform over 64.
    expect(t.primary.every((n) => n > 0)).toBe(true);
    const stat = chiSquare(t.primary, new Array(64).fill(CASTS / 64));
    expect(stat, `chi-square ${stat.toFixed(2)}, df 63`).toBeLessThan(CHI2_CRIT[63]);
    expect(t.changed.size).toBe(64);
  });
});
