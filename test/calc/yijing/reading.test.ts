// Zhu Xi's rules (《易学启蒙·考变占》, as summarised in spec/yijing.md) on hand-made casts covering 0–6 moving
// lines. Every expected text is looked up in the bundle file on disk, not in the engine's own tables.
import { afterAll, describe, expect, it } from 'vitest';
import { describeCast, yijingText, type LineValue, type YijingCast } from '../../../src/calc/yijing/index.ts';
import { bundleByBinary, readBundle, tempYijingDb } from './fixture.ts';

const { db } = tempYijingDb();
afterAll(() => db.close());
const text = yijingText(db);
const bundle = readBundle();

function cast(values: LineValue[]): YijingCast {
  return describeCast(text, { question: null, method: 'coins', seed: 'test', seed_drawn: false }, values);
}

const primaryOf = (v: LineValue[]) => bundleByBinary(bundle, v.map((x) => (x === 7 || x === 9 ? '1' : '0')).join(''));
const changedOf = (v: LineValue[]) => bundleByBinary(bundle, v.map((x) => (x === 7 || x === 6 ? '1' : '0')).join(''));

describe("Zhu Xi's reading rules", () => {
  it('0 moving: the judgment (卦辞) of the primary hexagram; no changed hexagram', () => {
    // 乾 unmoved: 卦辞 元亨，利贞。
    const c = cast([7, 7, 7, 7, 7, 7]);
    expect(c.changed_hexagram).toBeNull();
    expect(c.moving_lines).toEqual([]);
    expect(c.reading.moving_count).toBe(0);
    expect(c.reading.main).toMatchObject({ from: 'primary', kind: 'judgment', hexagram_number: 1, label: '卦辞', text: bundle.hexagrams[0]!.guaci });
    expect(c.reading.main.text).toBe('元亨，利贞。');
    expect(c.reading.secondary).toEqual([]);
  });

  it('1 moving: that line of the primary hexagram', () => {
    const v: LineValue[] = [8, 8, 8, 8, 9, 8]; // 比 (水地比: 坤 below, 坎 above) with the fifth line moving
    const p = primaryOf(v);
    expect(p.name).toBe('比');
    const c = cast(v);
    expect(c.reading.main).toMatchObject({ from: 'primary', kind: 'line', position: 5, label: p.lines[4]!.label, text: p.lines[4]!.text, image: p.lines[4]!.xiaoxiang });
    expect(c.reading.secondary).toEqual([]);
  });

  it('2 moving: both moving lines of the primary hexagram, the upper one leading', () => {
    const v: LineValue[] = [7, 9, 7, 9, 7, 7]; // 乾, lines 2 and 4 move
    const c = cast(v);
    const p = bundle.hexagrams[0]!;
    expect(c.reading.main).toMatchObject({ from: 'primary', position: 4, label: '九四', text: p.lines[3]!.text });
    expect(c.reading.secondary).toHaveLength(1);
    expect(c.reading.secondary[0]).toMatchObject({ from: 'primary', position: 2, label: '九二', text: p.lines[1]!.text });
  });

  it('3 moving with the bottom line: both judgments, the primary leading (前十卦主贞)', () => {
    const v: LineValue[] = [9, 9, 9, 7, 7, 7]; // 乾 → 否 (the first of the ten, per 《启蒙》's 卦变图)
    const c = cast(v);
    expect(c.changed_hexagram?.name).toBe('否');
    expect(c.reading.main).toMatchObject({ from: 'primary', kind: 'judgment', hexagram_name: '乾', text: bundle.hexagrams[0]!.guaci });
    expect(c.reading.secondary).toEqual([expect.objectContaining({ from: 'changed', kind: 'judgment', hexagram_name: '否', text: changedOf(v).guaci })]);
  });

  it('3 moving without the bottom line: both judgments, the changed one leading (后十卦主悔)', () => {
    const v: LineValue[] = [7, 7, 7, 9, 9, 9]; // 乾 → 泰 (the last of the twenty)
    const c = cast(v);
    expect(c.changed_hexagram?.name).toBe('泰');
    expect(c.reading.main).toMatchObject({ from: 'changed', kind: 'judgment', hexagram_name: '泰', text: changedOf(v).guaci });
    expect(c.reading.secondary).toEqual([expect.objectContaining({ from: 'primary', kind: 'judgment', hexagram_name: '乾' })]);
  });

  it('4 moving: the two unmoving lines of the changed hexagram, the lower one leading', () => {
    const v: LineValue[] = [6, 7, 9, 8, 6, 9]; // unmoving: 2 and 4
    const ch = changedOf(v);
    const c = cast(v);
    expect(c.reading.main).toMatchObject({ from: 'changed', kind: 'line', position: 2, hexagram_name: ch.name, label: ch.lines[1]!.label, text: ch.lines[1]!.text });
    expect(c.reading.secondary).toEqual([expect.objectContaining({ from: 'changed', position: 4, label: ch.lines[3]!.label, text: ch.lines[3]!.text })]);
  });

  it('5 moving: the one unmoving line of the changed hexagram (穆姜 遇艮之八: 随六二)', () => {
    // 《左传·襄公九年》 as 《启蒙》 cites it: 艮 with every line but the second moving becomes 随, read by 随's 六二.
    const v: LineValue[] = [6, 8, 9, 6, 6, 9];
    expect(primaryOf(v).name).toBe('艮');
    const c = cast(v);
    expect(c.changed_hexagram?.name).toBe('随');
    const sui = changedOf(v);
    expect(c.reading.main).toMatchObject({ from: 'changed', kind: 'line', position: 2, hexagram_name: '随', label: '六二', text: sui.lines[1]!.text });
    expect(c.reading.main.text).toBe('系小子，失丈夫。');
    expect(c.reading.secondary).toEqual([]);
  });

  it('6 moving, 乾: 用九', () => {
    const c = cast([9, 9, 9, 9, 9, 9]);
    expect(c.changed_hexagram?.name).toBe('坤');
    expect(c.reading.main).toMatchObject({ from: 'primary', kind: 'use', hexagram_name: '乾', label: '用九', text: bundle.hexagrams[0]!.yong!.text, image: bundle.hexagrams[0]!.yong!.xiaoxiang });
    expect(c.reading.main.text).toBe('见群龙无首，吉。');
  });

  it('6 moving, 坤: 用六', () => {
    const c = cast([6, 6, 6, 6, 6, 6]);
    expect(c.changed_hexagram?.name).toBe('乾');
    expect(c.reading.main).toMatchObject({ from: 'primary', kind: 'use', hexagram_name: '坤', label: '用六', text: bundle.hexagrams[1]!.yong!.text });
    expect(c.reading.main.text).toBe('利永贞。');
  });

  it('6 moving, any other hexagram: the judgment of the changed hexagram', () => {
    const v: LineValue[] = [9, 6, 6, 6, 9, 6]; // 屯 → 鼎 (its 错卦)
    const c = cast(v);
    expect(c.primary_hexagram.name).toBe('屯');
    expect(c.changed_hexagram?.name).toBe('鼎');
    expect(c.reading.main).toMatchObject({ from: 'changed', kind: 'judgment', hexagram_name: '鼎', text: changedOf(v).guaci });
  });

  it('quotes the rule and names the hexagrams and the selected text in the summary', () => {
    const c = cast([7, 9, 7, 6, 8, 7]); // the spec's check cast for seed hello: 大畜, lines 2 and 4 move, → 离
    expect(c.primary_hexagram.name).toBe('大畜');
    expect(c.changed_hexagram?.name).toBe('离');
    expect(c.reading.rule).toBe('二爻变，则以本卦二变爻辞占，仍以上爻为主。');
    expect(c.summary).toContain('大畜');
    expect(c.summary).toContain('离');
    expect(c.summary).toContain(`大畜六四“${primaryOf([7, 9, 7, 6, 8, 7]).lines[3]!.text.replace(/。$/, '')}”`);
    expect(c.notice).toMatch(/文化研究/);
  });
});
