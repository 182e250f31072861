import { afterAll, describe, expect, it } from 'vitest';
import { describeCast, yijingText, type LineValue } from '../../../src/calc/yijing/index.ts';
import { invertedBinary, nuclearBinary, oppositeBinary } from '../../../src/calc/yijing/relations.ts';
import { readBundle, tempYijingDb } from './fixture.ts';

const { db } = tempYijingDb();
afterAll(() => db.close());
const text = yijingText(db);
const bundle = readBundle();

function relationsOf(number: number) {
  const h = bundle.hexagrams[number - 1]!;
  const values = [...h.binary].map((b) => (b === '1' ? 7 : 8)) as LineValue[];
  const c = describeCast(text, { question: null, method: 'coins', seed: 's', seed_drawn: false }, values);
  return { nuclear: c.nuclear_hexagram.name, opposite: c.opposite_hexagram.name, inverted: c.inverted_hexagram.name };
}

describe('互卦, 错卦, 综卦', () => {
  it('matches the classical relations of well-known hexagrams', () => {
    // Standard tables of the received tradition: 屯 互剥 错鼎 综蒙; 泰 互归妹 错否 综否; 既济 互未济 错未济 综未济;
    // 乾 is its own 互 and 综, its 错 is 坤.
    expect(relationsOf(3)).toEqual({ nuclear: '剥', opposite: '鼎', inverted: '蒙' });
    expect(relationsOf(11)).toEqual({ nuclear: '归妹', opposite: '否', inverted: '否' });
    expect(relationsOf(63)).toEqual({ nuclear: '未济', opposite: '未济', inverted: '未济' });
    expect(relationsOf(1)).toEqual({ nuclear: '乾', opposite: '坤', inverted: '乾' });
  });

  it('pairs the King Wen sequence: each odd/even pair is 综 of each other, or 错 where the hexagram is symmetric', () => {
    // The received order (序卦) sets hexagrams in 28 inverted pairs and 4 opposite pairs (乾坤, 颐大过, 坎离, 中孚小过).
    const oppositePairs: number[] = [];
    for (let n = 1; n <= 63; n += 2) {
      const a = bundle.hexagrams[n - 1]!.binary;
      const b = bundle.hexagrams[n]!.binary;
      if (invertedBinary(a) === a) {
        expect(oppositeBinary(a)).toBe(b);
        oppositePairs.push(n);
      } else {
        expect(invertedBinary(a)).toBe(b);
      }
    }
    expect(oppositePairs).toEqual([1, 27, 29, 61]);
  });

  it('a 互卦 is always one of 16 hexagrams, each the 互卦 of exactly four', () => {
    const counts = new Map<string, number>();
    for (const h of bundle.hexagrams) counts.set(nuclearBinary(h.binary), (counts.get(nuclearBinary(h.binary)) ?? 0) + 1);
    expect(counts.size).toBe(16);
    expect([...counts.values()].every((c) => c === 4)).toBe(true);
  });
});
