// Kind `beam`: flexural reinforcement of a singly reinforced rectangular section (6.2.10), conventions of
// concrete.md Part B 3: as = cover + 20 unless given, ξb from 6.2.7-1, ρmin = max(0.20 %, 45 ft/fy %) on b·h.
import { barText, beamBars } from './bars.ts';
import { ALPHA1, concrete, steel, xiB } from './materials.ts';
import { concreteResult, fmt, pct, Steps, within, type ConcreteResult, type Suggestion, type Warning } from './result.ts';
import { beamParams, type BeamParams } from './schema.ts';

export function beam(p: BeamParams): ConcreteResult {
  const c = concrete(p.concrete_grade);
  const s = steel(p.steel_grade);
  const st = new Steps();
  const warnings: Warning[] = [];

  const M = p.moment * 1e6;
  const as = p.as ?? p.cover + 20;
  const h0 = p.h - as;
  st.add('fc', 'fc', '混凝土轴心抗压强度设计值', c.fc, 'MPa', '表 4.1.4-1');
  st.add('ft', 'ft', '混凝土轴心抗拉强度设计值', c.ft, 'MPa', '表 4.1.4-2');
  st.add('fy', 'fy', `${s.name} 抗拉强度设计值`, s.fy, 'MPa', '表 4.2.3-1');
  st.add('as', 'as', '受拉钢筋合力点至受拉边缘距离', as, 'mm', '8.2.1', p.as === undefined ? 'as = c + 20（10 箍筋 + d/2 = 10）' : 'as（输入）');
  st.add('h0', 'h0', '截面有效高度', h0, 'mm', '6.2.10', 'h0 = h − as');

  const alphaS = M / (ALPHA1 * c.fc * p.b * h0 * h0);
  const xib = xiB(s);
  const alphaSmax = xib * (1 - 0.5 * xib);
  const MuMax = (ALPHA1 * c.fc * p.b * h0 * h0 * alphaSmax) / 1e6;
  const rho45 = (0.45 * c.ft) / s.fy;
  const rhoMin = Math.max(0.002, rho45);
  const AsMin = rhoMin * p.b * p.h;
  st.add('alphaS', 'αs', '截面抵抗矩系数', alphaS, '—', '6.2.10-1', 'αs = M / (α1 fc b h0²)');
  st.add('xi_b', 'ξb', '相对界限受压区高度', xib, '—', '6.2.7-1', 'ξb = β1 / (1 + fy/(Es εcu))');
  st.add('alphaSmax', 'αs,max', '最大截面抵抗矩系数', alphaSmax, '—', '6.2.10-3', 'αs,max = ξb(1 − 0.5ξb)');
  st.add('MuMax', 'Mu,max', '单筋截面最大受弯承载力', MuMax, 'kN·m', '6.2.10-1', 'Mu,max = α1 fc b h0² αs,max');

  let verdict: string;
  let As: number | null = null;
  let xi: number | null = null;
  let x: number | null = null;
  let gammaS: number | null = null;
  let AsCalc: number | null = null;
  if (alphaS >= 0.5) {
    // 1 − 2αs ≤ 0: no compression depth carries M; report the section, never a NaN.
    verdict = 'section_insufficient';
    warnings.push({
      code: 'section_too_small',
      message: `αs = ${fmt(alphaS)} ≥ 0.5：截面无法承受该弯矩（单筋最大 ${fmt(MuMax)} kN·m），请加大截面或提高混凝土等级`,
      clause: '6.2.10',
    });
  } else {
    const root = Math.sqrt(1 - 2 * alphaS);
    xi = 1 - root;
    x = xi * h0;
    gammaS = 0.5 * (1 + root);
    AsCalc = (ALPHA1 * c.fc * p.b * x) / s.fy;
    st.add('xi', 'ξ', '相对受压区高度', xi, '—', '6.2.10-1', 'ξ = 1 − √(1 − 2αs)');
    st.add('x', 'x', '受压区高度', x, 'mm', '6.2.10-1', 'x = ξ h0');
    st.add('gammaS', 'γs', '内力臂系数', gammaS, '—', '6.2.10', 'γs = 0.5(1 + √(1 − 2αs))');
    st.add('As_calc', 'As,calc', '计算所需受拉钢筋面积', AsCalc, 'mm²', '6.2.10-2', 'As = α1 fc b x / fy');
    if (within(xi, xib)) {
      verdict = 'ok';
    } else {
      verdict = 'over_reinforced';
      warnings.push({
        code: 'over_reinforced',
        message: `ξ = ${fmt(xi)} > ξb = ${fmt(xib)}（超筋）：M = ${fmt(p.moment)} kN·m 超过单筋截面 Mu,max = ${fmt(MuMax)} kN·m，请加大截面、提高混凝土等级或按双筋截面（6.2.14）配置受压钢筋`,
        clause: '6.2.10-3',
      });
    }
  }
  st.add('rhoMin', 'ρmin', '最小配筋率', rhoMin, '—', '8.5.1（表 8.5.1）', 'ρmin = max(0.20%, 45 ft/fy %)');
  st.add('rhoMin_governs', 'ρmin 控制项', '最小配筋率控制项', rho45 > 0.002 ? '45ft/fy' : '0.20%', '—', '表 8.5.1');
  st.add('AsMin', 'As,min', '最小配筋面积', AsMin, 'mm²', '8.5.1', 'As,min = ρmin b h');

  let suggestion: Suggestion | null = null;
  if (verdict === 'ok' && AsCalc !== null) {
    As = Math.max(AsCalc, AsMin);
    st.add('As', 'As', '受拉钢筋面积（取计算值与最小值之大者）', As, 'mm²', '6.2.10-2, 8.5.1', 'As = max(As,calc, As,min)');
    if (AsCalc < AsMin) {
      warnings.push({
        code: 'minimum_steel_governs',
        message: `计算 As = ${fmt(AsCalc)} mm² 小于最小配筋 ${fmt(AsMin)} mm²（ρmin = ${pct(rhoMin)}，${rho45 > 0.002 ? '45ft/fy' : '0.20%'} 控制），按最小配筋配置`,
        clause: '8.5.1',
      });
    }
    const bars = beamBars(As, p.b, p.cover);
    if (bars) {
      suggestion = { text: barText(bars, s.name), area: bars.area, unit: 'mm²', note: bars.layers === 2 ? '两排布置' : '一排布置' };
      if (bars.layers === 2) {
        warnings.push({
          code: 'two_layers',
          message: `${barText(bars, s.name)} 在 b = ${fmt(p.b)} mm 内一排放不下（净距 ≥ max(25, d)），需两排；h0 按一排钢筋取值偏于不安全，请用 as（两排约 cover + 45）复算`,
          clause: '9.2.1',
        });
      }
    } else {
      warnings.push({ code: 'bars_do_not_fit', message: `b = ${fmt(p.b)} mm 内两排也放不下所需钢筋，请加大截面宽度`, clause: '9.2.1' });
    }
  }
  if (As === null) st.add('As', 'As', '受拉钢筋面积', null, 'mm²', '6.2.10-2');

  const head = `C${p.concrete_grade}/${s.name} ${fmt(p.b)}×${fmt(p.h)} 梁，M = ${fmt(p.moment)} kN·m`;
  let summary: string;
  if (verdict === 'ok') {
    const gov = AsCalc! < AsMin ? `（最小配筋控制，计算值 ${fmt(AsCalc!)} mm²）` : `（ξ = ${fmt(xi!, 3)} ≤ ξb = ${fmt(xib, 3)}）`;
    summary = `${head}：需受拉钢筋 As = ${fmt(As!)} mm²${gov}，${suggestion ? `建议配 ${suggestion.text}（${fmt(suggestion.area)} mm²）` : '截面宽度放不下所需钢筋'}。`;
  } else if (verdict === 'over_reinforced') {
    summary = `${head}：ξ = ${fmt(xi!, 3)} > ξb = ${fmt(xib, 3)}，超筋（单筋 Mu,max = ${fmt(MuMax)} kN·m），请加大截面或按双筋截面设计。`;
  } else {
    summary = `${head}：αs = ${fmt(alphaS, 3)} ≥ 0.5，截面不足（单筋 Mu,max = ${fmt(MuMax)} kN·m），请加大截面或提高混凝土等级。`;
  }

  return concreteResult({ kind: 'beam', title: String(beamParams.meta()?.title ?? 'beam'), input: { ...p, as: p.as ?? null }, steps: st, verdict, warnings, suggestion, summary });
}

