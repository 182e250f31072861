// Each member with a section and a grade checked with the steel engine's own kinds (steel.md §8.6): the frame only
// decides which kind applies and reads its inputs off the analysis (N averaged over the ends, the largest |M| and |V|,
// the end-moment ratio, the transverse loads); the checks themselves are calculate({kind, params}) of ../index.ts.
import { InputError } from '../../../errors.ts';
import { calculate } from '../index.ts';
import { strength } from '../materials.ts';
import type { SteelResult, Warning } from '../result.ts';
import type { MemberAnalysis } from './analyse.ts';
import { MemberField } from './diagrams.ts';
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
  steps: SteelResult['steps'];
  warnings: Warning[];
  summary: string;
}

export interface FrameWarning extends Warning {
  member?: string;
  storey?: number;
}

const MU_WARNING =
  'μ = 1.0（l0x 取杆长），未给 l0x；一阶分析时有侧移框架柱的计算长度应按附录 E / 8.3.1 确定，例如 μ = √((7.5K1K2 + 4(K1 + K2) + 1.52)/(7.5K1K2 + K1 + K2)) · μ = 1.0 unless l0x is given; for first-order analysis the effective length must come from Appendix E / 8.3.1';

/** A column: steeper than 45° (vertical members and steep rafters). */
export function isColumn(dx: number, dy: number): boolean {
  return Math.abs(dy) > Math.abs(dx);
}

const kN = (v: number) => v / 1000;
const kNm = (v: number) => v / 1e6;

/** What the member's loads do across it: none, a UDL (or a mix), or point loads only, all in the middle third. */
function transverse(m: MemberAnalysis): 'none' | 'udl' | 'point_mid' {
  const L = m.model.el.L;
  const across = m.model.el.loads.filter((l) => (l.type === 'udl' ? l.qy !== 0 : l.py !== 0));
  if (!across.length) return 'none';
  return across.every((l) => l.type === 'point' && l.a >= L / 3 && l.a <= (2 * L) / 3) ? 'point_mid' : 'udl';
}

/** Largest |M| of the transverse loads alone on the member taken as simply supported (Mqx of 8.2.1), kN·m. */
function simpleSpanMoment(m: MemberAnalysis): number {
  const { el } = m.model;
  let R = 0;
  for (const l of el.loads) R += l.type === 'udl' ? (-l.qy * el.L) / 2 : (-l.py * (el.L - l.a)) / el.L;
  const field = new MemberField(el, { N_i: 0, V_i: R, M_i: 0, N_j: 0, V_j: 0, M_j: 0 }, new Float64Array(6));
  const e = field.momentExtremes();
  return kNm(Math.max(Math.abs(e.max), Math.abs(e.min)));
}

function largestShear(m: MemberAnalysis): number {
  const L = m.model.el.L;
  const xs = [0, L, ...m.model.el.loads.filter((l) => l.type === 'point').map((l) => (l as { a: number }).a)];
  return kN(Math.max(...xs.flatMap((x) => [Math.abs(m.field.V(x, true)), Math.abs(m.field.V(x, false))])));
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

/**
 * The member check of one member, or null when it has no section and grade. Warnings for the frame (μ assumed, a
 * check the engine refused) are pushed to `warnings`.
 */
export function checkMember(frame: Frame, k: number, m: MemberAnalysis, warnings: FrameWarning[]): MemberCheck | null {
  const input = frame.members[k]!;
  const sec = m.model.section;
  if (!input.section || !sec) return null;
  if (!input.grade) {
    warnings.push({ code: 'not_checked', member: input.id, clause: '—', message: `杆 ${input.id} 未给钢材牌号 grade，未验算 · no grade: the member is not checked` });
    return null;
  }
  const design = input.design ?? { role: 'auto' as const, braced: false };
  const L = m.model.el.L / 1000;
  const ext = m.field.momentExtremes();
  const Mx = kNm(Math.max(Math.abs(ext.max), Math.abs(ext.min)));
  const Ni = kN(m.ends.N_i);
  const Nj = kN(m.ends.N_j);
  const Nmean = (Ni + Nj) / 2;
  // 0.01·A·f, with f of the thickest plate (Table 4.4.1 note 1); 16 mm (the first group) when the section has no plates
  const f = strength(input.grade, sec.tMax ?? 16).f;
  const small = (0.01 * sec.A * f) / 1000;
  const noMoment = Mx <= 1e-9 * Math.max(1, Math.abs(Nmean) * L);
  if (noMoment && Math.max(Math.abs(Ni), Math.abs(Nj)) <= 1e-9 * small) {
    warnings.push({ code: 'zero_force', member: input.id, clause: '—', message: `杆 ${input.id} 在本荷载下内力为零（零杆），不验算 · no internal force under these loads: not checked` });
    return null;
  }
  const tr = transverse(m);
  const column = isColumn(m.model.c, m.model.s);
  // sway rules and the μ warning concern frame columns; a pin-ended bar is a truss member with l0 = its length
  const sway = frame.sway && column && !(input.release_i && input.release_j);
  let role = design.role;
  if (role === 'auto') role = noMoment ? (Nmean < 0 ? 'compression' : 'tension') : -Nmean > small ? 'beam_column' : 'beam';
  const base = { section: input.section, grade: input.grade };
  const lengths = { l0x: design.l0x ?? L, l0y: design.l0y ?? L };
  const curves = { ...(design.class_x ? { class_x: design.class_x } : {}), ...(design.class_y ? { class_y: design.class_y } : {}) };
  // end moments in the design convention: the same sign is single curvature
  const [Mi, Mj] = [kNm(m.ends.M_i), kNm(m.ends.M_j)];
  const M1 = Math.max(Math.abs(Mi), Math.abs(Mj));
  const endMoments = M1 > 1e-9 * Math.max(1, Mx);
  const m2m1 = endMoments ? (Math.sign(Mi) * Math.sign(Mj) || 1) * (Math.min(Math.abs(Mi), Math.abs(Mj)) / M1) : undefined;
  let params: Record<string, unknown>;
  switch (role) {
    case 'compression':
      params = { ...base, N: Math.max(-kN(Math.min(m.ends.N_i, m.ends.N_j)), 0), ...lengths, ...curves };
      break;
    case 'tension':
      params = { ...base, N: Math.max(Ni, Nj, 0) };
      break;
    case 'beam_column': {
      const moments: Record<string, unknown> = { sway, transverse: tr };
      if (m2m1 !== undefined) moments.m2_m1 = m2m1;
      if (tr !== 'none' && m2m1 !== undefined) {
        moments.Mqx = simpleSpanMoment(m);
        moments.M1 = M1;
      }
      params = { ...base, N: -Nmean, Mx, ...lengths, moments, ...curves };
      if (design.beta_mx !== undefined) params.beta_mx = design.beta_mx;
      if (design.beta_tx !== undefined) params.beta_tx = design.beta_tx;
      break;
    }
    default: {
      const ltb = design.braced ? { braced: true } : { l1: design.l1 ?? L, item: design.ltb_item ?? (tr === 'none' ? 10 : 1), ...((design.ltb_item ?? (tr === 'none' ? 10 : 1)) === 10 ? { m2_m1: m2m1 ?? 1 } : {}) };
      params = { ...base, Mx, V: largestShear(m), ltb };
    }
  }
  if ((role === 'beam_column' || role === 'compression') && sway && design.l0x === undefined) {
    warnings.push({ code: 'mu_assumed', member: input.id, clause: '8.3.1, 附录 E', message: `杆 ${input.id}：${MU_WARNING}` });
  }
  let result: SteelResult;
  try {
    result = calculate({ kind: role, params });
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    warnings.push({ code: 'check_refused', member: input.id, clause: '—', message: `杆 ${input.id} 按 ${role} 验算的输入不成立，未验算：${err.message} · the member check refused its input` });
    return null;
  }
  const check = fromResult(role, params, result);
  // N tension beyond 1 % of Af beside the bending: 8.1.1 adds the two stress ratios (An = A, one f for both)
  if (role === 'beam' && Nmean > small) {
    const t = calculate({ kind: 'tension', params: { ...base, N: Math.max(Ni, Nj) } });
    const ratio = Number(t.values.ratio_gross) + Number(result.values.ratio_bending);
    check.checks = [...check.checks, { key: 'ratio_tension_bending', name: '拉弯强度', ratio, stress: null, clause: '8.1.1', formula: 'N/(A f) + Mx/(γx Wnx f) ≤ 1.0' }];
    check.N_tension = Math.max(Ni, Nj);
    check.ratio_tension_bending = ratio;
    const g = check.checks.reduce((p, q) => (q.ratio > p.ratio ? q : p));
    check.governing = g.key;
    check.governing_ratio = check.ratio = g.ratio;
    check.verdict = check.checks.every((c) => c.ratio <= 1) ? 'ok' : 'fail';
    check.verdict_text = check.verdict === 'ok' ? '满足' : '不满足';
  }
  return check;
}
