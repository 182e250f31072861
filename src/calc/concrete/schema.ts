// The one definition of what each kind accepts. The POST route validates with these schemas, GET describes them,
// and the page builds its form and validates in place from them, so the three can never disagree.
import { z } from 'zod';
import { CONCRETE_GRADES, STEEL_KEYS } from './materials.ts';

export interface NumberSpec {
  label: string;
  unit: string;
  description: string;
  /** exclusive lower bound */
  gt?: number;
  /** inclusive lower bound */
  min?: number;
  max: number;
  int?: boolean;
}

function rangeText(s: NumberSpec): string {
  const low = s.gt !== undefined ? `> ${s.gt}` : `≥ ${s.min}`;
  const unit = s.unit && s.unit !== '—' ? ` ${s.unit}` : '';
  return `${s.int ? 'an integer' : 'a number'} ${low} and ≤ ${s.max}${unit}`;
}

/** A bounded number whose range errors say the whole allowed range and unit. */
export function num(s: NumberSpec) {
  const msg = { error: `must be ${rangeText(s)}` };
  let n = z.number();
  if (s.int) n = n.int(msg);
  n = s.gt !== undefined ? n.gt(s.gt, msg) : n.min(s.min ?? 0, msg);
  n = n.max(s.max, msg);
  return n.describe(s.description).meta({ label: s.label, unit: s.unit });
}

const concreteGrade = z
  .literal(CONCRETE_GRADES)
  .default(30)
  .describe('混凝土强度等级 C20–C50（只写数字）· concrete grade, the number after C')
  .meta({ label: '混凝土等级', unit: 'C', choices: CONCRETE_GRADES.map((g) => ({ value: g, text: `C${g}` })) });

const steelGrade = z
  .literal(STEEL_KEYS)
  .default(360)
  .describe('钢筋设计强度键：300 = HPB300（fy 270），360 = HRB400（fy 360），435 = HRB500（fy 435）· steel key')
  .meta({
    label: '钢筋牌号',
    unit: '—',
    choices: [
      { value: 300, text: 'HPB300 (fy=270)' },
      { value: 360, text: 'HRB400 (fy=360)' },
      { value: 435, text: 'HRB500 (fy=435)' },
    ],
  });

// Lower bounds keep every intermediate finite (a denormal width or load would overflow a quotient); they are far
// below any real member.
const width = num({ label: '截面宽度 b', unit: 'mm', min: 10, max: 5000, description: '截面宽度 · section width' });
const height = num({ label: '截面高度 h', unit: 'mm', min: 10, max: 5000, description: '截面高度 · section depth' });
const moment = (description: string, label: string) => num({ label, unit: 'kN·m', min: 0.001, max: 100000, description });

export const beamParams = z
  .strictObject({
    concrete_grade: concreteGrade,
    steel_grade: steelGrade,
    moment: moment('弯矩设计值（已含 γ0）· design bending moment', '弯矩设计值 M'),
    b: width,
    h: height,
    cover: num({
      label: '保护层 c',
      unit: 'mm',
      gt: 0,
      max: 200,
      description: '箍筋外缘的混凝土保护层（2010 定义；一类环境梁 20）；as = c + 20 · clear cover to the stirrup',
    }).default(20),
    as: num({
      label: '合力点距离 as（可选）',
      unit: 'mm',
      gt: 0,
      max: 1000,
      description: '受拉钢筋合力点至截面受拉边缘的距离，给出时代替 cover + 20 · optional override of as',
    }).optional(),
  })
  .superRefine((p, ctx) => {
    const as = p.as ?? p.cover + 20;
    if (as >= p.h) {
      ctx.addIssue({
        code: 'custom',
        path: [p.as === undefined ? 'cover' : 'as'],
        message: p.as === undefined
          ? `as = cover + 20 = ${as} mm 须小于 h = ${p.h} mm · must leave an effective depth: as = cover + 20 = ${as} mm must be less than h = ${p.h} mm`
          : `须小于 h = ${p.h} mm · must be less than h = ${p.h} mm`,
      });
    }
  })
  .meta({
    title: '受弯构件正截面受弯配筋（单筋矩形）· Flexure of a singly reinforced rectangular section',
    clause: '6.2.10',
    rules: ['as (= cover + 20 unless given) < h'],
  });

export const columnParams = z
  .strictObject({
    concrete_grade: concreteGrade,
    steel_grade: steelGrade,
    N: num({ label: '轴力设计值 N', unit: 'kN', min: 0.001, max: 1000000, description: '轴向压力设计值（已含 γ0）· design axial force' }),
    b: width,
    h: height,
    l0: num({ label: '计算长度 l0', unit: 'm', gt: 0, max: 250, description: '柱计算长度（6.2.20）· effective length' }),
    As: num({ label: '纵筋面积 As′', unit: 'mm²', min: 0, max: 10000000, description: '全部纵向受压钢筋截面面积 · total longitudinal steel area' }),
  })
  .superRefine((p, ctx) => {
    const short = Math.min(p.b, p.h);
    const ratio = (p.l0 * 1000) / short;
    if (ratio > 50) {
      ctx.addIssue({
        code: 'custom',
        path: ['l0'],
        message: `l0/b = ${ratio.toFixed(1)} 超出表 6.2.15（l0/b ≤ 50），短边 ${short} mm 时 l0 须 ≤ ${((50 * short) / 1000).toFixed(3)} m · l0/b = ${ratio.toFixed(1)} is past the end of Table 6.2.15 (l0/b ≤ 50): l0 must be ≤ ${((50 * short) / 1000).toFixed(3)} m for a ${short} mm short side`,
      });
    }
    if (p.As >= p.b * p.h) {
      ctx.addIssue({ code: 'custom', path: ['As'], message: `须小于截面面积 b·h = ${p.b * p.h} mm² · must be less than the section area b·h = ${p.b * p.h} mm²` });
    }
  })
  .meta({
    title: '轴心受压柱承载力（配普通箍筋）· Axial compression of a tied column',
    clause: '6.2.15',
    rules: ['l0·1000 / min(b, h) ≤ 50 (Table 6.2.15)', 'As < b·h'],
  });

export const shearParams = z
  .strictObject({
    concrete_grade: concreteGrade,
    steel_grade: steelGrade,
    V: num({ label: '剪力设计值 V', unit: 'kN', min: 0.001, max: 1000000, description: '剪力设计值（已含 γ0）· design shear force' }),
    b: width,
    h: height,
    dia: num({ label: '箍筋直径 d', unit: 'mm', min: 4, max: 40, description: '箍筋直径 · stirrup bar diameter' }),
    legs: num({ label: '箍筋肢数 n', unit: '肢', min: 1, max: 12, int: true, description: '同一截面内箍筋肢数 · stirrup legs' }).default(2),
    spacing: num({ label: '箍筋间距 s', unit: 'mm', min: 10, max: 1000, description: '沿构件长度方向的箍筋间距 · stirrup spacing' }),
    as: num({ label: 'as（可选）', unit: 'mm', gt: 0, max: 1000, description: '受拉钢筋合力点距离，默认 40（h0 = h − 40）· optional, default 40' }).optional(),
    lambda: num({
      label: '剪跨比 λ（可选）',
      unit: '—',
      gt: 0,
      max: 100,
      description: '集中荷载为主的独立梁的计算剪跨比 a/h0；给出时 αcv = 1.75/(λ+1)，λ 取 1.5…3（6.3.4）· optional shear span ratio',
    }).optional(),
  })
  .superRefine((p, ctx) => {
    const as = p.as ?? 40;
    if (as >= p.h) {
      ctx.addIssue({
        code: 'custom',
        path: [p.as === undefined ? 'h' : 'as'],
        message: p.as === undefined
          ? `须大于 as = 40 mm（h0 = h − 40）· must be greater than as = 40 mm (h0 = h − 40)`
          : `须小于 h = ${p.h} mm · must be less than h = ${p.h} mm`,
      });
    }
  })
  .meta({
    title: '斜截面受剪承载力（仅配箍筋）· Shear of an inclined section, stirrups only',
    clause: '6.3.1, 6.3.4',
    rules: ['as (= 40 unless given) < h'],
  });

export const crackParams = z
  .strictObject({
    concrete_grade: concreteGrade,
    steel_grade: steelGrade,
    moment: moment('按荷载准永久组合计算的弯矩 Mq · quasi-permanent moment', '准永久弯矩 Mq'),
    b: width,
    h: height,
    As: num({ label: '受拉钢筋面积 As', unit: 'mm²', min: 1, max: 10000000, description: '受拉纵筋截面面积 · tension steel area' }),
    cover: num({
      label: '保护层 cs',
      unit: 'mm',
      gt: 0,
      max: 500,
      description: '最外层受拉钢筋外边缘至受拉区底边的距离 cs（取 20…65 计算）· clear cover to the tension bar',
    }),
    dia: num({ label: '受拉钢筋直径 d', unit: 'mm', min: 4, max: 50, description: '受拉纵筋直径 · tension bar diameter' }),
    w_lim: num({
      label: '裂缝限值 wlim',
      unit: 'mm',
      min: 0.01,
      max: 1,
      description: '最大裂缝宽度限值（表 3.4.5：一类 0.30，二a–三b 0.20）· crack width limit',
    }).default(0.3),
  })
  .superRefine((p, ctx) => {
    if (p.cover + p.dia / 2 >= p.h) {
      ctx.addIssue({
        code: 'custom',
        path: ['cover'],
        message: `cover + dia/2 = ${p.cover + p.dia / 2} mm 须小于 h = ${p.h} mm · must leave an effective depth: cover + dia/2 = ${p.cover + p.dia / 2} mm must be less than h = ${p.h} mm`,
      });
    }
    if (p.As >= p.b * p.h) {
      ctx.addIssue({ code: 'custom', path: ['As'], message: `须小于截面面积 b·h = ${p.b * p.h} mm² · must be less than the section area b·h = ${p.b * p.h} mm²` });
    }
  })
  .meta({
    title: '受弯构件最大裂缝宽度 · Maximum crack width of a flexural member',
    clause: '7.1.2',
    rules: ['cover + dia/2 < h', 'As < b·h'],
  });

export const PARAM_SCHEMAS = {
  beam: beamParams,
  column: columnParams,
  shear: shearParams,
  crack: crackParams,
} as const;

export type Kind = keyof typeof PARAM_SCHEMAS;
export const KINDS = Object.keys(PARAM_SCHEMAS) as Kind[];

export type BeamParams = z.output<typeof beamParams>;
export type ColumnParams = z.output<typeof columnParams>;
export type ShearParams = z.output<typeof shearParams>;
export type CrackParams = z.output<typeof crackParams>;

/** The POST body: `{kind, params}`; an unknown kind names the allowed kinds. */
export const concreteRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('beam').describe('计算类型'), params: beamParams }),
    z.strictObject({ kind: z.literal('column').describe('计算类型'), params: columnParams }),
    z.strictObject({ kind: z.literal('shear').describe('计算类型'), params: shearParams }),
    z.strictObject({ kind: z.literal('crack').describe('计算类型'), params: crackParams }),
  ],
  { error: `must be one of ${KINDS.map((k) => JSON.stringify(k)).join(', ')}` },
);
export type ConcreteRequest = z.input<typeof concreteRequest>;
