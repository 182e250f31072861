// The serviceability limits of GB 50017-2017 Appendix B, each against the 2017 text (the OCR transcription github
// youtian95/Books_OCR, 附录B 结构或构件的变形容许值): Table B.1.1 with its note 3, and the drift limits of B.2.1/B.2.2.
import { describe, expect, it } from 'vitest';
import { calculate, DEFLECTION_ROWS } from '../../../src/calc/steel/index.ts';
import { analyseFrame } from '../../../src/calc/steel/frame/index.ts';

const close = (got: unknown, want: number, rel = 1e-5) => expect(Math.abs(Number(got) - want)).toBeLessThanOrEqual(rel * Math.abs(want));

describe('Table B.1.1', () => {
  it('holds every row of the table as printed', () => {
    const want: Record<string, [number, number | null]> = {
      '1a': [500, null], '1b': [750, null], '1c': [900, null], '1d': [1000, null], '2': [400, null], '3a': [600, null], '3b': [400, null],
      '4(1)': [400, 500], '4(2)': [180, null], '4(3)': [240, null], '4(4)': [250, 350], '4(5)': [250, 300],
      '4(6)a': [150, null], '4(6)b': [200, null], '4(6)c': [240, null], '4(7)': [150, null],
    };
    expect(Object.fromEntries(Object.entries(DEFLECTION_ROWS).map(([k, r]) => [k, [r.T, r.Q]]))).toEqual(want);
  });

  it('takes 0.9·[vT] for a crane girder longer than 12 m (note 3)', () => {
    // 1c middle-duty crane girder, l = 13 m: [vT] = 0.9 · 13000/900 = 13.0 mm (without note 3: 14.444 mm)
    const params = { section: { type: 'rolled_h', designation: 'HN600x200x11x17' }, grade: 'Q355', Mx: 100, ltb: { braced: true } };
    const r = calculate({ kind: 'beam', params: { ...params, service: { span: 13, qk: 10, member: '1c' } } });
    close(r.values.v_T_limit, 13.0);
    // at 12 m the note does not apply: 12000/900
    const s = calculate({ kind: 'beam', params: { ...params, service: { span: 12, qk: 10, member: '1c' } } });
    close(s.values.v_T_limit, 12000 / 900);
  });
});

describe('drift limits B.2', () => {
  // two storeys of 3.6 m, one bay; wind at both floors
  const frame = (crane: boolean) => ({
    nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 3.6 }, { id: 'C', x: 0, y: 7.2 }, { id: 'D', x: 6, y: 0 }, { id: 'E', x: 6, y: 3.6 }, { id: 'F', x: 6, y: 7.2 }],
    members: [
      { id: 'AB', i: 'A', j: 'B', A: 1e4, I: 2e8 }, { id: 'BC', i: 'B', j: 'C', A: 1e4, I: 2e8 },
      { id: 'DE', i: 'D', j: 'E', A: 1e4, I: 2e8 }, { id: 'EF', i: 'E', j: 'F', A: 1e4, I: 2e8 },
      { id: 'BE', i: 'B', j: 'E', A: 1e4, I: 2e8, loads: [{ type: 'udl', w: -10, case: 'G' }] }, { id: 'CF', i: 'C', j: 'F', A: 1e4, I: 2e8, loads: [{ type: 'udl', w: -10, case: 'G' }] },
    ],
    supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }],
    nodal_loads: [{ node: 'B', fx: 10, case: 'W' }, { node: 'C', fx: 10, case: 'W' }],
    load_cases: [{ id: 'G', type: 'G' }, { id: 'W', type: 'W' }],
    self_weight: false,
    crane,
  });

  it('multi-storey without bridge cranes: 1/250 (Table B.2.2, frames)', () => {
    const d = analyseFrame(frame(false)).serviceability!.drift;
    expect(d).toHaveLength(2);
    for (const s of d) close(s.limit, 3600 / 250);
  });

  it('multi-storey with bridge cranes: 1/400 (B.2.2 item 1)', () => {
    const d = analyseFrame(frame(true)).serviceability!.drift;
    for (const s of d) close(s.limit, 3600 / 400);
  });
});
