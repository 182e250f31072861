// The one definition of what each kind accepts (steel.md Part B, "Input parameters per kind"). POST validates with
// these schemas, GET describes them, and the page validates in place with them, so the three cannot disagree.
import { z } from 'zod';
import { num } from '../concrete/schema.ts';
import { ROLLED_H } from './hsections.ts';
import { GRADES, T_MAX } from './materials.ts';
import { CURVES, FLANGE_EDGES, findRolled } from './sections.ts';

export const DESIGNATIONS = ROLLED_H.map((r) => r.designation);

/** Table B.1.1 rows offered for the deflection limits: [vT] and [vQ] denominators (l/n); null where none. */
// GB 50017-2017 Table B.1.1 (read against the OCR transcription youtian95/Books_OCR, 附录B 结构或构件的变形容许值):
// [vT] permanent + variable standard values, [vQ] variable alone; `crane` rows take note 3.
export const DEFLECTION_ROWS: Record<string, { T: number; Q: number | null; text: string; crane?: true }> = {
  '4(1)': { T: 400, Q: 500, text: '主梁或桁架（包括设有悬挂起重设备的梁和桁架）' },
  '4(2)': { T: 180, Q: null, text: '仅支承压型金属板屋面和冷弯型钢檩条' },
  '4(3)': { T: 240, Q: null, text: '除支承压型金属板屋面和冷弯型钢檩条外，尚有吊顶' },
  '4(4)': { T: 250, Q: 350, text: '抹灰顶棚的次梁' },
  '4(5)': { T: 250, Q: 300, text: '除 4(1)–4(4) 外的其他梁（包括楼梯梁）' },
  '4(6)a': { T: 150, Q: null, text: '屋盖檩条：支承压型金属板屋面者' },
  '4(6)b': { T: 200, Q: null, text: '屋盖檩条：支承其他屋面材料者' },
  '4(6)c': { T: 240, Q: null, text: '屋盖檩条：有吊顶' },
  '4(7)': { T: 150, Q: null, text: '平台板' },
  '3a': { T: 600, Q: null, text: '有重轨（重量等于或大于 38 kg/m）轨道的工作平台梁' },
  '3b': { T: 400, Q: null, text: '有轻轨（重量等于或小于 24 kg/m）轨道的工作平台梁' },
  '2': { T: 400, Q: null, text: '手动或电动葫芦的轨道梁' },
  '1a': { T: 500, Q: null, text: '吊车梁：手动起重机和单梁起重机（含悬挂起重机）', crane: true },
  '1b': { T: 750, Q: null, text: '吊车梁：轻级工作制桥式起重机', crane: true },
  '1c': { T: 900, Q: null, text: '吊车梁：中级工作制桥式起重机', crane: true },
  '1d': { T: 1000, Q: null, text: '吊车梁：重级工作制桥式起重机', crane: true },
};

/** [vT] and [vQ] (mm) of a Table B.1.1 row for the reference length lref (mm: l, or twice a cantilever's length),
 * with note 3: a crane girder longer than 12 m takes 0.9·[vT]. `nT`, `nQ` override the row's l/n. */
export function deflectionLimits(row: string, lref: number, span: number, nT?: number, nQ?: number | null): { T: number; Q: number | null; note: string } {
  const r = DEFLECTION_ROWS[row]!;
  const long = nT === undefined && r.crane === true && span > 12000;
  const q = nQ !== undefined ? nQ : r.Q;
  return {
    T: (lref / (nT ?? r.T)) * (long ? 0.9 : 1),
    Q: q === null ? null : lref / q,
    note: long ? '，跨度大于 12 m 的吊车梁乘 0.9（表 B.1.1 注 3）' : '',
  };
}

export const DEFLECTION_ROW_IDS = Object.keys(DEFLECTION_ROWS) as [string, ...string[]];

const plate = (label: string, description: string) => num({ label, unit: 'mm', min: 1, max: T_MAX, description });
const depth = (label: string, description: string) => num({ label, unit: 'mm', min: 50, max: 5000, description });
const width = (label: string, description: string) => num({ label, unit: 'mm', min: 20, max: 2000, description });
// Floors keep every quotient finite (a denormal area or modulus would overflow a stress); they are far below any
// real member.
const positive = (label: string, unit: string, max: number, description: string) => num({ label, unit, min: 1, max, description });

export const grade = z
  .enum(GRADES)
  .describe('钢材牌号 Q235、Q355、Q390、Q420（Q345 为 Q355 的旧名，按 GB 50017-2017 表 4.4.1 的 Q345 行）· steel grade')
  .meta({ label: '钢材牌号', unit: '—' });

const curve = (axis: string) =>
  z.enum(CURVES).describe(`${axis}截面分类（a、b、c、d，a*/b* 按钢号取）；给出时代替表 7.2.1 · column curve about the ${axis === '绕强轴 x ' ? 'strong' : 'weak'} axis, overrides Table 7.2.1`).meta({ label: `${axis}截面类别`, unit: '—' });

export const weldedSection = z
  .strictObject({
    type: z.literal('welded_i').describe('焊接工字形截面 · welded I section'),
    h: depth('截面高度 h', '截面全高 · overall depth'),
    b: width('上翼缘宽 b', '上（受压）翼缘宽度 · top (compression) flange width'),
    tw: plate('腹板厚 tw', '腹板厚度 · web thickness'),
    tf: plate('上翼缘厚 tf', '上（受压）翼缘厚度 · top flange thickness'),
    b2: width('下翼缘宽 b2', '下翼缘宽度，默认等于 b · bottom flange width, default b').optional(),
    tf2: plate('下翼缘厚 tf2', '下翼缘厚度，默认等于 tf · bottom flange thickness, default tf').optional(),
    flange_edge: z
      .enum(FLANGE_EDGES)
      .default('flame_cut')
      .describe('翼缘边缘：flame_cut 焰切边（默认），rolled_or_sheared 轧制或剪切边（影响表 7.2.1 分类）· flange edges')
      .meta({ label: '翼缘边缘', unit: '—' }),
  })
  .superRefine((s, ctx) => {
    const t2 = s.tf2 ?? s.tf;
    if (s.tf + t2 >= s.h - 10) ctx.addIssue({ code: 'custom', path: ['h'], message: `须大于两翼缘厚度之和加 10 mm（${s.tf + t2 + 10} mm）· must exceed tf + tf2 + 10 = ${s.tf + t2 + 10} mm` });
    if (s.tw >= s.b) ctx.addIssue({ code: 'custom', path: ['tw'], message: `须小于翼缘宽 b = ${s.b} mm · must be less than b = ${s.b} mm` });
    if (s.b2 !== undefined && s.tw >= s.b2) ctx.addIssue({ code: 'custom', path: ['b2'], message: `须大于腹板厚 tw = ${s.tw} mm · must exceed tw = ${s.tw} mm` });
  });

export const rolledSection = z
  .strictObject({
    type: z.literal('rolled_h').describe('热轧 H 型钢（GB/T 11263）· hot-rolled H section'),
    designation: z
      .string()
      .max(40)
      .describe(`内置型号（分隔符 x、×、* 均可，不分大小写），如 HN400x200x8x13；与 h/b/tw/tf/r 二选一 · built-in designation: ${DESIGNATIONS.join(', ')}`)
      .meta({ label: '型号', unit: '—', choices: DESIGNATIONS })
      .optional(),
    h: depth('截面高度 h', '截面高度（未给型号时）· depth, when no designation').optional(),
    b: width('翼缘宽 b', '翼缘宽度 · flange width').optional(),
    tw: plate('腹板厚 tw', '腹板厚度 · web thickness').optional(),
    tf: plate('翼缘厚 tf', '翼缘厚度 · flange thickness').optional(),
    r: num({ label: '圆角半径 r', unit: 'mm', min: 0, max: 50, description: '腹板与翼缘过渡圆弧半径 · root radius' }).optional(),
  })
  .superRefine((s, ctx) => {
    const given = (['h', 'b', 'tw', 'tf', 'r'] as const).filter((k) => s[k] !== undefined);
    if (s.designation !== undefined) {
      if (!findRolled(s.designation)) {
        ctx.addIssue({ code: 'custom', path: ['designation'], message: `未收录的型号 · must be one of ${DESIGNATIONS.join(', ')}` });
      }
      if (given.length) ctx.addIssue({ code: 'custom', path: [given[0]!], message: '给出型号时不再输入尺寸 · give either designation or h, b, tw, tf, r, not both' });
      return;
    }
    const missing = (['h', 'b', 'tw', 'tf', 'r'] as const).filter((k) => s[k] === undefined);
    if (missing.length) {
      ctx.addIssue({ code: 'custom', path: [missing[0]!], message: `未给型号时须给出 h、b、tw、tf、r · is required when no designation is given (${DESIGNATIONS.slice(0, 3).join(', ')}, …)` });
      return;
    }
    const { h, b, tw, tf, r } = s as Required<typeof s>;
    if (2 * tf + 2 * r >= h - 10) ctx.addIssue({ code: 'custom', path: ['h'], message: `须大于 2tf + 2r + 10 = ${2 * tf + 2 * r + 10} mm · must exceed 2tf + 2r + 10 mm` });
    if (tw + 2 * r >= b) ctx.addIssue({ code: 'custom', path: ['r'], message: `tw + 2r 须小于 b = ${b} mm · tw + 2r must be less than b` });
  });

export const propsSection = z
  .strictObject({
    type: z.literal('props').describe('直接给定截面特性（教材算例）· section given by its properties'),
    A: positive('面积 A', 'mm²', 1e7, '毛截面面积 · gross area'),
    Ix: positive('惯性矩 Ix', 'mm⁴', 1e13, '绕强轴惯性矩 · second moment, strong axis'),
    Iy: positive('惯性矩 Iy', 'mm⁴', 1e13, '绕弱轴惯性矩 · second moment, weak axis'),
    Wx: positive('截面模量 Wx', 'mm³', 1e10, '受压最大纤维的毛截面模量 · modulus at the compression fibre').optional(),
    Wx2: positive('截面模量 Wx2', 'mm³', 1e10, '另一侧纤维的截面模量（单轴对称）· modulus at the other fibre').optional(),
    Wy: positive('截面模量 Wy', 'mm³', 1e10, '绕弱轴截面模量 · weak-axis modulus').optional(),
    ix: positive('回转半径 ix', 'mm', 5000, '绕强轴回转半径，默认 √(Ix/A) · radius of gyration').optional(),
    iy: positive('回转半径 iy', 'mm', 5000, '绕弱轴回转半径，默认 √(Iy/A) · radius of gyration').optional(),
    Sx: positive('面积矩 Sx', 'mm³', 1e10, '中和轴以上毛截面对中和轴的面积矩（受剪）· first moment for shear').optional(),
    h: depth('截面高度 h', '截面高度 · depth').optional(),
    b: width('翼缘宽 b', '翼缘宽度 · flange width').optional(),
    tf: plate('翼缘厚 tf', '翼缘厚度 · flange thickness').optional(),
    tw: plate('腹板厚 tw', '腹板厚度 · web thickness').optional(),
    class_x: curve('绕强轴 x ').optional(),
    class_y: curve('绕弱轴 y ').optional(),
    flange_bt: positive('翼缘宽厚比 b/t', '—', 200, '翼缘自由外伸宽厚比（用于板件等级）· flange outstand ratio').optional(),
    web_htw: positive('腹板高厚比 h0/tw', '—', 1000, '腹板高厚比（用于板件等级）· web depth ratio').optional(),
    t_for_f: plate('取强度的板厚 t', '按表 4.4.1 取 f 的板厚，默认 max(tf, tw) · thickness that selects f').optional(),
  });

export const section = z
  .discriminatedUnion('type', [weldedSection, rolledSection, propsSection], { error: 'must be one of "welded_i", "rolled_h", "props"' })
  .describe('截面：welded_i 焊接工字形、rolled_h 热轧 H 型钢（型号或尺寸）、props 给定特性 · the section')
  .meta({ label: '截面', unit: '—' });

const N = (description: string) => num({ label: '轴力 N', unit: 'kN', gt: 0, max: 1e6, description });
const l0 = (axis: string, label: string) => num({ label, unit: 'm', min: 0.01, max: 200, description: `${axis}计算长度 · effective length about the ${axis === '绕强轴 x ' ? 'strong' : 'weak'} axis` });
const fOverride = num({ label: '强度设计值 f', unit: 'N/mm²', min: 100, max: 500, description: '抗拉、抗压和抗弯强度设计值；给出时代替表 4.4.1 · design strength override' });
const gammaX = num({ label: '塑性发展系数 γx', unit: '—', min: 1, max: 1.2, description: '截面塑性发展系数；给出时代替按板件等级取值 · plastic adaptation factor override' });
const An = positive('净截面面积 An', 'mm²', 1e7, '净截面面积，默认 A · net area, default A');
const lambdaLimit = num({ label: '容许长细比 [λ]', unit: '—', min: 20, max: 400, description: '容许长细比；默认按 7.4.6 取 150，内力设计值不大于承载能力的 50% 时取 200 · slenderness limit, default 150 (200 at ≤ 50 % utilisation, 7.4.6)' });

export const phiParams = z
  .strictObject({
    lambda: num({ label: '长细比 λ', unit: '—', min: 0, max: 1000, description: '构件长细比 λ = l0/i · slenderness' }),
    class: z.enum(CURVES).describe('截面类别 a、b、c、d，或 a*、b*（按钢号取）· column curve').meta({ label: '截面类别', unit: '—' }),
    grade,
  })
  .meta({ title: '轴心受压稳定系数 φ · Stability coefficient φ', clause: 'D.0.5', rules: [] });

export const sectionParams = z
  .strictObject({ section, grade: grade.default('Q235') })
  .meta({ title: '截面特性与板件等级 · Section properties and plate classes', clause: '3.5.1, 7.2.1', rules: [] });

export const tensionParams = z
  .strictObject({
    section,
    grade,
    N: N('轴心拉力设计值（拉为正，已含 γ0）· design tension'),
    An: An.optional(),
    eta_connection: num({ label: '有效截面系数 η', unit: '—', min: 0.5, max: 1, description: '7.1.3：非全部直接传力时的有效截面系数（单角钢单边 0.85，工字形翼缘连接 0.90，腹板连接 0.70）· shear-lag factor' }).default(1),
    n: num({ label: '螺栓数 n', unit: '个', min: 1, max: 1000, int: true, description: '摩擦型高强螺栓：节点一侧的螺栓数 · friction bolts on one side' }).optional(),
    n1: num({ label: '计算截面螺栓数 n1', unit: '个', min: 1, max: 1000, int: true, description: '所计算截面（最外列）上的螺栓数 · bolts in the checked section' }).optional(),
  })
  .superRefine((p, ctx) => {
    if ((p.n === undefined) !== (p.n1 === undefined)) ctx.addIssue({ code: 'custom', path: [p.n === undefined ? 'n' : 'n1'], message: 'n 与 n1 须同时给出 · n and n1 go together' });
    if (p.n !== undefined && p.n1 !== undefined && p.n1 > p.n) ctx.addIssue({ code: 'custom', path: ['n1'], message: `须 ≤ n = ${p.n} · must be ≤ n` });
  })
  .meta({ title: '轴心受拉构件 · Axial tension', clause: '7.1.1, 7.1.3', rules: ['An ≤ A', 'n1 ≤ n'] });

export const compressionParams = z
  .strictObject({
    section,
    grade,
    N: N('轴心压力设计值（压为正，已含 γ0）· design compression'),
    l0x: l0('绕强轴 x ', '计算长度 l0x'),
    l0y: l0('绕弱轴 y ', '计算长度 l0y'),
    An: An.optional(),
    class_x: curve('绕强轴 x ').optional(),
    class_y: curve('绕弱轴 y ').optional(),
    lambda_limit: lambdaLimit.optional(),
    f: fOverride.optional(),
  })
  .meta({ title: '轴心受压构件 · Axial compression', clause: '7.1.1, 7.2.1, 7.3.1', rules: ['An ≤ A'] });

export const ltbParams = z
  .strictObject({
    l1: num({ label: '侧向支承间距 l1', unit: 'm', min: 0.1, max: 100, description: '受压翼缘侧向支承点间距 · unbraced length of the compression flange' }).optional(),
    item: num({ label: '表 C.0.1 项次', unit: '—', min: 1, max: 10, int: true, description: '表 C.0.1 项次 1–10（荷载类型与作用位置）· Table C.0.1 item' }).optional(),
    beta_b: num({ label: '等效弯矩系数 βb', unit: '—', min: 0.1, max: 3, description: '直接给定 βb，代替按项次计算 · βb override' }).optional(),
    m2_m1: num({ label: '端弯矩比 M2/M1', unit: '—', min: -1, max: 1, description: '项次 10：端弯矩比，同号（单曲率）为正 · end-moment ratio, + single curvature' }).optional(),
    braced: z.boolean().default(false).describe('6.2.1：有铺板密铺在受压翼缘上并与其牢固连接时不验算整体稳定 · deck prevents lateral movement').meta({ label: '受压翼缘有铺板', unit: '—' }),
    eta_b: num({ label: '截面不对称影响系数 ηb', unit: '—', min: -0.9, max: 0.8, description: '给定 ηb，默认按 αb · ηb override' }).optional(),
    cantilever_item: num({ label: '悬臂梁表 C.0.4 项次', unit: '—', min: 1, max: 3, int: true, description: '悬臂梁（C.0.4）：1 自由端集中荷载作用在上翼缘，2 作用在下翼缘，3 均布荷载作用在上翼缘；l1 取悬伸长度 · cantilever, Table C.0.4 item' }).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.braced) return;
    if (p.l1 === undefined) ctx.addIssue({ code: 'custom', path: ['l1'], message: '须给出（或 braced: true）· is required unless braced is true' });
    if (p.item !== undefined && p.cantilever_item !== undefined) ctx.addIssue({ code: 'custom', path: ['cantilever_item'], message: '悬臂梁按表 C.0.4，不再给表 C.0.1 项次 · give either item (Table C.0.1) or cantilever_item (Table C.0.4), not both' });
    if (p.item === undefined && p.beta_b === undefined && p.cantilever_item === undefined) ctx.addIssue({ code: 'custom', path: ['item'], message: '须给出表 C.0.1 项次 1–10 或 beta_b · give item (1–10) or beta_b' });
    if (p.item === 10 && p.m2_m1 === undefined && p.beta_b === undefined) ctx.addIssue({ code: 'custom', path: ['m2_m1'], message: '项次 10 须给出端弯矩比 · is required for item 10' });
  })
  .describe('整体稳定（6.2）：l1、项次或 βb · lateral-torsional buckling input')
  .meta({ label: '整体稳定', unit: '—' });

export const serviceParams = z
  .strictObject({
    span: num({ label: '跨度 l', unit: 'm', min: 0.1, max: 100, description: '简支梁跨度或悬臂长度 · span or cantilever length' }),
    qk: num({ label: '标准荷载 qk', unit: 'kN/m', min: 0, max: 10000, description: '永久与可变荷载标准值之和（均布）· total characteristic UDL' }),
    qqk: num({ label: '可变荷载 qQk', unit: 'kN/m', min: 0, max: 10000, description: '可变荷载标准值（均布）· variable characteristic UDL' }).optional(),
    support: z.enum(['simple', 'cantilever']).default('simple').describe('simple 简支，cantilever 悬臂（限值按 2l）· support').meta({ label: '支承', unit: '—' }),
    member: z.enum(DEFLECTION_ROW_IDS).default('4(5)').describe(`表 B.1.1 构件类别（默认 4(5) 其他梁）· Table B.1.1 row: ${DEFLECTION_ROW_IDS.join(', ')}`).meta({ label: '构件类别', unit: '—' }),
    limit_T: num({ label: '[vT] = l/n 的 n', unit: '—', min: 50, max: 2000, description: '全部荷载挠度限值 l/n 的 n，代替表 B.1.1 · override' }).optional(),
    limit_Q: num({ label: '[vQ] = l/n 的 n', unit: '—', min: 50, max: 2000, description: '可变荷载挠度限值 l/n 的 n · override' }).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.qqk !== undefined && p.qqk > p.qk) ctx.addIssue({ code: 'custom', path: ['qqk'], message: `须 ≤ qk = ${p.qk} kN/m · must be ≤ qk` });
  })
  .describe('挠度（附录 B）：跨度与荷载标准值 · deflection input (characteristic loads)')
  .meta({ label: '挠度', unit: '—' });

export const beamParams = z
  .strictObject({
    section,
    grade,
    Mx: num({ label: '弯矩 Mx', unit: 'kN·m', min: -1e6, max: 1e6, description: '绕强轴弯矩设计值（已含 γ0）；正值上翼缘受压，负值（负弯矩）下翼缘受压 · design moment, strong axis: > 0 compresses the top flange, < 0 (hogging) the bottom flange' }),
    V: num({ label: '剪力 V', unit: 'kN', min: 0, max: 1e6, description: '剪力设计值 · design shear' }).optional(),
    My: num({ label: '弯矩 My', unit: 'kN·m', min: 0, max: 1e6, description: '绕弱轴弯矩设计值 · design moment, weak axis' }).optional(),
    Wnx: positive('净截面模量 Wnx', 'mm³', 1e10, '受压纤维净截面模量，默认 Wx · net modulus at the compression fibre').optional(),
    Wnx2: positive('净截面模量 Wnx2', 'mm³', 1e10, '受拉（另一侧）纤维净截面模量，默认 Wx2（给了 Wnx 时按 Wnx/Wx 折算）· net modulus at the other fibre').optional(),
    ltb: ltbParams.optional(),
    service: serviceParams.optional(),
    gamma_x: gammaX.optional(),
    fatigue: z.boolean().default(false).describe('需要验算疲劳时 γx = γy = 1.0（6.1.2）· member needs a fatigue check').meta({ label: '需验算疲劳', unit: '—' }),
    phi_b: num({ label: '整体稳定系数 φb', unit: '—', min: 0.01, max: 1, description: '直接给定 φb（如普通工字钢查表 C.0.2）· φb override' }).optional(),
    f: fOverride.optional(),
    fv: num({ label: '抗剪强度 fv', unit: 'N/mm²', min: 50, max: 300, description: '抗剪强度设计值；给出时代替表 4.4.1 · override' }).optional(),
  })
  .meta({ title: '受弯构件（梁）· Beam', clause: '6.1.1, 6.1.3, 6.2.2, 附录 B', rules: ['ltb: l1 with item or beta_b unless braced'] });

export const momentsParams = z
  .strictObject({
    sway: z.boolean().default(false).describe('有侧移框架柱（true）或无侧移/两端支承构件（false，默认）· sway frame column').meta({ label: '有侧移', unit: '—' }),
    transverse: z.enum(['none', 'udl', 'point_mid']).default('none').describe('跨间横向荷载：none 无，udl 均布，point_mid 跨中集中 · transverse load in the span').meta({ label: '横向荷载', unit: '—' }),
    m2_m1: num({ label: '端弯矩比 M2/M1', unit: '—', min: -1, max: 1, description: '|M1| ≥ |M2|，同号（单曲率）为正 · end-moment ratio, + single curvature' }).optional(),
    Mqx: num({ label: '横向荷载弯矩 Mqx', unit: 'kN·m', min: 0, max: 1e6, description: '横向荷载单独产生的最大弯矩（端弯矩与横向荷载同时作用时）· moment of the transverse load alone' }).optional(),
    M1: num({ label: '端弯矩 M1', unit: 'kN·m', min: 0, max: 1e6, description: '绝对值较大的端弯矩（与 Mqx 同时给出）· larger end moment' }).optional(),
    cantilever: z.boolean().default(false).describe('悬臂构件（自由端作用弯矩）· cantilever').meta({ label: '悬臂', unit: '—' }),
    m: num({ label: '自由端/固定端弯矩比 m', unit: '—', min: -1, max: 1, description: '悬臂：自由端弯矩与固定端弯矩之比，无反弯点为正 · cantilever moment ratio' }).optional(),
    out_of_plane: z
      .enum(['auto', 'cantilever', 'held'])
      .default('auto')
      .describe('悬臂构件在弯矩作用平面外的支承：cantilever 平面外亦为悬臂（βtx = 1.0，8.2.1-3 第 2 款）；held 平面外两端有支承（βtx 按支承间段的端弯矩与横向荷载取，第 1 款）；auto（默认）按 l0y ≥ l0x 判为平面外悬臂 · out-of-plane support of a cantilever (default auto: a cantilever out of plane when l0y ≥ l0x)')
      .meta({ label: '平面外支承', unit: '—' }),
  })
  .superRefine((p, ctx) => {
    if (p.transverse !== 'none' && p.m2_m1 !== undefined) {
      if (p.Mqx === undefined) ctx.addIssue({ code: 'custom', path: ['Mqx'], message: '端弯矩与横向荷载同时作用时须给出 · is required with both end moments and a transverse load' });
      if (p.M1 === undefined) ctx.addIssue({ code: 'custom', path: ['M1'], message: '端弯矩与横向荷载同时作用时须给出 · is required with both end moments and a transverse load' });
    }
    if (p.cantilever && p.m === undefined) ctx.addIssue({ code: 'custom', path: ['m'], message: '悬臂构件须给出 · is required for a cantilever' });
  })
  .describe('等效弯矩系数的依据（8.2.1）· what sets βmx and βtx')
  .meta({ label: '弯矩分布', unit: '—' });

export const beamColumnParams = z
  .strictObject({
    section,
    grade,
    N: N('轴心压力设计值（压为正，已含 γ0）· design compression'),
    Mx: num({ label: '弯矩 Mx', unit: 'kN·m', min: 0, max: 1e6, description: '所计算构件段范围内的最大弯矩设计值 · largest design moment in the segment' }),
    l0x: l0('绕强轴 x ', '计算长度 l0x'),
    l0y: l0('绕弱轴 y ', '计算长度 l0y'),
    moments: momentsParams.optional(),
    beta_mx: num({ label: '等效弯矩系数 βmx', unit: '—', gt: 0, max: 1.5, description: '给定 βmx，代替 8.2.1 · override' }).optional(),
    beta_tx: num({ label: '等效弯矩系数 βtx', unit: '—', gt: 0, max: 1.5, description: '给定 βtx，代替 8.2.1 · override' }).optional(),
    eta: num({ label: '截面影响系数 η', unit: '—', min: 0.5, max: 1, description: '闭口截面 0.7，其他 1.0（默认）· section factor' }).optional(),
    phi_b_method: z
      .enum(['auto', 'C.0.5', 'C.0.1'])
      .default('auto')
      .describe('φb 的算法：auto（λy ≤ 120εk 用 C.0.5，否则 C.0.1 且 βb = 1.0），或强制 C.0.5 / C.0.1 · how φb is computed')
      .meta({ label: 'φb 算法', unit: '—' }),
    phi_b: num({ label: '整体稳定系数 φb', unit: '—', min: 0.01, max: 1, description: '直接给定 φb · override' }).optional(),
    gamma_x: gammaX.optional(),
    An: An.optional(),
    Wnx: positive('净截面模量 Wnx', 'mm³', 1e10, '受压纤维净截面模量，默认 Wx · net modulus at the compression fibre').optional(),
    Wnx2: positive('净截面模量 Wnx2', 'mm³', 1e10, '受拉（另一侧）纤维净截面模量，默认 Wx2（给了 Wnx 时按 Wnx/Wx 折算）· net modulus at the other fibre').optional(),
    class_x: curve('绕强轴 x ').optional(),
    class_y: curve('绕弱轴 y ').optional(),
    lambda_limit: lambdaLimit.optional(),
    f: fOverride.optional(),
  })
  .meta({ title: '压弯构件 · Beam-column', clause: '8.1.1, 8.2.1', rules: ['moments: Mqx and M1 with both end moments and a transverse load'] });

export const PARAM_SCHEMAS = {
  phi: phiParams,
  section: sectionParams,
  tension: tensionParams,
  compression: compressionParams,
  beam: beamParams,
  beam_column: beamColumnParams,
} as const;

export type Kind = keyof typeof PARAM_SCHEMAS;
export const KINDS = Object.keys(PARAM_SCHEMAS) as Kind[];

export type PhiParams = z.output<typeof phiParams>;
export type SectionParams = z.output<typeof sectionParams>;
export type TensionParams = z.output<typeof tensionParams>;
export type CompressionParams = z.output<typeof compressionParams>;
export type BeamParams = z.output<typeof beamParams>;
export type BeamColumnParams = z.output<typeof beamColumnParams>;
export type SectionSpec = z.output<typeof section>;

/** The POST body `{kind, params}`; an unknown kind names the allowed kinds. */
export const steelRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('phi').describe('计算类型'), params: phiParams }),
    z.strictObject({ kind: z.literal('section').describe('计算类型'), params: sectionParams }),
    z.strictObject({ kind: z.literal('tension').describe('计算类型'), params: tensionParams }),
    z.strictObject({ kind: z.literal('compression').describe('计算类型'), params: compressionParams }),
    z.strictObject({ kind: z.literal('beam').describe('计算类型'), params: beamParams }),
    z.strictObject({ kind: z.literal('beam_column').describe('计算类型'), params: beamColumnParams }),
  ],
  { error: `must be one of ${KINDS.map((k) => JSON.stringify(k)).join(', ')}` },
);
export type SteelRequest = z.input<typeof steelRequest>;
