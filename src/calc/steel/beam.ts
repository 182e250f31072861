// Kind `beam`: bending and shear strength (6.1.1, 6.1.3), lateral-torsional stability with φb of C.0.1 and the
// φb' correction (6.2.2, 6.2.3), and the deflection of Appendix B (standard loads).
import { InputError } from '../../errors.ts';
import { classify, epsStep, member, need, sectionSteps, strengthAt, strengthSteps, type Member } from './common.ts';
import { E } from './materials.ts';
import { flippedSection } from './sections.ts';
import { Checks, fmt, Steps, steelResult, type SteelResult, type Warning } from './result.ts';
import { beamParams, DEFLECTION_ROWS, deflectionLimits, type BeamParams } from './schema.ts';
import { betaB, betaBC04, betaBFactor, etaB, phiBC01, phiBCorrected } from './stability.ts';

interface LtbOut {
  phiB: number;
}

function lateralTorsional(st: Steps, warnings: Warning[], m: Member, p: BeamParams, Wx: number): LtbOut | null {
  const ltb = p.ltb;
  if (p.phi_b !== undefined) {
    st.add('phi_b', 'φb', '整体稳定系数（输入值，如表 C.0.2 普通工字钢）', p.phi_b, '—', '输入');
    warnings.push({ code: 'phi_b_given', message: `φb = ${p.phi_b} 为输入值，未按附录 C 计算`, clause: '6.2.2' });
    return { phiB: p.phi_b };
  }
  if (!ltb) {
    warnings.push({ code: 'ltb_not_checked', message: '未给 ltb（侧向支承间距与荷载类型），整体稳定（6.2.2）未验算', clause: '6.2.1, 6.2.2' });
    return null;
  }
  if (ltb.braced) {
    st.add('braced', '铺板', '受压翼缘有铺板密铺并牢固连接，可不验算整体稳定', true, '—', '6.2.1');
    return null;
  }
  const { sec } = m;
  const l1 = ltb.l1! * 1000;
  const h = need(sec.h, 'h', '整体稳定计算');
  const t1 = need(sec.t1, 'tf', '整体稳定计算');
  const b1 = need(sec.b1, 'b', '整体稳定计算');
  const lambdaY = l1 / sec.iy;
  const xi = (l1 * t1) / (b1 * h);
  st.add('l1', 'l1', '受压翼缘侧向支承点间距', l1, 'mm', '6.2.2');
  st.add('lambda_y', 'λy', '绕弱轴长细比', lambdaY, '—', 'C.0.1', `λy = l1/iy = ${fmt(l1)}/${fmt(sec.iy)}`);
  st.add('xi', 'ξ', '参数', xi, '—', '表 C.0.1 注 1', 'ξ = l1 t1/(b1 h)');
  let bb: number;
  if (ltb.beta_b !== undefined) {
    bb = ltb.beta_b;
    st.add('beta_b', 'βb', '梁整体稳定的等效弯矩系数（输入值）', bb, '—', '输入');
  } else if (ltb.cantilever_item !== undefined) {
    const c = betaBC04(ltb.cantilever_item, xi);
    bb = c.value;
    const text = ['', '自由端集中荷载作用在上翼缘', '自由端集中荷载作用在下翼缘', '均布荷载作用在上翼缘'][ltb.cantilever_item];
    st.add('beta_b', 'βb', `悬臂梁整体稳定的等效弯矩系数（表 C.0.4 项次 ${ltb.cantilever_item}，${text}；l1 为悬伸长度）`, bb, '—', '表 C.0.4', c.formula);
    if (c.outside) warnings.push({ code: 'c04_out_of_range', message: `ξ = ${fmt(xi, 3)} 超出表 C.0.4 的 0.60–3.10，βb 取外推与端值的较小者`, clause: '表 C.0.4' });
    if (!sec.doublySymmetric) warnings.push({ code: 'c04_singly_symmetric', message: '表 C.0.4 适用于双轴对称工字形悬臂梁；本截面单轴对称，按受压翼缘取 b1、t1 近似计算', clause: 'C.0.4' });
    warnings.push({ code: 'c04_support', message: '表 C.0.4 按支承端固定确定；由邻跨延伸的伸臂梁应在构造上加强支承处的抗扭能力', clause: '表 C.0.4 注 1' });
  } else {
    const item = ltb.item!;
    const base = betaB(item, xi, ltb.m2_m1 ?? 0);
    const factor = sec.alphaB !== null ? betaBFactor(item, xi, sec.alphaB) : 1;
    bb = base.value * factor;
    st.add('beta_b', 'βb', `梁整体稳定的等效弯矩系数（表 C.0.1 项次 ${item}${factor !== 1 ? `，αb > 0.8 乘 ${factor}` : ''}）`, bb, '—', '表 C.0.1', base.formula);
  }
  let eb: number;
  if (ltb.eta_b !== undefined) eb = ltb.eta_b;
  else if (sec.alphaB !== null) eb = etaB(sec.alphaB);
  else throw new InputError('params.ltb.eta_b: 单轴对称的给定特性截面须给出 ηb · is required for a singly symmetric props section (a number ≥ -1 and ≤ 1)', 'params.ltb.eta_b');
  if (sec.alphaB !== null && sec.alphaB !== 0.5) st.add('alpha_b', 'αb', '受压翼缘对 y 轴惯性矩之比', sec.alphaB, '—', 'C.0.1', 'αb = I1/(I1 + I2)');
  st.add('eta_b', 'ηb', '截面不对称影响系数', eb, '—', 'C.0.1', ltb.eta_b !== undefined ? '输入' : sec.alphaB === 0.5 ? '双轴对称 ηb = 0' : (sec.alphaB ?? 0) > 0.5 ? 'ηb = 0.8(2αb − 1)' : 'ηb = 2αb − 1');
  const raw = phiBC01({ betaB: bb, lambdaY, A: sec.A, h, Wx, t1, etaB: eb, epsK: m.epsK });
  const phiB = phiBCorrected(raw);
  st.add('phi_b_raw', 'φb', '整体稳定系数', raw, '—', 'C.0.1-1', 'φb = βb (4320/λy²)(A h/Wx)[√(1 + (λy t1/(4.4h))²) + ηb] εk²');
  st.add('phi_b', 'φb′', raw > 0.6 ? '修正后的整体稳定系数（φb > 0.6）' : '整体稳定系数（φb ≤ 0.6，不修正）', phiB, '—', 'C.0.1-7', raw > 0.6 ? "φb' = 1.07 − 0.282/φb ≤ 1.0" : 'φb');
  if (sec.type === 'props') warnings.push({ code: 'c01_props', message: 'C.0.1 适用于焊接工字形与轧制 H 型钢简支梁；普通工字钢、槽钢请按 C.0.2/C.0.3 输入 phi_b', clause: 'C.0.1' });
  return { phiB };
}

export function beam(p: BeamParams, steps = true): SteelResult {
  const st = new Steps(steps);
  const warnings: Warning[] = [];
  const checks = new Checks();
  // Mx < 0 (hogging) compresses the bottom flange: the section turned over makes it flange 1, whose modulus, class and
  // φb the checks read (the tension fibre is then the top)
  const hogging = p.Mx < 0;
  const m = member(hogging ? (flippedSection(p.section) ?? p.section) : p.section, p.grade);
  const { sec } = m;
  epsStep(st, m);
  st.add('compressed_flange', '受压翼缘', hogging ? 'Mx < 0（负弯矩）：下翼缘受压，按翻转后的截面验算' : '上翼缘（翼缘 1）受压', hogging ? '下翼缘' : '上翼缘', '—', '6.1.1');
  sectionSteps(st, sec, ['A', 'Ix', 'Wx']);
  const Wx = need(sec.Wx1, 'Wx', '受弯计算');
  const { f } = strengthSteps(st, m, strengthAt(m, 'flange'), 'flange', p.f, warnings);
  const web = strengthAt(m, 'web');
  const fvUsed = p.fv ?? web.fv;
  st.add('fv', 'fv', p.fv !== undefined ? '抗剪强度设计值（输入值）' : `抗剪强度设计值（腹板 t = ${fmt(web.t)} mm）`, fvUsed, 'N/mm²', p.fv !== undefined ? '输入' : '表 4.4.1');
  const { gammaX, cls } = classify(st, warnings, m, { member: 'beam' }, p.gamma_x, p.fatigue);
  // 6.1.1 at both extreme fibres, each with its own modulus: the compression fibre (flange 1) and the tension fibre
  // (flange 2). For an I section γx is the same at both (Table 8.1.1: 1.05, or 1.0 for S4/S5); with unequal flanges
  // the smaller flange's fibre lies farther from the neutral axis and may govern (issue 32).
  const Wnx = p.Wnx ?? Wx;
  const Wx2 = sec.Wx2 ?? Wx;
  let Wnx2 = p.Wnx2 ?? (p.Wnx !== undefined ? (Wx2 * p.Wnx) / Wx : Wx2);
  if (p.Wnx !== undefined && p.Wnx2 === undefined && Math.abs(Wx2 - Wx) > 1e-9 * Wx) {
    warnings.push({ code: 'wnx2_scaled', message: `未给受拉纤维净截面模量 Wnx2，按 Wnx/Wx 的比例由 Wx2 折算为 ${fmt(Wnx2)} mm³ · Wnx2 not given: scaled from Wx2 by Wnx/Wx`, clause: '6.1.1' });
  }
  if (Wnx2 <= 0) Wnx2 = Wx2;
  const Mx = Math.abs(p.Mx) * 1e6;
  let sigmaY = 0;
  let formula = 'σ = Mx/(γx Wnx)';
  if (p.My !== undefined && p.My > 0) {
    const gammaY = p.fatigue || (cls !== null && cls >= 4) ? 1.0 : 1.2;
    const Wy = need(sec.Wy, 'Wy', '绕弱轴受弯计算');
    st.add('gamma_y', 'γy', '绕弱轴截面塑性发展系数', gammaY, '—', '6.1.2');
    st.add('Wy', 'Wy', '绕弱轴截面模量', Wy, 'mm³', '截面特性');
    sigmaY = (p.My * 1e6) / (gammaY * Wy);
    formula = 'σ = Mx/(γx Wnx) + My/(γy Wny)';
  }
  const sigma1 = Mx / (gammaX * Wnx) + sigmaY;
  let sigma = sigma1;
  const twoFibres = Math.abs(Wnx2 - Wnx) > 1e-9 * Wnx;
  if (twoFibres) {
    const sigma2 = Mx / (gammaX * Wnx2) + sigmaY;
    st.add('Wx2', 'Wx2', '受拉纤维毛截面模量', Wx2, 'mm³', '截面特性（§2.2）', 'Wx2 = Ix/yc');
    st.add('sigma_bending_c', 'σc', '受压纤维（翼缘 1）正应力', sigma1, 'N/mm²', '6.1.1', formula);
    st.add('sigma_bending_t', 'σt', '受拉纤维（翼缘 2）正应力', sigma2, 'N/mm²', '6.1.1', formula.replace(/Wnx\)/, 'Wnx2)'));
    if (sigma2 > sigma1) {
      sigma = sigma2;
      formula = formula.replace(/Wnx\)/, 'Wnx2)');
    }
  }
  st.add('sigma_bending', 'σ', twoFibres ? '受弯正应力（两侧边缘纤维取大者）' : '受弯正应力', sigma, 'N/mm²', '6.1.1', formula);
  st.add('ratio_bending', 'σ/f', '抗弯强度验算', sigma / f, '—', '6.1.1', `${formula.slice(4)} ≤ f`);
  checks.add('ratio_bending', '抗弯强度', sigma / f, sigma, '6.1.1', `${formula.slice(4)} ≤ f`);

  if (p.V !== undefined) {
    const Sx = need(sec.Sx, 'Sx', '受剪计算');
    const tw = need(sec.tw, 'tw', '受剪计算');
    const tau = (p.V * 1e3 * Sx) / (sec.Ix * tw);
    st.add('Sx', 'Sx', '中和轴以上毛截面对中和轴的面积矩', Sx, 'mm³', sec.type === 'props' ? '输入' : '截面特性');
    st.add('tau', 'τ', '最大剪应力（中和轴处）', tau, 'N/mm²', '6.1.3', 'τ = V S/(I tw)');
    st.add('ratio_shear', 'τ/fv', '抗剪强度验算', tau / fvUsed, '—', '6.1.3', 'τ ≤ fv');
    checks.add('ratio_shear', '抗剪强度', tau / fvUsed, tau, '6.1.3', 'V S/(I tw) ≤ fv');
  }

  const ltb = lateralTorsional(st, warnings, m, p, Wx);
  if (ltb) {
    let s = Mx / (ltb.phiB * Wx);
    let fl = 'Mx/(φb Wx f) ≤ 1.0';
    if (p.My !== undefined && p.My > 0) {
      const gammaY = p.fatigue || (cls !== null && cls >= 4) ? 1.0 : 1.2;
      s += (p.My * 1e6) / (gammaY * sec.Wy!);
      fl = 'Mx/(φb Wx f) + My/(γy Wy f) ≤ 1.0';
    }
    st.add('sigma_ltb', 'σb', '整体稳定应力', s, 'N/mm²', p.My ? '6.2.3' : '6.2.2', fl.replace(/ f\)/g, ')').replace(' ≤ 1.0', ''));
    st.add('ratio_ltb', 'σb/f', '整体稳定验算', s / f, '—', p.My ? '6.2.3' : '6.2.2', fl);
    checks.add('ratio_ltb', '整体稳定', s / f, s, p.My ? '6.2.3' : '6.2.2', fl);
  }

  const sv = p.service;
  if (sv) {
    const row = DEFLECTION_ROWS[sv.member]!;
    const L = sv.span * 1000;
    const Lref = sv.support === 'cantilever' ? 2 * L : L;
    const coef = sv.support === 'cantilever' ? 1 / 8 : 5 / 384;
    const defl = (q: number) => (coef * q * L ** 4) / (E * sec.Ix);
    const formulaV = sv.support === 'cantilever' ? 'v = q l⁴/(8 E Ix)' : 'v = 5 q l⁴/(384 E Ix)';
    const nT = sv.limit_T ?? row.T;
    const lim = deflectionLimits(sv.member, Lref, L, sv.limit_T, sv.limit_Q);
    const vT = defl(sv.qk);
    st.add('v_T', 'vT', '全部荷载标准值产生的挠度', vT, 'mm', '附录 B', formulaV);
    st.add('v_T_limit', '[vT]', `挠度容许值 ${sv.support === 'cantilever' ? '2l' : 'l'}/${nT}（${sv.limit_T !== undefined ? '输入' : `表 B.1.1 ${sv.member} ${row.text}`}）${lim.note}`, lim.T, 'mm', '表 B.1.1');
    st.add('ratio_v_T', 'vT/[vT]', '挠度验算（全部荷载）', vT / lim.T, '—', '表 B.1.1');
    checks.add('ratio_v_T', '挠度（全部荷载）', vT / lim.T, null, '表 B.1.1', 'vT ≤ [vT]');
    const nQ = sv.limit_Q ?? row.Q;
    if (sv.qqk !== undefined && lim.Q !== null) {
      const vQ = defl(sv.qqk);
      st.add('v_Q', 'vQ', '可变荷载标准值产生的挠度', vQ, 'mm', '附录 B', formulaV);
      st.add('v_Q_limit', '[vQ]', `挠度容许值 ${sv.support === 'cantilever' ? '2l' : 'l'}/${nQ}`, lim.Q, 'mm', '表 B.1.1');
      st.add('ratio_v_Q', 'vQ/[vQ]', '挠度验算（可变荷载）', vQ / lim.Q, '—', '表 B.1.1');
      checks.add('ratio_v_Q', '挠度（可变荷载）', vQ / lim.Q, null, '表 B.1.1', 'vQ ≤ [vQ]');
    }
  }
  warnings.push({ code: 'out_of_scope', message: '局部承压（6.1.4）与折算应力（6.1.5）未验算', clause: '6.1.4, 6.1.5' });

  const r = steelResult({ kind: 'beam', title: String(beamParams.meta()?.title ?? ''), params: p, section: sec, steps: st, checks, warnings, summary: '' });
  const g = r.checks.find((c) => c.key === r.governing)!;
  const ok = r.verdict === 'ok';
  // the summary is the sheet's: a ratios-only check leaves it empty
  if (st.on) r.summary = `${sec.label}（${p.grade}）梁 Mx = ${fmt(p.Mx)} kN·m：${g.name}控制，${g.formula.replace(' ≤ 1.0', '').replace(/ ≤ .*$/, '')} 比值 ${fmt(g.ratio, 3)} ${checks.allPass() ? '≤ 1.0' : '> 1.0'}，${ok ? '满足' : '不满足'}${ltb ? `（φb = ${fmt(ltb.phiB, 3)}）` : ''}。`;
  return r;
}
