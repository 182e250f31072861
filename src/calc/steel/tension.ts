// Kind `tension`: gross yielding and net fracture (7.1.1-1/-2), friction-type HSFG bolts (7.1.1-3) and the
// shear-lag factor η of 7.1.3.
import { member, netArea, strengthAt, strengthSteps } from './common.ts';
import { Checks, fmt, Steps, steelResult, type SteelResult, type Warning } from './result.ts';
import { tensionParams, type TensionParams } from './schema.ts';

export function tension(p: TensionParams, steps = true): SteelResult {
  const st = new Steps(steps);
  const warnings: Warning[] = [];
  const checks = new Checks();
  const m = member(p.section, p.grade);
  const A0 = m.sec.A;
  const An0 = netArea(p.An, A0);
  const s = strengthAt(m, 'thickest');
  const { f } = strengthSteps(st, m, s, 'thickest', undefined);
  st.add('fu', 'fu', '抗拉强度', s.fu, 'N/mm²', '表 4.4.1');
  const eta = p.eta_connection;
  const A = A0 * eta;
  const An = An0 * eta;
  st.add('A', 'A', eta < 1 ? `有效毛截面面积（η = ${eta}）` : '毛截面面积', A, 'mm²', eta < 1 ? '7.1.3' : '截面特性', eta < 1 ? 'A = η A0' : undefined);
  st.add('An', 'An', eta < 1 ? `有效净截面面积（η = ${eta}）` : '净截面面积', An, 'mm²', eta < 1 ? '7.1.3' : p.An !== undefined ? '输入' : '无孔洞，An = A');
  const N = p.N * 1e3;
  const sg = N / A;
  const bolts = p.n !== undefined && p.n1 !== undefined ? 1 - (0.5 * p.n1) / p.n : 1;
  const sn = (bolts * N) / An;
  st.add('sigma_gross', 'σ', '毛截面应力', sg, 'N/mm²', '7.1.1-1', 'σ = N/A');
  st.add('ratio_gross', 'σ/f', '毛截面屈服验算', sg / f, '—', '7.1.1-1', 'N/(A f) ≤ 1.0');
  st.add('sigma_net', 'σn', bolts < 1 ? `净截面应力（摩擦型高强螺栓，1 − 0.5n1/n = ${fmt(bolts, 4)}）` : '净截面应力', sn, 'N/mm²', bolts < 1 ? '7.1.1-3' : '7.1.1-2', bolts < 1 ? 'σn = (1 − 0.5 n1/n) N/An' : 'σn = N/An');
  st.add('ratio_net', 'σn/0.7fu', '净截面断裂验算', sn / (0.7 * s.fu), '—', bolts < 1 ? '7.1.1-3' : '7.1.1-2', 'σn ≤ 0.7 fu');
  const Nu = Math.min(A * f, (0.7 * s.fu * An) / bolts) / 1e3;
  st.add('Nu', 'Nu', '受拉承载力', Nu, 'kN', '7.1.1', 'Nu = min(A f, 0.7 fu An)');
  checks.add('ratio_gross', '毛截面屈服', sg / f, sg, '7.1.1-1', 'N/(A f) ≤ 1.0');
  checks.add('ratio_net', '净截面断裂', sn / (0.7 * s.fu), sn, bolts < 1 ? '7.1.1-3' : '7.1.1-2', 'N/(An · 0.7fu) ≤ 1.0');
  const r = steelResult({ kind: 'tension', title: String(tensionParams.meta()?.title ?? ''), params: p, section: m.sec, steps: st, checks, warnings, summary: '' });
  const g = r.checks.find((c) => c.key === r.governing)!;
  // the summary is the sheet's: a ratios-only check leaves it empty
  if (st.on) r.summary = `${m.sec.label}（${p.grade}）受拉 N = ${fmt(p.N)} kN：${g.name}控制，${g.key === 'ratio_gross' ? 'N/(Af)' : 'σn/(0.7fu)'} = ${fmt(g.ratio, 3)} ${checks.allPass() ? '≤ 1.0，满足' : '> 1.0，不满足'}；Nu = ${fmt(Nu)} kN。`;
  return r;
}
