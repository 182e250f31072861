// What POST /v1/calc/steel-frame, the calc_steel_frame tool and the /tools/steel-frame page accept (steel.md §8.1,
// Part B §12): one zod schema. References between the tables (a member's nodes, a support's node, a load's node),
// duplicate ids, zero-length members and point loads beyond the member end are refused here, each naming its field,
// so the page marks the very cell the API would name.
import { z } from 'zod';
import { DEFLECTION_ROW_IDS, grade as gradeSchema, section as sectionSchema } from '../schema.ts';
import { CURVES } from '../sections.ts';

export const LIMITS = {
  /** The banded solver keeps a 1,000-member frame well under 100 ms (bench steel); steel.md §8.4's 200/400 was set
   * for a dense solve. */
  nodes: 2000,
  members: 4000,
  loadsPerMember: 20,
  coordinate: 10000,
  samples: { min: 3, max: 101, default: 21 },
} as const;

/** Shortest member: below a millimetre a length is a typing error, not a member. */
export const MIN_LENGTH_M = 0.001;

const id = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must be a non-empty string' })
    .max(40, { error: 'must have at most 40 characters' })
    .describe(what);

function num(description: string, unit: string, range: { min?: number; gt?: number; max: number; absMax?: boolean }) {
  const low = range.absMax ? -range.max : range.gt !== undefined ? range.gt : range.min!;
  const text = `must be a number ${range.gt !== undefined ? `> ${low}` : `≥ ${low}`} and ≤ ${range.max}${unit ? ` ${unit}` : ''}`;
  let n = z.number({ error: text });
  n = range.gt !== undefined ? n.gt(range.gt, { error: text }) : n.min(low, { error: text });
  return n.max(range.max, { error: text }).describe(description).meta({ unit });
}

const FORCE_MAX = 1e6;

export const nodeSchema = z
  .strictObject({
    id: id('节点编号 · node id'),
    x: num('X 坐标（向右为正）· X coordinate, rightwards', 'm', { max: LIMITS.coordinate, absMax: true }),
    y: num('Y 坐标（向上为正）· Y coordinate, upwards', 'm', { max: LIMITS.coordinate, absMax: true }),
  })
  .describe('节点 · node');

export const DIRECTIONS = ['global_x', 'global_y', 'local_x', 'local_y'] as const;
const direction = z
  .enum(DIRECTIONS, { error: `must be one of ${DIRECTIONS.map((d) => JSON.stringify(d)).join(', ')}` })
  .default('global_y')
  .describe('荷载方向：global_x、global_y（默认，重力取负值）、local_x（沿杆 i→j）、local_y（杆轴逆时针转 90°）· load direction');

/** The load case a load belongs to (`load_cases[].id`); without `load_cases` loads are design values of one set. */
const loadCase = id('所属荷载工况编号（load_cases 中的 id；给了 load_cases 时必填）· load case id').optional();

export const udlSchema = z
  .strictObject({
    type: z.literal('udl').describe('分布荷载：默认满跨均布；给 a、b 为局部分布，给 w2 为梯形（线性）分布 · distributed load: uniform over the member, or partial (a, b) and trapezoidal (w2)'),
    w: num('分布荷载集度（起点 a 处；沿杆长每米；重力沿 global_y 取负）· intensity per metre of member length at the start a', 'kN/m', { max: FORCE_MAX, absMax: true }),
    w2: num('终点 b 处的集度（梯形荷载；默认等于 w）· intensity at the end b (trapezoidal), default w', 'kN/m', { max: FORCE_MAX, absMax: true }).optional(),
    a: num('分布起点距 i 端（默认 0）· start, distance from end i (default 0)', 'm', { min: 0, max: 3 * LIMITS.coordinate }).optional(),
    b: num('分布终点距 i 端（默认杆长）· end, distance from end i (default the member length)', 'm', { min: 0, max: 3 * LIMITS.coordinate }).optional(),
    dir: direction,
    case: loadCase,
  })
  .describe('分布荷载 · distributed load');

export const pointSchema = z
  .strictObject({
    type: z.literal('point').describe('集中荷载 · point load'),
    p: num('集中力（重力沿 global_y 取负）· force', 'kN', { max: FORCE_MAX, absMax: true }),
    a: num('作用点距 i 端的距离 · distance from end i', 'm', { min: 0, max: 3 * LIMITS.coordinate }),
    dir: direction,
    case: loadCase,
  })
  .describe('集中荷载 · point load');

const LOAD_TYPES = ['udl', 'point'] as const;
export const memberLoadSchema = z.discriminatedUnion('type', [udlSchema, pointSchema], {
  error: `type must be one of ${LOAD_TYPES.map((t) => JSON.stringify(t)).join(', ')}`,
});

export const ROLES = ['auto', 'beam_column', 'beam', 'tension', 'compression'] as const;
const curve = (axis: string) => z.enum(CURVES, { error: `must be one of ${CURVES.map((c) => JSON.stringify(c)).join(', ')}` }).describe(`${axis}截面分类，代替表 7.2.1 · column curve override`);
const beta = (what: string) => num(`${what}，代替按分析结果取值（8.2.1）· override`, '', { gt: 0, max: 1.5 });

export const designSchema = z
  .strictObject({
    role: z
      .enum(ROLES, { error: `must be one of ${ROLES.map((r) => JSON.stringify(r)).join(', ')}` })
      .default('auto')
      .describe('验算类型：auto（默认：受压 N > 0.01Af 按压弯构件，否则按受弯构件；无弯矩的杆按轴心受拉或受压），或指定 beam_column、beam、tension、compression · which check (§8.6)'),
    l0x: num('平面内计算长度（默认杆长，即 μ = 1.0）· in-plane effective length, default the member length', 'm', { gt: 0, max: 200 }).optional(),
    l0y: num('平面外计算长度（默认杆长）· out-of-plane effective length, default the member length', 'm', { gt: 0, max: 200 }).optional(),
    l1: num('受压翼缘侧向支承间距（默认杆长；受弯构件整体稳定）· unbraced length of the compression flange, default the member length', 'm', { min: 0.1, max: 100 }).optional(),
    ltb_item: z
      .number({ error: 'must be an integer ≥ 1 and ≤ 10' })
      .int({ error: 'must be an integer ≥ 1 and ≤ 10' })
      .min(1, { error: 'must be an integer ≥ 1 and ≤ 10' })
      .max(10, { error: 'must be an integer ≥ 1 and ≤ 10' })
      .optional()
      .describe('表 C.0.1 项次（默认：有跨间荷载取 1，否则取 10 并按端弯矩比）· Table C.0.1 item'),
    braced: z.boolean({ error: 'must be true or false' }).default(false).describe('受压翼缘有铺板牢固连接，不验算整体稳定（6.2.1）· deck prevents lateral-torsional buckling'),
    beta_mx: beta('等效弯矩系数 βmx').optional(),
    beta_tx: beta('等效弯矩系数 βtx').optional(),
    class_x: curve('绕强轴 x ').optional(),
    class_y: curve('绕弱轴 y ').optional(),
    deflection: z
      .enum(DEFLECTION_ROW_IDS, { error: `must be one of ${DEFLECTION_ROW_IDS.map((r) => JSON.stringify(r)).join(', ')}` })
      .optional()
      .describe('挠度限值的构件类别（表 B.1.1 行号；默认梁按 4(1) 主梁 l/400、l/500）· Table B.1.1 row for the deflection limits (default 4(1) main beams)'),
  })
  .describe('构件验算设置（§8.6）· settings of the member check');

export const memberSchema = z
  .strictObject({
    id: id('杆件编号 · member id'),
    i: id('i 端节点编号（局部 x 由 i 指向 j）· node at end i'),
    j: id('j 端节点编号 · node at end j'),
    section: sectionSchema.optional().describe('截面（给出时 A、I 取其 A、Ix，并可按 grade 验算）：welded_i、rolled_h（型号或尺寸）、props · the section: gives A and Ix, and with grade the member check'),
    grade: gradeSchema.optional().describe('钢材牌号 Q235、Q355、Q390、Q420（Q345 同 Q355 旧名）；与 section 一起给出时验算构件 · steel grade: with section, the member is checked'),
    A: num('截面面积（未给 section 时）· cross-section area, when no section', 'mm²', { gt: 0, max: 1e8 }).optional(),
    I: num('截面惯性矩（平面内弯曲；未给 section 时）· second moment of area, in-plane bending, when no section', 'mm⁴', { gt: 0, max: 1e14 }).optional(),
    E: num('弹性模量（钢 206000）· modulus of elasticity', 'N/mm²', { min: 1000, max: 1e6 }).default(206000),
    release_i: z.boolean({ error: 'must be true or false' }).default(false).describe('i 端铰接（弯矩释放）· moment hinge at end i'),
    release_j: z.boolean({ error: 'must be true or false' }).default(false).describe('j 端铰接（弯矩释放）· moment hinge at end j'),
    loads: z.array(memberLoadSchema).max(LIMITS.loadsPerMember).default([]).describe('杆件荷载 · member loads'),
    design: designSchema.optional(),
  })
  .describe('杆件 · member');

export const SUPPORT_TYPES = ['fixed', 'pinned', 'roller', 'roller_y', 'roller_x'] as const;
export const supportSchema = z
  .strictObject({
    node: id('支座所在节点 · node of the support'),
    type: z
      .enum(SUPPORT_TYPES, { error: `must be one of ${SUPPORT_TYPES.map((t) => JSON.stringify(t)).join(', ')}` })
      .describe('fixed 固定（ux、uy、θ）；pinned 铰支（ux、uy）；roller / roller_y 竖向滚动支座（约束 uy）；roller_x（约束 ux）· support type'),
    angle: num('仅 roller：滚动面与 X 轴的夹角（逆时针为正），约束垂直于滚动面的位移；0 即 roller_y，90 即 roller_x · roller only: angle of the rolling surface to X, counter-clockwise', '°', { max: 90, absMax: true })
      .optional(),
  })
  .describe('支座 · support');

export const nodalLoadSchema = z
  .strictObject({
    node: id('荷载所在节点 · node'),
    fx: num('X 向力（向右为正）· force along X', 'kN', { max: FORCE_MAX, absMax: true }).default(0),
    fy: num('Y 向力（向上为正）· force along Y', 'kN', { max: FORCE_MAX, absMax: true }).default(0),
    mz: num('力矩（逆时针为正）· moment, counter-clockwise', 'kN·m', { max: FORCE_MAX, absMax: true }).default(0),
    case: loadCase,
  })
  .describe('节点荷载 · nodal load');

export const CASE_TYPES = ['G', 'Q', 'W', 'S'] as const;
export const loadCaseSchema = z
  .strictObject({
    id: id('工况编号（荷载的 case 引用它）· load case id'),
    type: z
      .enum(CASE_TYPES, { error: `must be one of ${CASE_TYPES.map((t) => JSON.stringify(t)).join(', ')}` })
      .describe('G 恒荷载（永久）、Q 活荷载（楼面/屋面）、W 风荷载（每个风向一个工况，互不同时）、S 雪荷载 · permanent, live, wind (one case per direction), snow'),
    name: z.string().trim().max(60, { error: 'must have at most 60 characters' }).optional().describe('名称，如「左风」· name'),
    psi_c: num('组合值系数 ψc（默认：Q 0.7、W 0.6、S 0.7）· combination value factor', '', { min: 0, max: 1 }).optional(),
  })
  .describe('荷载工况 · load case');

const frameShape = {
  nodes: z.array(nodeSchema).min(2).max(LIMITS.nodes).describe(`节点表（2–${LIMITS.nodes} 个）· nodes`),
  members: z.array(memberSchema).min(1).max(LIMITS.members).describe(`杆件表（1–${LIMITS.members} 根）· members`),
  supports: z.array(supportSchema).min(1).max(LIMITS.nodes).describe('支座表 · supports'),
  nodal_loads: z.array(nodalLoadSchema).max(LIMITS.nodes * 4).default([]).describe('节点荷载 · nodal loads'),
  sway: z.boolean({ error: 'must be true or false' }).default(true).describe('有侧移框架（默认 true，§7.4 的 βmx 取有侧移规则）· sway frame'),
  samples: z
    .number({ error: `must be an integer ≥ ${LIMITS.samples.min} and ≤ ${LIMITS.samples.max}` })
    .int({ error: `must be an integer ≥ ${LIMITS.samples.min} and ≤ ${LIMITS.samples.max}` })
    .min(LIMITS.samples.min, { error: `must be an integer ≥ ${LIMITS.samples.min} and ≤ ${LIMITS.samples.max}` })
    .max(LIMITS.samples.max, { error: `must be an integer ≥ ${LIMITS.samples.min} and ≤ ${LIMITS.samples.max}` })
    .default(LIMITS.samples.default)
    .describe('每根杆件内力图的采样点数 · sample points per member for the diagrams'),
  load_cases: z
    .array(loadCaseSchema)
    .max(20)
    .optional()
    .describe('荷载工况（给出时各荷载须标 case，按 GB 55001-2021 自动组合并取包络）· load cases: loads then name their case and the frame is combined by GB 55001-2021'),
  self_weight: z.boolean({ error: 'must be true or false' }).optional().describe('计入杆件自重 ρ·A·g（ρ = 7850 kg/m³，归入恒荷载 G；给了 load_cases 时默认 true，否则默认 false）· member self-weight ρ·A·g into G (default true with load_cases)'),
  stations: z.boolean({ error: 'must be true or false' }).default(false).describe('返回每杆沿长度的 M/V/N/v 采样（diagram；默认不返回，以减小答复）· include the sampled diagrams'),
  steps: z.boolean({ error: 'must be true or false' }).default(false).describe('返回每杆验算的计算步骤（计算书用；默认不返回）· include each member check\'s steps'),
  crane: z.boolean({ error: 'must be true or false' }).default(false).describe('有桥式起重机（风荷载下位移限值：单层柱顶 H/400，否则 H/150，附录 B.2.1；多层层间 1/400，否则 1/250，B.2.2）· bridge cranes: drift limits H/400 single storey, 1/400 multi-storey'),
};

type Ctx = z.core.$RefinementCtx<unknown>;

/** Cross-table rules: ids unique, every reference known, members of non-zero length, loads within their member. */
function refine(
  f: {
    nodes: Array<{ id: string; x: number; y: number }>;
    members: Array<{ id: string; i: string; j: string; section?: unknown; A?: number; I?: number; loads: Array<{ type: string; a?: number; b?: number; case?: string | undefined }> }>;
    supports: Array<{ node: string; type: string; angle?: number }>;
    nodal_loads: Array<{ node: string; case?: string | undefined }>;
    load_cases?: Array<{ id: string }> | undefined;
  },
  ctx: Ctx,
): void {
  const cases = new Set((f.load_cases ?? []).map((c) => c.id));
  (f.load_cases ?? []).forEach((c, k) => {
    if ((f.load_cases ?? []).findIndex((d) => d.id === c.id) !== k) ctx.addIssue({ code: 'custom', path: ['load_cases', k, 'id'], message: `duplicate load case id ${JSON.stringify(c.id)} · 工况编号重复` });
  });
  const caseList = [...cases].map((c) => JSON.stringify(c)).join(', ');
  const checkCase = (c: string | undefined, path: PropertyKey[]) => {
    if (!f.load_cases) {
      if (c !== undefined) ctx.addIssue({ code: 'custom', path, message: 'needs load_cases: give the load cases first · 未定义荷载工况 load_cases' });
    } else if (c === undefined) ctx.addIssue({ code: 'custom', path, message: `is required with load_cases: one of ${caseList} · 须指明所属工况` });
    else if (!cases.has(c)) ctx.addIssue({ code: 'custom', path, message: `unknown load case ${JSON.stringify(c)}; cases are ${caseList} · 工况不存在` });
  };
  const at = new Map<string, { x: number; y: number }>();
  f.nodes.forEach((n, k) => {
    if (at.has(n.id)) ctx.addIssue({ code: 'custom', path: ['nodes', k, 'id'], message: `duplicate node id ${JSON.stringify(n.id)} · 节点编号重复` });
    else at.set(n.id, n);
  });
  const known = (ref: string) => at.has(ref);
  const list = () => {
    const ids = [...at.keys()];
    return ids.length > 12 ? `${ids.slice(0, 12).map((s) => JSON.stringify(s)).join(', ')}, …` : ids.map((s) => JSON.stringify(s)).join(', ');
  };
  const unknown = (path: PropertyKey[], ref: string) =>
    ctx.addIssue({ code: 'custom', path, message: `unknown node ${JSON.stringify(ref)}; nodes are ${list()} · 节点不存在` });
  const memberIds = new Set<string>();
  f.members.forEach((m, k) => {
    if (memberIds.has(m.id)) ctx.addIssue({ code: 'custom', path: ['members', k, 'id'], message: `duplicate member id ${JSON.stringify(m.id)} · 杆件编号重复` });
    memberIds.add(m.id);
    if (!known(m.i)) unknown(['members', k, 'i'], m.i);
    if (!known(m.j)) unknown(['members', k, 'j'], m.j);
    if (m.section !== undefined) {
      for (const key of ['A', 'I'] as const) {
        if (m[key] !== undefined) ctx.addIssue({ code: 'custom', path: ['members', k, key], message: 'give either section or A and I, not both · 已给出截面时不再输入 A、I' });
      }
    } else {
      if (m.A === undefined) ctx.addIssue({ code: 'custom', path: ['members', k, 'A'], message: 'is required unless section is given (the cross-section area in mm²)' });
      if (m.I === undefined) ctx.addIssue({ code: 'custom', path: ['members', k, 'I'], message: 'is required unless section is given (the second moment of area in mm⁴)' });
    }
    const a = at.get(m.i);
    const b = at.get(m.j);
    if (!a || !b) return;
    const L = Math.hypot(b.x - a.x, b.y - a.y);
    if (L < MIN_LENGTH_M) {
      ctx.addIssue({ code: 'custom', path: ['members', k, 'j'], message: `member ${JSON.stringify(m.id)} has zero length (nodes ${JSON.stringify(m.i)} and ${JSON.stringify(m.j)} coincide; shortest ${MIN_LENGTH_M} m) · 杆长为零` });
      return;
    }
    m.loads.forEach((ld, q) => {
      const at = ['members', k, 'loads', q];
      if (ld.type === 'point' && ld.a !== undefined && ld.a > L * (1 + 1e-12)) {
        ctx.addIssue({ code: 'custom', path: [...at, 'a'], message: `must be ≤ the member length ${Number(L.toPrecision(6))} m · 作用点超出杆长` });
      }
      if (ld.type === 'udl') {
        if (ld.b !== undefined && ld.b > L * (1 + 1e-12)) ctx.addIssue({ code: 'custom', path: [...at, 'b'], message: `must be ≤ the member length ${Number(L.toPrecision(6))} m · 分布终点超出杆长` });
        else if ((ld.a ?? 0) >= (ld.b ?? L) - 1e-9) ctx.addIssue({ code: 'custom', path: [...at, 'a'], message: `must be less than b = ${Number((ld.b ?? L).toPrecision(6))} m · 起点须小于终点` });
      }
      checkCase(ld.case, [...at, 'case']);
    });
  });
  const connected = new Set(f.members.flatMap((m) => [m.i, m.j]));
  f.nodes.forEach((n, k) => {
    if (!connected.has(n.id)) ctx.addIssue({ code: 'custom', path: ['nodes', k, 'id'], message: `node ${JSON.stringify(n.id)} is not connected to any member · 孤立节点` });
  });
  const supported = new Set<string>();
  f.supports.forEach((s, k) => {
    if (!known(s.node)) unknown(['supports', k, 'node'], s.node);
    else if (supported.has(s.node)) ctx.addIssue({ code: 'custom', path: ['supports', k, 'node'], message: `node ${JSON.stringify(s.node)} already has a support · 同一节点只能有一个支座` });
    supported.add(s.node);
    if (s.angle !== undefined && s.type !== 'roller') {
      ctx.addIssue({ code: 'custom', path: ['supports', k, 'angle'], message: 'only a "roller" support takes an angle · 只有 roller 可设倾角' });
    }
  });
  f.nodal_loads.forEach((l, k) => {
    if (!known(l.node)) unknown(['nodal_loads', k, 'node'], l.node);
    checkCase(l.case, ['nodal_loads', k, 'case']);
  });
}

export const frameRequest = z
  .strictObject(frameShape)
  .superRefine((f, ctx) => refine(f, ctx as Ctx))
  .meta({
    title: '平面刚架一阶线弹性分析与构件验算 · First-order linear analysis of a plane frame, with member checks',
    clause: 'GB 50017-2017 5.1, 5.4, 8.2',
  });

export type FrameInput = z.input<typeof frameRequest>;
export type Frame = z.output<typeof frameRequest>;
export type MemberInput = Frame['members'][number];
export type MemberLoad = MemberInput['loads'][number];
export type Support = Frame['supports'][number];
