// Bar and stirrup suggestions provide at least what is required and respect the spacing rules they claim.
import { expect, it } from 'vitest';
import { barArea, beamBars, columnBars, stirrups } from '../../../src/calc/concrete/bars.ts';
import { calculate } from '../../../src/calc/concrete/index.ts';

it('bar areas are π d²/4 (e.g. 4Φ18 = 1018 mm², 4Φ25 = 1963 mm²)', () => {
  expect(Math.round(4 * barArea(18))).toBe(1018);
  expect(Math.round(4 * barArea(25))).toBe(1963);
});

it('beam bars cover As and fit one layer with clear spacing ≥ max(25, d)', () => {
  for (let As = 150; As <= 3000; As += 37) {
    for (const b of [200, 250, 300, 400]) {
      const c = beamBars(As, b, 20)!;
      expect(c.area).toBeGreaterThanOrEqual(As);
      if (c.layers === 1) {
        const clear = (b - 2 * 30 - c.n * c.d) / (c.n - 1);
        expect(clear).toBeGreaterThanOrEqual(Math.max(25, c.d));
      }
    }
  }
  expect(beamBars(1e6, 200, 20)).toBeNull();
});

it('column bars cover As with an even count ≥ 4 and d ≥ 12', () => {
  for (let As = 500; As <= 8000; As += 250) {
    const c = columnBars(As, 500, 500)!;
    expect(c.area).toBeGreaterThanOrEqual(As);
    expect(c.n % 2).toBe(0);
    expect(c.n).toBeGreaterThanOrEqual(4);
    expect(c.d).toBeGreaterThanOrEqual(12);
  }
  // 400 × 400: 324 mm between corner bars > 300 mm, so a middle bar is needed on each face (9.3.1)
  expect(columnBars(1000, 400, 400)!.n).toBe(8);
});

it('a suggested stirrup set satisfies strength, the minimum ratio and smax', () => {
  const s = stirrups(0.7363, 2, 8, 6, 200, 0.0009778, 250)!;
  expect(s.text).toBe('Φ8@130（双肢）');
  expect(s.area).toBeGreaterThanOrEqual(0.7363);
  // feeding the suggestion back passes
  const r = calculate({ kind: 'shear', params: { concrete_grade: 20, steel_grade: 300, V: 180, b: 250, h: 500, dia: 8, legs: 2, spacing: 130 } });
  expect(r.verdict).toBe('ok');
});

it('summaries carry the suggestion', () => {
  const beam = calculate({ kind: 'beam', params: { concrete_grade: 30, steel_grade: 360, moment: 150, b: 250, h: 500, cover: 20 } });
  // HRB400 bars carry the grade's symbol (typed C, GB 50010 Table 4.2.2-1) and the grade's name, not the HPB300 Φ
  expect(beam.suggestion?.text).toMatch(/^\d+C\d+（HRB400）$/);
  expect(beam.summary).toContain(beam.suggestion!.text);
  expect(beam.summary).toMatch(/^[^。]+。$/); // one sentence
  const sh = calculate({ kind: 'shear', params: { concrete_grade: 30, steel_grade: 300, V: 180, b: 250, h: 500, dia: 8, legs: 2, spacing: 150 } });
  expect(sh.summary).toContain('Φ8@');
  expect(sh.summary).toContain('双肢');
  const sh400 = calculate({ kind: 'shear', params: { concrete_grade: 30, steel_grade: 360, V: 180, b: 250, h: 500, dia: 8, legs: 2, spacing: 150 } });
  expect(sh400.summary).toContain('C8@150（双肢，HRB400）');
  expect(sh400.summary).not.toContain('Φ');
});
