// Bad input is an InputError naming the field and the allowed values; good input never yields NaN or Infinity.
import { describe as group, expect, it } from 'vitest';
import { InputError } from '../../../src/errors.ts';
import { calculate, describe, validateParams } from '../../../src/calc/concrete/index.ts';

const BEAM = { concrete_grade: 30, steel_grade: 360, moment: 150, b: 250, h: 500, cover: 20 };
const COLUMN = { concrete_grade: 30, steel_grade: 360, N: 1600, b: 350, h: 350, l0: 4.2, As: 1964 };
const SHEAR = { concrete_grade: 30, steel_grade: 360, V: 180, b: 250, h: 500, dia: 8, legs: 2, spacing: 150 };
const CRACK = { concrete_grade: 30, steel_grade: 360, moment: 64.29, b: 200, h: 500, As: 804.4, cover: 33, dia: 16, w_lim: 0.3 };

function inputError(body: unknown): InputError {
  try {
    calculate(body);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error('expected an InputError');
}

group('bad input', () => {
  it('unknown kind lists the kinds', () => {
    const e = inputError({ kind: 'slab', params: {} });
    expect(e.param).toBe('kind');
    expect(e.message).toContain('"beam", "column", "shear", "crack"');
    expect(inputError({ params: BEAM }).param).toBe('kind');
  });

  it('grade and steel keys outside the lists name the allowed values', () => {
    const g = inputError({ kind: 'beam', params: { ...BEAM, concrete_grade: 55 } });
    expect(g.param).toBe('params.concrete_grade');
    expect(g.message).toContain('20, 25, 30, 35, 40, 45, 50');
    const s = inputError({ kind: 'column', params: { ...COLUMN, steel_grade: 400 } });
    expect(s.param).toBe('params.steel_grade');
    expect(s.message).toContain('300, 360, 435');
  });

  it('zero and negative sizes are refused with the range', () => {
    for (const [kind, params, field] of [
      ['beam', BEAM, 'b'], ['beam', BEAM, 'h'], ['beam', BEAM, 'moment'], ['column', COLUMN, 'l0'], ['column', COLUMN, 'N'],
      ['shear', SHEAR, 'spacing'], ['shear', SHEAR, 'dia'], ['crack', CRACK, 'As'], ['crack', CRACK, 'cover'], ['crack', CRACK, 'w_lim'],
    ] as const) {
      for (const bad of [0, -5]) {
        const e = inputError({ kind, params: { ...params, [field]: bad } });
        expect(e.param).toBe(`params.${field}`);
        expect(e.message).toMatch(/must be (a number|an integer) [>≥]/);
      }
    }
  });

  it('cover ≥ h (or no effective depth left) is refused on cover', () => {
    expect(inputError({ kind: 'beam', params: { ...BEAM, cover: 500 } }).param).toBe('params.cover');
    expect(inputError({ kind: 'beam', params: { ...BEAM, cover: 480 } }).message).toContain('cover + 20');
    expect(inputError({ kind: 'beam', params: { ...BEAM, as: 500 } }).param).toBe('params.as');
    expect(inputError({ kind: 'crack', params: { ...CRACK, cover: 500 } }).param).toBe('params.cover');
    expect(inputError({ kind: 'shear', params: { ...SHEAR, h: 40 } }).param).toBe('params.h');
  });

  it('l0/b past Table 6.2.15 is refused on l0; exactly 50 is accepted', () => {
    const e = inputError({ kind: 'column', params: { ...COLUMN, l0: 17.6 } });
    expect(e.param).toBe('params.l0');
    expect(e.message).toContain('17.500 m');
    expect(calculate({ kind: 'column', params: { ...COLUMN, l0: 17.5 } }).values.phi).toBe(0.19);
  });

  it('strings for numbers, unknown fields and a missing required field name the field', () => {
    const s = inputError({ kind: 'beam', params: { ...BEAM, moment: '150' } });
    expect(s.param).toBe('params.moment');
    expect(s.message).toContain('must be number');
    const u = inputError({ kind: 'beam', params: { ...BEAM, M: 150 } });
    expect(u.param).toBe('params.M');
    expect(u.message).toContain('params.M: unknown field; allowed: concrete_grade, steel_grade, moment, b, h, cover');
    const { b: _b, ...noB } = BEAM;
    expect(inputError({ kind: 'beam', params: noB }).message).toContain('params.b: is required');
    expect(inputError({ kind: 'shear', params: { ...SHEAR, legs: 2.5 } }).param).toBe('params.legs');
  });

  it('NaN and Infinity are not numbers here', () => {
    expect(inputError({ kind: 'beam', params: { ...BEAM, moment: Number.NaN } }).param).toBe('params.moment');
    expect(inputError({ kind: 'beam', params: { ...BEAM, b: Number.POSITIVE_INFINITY } }).param).toBe('params.b');
  });

  it('validateParams gives field names for the page', () => {
    expect(validateParams('beam', BEAM)).toEqual({ ok: true });
    const r = validateParams('beam', { ...BEAM, cover: 600 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0]!.field).toBe('cover');
  });
});

group('defaults', () => {
  it('fills grade, steel, cover, legs and w_lim and echoes them', () => {
    const r = calculate({ kind: 'beam', params: { moment: 150, b: 250, h: 500 } });
    expect(r.input).toMatchObject({ concrete_grade: 30, steel_grade: 360, cover: 20, moment: 150 });
    const c = calculate({ kind: 'crack', params: { moment: 64.29, b: 200, h: 500, As: 804.4, cover: 33, dia: 16 } });
    expect(c.input.w_lim).toBe(0.3);
    expect(calculate({ kind: 'shear', params: { V: 100, b: 250, h: 500, dia: 8, spacing: 200 } }).input.legs).toBe(2);
  });
});

function allFinite(v: unknown, path = '$'): string[] {
  if (typeof v === 'number') return Number.isFinite(v) ? [] : [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => allFinite(x, `${path}[${i}]`));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => allFinite(x, `${path}.${k}`));
  if (typeof v === 'string') return /NaN|Infinity/.test(v) ? [path] : [];
  return [];
}

group('never NaN or Infinity', () => {
  // Extremes of every range (and a denormal, T), mixed: each call either computes finite numbers or refuses with an
  // InputError.
  const T = Number.MIN_VALUE;
  const extremes: Record<string, number[]> = {
    moment: [T, 0.001, 0.5, 150, 1e5], N: [T, 0.001, 1600, 1e6], V: [T, 0.001, 180, 1e6], b: [T, 10, 250, 5000], h: [T, 10, 60, 500, 5000],
    cover: [T, 1e-3, 20, 200], As: [0, T, 1, 1964, 1e7], l0: [T, 1e-6, 4.2, 250], dia: [4, 8, 40], legs: [1, 2, 12],
    spacing: [10, 150, 1000], w_lim: [T, 0.01, 0.3, 1], concrete_grade: [20, 50], steel_grade: [300, 435],
  };
  const kinds: Record<string, string[]> = {
    beam: ['concrete_grade', 'steel_grade', 'moment', 'b', 'h', 'cover'],
    column: ['concrete_grade', 'steel_grade', 'N', 'b', 'h', 'l0', 'As'],
    shear: ['concrete_grade', 'steel_grade', 'V', 'b', 'h', 'dia', 'legs', 'spacing'],
    crack: ['concrete_grade', 'steel_grade', 'moment', 'b', 'h', 'As', 'cover', 'dia', 'w_lim'],
  };
  for (const [kind, fields] of Object.entries(kinds)) {
    it(kind, () => {
      let seed = 12345;
      const next = () => {
        // mulberry32: the low bits of a plain LCG repeat too soon to mix the fields
        seed = (seed + 0x6d2b79f5) >>> 0;
        let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return (t ^ (t >>> 14)) >>> 0;
      };
      let computed = 0;
      for (let i = 0; i < 1500; i++) {
        const params = Object.fromEntries(fields.map((f) => [f, extremes[f]![next() % extremes[f]!.length]!]));
        let result: unknown;
        try {
          result = calculate({ kind, params });
        } catch (e) {
          expect(e, JSON.stringify(params)).toBeInstanceOf(InputError);
          continue;
        }
        computed++;
        expect(allFinite(result), JSON.stringify(params)).toEqual([]);
      }
      expect(computed).toBeGreaterThan(150);
    });
  }
});

group('parameter description', () => {
  it('is generated from the schemas: kinds, units, ranges, defaults', () => {
    const d = describe();
    expect(d.kinds.map((k) => k.kind)).toEqual(['beam', 'column', 'shear', 'crack']);
    const beam = d.kinds.find((k) => k.kind === 'beam')!;
    const moment = beam.params.find((p) => p.name === 'moment')!;
    expect(moment).toMatchObject({ unit: 'kN·m', required: true, minimum: 0.001, maximum: 100000 });
    expect(beam.params.find((p) => p.name === 'concrete_grade')).toMatchObject({ default: 30, enum: [20, 25, 30, 35, 40, 45, 50], required: false });
    expect(beam.params.find((p) => p.name === 'cover')).toMatchObject({ default: 20, unit: 'mm' });
    const column = d.kinds.find((k) => k.kind === 'column')!;
    expect(column.params.map((p) => p.name)).toEqual(['concrete_grade', 'steel_grade', 'N', 'b', 'h', 'l0', 'As']);
    expect(column.params.find((p) => p.name === 'l0')!.unit).toBe('m');
    expect(d.kinds.find((k) => k.kind === 'shear')!.params.find((p) => p.name === 'legs')).toMatchObject({ type: 'integer', default: 2 });
    expect(d.kinds.find((k) => k.kind === 'crack')!.params.find((p) => p.name === 'w_lim')).toMatchObject({ default: 0.3, unit: 'mm' });
    expect(d.steel_grades.map((s) => s.name)).toEqual(['HPB300', 'HRB400', 'HRB500']);
    for (const k of d.kinds) expect(k.title.length).toBeGreaterThan(5);
  });
});
