// Kind `compression`: strength (7.1.2 → 7.1.1-1), flexural buckling about both axes (7.2.1, D.0.5) and the local
// stability of the plates (7.3.1), whose failure is the verdict `fail_local` (Part B §9).
import { axisPhi, netArea, curves, epsStep, member, sectionSteps, slendernessLimit, strengthAt, strengthSteps } from './common.ts';
import { Checks, fmt, Steps, steelResult, type SteelResult, type Warning } from './result.ts';
import { compressionParams, type CompressionParams } from './schema.ts';

export function compression(p: CompressionParams, steps = true): SteelResult {
  const st = new Steps(steps);
  const warnings: Warning[] = [];
  const checks = new Checks();
  const m = member(p.section, p.grade);
  const { sec } = m;
  const An = netArea(p.An, sec.A);
  epsStep(st, m);
  sectionSteps(st, sec, ['A', 'ix', 'iy']);
  const s = strengthAt(m, 'thickest');
  const { f } = strengthSteps(st, m, s, 'thickest', p.f, warnings);
  const cv = curves(st, m, p.class_x, p.class_y);
  const ax = axisPhi(st, m, 'x', p.l0x * 1000, cv.x);
  const ay = axisPhi(st, m, 'y', p.l0y * 1000, cv.y);
  const phi = Math.min(ax.phi, ay.phi);
  const weak = ay.phi <= ax.phi;
  st.add('phi', 'φ', `稳定系数（取较小值，${weak ? '绕弱轴 y' : '绕强轴 x'}）`, phi, '—', '7.2.1', 'φ = min(φx, φy)');
  const N = p.N * 1e3;
  const sStab = N / (phi * sec.A);
  // 7.1.2 → 7.1.1: the gross section yields (7.1.1-1, N/A ≤ f); where holes weaken it, the net section at the holes
  // must not fracture (7.1.1-2, N/An ≤ 0.7fu). GB 50017-2003's N/An ≤ f is not the 2017 rule (issue 32).
  const sStr = N / sec.A;
  st.add('sigma_stab', 'σ', '稳定应力', sStab, 'N/mm²', '7.2.1', 'N/(φA)');
  st.add('ratio_stability', 'σ/f', '整体稳定验算', sStab / f, '—', '7.2.1', 'N/(φ A f) ≤ 1.0');
  st.add('Nu', 'Nu', '稳定承载力', (phi * sec.A * f) / 1e3, 'kN', '7.2.1', 'Nu = φ A f');
  st.add('sigma_strength', 'σ', '毛截面应力', sStr, 'N/mm²', '7.1.1-1', 'σ = N/A');
  st.add('ratio_strength', 'σ/f', '毛截面屈服验算', sStr / f, '—', '7.1.1-1', 'N/(A f) ≤ 1.0');
  checks.add('ratio_stability', weak ? '绕弱轴整体稳定' : '绕强轴整体稳定', sStab / f, sStab, '7.2.1', 'N/(φAf) ≤ 1.0');
  checks.add('ratio_strength', '截面强度', sStr / f, sStr, '7.1.1-1', 'N/(A f) ≤ 1.0');
  if (An < sec.A) {
    const sNet = N / An;
    st.add('An', 'An', '孔洞处净截面面积', An, 'mm²', '输入');
    st.add('sigma_net', 'σn', '净截面应力（孔心所在截面）', sNet, 'N/mm²', '7.1.1-2', 'σ = N/An');
    st.add('ratio_net', 'σn/(0.7fu)', '净截面断裂验算', sNet / (0.7 * s.fu), '—', '7.1.1-2', 'N/(An · 0.7fu) ≤ 1.0');
    checks.add('ratio_net', '净截面断裂', sNet / (0.7 * s.fu), sNet, '7.1.1-2', 'N/(An · 0.7fu) ≤ 1.0');
  }

  // 7.3.1: λ is the larger slenderness, taken within 30…100
  const lam = Math.min(Math.max(ax.lambda, ay.lambda, 30), 100);
  let localOk: boolean | null = null;
  if (sec.flangeBt !== null && sec.webHtw !== null) {
    const fl = (10 + 0.1 * lam) * m.epsK;
    const wb = (25 + 0.5 * lam) * m.epsK;
    st.add('flange_bt', 'b/t', '翼缘自由外伸宽厚比', sec.flangeBt, '—', '7.3.1');
    st.add('flange_limit_7_3_1', '[b/t]', `翼缘宽厚比限值（λ 取 ${fmt(lam, 4)}）`, fl, '—', '7.3.1-2', '(10 + 0.1λ) εk');
    st.add('web_htw', 'h0/tw', '腹板高厚比', sec.webHtw, '—', '7.3.1');
    st.add('web_limit_7_3_1', '[h0/tw]', '腹板高厚比限值', wb, '—', '7.3.1-1', '(25 + 0.5λ) εk');
    localOk = sec.flangeBt <= fl && sec.webHtw <= wb;
    st.add('local_ok', '局部稳定', '板件局部稳定', localOk, '—', '7.3.1');
    if (!localOk) {
      warnings.push({ code: 'local_buckling', message: `板件宽厚比超过 7.3.1 限值（翼缘 ${fmt(sec.flangeBt, 3)}/${fmt(fl, 3)}，腹板 ${fmt(sec.webHtw, 3)}/${fmt(wb, 3)}）；7.3.2 允许按 √(φAf/N) 放大，未计入`, clause: '7.3.1, 7.3.2' });
    }
  } else {
    warnings.push({ code: 'local_not_checked', message: '未给 flange_bt/web_htw，板件局部稳定（7.3.1）未验算', clause: '7.3.1' });
  }
  slendernessLimit(st, warnings, Math.max(ax.lambda, ay.lambda), p.lambda_limit, sStab / f);
  warnings.push({ code: 'flexural_only', message: '只验算弯曲屈曲（λx、λy）；双轴对称截面不需扭转屈曲（7.2.2）', clause: '7.2.2' });

  const r = steelResult({ kind: 'compression', title: String(compressionParams.meta()?.title ?? ''), params: p, section: sec, steps: st, checks, verdict: localOk === false ? 'fail_local' : undefined, warnings, summary: '' });
  const g = r.checks.find((c) => c.key === r.governing)!;
  const ok = checks.allPass();
  // the summary is the sheet's: a ratios-only check leaves it empty
  if (st.on) r.summary =
    `${sec.label}（${p.grade}）轴压 N = ${fmt(p.N)} kN：${g.name}控制，${g.key === 'ratio_stability' ? 'N/(φAf)' : g.key === 'ratio_net' ? 'N/(An·0.7fu)' : 'N/(A f)'} = ${fmt(g.ratio, 3)} ${ok ? '≤ 1.0，满足' : '> 1.0，不满足'}` +
    `（φ = ${fmt(phi, 3)}）${localOk === false ? '；但板件局部稳定不满足 7.3.1' : ''}。`;
  return r;
}
