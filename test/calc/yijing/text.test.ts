// What the engine serves is the bundle's text, for every hexagram (both as 本卦 and as 变卦), field by field.
import { afterAll, describe, expect, it } from 'vitest';
import { describeCast, yijingText, type LineValue } from '../../../src/calc/yijing/index.ts';
import { readBundle, tempYijingDb, type BundleHexagram } from './fixture.ts';

const { db } = tempYijingDb();
afterAll(() => db.close());
const text = yijingText(db);
const bundle = readBundle();

function expectServed(view: ReturnType<typeof describeCast>['primary_hexagram'], h: BundleHexagram): void {
  const upper = bundle.trigrams.find((t) => t.name === h.upper)!;
  const lower = bundle.trigrams.find((t) => t.name === h.lower)!;
  expect(view).toMatchObject({
    number: h.kingWen,
    name: h.name,
    full_name: h.fullName,
    symbol: h.symbol,
    binary: h.binary,
    upper_trigram: { name: upper.name, nature: upper.nature, symbol: upper.symbol },
    lower_trigram: { name: lower.name, nature: lower.nature, symbol: lower.symbol },
    judgment: h.guaci,
    judgment_commentary: h.tuan,
    image: h.daxiang,
  });
  expect(view.lines.map((l) => [l.position, l.label, l.yang, l.text, l.image])).toEqual(h.lines.map((l) => [l.position, l.label, l.yang, l.text, l.xiaoxiang]));
  expect(view.use === null ? null : [view.use.label, view.use.text, view.use.image]).toEqual(h.yong ? [h.yong.label, h.yong.text, h.yong.xiaoxiang] : null);
}

describe('served text equals the bundle', () => {
  it('for all 64 hexagrams as 本卦 and as 变卦', () => {
    for (const h of bundle.hexagrams) {
      // Unmoving: the hexagram itself is the 本卦.
      const still = [...h.binary].map((b) => (b === '1' ? 7 : 8)) as LineValue[];
      expectServed(describeCast(text, { question: null, method: 'coins', seed: 's', seed_drawn: false }, still).primary_hexagram, h);
      // Every line moving from its 错卦: the hexagram is the 变卦.
      const allMoving = [...h.binary].map((b) => (b === '1' ? 6 : 9)) as LineValue[];
      const c = describeCast(text, { question: null, method: 'coins', seed: 's', seed_drawn: false }, allMoving);
      expectServed(c.changed_hexagram!, h);
      expect(c.changed_hexagram!.lines.every((l) => l.moving)).toBe(true);
    }
  });

  it('flags exactly the moving lines in both hexagrams and reports the source of the text', () => {
    const c = describeCast(text, { question: '问', method: 'coins', seed: 's', seed_drawn: false }, [7, 9, 7, 6, 8, 7]);
    expect(c.primary_hexagram.lines.map((l) => l.moving)).toEqual([false, true, false, true, false, false]);
    expect(c.changed_hexagram!.lines.map((l) => l.moving)).toEqual([false, true, false, true, false, false]);
    expect(c.question).toBe('问');
    expect(c.text_source.source.npm).toBe('@freizl/yijing@2.1.0');
    expect(c.text_source.errata_applied).toBe(33);
  });
});
