// Each member with a section and a grade checked with the steel engine's own kinds (steel.md §8.6): the frame only
// decides which kind applies and reads its inputs off the analysis (N averaged over the ends, the largest |M| and |V|,
// the end-moment ratio, the transverse loads); the checks themselves are calculate({kind, params}) of ../index.ts.
import { InputError } from '../../../errors.ts';
import { calculate } from '../index.ts';
import { strength } from '../materials.ts';
import { flippedSection, sectionProperties, type SectionInput } from '../sections.ts';
import { betaBC04 } from '../stability.ts';
import { isColumn, type EffectiveLength } from './effective.ts';

export { isColumn } from './effective.ts';
import { sixFigures, tidy, type SteelResult, type Warning } from '../result.ts';
import type { MemberAnalysis } from './analyse.ts';
import { MemberField } from './diagrams.ts';
import { integrateDist } from './element.ts';
import type { Frame } from './schema.ts';

/** The member check: every quantity of the check by its output name (steel.md: `checks.{member}.*`, e.g.
 * checks.AB.ratio_in_plane), then what the frame adds. */
export interface MemberCheck extends Record<string, unknown> {
  /** the kind the member was checked as */
  kind: string;
  /** what was sent to the member check (POST /v1/calc/steel takes the same {kind, params}) */
  params: Record<string, unknown>;
  verdict: string;
  verdict_text: string;
  governing: string | null;
  governing_ratio: number | null;
  /** the governing ratio (≤ 1.0 passes) */
  ratio: number | null;
  checks: SteelResult['checks'];
  /** only with `steps: true` (the calculation sheet) */
  steps?: SteelResult['steps'];
  warnings: Warning[];
  /** only with `steps: true` */
  summary?: string;
}

export interface FrameWarning extends Warning {
  member?: string;
  storey?: number;
}

const MU_WARNING =
  'μ = 1.0（l0x 取杆长）：附录 E 的 μ 无法由本框架确定（柱两端均无约束或节点无柱刚度），请给 l0x · μ = 1.0: Appendix E gives no μ for this column (no restraint at either end); give l0x';


const kN = (v: number) => v / 1000;
const kNm = (v: number) => v / 1e6;

/** What the member's loads do across it: none, a UDL (or a mix, or a distributed part), or point loads only, all in
 * the middle third. */
function transverse(m: MemberAnalysis): 'none' | 'udl' | 'point_mid' {
  const L = m.model.el.L;
  const across = m.model.el.loads.filter((l) => (l.type === 'udl' ? l.qy !== 0 : l.type === 'point' ? l.py !== 0 : l.qy1 !== 0 || l.qy2 !== 0));
  if (!across.length) return 'none';
  return across.every((l) => l.type === 'point' && l.a >= L / 3 && l.a <= (2 * L) / 3) ? 'point_mid' : 'udl';
}

/** Largest |M| of the transverse loads alone on the member taken as simply supported (Mqx of 8.2.1), kN·m. */
function simpleSpanMoment(m: MemberAnalysis): number {
  const { el } = m.model;
  let R = 0;
  for (const l of el.loads) {
    if (l.type === 'udl') R += (-l.qy * el.L) / 2;
    else if (l.type === 'point') R += (-l.py * (el.L - l.a)) / el.L;
    else integrateDist(l, l.a, l.b, (t, _qx, qy) => (R += (-qy * (el.L - t)) / el.L));
  }
  const field = new MemberField(el, { N_i: 0, V_i: R, M_i: 0, N_j: 0, V_j: 0, M_j: 0 }, new Float64Array(6));
  const e = field.momentExtremes();
  return kNm(Math.max(Math.abs(e.max), Math.abs(e.min)));
}

export function largestShear(m: MemberAnalysis): number {
  const f = m.field;
  let v = Math.max(Math.abs(f.V(0, true)), Math.abs(f.V(0, false)), Math.abs(f.V(m.model.el.L, true)), Math.abs(f.V(m.model.el.L, false)));
  for (const l of m.model.el.loads) if (l.type === 'point') v = Math.max(v, Math.abs(f.V(l.a, true)), Math.abs(f.V(l.a, false)));
  return kN(v);
}

function fromResult(kind: string, params: Record<string, unknown>, r: SteelResult): MemberCheck {
  return {
    ...r.values,
    kind,
    params,
    verdict: r.verdict,
    verdict_text: r.verdict_text,
    governing: r.governing,
    governing_ratio: r.governing_ratio,
    ratio: r.governing_ratio,
    checks: r.checks,
    steps: r.steps,
    warnings: r.warnings,
    summary: r.summary,
  };
}

const params0 = (r: { params: Record<string, unknown> }) => r.params as { l0x?: number };

/** How the member sits in the frame: a cantilever's free end (a node no other member or support holds). */
export interface MemberContext {
  freeEnd: 'i' | 'j' | null;
  /** a nodal load acts at the free end */
  loadAtFreeEnd: boolean;
  /** a column's effective-length factor from Appendix E (null: not a column, or μ not determinable) */
  effective?: EffectiveLength | null;
}

/** Table C.0.4 item for a cantilever: 1 point load at the free end (top flange), 3 UDL (top flange); with both, the
 * item giving the smaller βb at the member's ξ (the conservative one). */
function cantileverItem(m: MemberAnalysis, ctx: MemberContext, section: SectionInput, l1: number): 1 | 3 {
  const loads = m.model.el.loads;
  const udl = loads.some((l) => (l.type === 'udl' && l.qy !== 0) || (l.type === 'dist' && (l.qy1 !== 0 || l.qy2 !== 0)));
  const point = ctx.loadAtFreeEnd || loads.some((l) => l.type === 'point' && l.py !== 0);
  if (udl !== point) return udl ? 3 : 1;
  const sec = sectionProperties(section);
  if (sec.h === null || sec.t1 === null || sec.b1 === null) return 1;
  const xi = (l1 * 1000 * sec.t1) / (sec.b1 * sec.h);
  return betaBC04(1, xi).value <= betaBC04(3, xi).value ? 1 : 3;
}

/** Which flange a moment compresses: the section's flange 1 (b, tf; the top flange) lies on the member's local +y
 * side when the member runs left to right or vertically, on its −y side when it runs right to left, so that flange 1
 * of a beam is always its top flange. M > 0 (tension on the local −y side) compresses the +y side. */
export function flangeOneSign(m: MemberAnalysis): 1 | -1 {
  return m.model.c < -1e-12 ? -1 : 1;
}

/** What a member's check reads off one combination's analysis: the kind it is checked as and the forces that enter
 * it (kN, kN·m). */
export interface Demand {
  design: NonNullable<Frame['members'][number]['design']>;
  /** m */
  L: number;
  /** the moment compressing flange 1 (top) and flange 2 (bottom), and the larger */
  M1c: number;
  M2c: number;
  Mx: number;
  Ni: number;
  Nj: number;
  Nmean: number;
  /** 0.01·A·f, kN: below it an axial force is not a compression member's */
  small: number;
  /** no moment and no axial force: a zero member */
  zero: boolean;
  tr: 'none' | 'udl' | 'point_mid';
  column: boolean;
  sway: boolean;
  cantilever: boolean;
  role: string;
  /** end moments' ratio M2/M1 (same sign: single curvature), undefined without end moments */
  m2m1: number | undefined;
  /** the larger end moment and the simple-span moment of the loads (8.2.1's M1, Mqx), for a beam-column with both */
  M1: number;
  Mqx: number | undefined;
  /** largest |V| */
  V: number;
}

export function demandOf(frame: Frame, k: number, m: MemberAnalysis, ctx: MemberContext): Demand {
  const input = frame.members[k]!;
  const sec = m.model.section!;
  const design = input.design ?? { role: 'auto' as const, braced: false };
  const L = m.model.el.L / 1000;
  const ext = m.field.momentExtremes();
  const sign = flangeOneSign(m);
  // kN·m compressing flange 1 (top) and flange 2 (bottom)
  const M1c = Math.max(0, kNm(sign > 0 ? ext.max : -ext.min));
  const M2c = Math.max(0, kNm(sign > 0 ? -ext.min : ext.max));
  const Mx = Math.max(M1c, M2c);
  const Ni = kN(m.ends.N_i);
  const Nj = kN(m.ends.N_j);
  const Nmean = (Ni + Nj) / 2;
  // 0.01·A·f, with f of the thickest plate (Table 4.4.1 note 1); 16 mm (the first group) when the section has no plates
  const f = strength(input.grade ?? 'Q235', sec.tMax ?? 16).f;
  const small = (0.01 * sec.A * f) / 1000;
  const noMoment = Mx <= 1e-9 * Math.max(1, Math.abs(Nmean) * L);
  const zero = noMoment && Math.max(Math.abs(Ni), Math.abs(Nj)) <= 1e-9 * small;
  const tr = transverse(m);
  const column = isColumn(m.model.c, m.model.s);
  // sway rules and the μ warning concern frame columns; a pin-ended bar is a truss member with l0 = its length
  const sway = frame.sway && column && !(input.release_i && input.release_j);
  const cantilever = ctx.freeEnd !== null && !column;
  let role: string = design.role;
  if (role === 'auto') role = noMoment ? (Nmean < 0 ? 'compression' : 'tension') : -Nmean > small ? 'beam_column' : 'beam';
  // end moments in the design convention: the same sign is single curvature
  const [Mi, Mj] = [kNm(m.ends.M_i), kNm(m.ends.M_j)];
  const M1 = Math.max(Math.abs(Mi), Math.abs(Mj));
  const endMoments = M1 > 1e-9 * Math.max(1, Mx);
  const m2m1 = endMoments ? (Math.sign(Mi) * Math.sign(Mj) || 1) * (Math.min(Math.abs(Mi), Math.abs(Mj)) / M1) : undefined;
  const Mqx = role === 'beam_column' && tr !== 'none' && m2m1 !== undefined ? simpleSpanMoment(m) : undefined;
  const V = role === 'beam' ? largestShear(m) : 0;
  return { design, L, M1c, M2c, Mx, Ni, Nj, Nmean, small, zero, tr, column, sway, cantilever, role, m2m1, M1, Mqx, V };
}

/**
 * What decides whether one combination's check can exceed another's: combinations compare only within a group
 * (the same kind of check, the same transverse-load rule, end moments or none, the same cantilever item), and within
 * it by keys each of which the check's ratio never decreases with: the moment on each flange (one moment for a
 * doubly symmetric section), N, V for a beam, N tension beyond 0.01·A·f for a beam (8.1.1), and M2/M1 wherever an
 * equivalent-moment factor or βb reads it (βmx, βtx = 0.65 + 0.35·M2/M1, βm1x; βb of Table C.0.1 item 10 falls as
 * M2/M1 rises), with Mqx and M1 where βmx·Mx = βmqx·Mqx + βm1x·M1 (8.2.1).
 */
export function dominanceKeys(frame: Frame, k: number, d: Demand, m: MemberAnalysis, ctx: MemberContext): { group: string; keys: number[] } {
  const input = frame.members[k]!;
  const moments = input.section && flippedSection(input.section) ? [d.M1c, d.M2c] : [d.Mx];
  const ends = d.m2m1 === undefined ? 'no_end_moments' : 'end_moments';
  switch (d.role) {
    case 'compression':
      return { group: d.role, keys: [Math.max(-Math.min(d.Ni, d.Nj), 0)] };
    case 'tension':
      return { group: d.role, keys: [Math.max(d.Ni, d.Nj, 0)] };
    case 'beam_column':
      return {
        group: `${d.role}|${d.tr}|${ends}`,
        keys: [...moments, -d.Nmean, ...(d.m2m1 !== undefined ? [d.m2m1] : []), ...(d.Mqx !== undefined ? [d.Mqx, d.M1] : [])],
      };
    default: {
      const item = d.cantilever && !d.design.braced && d.design.ltb_item === undefined ? `C.0.4-${cantileverItem(m, ctx, input.section!, d.design.l1 ?? d.L)}` : '';
      return { group: `beam|${d.tr}|${ends}|${item}`, keys: [...moments, d.V, d.Nmean > d.small ? d.Nmean : 0, d.m2m1 ?? 1] };
    }
  }
}

/** A member's check for one combination: its governing ratio, and the full answer built on demand (only the
 * governing combination's is built). */
export interface RatedCheck {
  ratio: number | null;
  finish(): MemberCheck;
}

/**
 * The member check of one member, or null when it has no section and grade. Warnings for the frame (μ assumed, a
 * check the engine refused) are pushed to `warnings`. The check runs for each sign of the moment that occurs: the
 * moment compressing flange 1 on the section as given, the moment compressing flange 2 on the section turned over
 * (its flange 2 then being the compressed one): γx, the plate class, φb and the tension fibre follow (issue 32).
 */
export function rateMember(
  frame: Frame,
  k: number,
  m: MemberAnalysis,
  warnings: FrameWarning[],
  ctx: MemberContext = { freeEnd: null, loadAtFreeEnd: false },
  /** demandOf(frame, k, m, ctx) when the caller has it already */
  demand?: Demand,
): RatedCheck | null {
  const input = frame.members[k]!;
  const sec = m.model.section;
  if (!input.section || !sec) return null;
  if (!input.grade) {
    warnings.push({ code: 'not_checked', member: input.id, clause: '—', message: `杆 ${input.id} 未给钢材牌号 grade，未验算 · no grade: the member is not checked` });
    return null;
  }
  const d = demand ?? demandOf(frame, k, m, ctx);
  if (d.zero) {
    warnings.push({ code: 'zero_force', member: input.id, clause: '—', message: `杆 ${input.id} 在本荷载下内力为零（零杆），不验算 · no internal force under these loads: not checked` });
    return null;
  }
  const { design, L, M1c, M2c, Mx, Ni, Nj, Nmean, small, tr, column, sway, cantilever, role, m2m1, M1 } = d;
  const eff = column && design.l0x === undefined ? (ctx.effective ?? null) : null;
  const lengths = { l0x: design.l0x ?? (eff ? eff.mu * L : L), l0y: design.l0y ?? L };
  const curves = { ...(design.class_x ? { class_x: design.class_x } : {}), ...(design.class_y ? { class_y: design.class_y } : {}) };
  // the variants: each sign of the moment on the section turned so that its compressed flange is flange 1
  const turned = flippedSection(input.section);
  const variants: Array<{ flange: 'top' | 'bottom'; Mx: number; section: SectionInput }> = turned
    ? [
        ...(M1c > 0 || M2c === 0 ? [{ flange: 'top' as const, Mx: M1c, section: input.section }] : []),
        ...(M2c > 0 ? [{ flange: 'bottom' as const, Mx: M2c, section: turned }] : []),
      ]
    : [{ flange: M1c >= M2c ? 'top' : 'bottom', Mx, section: input.section }];
  const paramsFor = (v: { Mx: number; section: SectionInput }): Record<string, unknown> => {
    const base = { section: v.section, grade: input.grade };
    switch (role) {
      case 'compression':
        return { ...base, N: Math.max(-kN(Math.min(m.ends.N_i, m.ends.N_j)), 0), ...lengths, ...curves };
      case 'tension':
        return { ...base, N: Math.max(Ni, Nj, 0) };
      case 'beam_column': {
        const moments: Record<string, unknown> = { sway, transverse: tr };
        if (m2m1 !== undefined) moments.m2_m1 = m2m1;
        if (tr !== 'none' && m2m1 !== undefined) {
          moments.Mqx = d.Mqx;
          moments.M1 = M1;
        }
        const p: Record<string, unknown> = { ...base, N: -Nmean, Mx: v.Mx, ...lengths, moments, ...curves };
        if (design.beta_mx !== undefined) p.beta_mx = design.beta_mx;
        if (design.beta_tx !== undefined) p.beta_tx = design.beta_tx;
        return p;
      }
      default: {
        const l1 = design.l1 ?? L;
        let ltb: Record<string, unknown>;
        if (design.braced) ltb = { braced: true };
        else if (cantilever && design.ltb_item === undefined) ltb = { l1, cantilever_item: cantileverItem(m, ctx, v.section, l1) };
        else {
          const item = design.ltb_item ?? (tr === 'none' ? 10 : 1);
          ltb = { l1, item, ...(item === 10 ? { m2_m1: m2m1 ?? 1 } : {}) };
        }
        return { ...base, Mx: v.Mx, V: d.V, ltb };
      }
    }
  };
  if ((role === 'beam_column' || role === 'compression') && sway && design.l0x === undefined && !eff) {
    warnings.push({ code: 'mu_assumed', member: input.id, clause: '8.3.1, 附录 E', message: `杆 ${input.id}：${MU_WARNING}` });
  }
  const bending = role === 'beam' || role === 'beam_column';
  const runs: Array<{ flange: 'top' | 'bottom'; Mx: number; params: Record<string, unknown>; result: SteelResult }> = [];
  for (const v of bending ? variants : variants.slice(0, 1)) {
    // the forces to six significant figures, the precision of every figure the check reports: the params shown
    // are exactly what gave the check
    const params = sixFigures(paramsFor(v)) as Record<string, unknown>;
    try {
      runs.push({ flange: v.flange, Mx: v.Mx, params, result: calculate({ kind: role, params }, { steps: false }) });
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      warnings.push({ code: 'check_refused', member: input.id, clause: '—', message: `杆 ${input.id} 按 ${role} 验算的输入不成立，未验算：${err.message} · the member check refused its input` });
      return null;
    }
  }
  // ratios only: most combinations a member is rated under do not govern it; finish() computes the governing one's
  // answer in full, with the same code
  const worst = runs.reduce((p, q) => ((q.result.governing_ratio ?? 0) > (p.result.governing_ratio ?? 0) ? q : p));
  const ratioOf = (r: SteelResult, key: string) => r.checks.find((c) => c.key === key)!.ratio;
  // N tension beyond 1 % of Af beside the bending: 8.1.1 adds the two stress ratios (An = A, one f for both)
  const tensionBending =
    role === 'beam' && Nmean > small
      ? ratioOf(calculate({ kind: 'tension', params: { section: input.section, grade: input.grade, N: Math.max(Ni, Nj) } }, { steps: false }), 'ratio_gross') + ratioOf(worst.result, 'ratio_bending')
      : null;
  const finish = (): MemberCheck => {
    for (const r of runs) r.result = calculate({ kind: role, params: r.params });
    const check = fromResult(role, worst.params, worst.result);
    if (eff && (role === 'beam_column' || role === 'compression')) {
      check.mu = tidy(eff.mu);
      check.K1 = tidy(eff.K1);
      check.K2 = tidy(eff.K2);
      check.l0x = params0(worst).l0x;
    }
    if (bending) {
      check.compressed_flange = worst.flange;
      check.M_top_compressed = tidy(M1c);
      check.M_bottom_compressed = tidy(M2c);
      if (runs.length > 1) {
        // each sign's own γx, class and fibre stresses: a checking engineer signs the hogging zone too
        check.by_flange = runs.map((r) => ({
          compressed_flange: r.flange,
          Mx: r.Mx,
          governing: r.result.governing,
          ratio: r.result.governing_ratio,
          verdict: r.result.verdict,
          gamma_x: r.result.values.gamma_x,
          class: r.result.values.class,
          sigma_bending_c: r.result.values.sigma_bending_c ?? r.result.values.sigma_bending,
          sigma_bending_t: r.result.values.sigma_bending_t ?? null,
        }));
      }
      if (cantilever) check.cantilever = true;
    }
    if (tensionBending !== null) {
      check.checks = [...check.checks, { key: 'ratio_tension_bending', name: '拉弯强度', ratio: tensionBending, stress: null, clause: '8.1.1', formula: 'N/(A f) + Mx/(γx Wnx f) ≤ 1.0' }];
      check.N_tension = Math.max(Ni, Nj);
      check.ratio_tension_bending = tensionBending;
      const g = check.checks.reduce((p, q) => (q.ratio > p.ratio ? q : p));
      check.governing = g.key;
      check.governing_ratio = check.ratio = g.ratio;
      check.verdict = check.checks.every((c) => c.ratio <= 1) ? 'ok' : 'fail';
      check.verdict_text = check.verdict === 'ok' ? '满足' : '不满足';
    }
    return check;
  };
  const ratio = worst.result.governing_ratio === null ? null : Math.max(worst.result.governing_ratio, tensionBending ?? -Infinity);
  return { ratio, finish };
}

/** The member check of one member (rateMember's, built). */
export function checkMember(frame: Frame, k: number, m: MemberAnalysis, warnings: FrameWarning[], ctx: MemberContext = { freeEnd: null, loadAtFreeEnd: false }): MemberCheck | null {
  return rateMember(frame, k, m, warnings, ctx)?.finish() ?? null;
}
