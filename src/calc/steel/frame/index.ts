// The plane-frame calculator (steel.md §8, Part B §12–§13): validate the model, analyse it (first order, linear),
// and report displacements, reactions, member forces with their diagrams and extremes, the storey drift ratio θ and
// each member's check. Pure TypeScript with no Node imports: POST /v1/calc/steel-frame, the calc_steel_frame tool
// and the /tools/steel-frame page (bundled as its engine.js) run this very module.
import { InputError, parseInput } from '../../../errors.ts';
import { CHECK_NAMES, sixFigures, type Warning } from '../result.ts';
import { validateWith } from '../../validate.ts';
import { analyseMany, combine, combineMember, combineReactions, type MemberAnalysis } from './analyse.ts';
import { DESIGN_CASE, frameForCase, selfWeight, STEEL_UNIT_WEIGHT } from './cases.ts';
import { CASE_NAMES, combinations, FACTORS, psiC, type Combination, type LoadCase } from './combinations.ts';
import { deflections, drifts, type Serviceability } from './service.ts';
import { effectiveLengths } from './effective.ts';
import { demandOf, dominanceKeys, flangeOneSign, largestShear, rateMember, type FrameWarning, type MemberCheck, type MemberContext, type RatedCheck } from './checks.ts';
import { frameRequest, type Frame } from './schema.ts';
import { combineStoreys, storeyParts, type Storey } from './storeys.ts';

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
  /** samples along the member (only with `stations: true`): x in m; N, V in kN; M in kN·m; v in mm. A point load's
   * position appears twice (left and right of the jump in V and N). */
  diagram?: { x: number[]; N: number[]; V: number[]; M: number[]; v: number[] };
  /** with load cases: the basic combination these forces belong to (the member's governing one) */
  combination?: string;
  /** with load cases: the envelope over every basic combination */
  envelope?: MemberEnvelope;
}

export interface MemberEnvelope {
  /** kN·m, with the position (m from i) and the combination */
  M_pos: { value: number; x: number; combination: string };
  M_neg: { value: number; x: number; combination: string };
  /** kN, signed (tension +): the largest N (negative when the member is always compressed) and the smallest */
  N_tension: { value: number; combination: string };
  N_compression: { value: number; combination: string };
  V_abs: { value: number; combination: string };
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
  /** with load cases: the cases, the factors (each with its clause), every combination, the combination that the
   * top-level nodes and reactions show (the governing member's), the reactions of every basic combination */
  load_cases?: Array<{ id: string; type: string; name: string; psi_c: number | null }>;
  factors?: Array<{ key: string; value: number; text: string; clause: string }>;
  combinations?: Array<{ id: string; name: string; limit_state: string; factors: Record<string, number>; clause: string }>;
  combination?: string;
  reactions_by_combination?: Record<string, Array<{ node: string; rx: number; ry: number; mz: number }>>;
  theta_combination?: string | null;
  serviceability?: Serviceability;
  self_weight?: { unit_weight: number; case: string; total: number; per_member: Record<string, number> };
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

function memberResult(m: MemberAnalysis, src: Frame['members'][number], samples: number, scale: { f: number; m: number; d: number }, stations: boolean): FrameMemberResult {
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
    ...(stations
      ? {
          diagram: {
            x: at.map((p) => p.x / 1000),
            N,
            V,
            M: at.map((p) => mm(field.M(p.x))),
            v: at.map((p) => clean(field.v(p.x), scale.d)),
          },
        }
      : {}),
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

/** What one member does in one combination, for choosing the combinations its check must run (all kN, kN·m), with
 * the moment's exact extremes the envelope reads. */
interface Demand {
  combo: number;
  M1c: number;
  M2c: number;
  Ncomp: number;
  Nten: number;
  V: number;
  /** end axial forces, kN */
  Ni: number;
  Nj: number;
  ext: ReturnType<MemberAnalysis['field']['momentExtremes']>;
}

function demand(m: MemberAnalysis, combo: number): Demand {
  const ext = m.field.momentExtremes();
  const sign = flangeOneSign(m);
  const Nmean = (m.ends.N_i + m.ends.N_j) / 2 / N_PER_KN;
  return {
    combo,
    M1c: Math.max(0, (sign > 0 ? ext.max : -ext.min) / NMM_PER_KNM),
    M2c: Math.max(0, (sign > 0 ? -ext.min : ext.max) / NMM_PER_KNM),
    Ncomp: Math.max(0, -Nmean),
    Nten: Math.max(0, Nmean),
    V: largestShear(m),
    Ni: m.ends.N_i / N_PER_KN,
    Nj: m.ends.N_j / N_PER_KN,
    ext,
  };
}

/**
 * The combinations a member's check runs for: those no other combination of the same group exceeds in every key
 * (checks.ts dominanceKeys: each key is a force or factor the check's ratio never decreases with). A combination
 * exceeded in all of them by another cannot govern; every combination is analysed, and every one that could govern is
 * checked.
 */
function candidates(list: Array<{ combo: number; group: string; keys: number[] }>): number[] {
  const out: number[] = [];
  for (let k = 0; k < list.length; k++) {
    const d = list[k]!;
    let dominated = false;
    for (let q = 0; q < list.length && !dominated; q++) {
      const e = list[q]!;
      if (q === k || e.group !== d.group) continue;
      let all = true;
      let more = q < k;
      for (let i = 0; i < d.keys.length; i++) {
        const tol = 1e-9 * Math.max(1, Math.abs(d.keys[i]!));
        if (e.keys[i]! < d.keys[i]! - tol) {
          all = false;
          break;
        }
        if (e.keys[i]! > d.keys[i]! + tol) more = true;
      }
      dominated = all && more;
    }
    if (!dominated) out.push(d.combo);
  }
  return out;
}

/** Validates the frame (InputError naming the field) and analyses it: every load case on one factorisation of K,
 * every combination by superposition, each member checked for the combinations that can govern it. */
export function analyseFrame(body: unknown): FrameResult {
  const frame = parseInput(frameRequest, body);
  const legacy = frame.load_cases === undefined;
  const cases: LoadCase[] = legacy ? [DESIGN_CASE] : frame.load_cases!;
  // self-weight from the sections (or A), into the first permanent case; a case G is added when there is none
  const withWeight = frame.self_weight ?? !legacy;
  const weight = withWeight ? selfWeight(frame) : null;
  const allCases = withWeight && !cases.some((c) => c.type === 'G') ? [{ id: 'G', type: 'G' as const, name: '恒荷载（自重）' }, ...cases] : cases;
  const weightCase = allCases.find((c) => c.type === 'G')!;
  const caseFrames = allCases.map((c) => frameForCase(frame, c, legacy, c === weightCase ? weight : null));
  const analyses = analyseMany(caseFrames);
  const combos: Combination[] = legacy
    ? [{ id: 'D', name: '输入荷载（设计值）', limit_state: 'uls', factors: { [DESIGN_CASE.id]: 1 }, leading: null, clause: '—' }]
    : combinations(allCases);
  const uls = combos.filter((c) => c.limit_state === 'uls');
  const sls = combos.filter((c) => c.limit_state === 'sls');
  const factorsOf = (c: Combination) => allCases.map((k) => c.factors[k.id] ?? 0);
  const ulsF = legacy ? [[1]] : uls.map(factorsOf);

  const warnings: FrameWarning[] = [];
  const checks: Record<string, MemberCheck> = {};
  const contexts = memberContexts(frame);
  const effective = effectiveLengths(frame, analyses[0]!.model);
  contexts.forEach((c, k) => (c.effective = effective[k]));
  const governingCombo: number[] = frame.members.map(() => 0);
  // per member: the combination its results show, and its envelope over every basic combination
  const shown: MemberAnalysis[] = [];
  const envelopes: Array<MemberEnvelope | null> = [];
  const scopeNotes = new Map<string, Warning>();
  frame.members.forEach((input, k) => {
    // the member under each basic combination, by superposition of its load cases
    const under = ulsF.map((f) => (legacy ? analyses[0]!.members[k]! : combineMember(analyses, f, k)));
    const list = under.map((a, c) => demand(a, c));
    envelopes.push(legacy ? null : envelope(list, uls));
    // without a check, the member's shown combination is its largest moment's
    governingCombo[k] = list.reduce((p, q) => (Math.max(q.M1c, q.M2c) > Math.max(p.M1c, p.M2c) ? q : p)).combo;
    shown[k] = under[governingCombo[k]!]!;
    if (!input.section) return;
    let rated: { check: RatedCheck; combo: number; warnings: FrameWarning[] } | null = null;
    // what each combination demands of the member: read once, for the pruning and for the checks it keeps
    const demands = under.map((a) => demandOf(frame, k, a, contexts[k]!));
    const runs = candidates(under.map((a, c) => ({ combo: c, ...dominanceKeys(frame, k, demands[c]!, a, contexts[k]!) })));
    for (const c of runs) {
      const w: FrameWarning[] = [];
      const check = rateMember(frame, k, under[c]!, w, contexts[k], demands[c]);
      if (!check) {
        if (rated === null && c === runs[runs.length - 1]) warnings.push(...dedupe(w));
        continue;
      }
      if (rated === null || (check.ratio ?? 0) > (rated.check.ratio ?? 0)) rated = { check, combo: c, warnings: w };
    }
    if (!rated) return;
    const best = { check: rated.check.finish(), combo: rated.combo };
    warnings.push(...dedupe(rated.warnings));
    if (!legacy) {
      best.check.combination = uls[best.combo]!.id;
      if (frame.steps) best.check.combinations_checked = runs.map((c) => uls[c]!.id);
      best.check.summary = `${uls[best.combo]!.id}（${uls[best.combo]!.name}）控制：${best.check.summary}`;
    }
    if (!frame.steps) {
      // the sheet's detail stays out of the default answer: the steps, and the formulas the steps carry anyway
      delete (best.check as Partial<MemberCheck>).steps;
      // each check by its key, ratio and stress: the names, clauses and formulas are the sheet's (steps: true)
      best.check.checks = best.check.checks.map(({ key, ratio, stress }) => ({ key, ratio, stress }) as MemberCheck['checks'][number]);
      delete (best.check as Partial<MemberCheck>).summary;
      // the section's own properties are the section's (kind "section"), the same on every member of that section
      for (const key of SECTION_KEYS) delete best.check[key];
      // the scope notes every check of a kind carries are said once for the frame
      best.check.warnings = best.check.warnings.filter((w) => {
        if (!SCOPE_NOTES.has(w.code)) return true;
        scopeNotes.set(w.code, w);
        return false;
      });
    }
    checks[input.id] = best.check;
    governingCombo[k] = best.combo;
    shown[k] = under[best.combo]!;
  });
  const checked = Object.entries(checks).filter(([, c]) => c.ratio !== null);
  const worst = checked.reduce<[string, MemberCheck] | null>((p, q) => (p === null || q[1].ratio! > p[1].ratio! ? q : p), null);
  const frameCombo = worst ? governingCombo[frame.members.findIndex((m) => m.id === worst[0])]! : 0;
  const a = legacy ? analyses[0]! : combine(analyses, ulsF[frameCombo]!);

  // round-off scales: a value below 1e-12 of the largest of its kind is a zero that lost its sign (a truss member's
  // moment, the horizontal reaction of a beam under vertical loads)
  const Lmax = Math.max(...a.members.map((m) => m.model.el.L)) / 1000;
  const fScale = Math.max(1e-300, ...a.reactions.flatMap((r) => [Math.abs(r.rx), Math.abs(r.ry)]), ...a.members.flatMap((m) => [m.ends.N_i, m.ends.V_i, m.ends.N_j, m.ends.V_j].map((v) => Math.abs(v) / N_PER_KN)));
  const mScale = Math.max(fScale * Lmax, ...a.members.flatMap((m) => [m.ends.M_i, m.ends.M_j].map((v) => Math.abs(v) / NMM_PER_KNM)));
  const dScale = Math.max(1e-300, ...a.nodes.flatMap((n) => [Math.abs(n.ux), Math.abs(n.uy)]));
  const rzScale = Math.max(1e-300, ...a.nodes.map((n) => Math.abs(n.rz ?? 0)));
  const scale = { f: fScale, m: mScale, d: dScale };
  const members = frame.members.map((src, k) => {
    const r = memberResult(shown[k]!, src, frame.samples, scale, frame.stations);
    if (legacy) return r;
    // with combinations, member results are design figures of an envelope: six significant figures, as the member
    // checks give theirs (keeps a 1,000-member answer under 2 MB)
    const out = sixFigures(r) as FrameMemberResult;
    out.combination = uls[governingCombo[k]!]!.id;
    out.envelope = sixFigures(envelopes[k]) as MemberEnvelope;
    return out;
  });

  // θ (5.1.6) is defined on standard values: the standard combination with the largest θ; the given loads otherwise
  // N, ΣH and Δu of each storey add up over the cases; θ is formed from a combination's sums
  const parts = caseFrames.map((f, k) => storeyParts(f, analyses[k]!));
  let st: Storey[];
  let thetaCombo: string | null = null;
  if (legacy) st = combineStoreys(parts, [1]);
  else {
    st = [];
    let worstTheta = -1;
    for (const c of sls) {
      const list = combineStoreys(parts, factorsOf(c));
      const t = Math.max(-1, ...list.map((s) => s.theta ?? -1));
      if (t > worstTheta || !st.length) [st, worstTheta, thetaCombo] = [list, t, c.id];
    }
  }
  const thetas = st.map((s) => s.theta).filter((t): t is number => t !== null);
  warnings.push(...thetaWarnings(st), ...scopeNotes.values());

  let serviceability: Serviceability | undefined;
  if (!legacy) {
    const gIds = new Set(allCases.filter((c) => c.type === 'G').map((c) => c.id));
    const defl = deflections(
      frame,
      contexts,
      analyses,
      sls.map((c) => ({
        id: c.id,
        total: factorsOf(c),
        variable: Object.keys(c.factors).some((id) => !gIds.has(id)) ? allCases.map((k) => (gIds.has(k.id) ? 0 : c.factors[k.id] ?? 0)) : null,
      })),
    );
    const drift = drifts(allCases.flatMap((c, k) => (c.type === 'W' ? [{ case: c.id, storeys: combineStoreys([parts[k]!], [1]) }] : [])), frame.crane);
    const ok = defl.every((d) => d.ratio_T <= 1 && (d.ratio_Q ?? 0) <= 1) && drift.every((d) => d.ratio <= 1);
    serviceability = {
      deflections: defl,
      drift,
      verdict: ok ? 'ok' : 'fail',
      clause: 'GB 50017-2017 附录 B（表 B.1.1；B.2.1、B.2.2）',
      note: '挠度取标准组合下相对杆端连线（悬臂：相对根部切线）的最大值，[vT] 用全部荷载，[vQ] 用其中可变荷载部分；层间位移取各风荷载工况标准值单独作用。',
    };
  }

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
  if (!legacy) {
    result.load_cases = allCases.map((c) => ({ id: c.id, type: c.type, name: c.name ?? CASE_NAMES[c.type], psi_c: c.type === 'G' ? null : psiC(c) }));
    result.factors = Object.entries(FACTORS).map(([key, f]) => ({ key, value: f.value, text: f.text, clause: f.clause }));
    result.combinations = combos.map((c) => ({ id: c.id, name: c.name, limit_state: c.limit_state, factors: c.factors, clause: c.clause }));
    result.combination = uls[frameCombo]!.id;
    result.reactions_by_combination = Object.fromEntries(uls.map((c, k) => [c.id, combineReactions(analyses, ulsF[k]!).map((r) => ({ node: r.node, rx: clean(r.rx, fScale), ry: clean(r.ry, fScale), mz: clean(r.mz, mScale) }))]));
    result.theta_combination = thetaCombo;
    result.serviceability = sixFigures(serviceability) as Serviceability;
  }
  if (weight) result.self_weight = sixFigures({ unit_weight: STEEL_UNIT_WEIGHT, case: weightCase.id, total: weight.total, per_member: weight.per_member }) as FrameResult['self_weight'];
  result.summary = summarise(result);
  return result;
}

const SECTION_KEYS = ['eps_k', 'A', 'Ix', 'Iy', 'ix', 'iy', 'Wx', 'Wx2', 'Wy', 'Sx'];

/** Warnings that say what a kind of check leaves out, the same on every member: once per frame by default. */
const SCOPE_NOTES = new Set(['flexural_only', 'out_of_scope']);

/** One warning per code and member (a member checked for several combinations warns once). */
function dedupe(list: FrameWarning[]): FrameWarning[] {
  const seen = new Set<string>();
  return list.filter((w) => {
    const key = `${w.code}|${w.member ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The member's envelope over the basic combinations: M⁺ and M⁻ (with where and which), N tension and compression,
 * |V|, each with its combination. */
function envelope(list: Demand[], uls: Combination[]): MemberEnvelope {
  const out: MemberEnvelope = {
    M_pos: { value: 0, x: 0, combination: uls[0]!.id },
    M_neg: { value: 0, x: 0, combination: uls[0]!.id },
    N_tension: { value: -Infinity, combination: uls[0]!.id },
    N_compression: { value: Infinity, combination: uls[0]!.id },
    V_abs: { value: 0, combination: uls[0]!.id },
  };
  for (const d of list) {
    const id = uls[d.combo]!.id;
    const e = d.ext;
    if (e.max / NMM_PER_KNM > out.M_pos.value) out.M_pos = { value: e.max / NMM_PER_KNM, x: e.xMax / 1000, combination: id };
    if (e.min / NMM_PER_KNM < out.M_neg.value) out.M_neg = { value: e.min / NMM_PER_KNM, x: e.xMin / 1000, combination: id };
    if (Math.max(d.Ni, d.Nj) > out.N_tension.value) out.N_tension = { value: Math.max(d.Ni, d.Nj), combination: id };
    if (Math.min(d.Ni, d.Nj) < out.N_compression.value) out.N_compression = { value: Math.min(d.Ni, d.Nj), combination: id };
    if (d.V > out.V_abs.value) out.V_abs = { value: d.V, combination: id };
  }
  return out;
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
    const worst = `最大应力比 ${fmt(c.ratio ?? 0)}（杆 ${id}，${c.checks.find((x) => x.key === c.governing)?.name ?? CHECK_NAMES[c.governing ?? ''] ?? '控制验算'}）`;
    const named = failed.slice(0, 10).map(([x]) => x).join('、') + (failed.length > 10 ? ` 等` : '');
    parts.push(failed.length ? `构件验算 ${failed.length} 根不满足：${named}；${worst}` : `构件验算 ${checks.length} 根均满足，${worst}`);
  }
  return `${parts.join('；')}。`;
}
