// Kind `column`: axial compression capacity of a tied column (6.2.15), conventions of concrete.md Part B 4:
// φ by l0/b on the short side, linear between the rows of Table 6.2.15; A − As′ in place of A when ρ′ > 3 %.
import { barText, columnBars } from './bars.ts';
import { concrete, steel } from './materials.ts';
import { concreteResult, fmt, pct, Steps, within, type ConcreteResult, type Suggestion, type Warning } from './result.ts';
import { columnParams, type ColumnParams } from './schema.ts';

/** Table 6.2.15: l0/b and the stability factor φ. */
export const PHI_TABLE: ReadonlyArray<readonly [number, number]> = [
  [8, 1.0], [10, 0.98], [12, 0.95], [14, 0.92], [16, 0.87], [18, 0.81], [20, 0.75], [22, 0.7], [24, 0.65],
  [26, 0.6], [28, 0.56], [30, 0.52], [32, 0.48], [34, 0.44], [36, 0.4], [38, 0.36], [40, 0.32], [42, 0.29],
  [44, 0.26], [46, 0.23], [48, 0.21], [50, 0.19],
];

/** φ for l0/b ≤ 50 (the schema rejects larger ratios); ≤ 8 gives 1.0. */
export function phiOf(ratio: number): number {
  if (ratio <= PHI_TABLE[0]![0]) return 1.0;
  for (let i = 1; i < PHI_TABLE.length; i++) {
    const [r1, p1] = PHI_TABLE[i]!;
    if (ratio <= r1) {
      const [r0, p0] = PHI_TABLE[i - 1]!;
      return p0 + ((p1 - p0) * (ratio - r0)) / (r1 - r0);
    }
  }
  throw new RangeError(`l0/b = ${ratio} is past Table 6.2.15`);
}

export function column(p: ColumnParams): ConcreteResult {
  const c = concrete(p.concrete_grade);
  const s = steel(p.steel_grade);
  const st = new Steps();
  const warnings: Warning[] = [];

  const N = p.N * 1e3;
  const short = Math.min(p.b, p.h);
  const ratio = (p.l0 * 1000) / short;
  const phi = phiOf(ratio);
  const A = p.b * p.h;
  const rho = p.As / A;
  const reduced = rho > 0.03;
  const Ac = reduced ? A - p.As : A;
  const Nu = (0.9 * phi * (c.fc * Ac + s.fyc * p.As)) / 1e3;
  const AsReq = (N / (0.9 * phi) - c.fc * A) / s.fyc;

  st.add('fc', 'fc', '混凝土轴心抗压强度设计值', c.fc, 'MPa', '表 4.1.4-1');
  st.add('fyc', 'f′y', `${s.name} 抗压强度设计值（轴心受压）`, s.fyc, 'MPa', '表 4.2.3-1');
  st.add('l0_over_b', 'l0/b', '长细比（b 取短边）', ratio, '—', '表 6.2.15', `l0/b = ${fmt(p.l0 * 1000)}/${fmt(short)}`);
  st.add('phi', 'φ', '稳定系数（表中线性插值）', phi, '—', '表 6.2.15');
  st.add('A', 'A', '构件截面面积', A, 'mm²', '6.2.15', 'A = b h');
  st.add('rho', 'ρ′', '全部纵筋配筋率', rho, '—', '6.2.15', 'ρ′ = As′/A');
  st.add('Ac', 'Ac', '计算用混凝土面积', Ac, 'mm²', '6.2.15 注', reduced ? 'ρ′ > 3%：A − As′' : 'ρ′ ≤ 3%：A');
  st.add('Nu', 'Nu', '轴心受压承载力', Nu, 'kN', '6.2.15-1', 'Nu = 0.9 φ (fc A + f′y As′)');
  st.add('AsReq', 'As′,req', '按 N 反算所需纵筋面积', AsReq, 'mm²', '6.2.15-1', 'As′ = (N/(0.9φ) − fc A)/f′y');

  let design = AsReq;
  if (AsReq / A > 0.03) {
    design = (N / (0.9 * phi) - c.fc * A) / (s.fyc - c.fc);
    st.add('AsReq_reduced', 'As′,req', '所需纵筋面积（ρ′ > 3%，以 A − As′ 代替 A）', design, 'mm²', '6.2.15 注', 'As′ = (N/(0.9φ) − fc A)/(f′y − fc)');
  }
  const rhoMin = s.rhoMinColumn;
  st.add('rhoMinAll', 'ρ′min', '全部纵筋最小配筋率', rhoMin, '—', '8.5.1（表 8.5.1）');
  st.add('rhoMax', 'ρ′max', '全部纵筋最大配筋率', 0.05, '—', '9.3.1');

  const verdict = within(N, Nu * 1e3) ? 'ok' : 'fail';
  if (rho < rhoMin) {
    warnings.push({ code: 'below_minimum_ratio', message: `ρ′ = ${pct(rho)} 小于最小配筋率 ${pct(rhoMin)}（${s.name}），纵筋至少 ${fmt(rhoMin * A)} mm²`, clause: '8.5.1' });
  }
  if (rho > 0.05) warnings.push({ code: 'above_maximum_ratio', message: `ρ′ = ${pct(rho)} 超过 5% 的最大配筋率`, clause: '9.3.1' });
  if (reduced) warnings.push({ code: 'ratio_over_3pct', message: `ρ′ = ${pct(rho)} > 3%，承载力按 A − As′ 计算`, clause: '6.2.15' });
  if (AsReq <= 0) {
    warnings.push({ code: 'minimum_steel_governs', message: `混凝土即可承受 N（计算 As′ = ${fmt(AsReq)} mm² ≤ 0），纵筋按构造最小配筋 ${fmt(rhoMin * A)} mm² 配置`, clause: '8.5.1' });
  }
  if (ratio <= 8) warnings.push({ code: 'short_column', message: `l0/b = ${fmt(ratio, 3)} ≤ 8，φ = 1.0`, clause: '表 6.2.15' });

  const need = Math.max(design, rhoMin * A);
  st.add('As_design', 'As′,design', '设计所需纵筋（不小于最小配筋）', need, 'mm²', '6.2.15, 8.5.1', 'max(As′,req, ρ′min A)');
  let suggestion: Suggestion | null = null;
  if (need / A > 0.05) {
    warnings.push({ code: 'section_too_small', message: `所需纵筋 ${fmt(need)} mm² 超过 5% 配筋率，请加大截面或提高混凝土等级`, clause: '9.3.1' });
  } else {
    const bars = columnBars(need, p.b, p.h);
    if (bars) suggestion = { text: barText(bars, s.name), area: bars.area, unit: 'mm²', note: '沿四边对称布置，中距 ≤ 300 mm，净距 ≥ 50 mm' };
    else warnings.push({ code: 'bars_do_not_fit', message: `截面内按净距 ≥ 50 mm 放不下 ${fmt(need)} mm² 纵筋，请加大截面`, clause: '9.3.1' });
  }

  const head = `C${p.concrete_grade}/${s.name} ${fmt(p.b)}×${fmt(p.h)} 柱，l0 = ${fmt(p.l0)} m（φ = ${fmt(phi, 3)}），As′ = ${fmt(p.As)} mm²`;
  const tail = suggestion ? `按 N 设计需 As′ ≥ ${fmt(need)} mm²，可配 ${suggestion.text}（${fmt(suggestion.area)} mm²）` : `按 N 设计需 As′ ≥ ${fmt(need)} mm²，截面内难以布置，应加大截面`;
  const summary = verdict === 'ok'
    ? `${head}：Nu = ${fmt(Nu)} kN ≥ N = ${fmt(p.N)} kN，满足；${tail}。`
    : `${head}：Nu = ${fmt(Nu)} kN < N = ${fmt(p.N)} kN，不满足；${tail}。`;

  return concreteResult({ kind: 'column', title: String(columnParams.meta()?.title ?? 'column'), input: { ...p }, steps: st, verdict, warnings, suggestion, summary });
}
