// Kind `shear`: inclined-section capacity with stirrups only (6.3.1, 6.3.4, 6.3.7, 9.2.9), conventions of
// concrete.md Part B 5: h0 = h − 40 unless `as` is given, hw = h0, αcv = 0.7 unless λ is given.
import { barArea, stirrupText, stirrups } from './bars.ts';
import { BETA_C, concrete, steel } from './materials.ts';
import { concreteResult, fmt, pct, Steps, within, type ConcreteResult, type Warning } from './result.ts';
import { shearParams, type ShearParams } from './schema.ts';

/** 6.3.1: 0.25 when hw/b ≤ 4, 0.20 when hw/b ≥ 6, linear between. */
export function sectionCoefficient(hwOverB: number): number {
  if (hwOverB <= 4) return 0.25;
  if (hwOverB >= 6) return 0.2;
  return 0.25 - (0.05 * (hwOverB - 4)) / 2;
}

/** Table 9.2.9: maximum stirrup spacing by beam height and whether V exceeds 0.7 ft b h0. */
export function maxSpacing(h: number, high: boolean): number {
  if (h <= 300) return high ? 150 : 200;
  if (h <= 500) return high ? 200 : 300;
  if (h <= 800) return high ? 250 : 350;
  return high ? 300 : 400;
}

const DETAILING = new Set(['spacing_too_large', 'diameter_too_small', 'below_minimum_stirrup_ratio']);

export function shear(p: ShearParams): ConcreteResult {
  const c = concrete(p.concrete_grade);
  const s = steel(p.steel_grade);
  const st = new Steps();
  const warnings: Warning[] = [];

  const V = p.V * 1e3;
  const as = p.as ?? 40;
  const h0 = p.h - as;
  const hwOverB = h0 / p.b;
  const coef = sectionCoefficient(hwOverB);
  const Vmax = (coef * BETA_C * c.fc * p.b * h0) / 1e3;

  let lambda: number | null = null;
  let alphaCv = 0.7;
  if (p.lambda !== undefined) {
    lambda = Math.min(3, Math.max(1.5, p.lambda));
    if (lambda !== p.lambda) {
      warnings.push({ code: 'lambda_clipped', message: `λ = ${fmt(p.lambda)} 超出 1.5…3，按 λ = ${fmt(lambda)} 计算`, clause: '6.3.4' });
    }
    alphaCv = 1.75 / (lambda + 1);
  }
  const Vc = (alphaCv * c.ft * p.b * h0) / 1e3;
  const V07 = (0.7 * c.ft * p.b * h0) / 1e3;
  const fyv = s.fyv;
  const Asv = p.legs * barArea(p.dia);
  const AsvS = Asv / p.spacing;
  const Vs = (fyv * AsvS * h0) / 1e3;
  const Vcs = Vc + Vs;
  const constructionalOnly = within(V, Vc * 1e3);
  const AsvSreq = constructionalOnly ? 0 : (V - Vc * 1e3) / (fyv * h0);
  const rhoSv = Asv / (p.b * p.spacing);
  const rhoSvMin = (0.24 * c.ft) / fyv;
  const smax = maxSpacing(p.h, !within(V, V07 * 1e3));
  const dmin = p.h > 800 ? 8 : 6;

  st.add('fc', 'fc', '混凝土轴心抗压强度设计值', c.fc, 'MPa', '表 4.1.4-1');
  st.add('ft', 'ft', '混凝土轴心抗拉强度设计值', c.ft, 'MPa', '表 4.1.4-2');
  st.add('fyv', 'fyv', `箍筋抗拉强度设计值（${s.name}，受剪不大于 360）`, fyv, 'MPa', '4.2.3');
  st.add('h0', 'h0', '截面有效高度', h0, 'mm', '6.3.1', p.as === undefined ? 'h0 = h − 40' : 'h0 = h − as');
  st.add('hw_over_b', 'hw/b', '腹板高度与宽度之比（hw = h0）', hwOverB, '—', '6.3.1');
  st.add('coef', 'βc 系数', '截面限制系数', coef, '—', '6.3.1', 'hw/b ≤ 4：0.25；≥ 6：0.20；其间线性插值');
  st.add('Vmax', 'Vmax', '截面限制剪力', Vmax, 'kN', '6.3.1', 'V ≤ coef · βc fc b h0');
  if (lambda !== null) st.add('lambda', 'λ', '计算剪跨比（取 1.5…3）', lambda, '—', '6.3.4');
  st.add('alpha_cv', 'αcv', '斜截面混凝土受剪承载力系数', alphaCv, '—', '6.3.4', lambda === null ? '一般受弯构件 0.7' : 'αcv = 1.75/(λ + 1)');
  st.add('Vc', 'αcv ft b h0', '混凝土受剪承载力', Vc, 'kN', '6.3.4, 6.3.7', 'Vc = αcv ft b h0');
  st.add('Asv', 'Asv', '同一截面箍筋截面面积', Asv, 'mm²', '6.3.4', `Asv = n π d²/4 = ${p.legs} × π × ${fmt(p.dia)}²/4`);
  st.add('Asv_s', 'Asv/s', '配箍量', AsvS, 'mm²/mm', '6.3.4');
  st.add('Vs', 'fyv Asv h0/s', '箍筋受剪承载力', Vs, 'kN', '6.3.4');
  st.add('Vcs', 'Vcs', '斜截面受剪承载力', Vcs, 'kN', '6.3.4-2', 'Vcs = αcv ft b h0 + fyv (Asv/s) h0');
  st.add('AsvSreq', '(Asv/s)req', '所需配箍量', AsvSreq, 'mm²/mm', '6.3.4-2', '(V − αcv ft b h0)/(fyv h0)');
  st.add('constructionalOnly', 'V ≤ αcv ft b h0', '仅需构造配箍', constructionalOnly, '—', '6.3.7');
  st.add('rhoSv', 'ρsv', '配箍率', rhoSv, '—', '9.2.9', 'ρsv = Asv/(b s)');
  st.add('rhoSvMin', 'ρsv,min', '最小配箍率', rhoSvMin, '—', '9.2.9', '0.24 ft/fyv');
  st.add('smax', 'smax', '箍筋最大间距', smax, 'mm', '表 9.2.9');
  st.add('dmin', 'dmin', '箍筋最小直径', dmin, 'mm', '9.2.9');

  let verdict: string;
  if (!within(V, Vmax * 1e3)) {
    verdict = 'section_too_small';
    warnings.push({ code: 'section_too_small', message: `V = ${fmt(p.V)} kN > ${fmt(coef, 3)}βc fc b h0 = ${fmt(Vmax)} kN：截面尺寸不足，须加大截面或提高混凝土等级`, clause: '6.3.1' });
  } else if (!within(V, Vcs * 1e3)) {
    verdict = 'fail';
  } else {
    verdict = 'ok';
  }
  if (p.spacing > smax) warnings.push({ code: 'spacing_too_large', message: `箍筋间距 ${fmt(p.spacing)} mm 大于最大间距 ${smax} mm`, clause: '表 9.2.9' });
  if (p.dia < dmin) warnings.push({ code: 'diameter_too_small', message: `箍筋直径 ${fmt(p.dia)} mm 小于最小直径 ${dmin} mm（h ${p.h > 800 ? '>' : '≤'} 800 mm）`, clause: '9.2.9' });
  if (!constructionalOnly && rhoSv < rhoSvMin) {
    warnings.push({ code: 'below_minimum_stirrup_ratio', message: `配箍率 ρsv = ${pct(rhoSv)} 小于最小配箍率 0.24ft/fyv = ${pct(rhoSvMin)}`, clause: '9.2.9' });
  }

  const suggestion = verdict === 'section_too_small'
    ? null
    : stirrups(AsvSreq, p.legs, p.dia, dmin, smax, constructionalOnly ? 0 : rhoSvMin, p.b, s.name);
  const detailingBad = warnings.some((w) => DETAILING.has(w.code));
  const given = stirrupText(fmt(p.dia), fmt(p.spacing), p.legs, s.name);
  const head = `C${p.concrete_grade} ${fmt(p.b)}×${fmt(p.h)} 梁，V = ${fmt(p.V)} kN`;
  const advise = suggestion ? `，箍筋可取 ${suggestion.text}` : '';
  let summary: string;
  if (verdict === 'section_too_small') {
    summary = `${head}：超过截面限制 ${fmt(Vmax)} kN，须加大截面或提高混凝土等级。`;
  } else if (constructionalOnly) {
    summary = `${head} ≤ αcv ft b h0 = ${fmt(Vc)} kN，仅需按构造配箍（s ≤ ${smax} mm，d ≥ ${dmin} mm）${advise}；所给 ${given} ${detailingBad ? '不满足构造要求' : '满足'}。`;
  } else if (verdict === 'ok') {
    summary = `${head}：${given} 的 Vcs = ${fmt(Vcs)} kN ≥ V，满足${detailingBad ? '承载力，但构造要求未满足' : ''}${advise}。`;
  } else {
    summary = `${head}：${given} 的 Vcs = ${fmt(Vcs)} kN < V，不满足，需 Asv/s ≥ ${fmt(AsvSreq, 3)} mm²/mm${advise}。`;
  }

  return concreteResult({ kind: 'shear', title: String(shearParams.meta()?.title ?? 'shear'), input: { ...p, as: p.as ?? null, lambda: p.lambda ?? null }, steps: st, verdict, warnings, suggestion, summary });
}
