// The plane-frame calculator (steel.md §8, Part B §12–§13): validate the model, analyse it (first order, linear),
// and report displacements, reactions, member forces with their diagrams and extremes, the storey drift ratio θ and
// each member's check. Pure TypeScript with no Node imports: POST /v1/calc/steel-frame, the calc_steel_frame tool
// and the /tools/steel-frame page (bundled as its engine.js) run this very module.
import { InputError, parseInput } from '../../../errors.ts';
import { validateWith } from '../../validate.ts';
import { analyse } from './analyse.ts';
import { checkMember, type FrameWarning, type MemberCheck, type MemberContext } from './checks.ts';
import { frameRequest, type Frame } from './schema.ts';
import { storeys, type Storey } from './storeys.ts';

export { frameRequest, LIMITS, SUPPORT_TYPES, DIRECTIONS } from './schema.ts';
export type { Frame, FrameInput } from './schema.ts';
export { InputError } from '../../../errors.ts';

export type { FrameWarning, MemberCheck } from './checks.ts';

export interface FrameMemberResult {
  id: string;
  i: string;
  j: string;
  /** m */
  L: number;
  /** kN, kN·m in the design convention (§8.5) */
  N_i: number;
  V_i: number;
  M_i: number;
  N_j: number;
  V_j: number;
  M_j: number;
  M_max: number;
  x_M_max: number;
  M_min: number;
  x_M_min: number;
  /** largest |V| and |N| along the member, kN */
  V_abs_max: number;
  N_max: number;
  N_min: number;
  /** transverse deflection in local y, mm, and where (m from i) */
  v_min: number;
  x_v_min: number;
  v_max: number;
  x_v_max: number;
  /** samples along the member: x in m; N, V in kN; M in kN·m; v in mm. A point load's position appears twice
   * (left and right of the jump in V and N). */
  diagram: { x: number[]; N: number[]; V: number[]; M: number[]; v: number[] };
}

export interface FrameResult {
  title: string;
  code: string;
  analysis: string;
  units: Record<string, string>;
  solver: { method: string; equations: number; half_bandwidth: number };
  nodes: Array<{ id: string; ux: number; uy: number; rz: number | null }>;
  reactions: Array<{ node: string; rx: number; ry: number; mz: number }>;
  members: FrameMemberResult[];
  storeys: Storey[];
  theta_max: number | null;
  /** each member with a section and a grade, by id */
  checks: Record<string, MemberCheck>;
  /** ok when every checked member passes, fail otherwise, not_checked when no member has a section and grade */
  verdict: 'ok' | 'fail' | 'not_checked';
  /** "member: check" of the largest ratio */
  governing: string | null;
  warnings: FrameWarning[];
  summary: string;
}

export const CODE_NAME = 'GB 50017-2017《钢结构设计标准》';
const N_PER_KN = 1000;
const NMM_PER_KNM = 1e6;

/** −0 and values that are round-off of a zero (below 1e-9 of the largest of their kind) print as 0. */
function clean(v: number, scale: number): number {
  if (!Number.isFinite(v)) throw new InputError('the model is numerically ill-conditioned (a result is not finite); check member properties of very different magnitudes', null, 'ill_conditioned');
  return Math.abs(v) <= 1e-12 * scale ? 0 : v;
}

function fmt(v: number, sig = 3): string {
  if (v === 0) return '0';
  const s = Number(v.toPrecision(sig));
  return Math.abs(s) >= 1e-3 ? String(s) : s.toExponential(sig - 1);
}

function memberResult(m: ReturnType<typeof analyse>['members'][number], src: Frame['members'][number], samples: number, scale: { f: number; m: number; d: number }): FrameMemberResult {
  const { field, ends } = m;
  const L = m.model.el.L;
  const ext = field.momentExtremes();
  const defl = field.deflectionExtremes();
  const at = field.samplePositions(samples);
  const f = (v: number) => clean(v / N_PER_KN, scale.f);
  const mm = (v: number) => clean(v / NMM_PER_KNM, scale.m);
  const N = at.map((p) => f(field.N(p.x, p.left)));
  const V = at.map((p) => f(field.V(p.x, p.left)));
  return {
    id: m.model.id,
    i: src.i,
    j: src.j,
    L: L / 1000,
    N_i: f(ends.N_i),
    V_i: f(ends.V_i),
    M_i: mm(ends.M_i),
    N_j: f(ends.N_j),
    V_j: f(ends.V_j),
    M_j: mm(ends.M_j),
    M_max: mm(ext.max),
    x_M_max: ext.xMax / 1000,
    M_min: mm(ext.min),
    x_M_min: ext.xMin / 1000,
    V_abs_max: Math.max(...V.map(Math.abs)),
    N_max: Math.max(...N),
    N_min: Math.min(...N),
    v_min: clean(defl.min, scale.d),
    x_v_min: defl.xMin / 1000,
    v_max: clean(defl.max, scale.d),
    x_v_max: defl.xMax / 1000,
    diagram: {
      x: at.map((p) => p.x / 1000),
      N,
      V,
      M: at.map((p) => mm(field.M(p.x))),
      v: at.map((p) => clean(field.v(p.x), scale.d)),
    },
  };
}

function thetaWarnings(list: Storey[]): FrameWarning[] {
  if (!list.length) return [];
  const measured = list.filter((s) => s.theta !== null);
  if (!measured.length) {
    return [{ code: 'theta_not_computed', message: '无水平荷载，未计算二阶效应系数 θ（5.1.6）· no horizontal load: the storey drift ratio θ is not computed', clause: '5.1.6' }];
  }
  const worst = measured.reduce((p, q) => (q.theta! > p.theta! ? q : p));
  const t = worst.theta!;
  const basis = '（按输入的荷载计算；规范以荷载标准值定义 θ）';
  if (t > 0.25) {
    return [{ code: 'theta_over_0_25', storey: worst.storey, clause: '5.1.6', message: `第 ${worst.storey} 层 θ = ${fmt(t)} > 0.25：宜增大结构的侧移刚度${basis} · θ > 0.25: increase the lateral stiffness` }];
  }
  if (t > 0.1) {
    return [{ code: 'theta_over_0_1', storey: worst.storey, clause: '5.1.6, 5.4.2', message: `第 ${worst.storey} 层 θ = ${fmt(t)} > 0.1：宜采用二阶 P-Δ 弹性分析或直接分析，本结果为一阶分析；侧移弯矩放大系数 α_II = 1/(1 − θ) = ${fmt(worst.alpha_II!)}${basis} · 0.1 < θ ≤ 0.25: second-order P-Δ or direct analysis advised; results are first-order` }];
  }
  return [];
}

/** Each member's free end, if it is a cantilever: an end node that no other member and no support holds. */
export function memberContexts(frame: Frame): MemberContext[] {
  const degree = new Map<string, number>();
  for (const m of frame.members) for (const n of [m.i, m.j]) degree.set(n, (degree.get(n) ?? 0) + 1);
  const supported = new Set(frame.supports.map((s) => s.node));
  const loaded = new Set(frame.nodal_loads.filter((l) => l.fx !== 0 || l.fy !== 0).map((l) => l.node));
  const free = (n: string) => degree.get(n) === 1 && !supported.has(n);
  return frame.members.map((m) => {
    const freeEnd = free(m.j) && !free(m.i) ? 'j' : free(m.i) && !free(m.j) ? 'i' : null;
    return { freeEnd, loadAtFreeEnd: freeEnd !== null && loaded.has(freeEnd === 'j' ? m.j : m.i) };
  });
}

/** Validates without analysing (the page marks each bad cell in place). */
export function validateFrame(body: unknown): ReturnType<typeof validateWith> {
  return validateWith(frameRequest, body);
}

/** Validates the frame (InputError naming the field) and analyses it. */
export function analyseFrame(body: unknown): FrameResult {
  const frame = parseInput(frameRequest, body);
  const a = analyse(frame);
  // round-off scales: a value below 1e-12 of the largest of its kind is a zero that lost its sign (a truss member's
  // moment, the horizontal reaction of a beam under vertical loads)
  const Lmax = Math.max(...a.members.map((m) => m.model.el.L)) / 1000;
  const fScale = Math.max(1e-300, ...a.reactions.flatMap((r) => [Math.abs(r.rx), Math.abs(r.ry)]), ...a.members.flatMap((m) => [m.ends.N_i, m.ends.V_i, m.ends.N_j, m.ends.V_j].map((v) => Math.abs(v) / N_PER_KN)));
  const mScale = Math.max(fScale * Lmax, ...a.members.flatMap((m) => [m.ends.M_i, m.ends.M_j].map((v) => Math.abs(v) / NMM_PER_KNM)));
  const dScale = Math.max(1e-300, ...a.nodes.flatMap((n) => [Math.abs(n.ux), Math.abs(n.uy)]));
  const rzScale = Math.max(1e-300, ...a.nodes.map((n) => Math.abs(n.rz ?? 0)));
  const members = a.members.map((m, k) => memberResult(m, frame.members[k]!, frame.samples, { f: fScale, m: mScale, d: dScale }));
  const st = storeys(frame, a);
  const thetas = st.map((s) => s.theta).filter((t): t is number => t !== null);
  const warnings: FrameWarning[] = [];
  const checks: Record<string, MemberCheck> = {};
  const contexts = memberContexts(frame);
  a.members.forEach((m, k) => {
    const c = checkMember(frame, k, m, warnings, contexts[k]);
    if (c) checks[m.model.id] = c;
  });
  warnings.push(...thetaWarnings(st));
  const checked = Object.entries(checks).filter(([, c]) => c.ratio !== null);
  const worst = checked.reduce<[string, MemberCheck] | null>((p, q) => (p === null || q[1].ratio! > p[1].ratio! ? q : p), null);
  const result: FrameResult = {
    title: '平面刚架一阶线弹性分析 · First-order linear analysis of a plane frame',
    code: CODE_NAME,
    analysis: '一阶线弹性分析（直接刚度法，计入轴向变形，不计剪切变形与 P-Δ、P-δ 效应）· first-order linear elastic analysis by the direct stiffness method',
    units: { coordinates: 'm', displacement: 'mm', rotation: 'rad', force: 'kN', moment: 'kN·m', distributed: 'kN/m', x: 'm from end i' },
    solver: { method: 'reverse Cuthill–McKee node order, banded L·D·Lᵀ', equations: a.model.equations, half_bandwidth: a.model.halfBandwidth },
    nodes: a.nodes.map((n) => ({ id: n.id, ux: clean(n.ux, dScale), uy: clean(n.uy, dScale), rz: n.rz === null ? null : clean(n.rz, rzScale) })),
    reactions: a.reactions.map((r) => ({ node: r.node, rx: clean(r.rx, fScale), ry: clean(r.ry, fScale), mz: clean(r.mz, mScale) })),
    members,
    storeys: st.map((s) => ({ ...s, delta_u: clean(s.delta_u, dScale) })),
    theta_max: thetas.length ? Math.max(...thetas) : null,
    checks,
    verdict: worst === null ? 'not_checked' : checked.every(([, c]) => c.verdict === 'ok') ? 'ok' : 'fail',
    governing: worst === null ? null : `${worst[0]}: ${worst[1].governing}`,
    warnings,
    summary: '',
  };
  result.summary = summarise(result);
  return result;
}

function summarise(r: FrameResult): string {
  let big = { m: 0, id: '', x: 0 };
  for (const m of r.members) {
    for (const [v, x] of [[m.M_max, m.x_M_max], [m.M_min, m.x_M_min]] as const) if (Math.abs(v) > Math.abs(big.m)) big = { m: v, id: m.id, x };
  }
  let far = { d: 0, id: '' };
  for (const n of r.nodes) {
    const d = Math.hypot(n.ux, n.uy);
    if (d > far.d) far = { d, id: n.id };
  }
  const parts = [`一阶线弹性分析：${r.nodes.length} 个节点、${r.members.length} 根杆件`];
  parts.push(big.id ? `最大弯矩 ${fmt(big.m)} kN·m（杆 ${big.id}，距 i 端 ${fmt(big.x)} m）` : '各杆无弯矩');
  if (far.id) parts.push(`最大节点位移 ${fmt(far.d)} mm（节点 ${far.id}）`);
  if (r.theta_max !== null) parts.push(`θmax = ${fmt(r.theta_max)}`);
  const checks = Object.entries(r.checks);
  if (checks.length) {
    const failed = checks.filter(([, c]) => c.verdict !== 'ok');
    const [id, c] = checks.reduce((p, q) => ((q[1].ratio ?? 0) > (p[1].ratio ?? 0) ? q : p));
    const worst = `最大应力比 ${fmt(c.ratio ?? 0)}（杆 ${id}，${c.checks.find((x) => x.key === c.governing)?.name ?? c.governing}）`;
    parts.push(failed.length ? `构件验算 ${failed.length} 根不满足：${failed.map(([x]) => x).join('、')}；${worst}` : `构件验算 ${checks.length} 根均满足，${worst}`);
  }
  return `${parts.join('；')}。`;
}
