// Kinds `phi` (D.0.5 for one λ and curve) and `section` (properties, plate classes and column curves): no check,
// so their verdict is `info`.
import { classify, epsStep, member, sectionSteps } from './common.ts';
import { epsK } from './materials.ts';
import { Checks, fmt, Steps, steelResult, type SteelResult, type Warning } from './result.ts';
import { phiParams, sectionParams, type PhiParams, type SectionParams } from './schema.ts';
import { resolveCurve } from './sections.ts';
import { alphaCoefficients, lambdaN, phiOf } from './stability.ts';

const title = (s: { meta(): { title?: string } | undefined }) => String(s.meta()?.title ?? '');

export function phiKind(p: PhiParams): SteelResult {
  const st = new Steps();
  const warnings: Warning[] = [];
  const e = epsK(p.grade);
  const curve = resolveCurve(p.class, p.grade === 'Q235');
  const ln = lambdaN(p.lambda, e);
  const phi = phiOf(ln, curve);
  const { a1, a2, a3 } = alphaCoefficients(ln, curve);
  st.add('eps_k', 'εk', '钢号修正系数', e, '—', '表 3.5.1 注 1', 'εk = √(235/fy)');
  st.add('lambda_over_eps_k', 'λ/εk', '查表长细比', p.lambda / e, '—', '附录 D');
  st.add('class_resolved', '类别', p.class === curve ? '截面分类' : `截面分类（${p.class} 对 ${p.grade} 取 ${curve}）`, curve, '—', '表 7.2.1-1 注 1');
  st.add('lambda_n', 'λn', '正则化长细比', ln, '—', 'D.0.5', 'λn = (λ/εk)/π · √(235/E)');
  st.add('alpha1', 'α1', '系数', a1, '—', '表 D.0.5');
  st.add('alpha2', 'α2', '系数', a2, '—', '表 D.0.5');
  st.add('alpha3', 'α3', '系数', a3, '—', '表 D.0.5');
  st.add('phi', 'φ', '轴心受压构件稳定系数', phi, '—', 'D.0.5', ln <= 0.215 ? 'φ = 1 − α1 λn²' : 'φ = [(α2 + α3λn + λn²) − √((α2 + α3λn + λn²)² − 4λn²)]/(2λn²)');
  if (p.lambda / e > (curve === 'd' ? 200 : 250)) {
    warnings.push({ code: 'beyond_table', message: `λ/εk = ${fmt(p.lambda / e, 4)} 超出附录 D 表格范围，按 D.0.5 公式计算`, clause: 'D.0.5' });
  }
  if (p.lambda > 150) warnings.push({ code: 'slenderness', message: `λ = ${fmt(p.lambda)} 超过柱的容许长细比 150`, clause: '7.4.6' });
  const summary = `${p.grade}，${curve} 类截面，λ = ${fmt(p.lambda)}（λn = ${fmt(ln, 4)}）：稳定系数 φ = ${fmt(phi, 4)}。`;
  return steelResult({ kind: 'phi', title: title(phiParams), params: p, section: null, steps: st, checks: new Checks(), warnings, summary });
}

export function sectionKind(p: SectionParams): SteelResult {
  const st = new Steps();
  const warnings: Warning[] = [];
  const m = member(p.section, p.grade);
  epsStep(st, m);
  sectionSteps(st, m.sec, ['A', 'Ix', 'Iy', 'ix', 'iy', 'Wx', 'Wy', 'Sx']);
  const { cls } = classify(st, warnings, m, { member: 'beam' }, undefined);
  const cx = m.sec.curveX === null ? null : resolveCurve(m.sec.curveX, m.isQ235);
  const cy = m.sec.curveY === null ? null : resolveCurve(m.sec.curveY, m.isQ235);
  st.add('curve_x', '类别 x', `绕强轴截面分类（${m.sec.curveRule}）`, cx, '—', '表 7.2.1');
  st.add('curve_y', '类别 y', '绕弱轴截面分类', cy, '—', '表 7.2.1');
  const summary =
    `${m.sec.label}（${p.grade}）：A = ${fmt(m.sec.A)} mm²，Ix = ${fmt(m.sec.Ix)} mm⁴，Iy = ${fmt(m.sec.Iy)} mm⁴，ix = ${fmt(m.sec.ix)} mm，iy = ${fmt(m.sec.iy)} mm` +
    `${m.sec.Wx1 !== null ? `，Wx = ${fmt(m.sec.Wx1)} mm³` : ''}${cls !== null ? `；受弯时板件等级 S${cls}` : ''}${cx ? `；轴压截面分类 x/y = ${cx}/${cy}` : ''}。`;
  return steelResult({ kind: 'section', title: title(sectionParams), params: p, section: m.sec, steps: st, checks: new Checks(), warnings, summary });
}
