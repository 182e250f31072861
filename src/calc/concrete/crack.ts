// Kind `crack`: maximum crack width of a reinforced flexural member under the quasi-permanent moment (7.1.2,
// 7.1.4), conventions of concrete.md Part B 6: cover = cs, h0 = h − cover − d/2, deq = d/ν.
import { barArea, barSymbol } from './bars.ts';
import { concrete, steel } from './materials.ts';
import { concreteResult, fmt, pct, Steps, within, type ConcreteResult, type Suggestion, type Warning } from './result.ts';
import { crackParams, type CrackParams } from './schema.ts';

/** αcr of Table 7.1.2-1 for reinforced bending members (2010 edition). */
export const ALPHA_CR = 1.9;

interface Width {
  rhoTeRaw: number;
  rhoTe: number;
  sigma: number;
  psiRaw: number;
  psi: number;
  wmax: number;
}

function width(Mq: number, As: number, Ate: number, h0: number, cs: number, deq: number, ftk: number, Es: number): Width {
  const rhoTeRaw = As / Ate;
  const rhoTe = Math.max(0.01, rhoTeRaw);
  const sigma = Mq / (0.87 * h0 * As);
  const psiRaw = 1.1 - (0.65 * ftk) / (rhoTe * sigma);
  const psi = Math.min(1.0, Math.max(0.2, psiRaw));
  const wmax = ALPHA_CR * psi * (sigma / Es) * (1.9 * cs + (0.08 * deq) / rhoTe);
  return { rhoTeRaw, rhoTe, sigma, psiRaw, psi, wmax };
}

export function crack(p: CrackParams): ConcreteResult {
  const c = concrete(p.concrete_grade);
  const s = steel(p.steel_grade);
  const st = new Steps();
  const warnings: Warning[] = [];

  const Mq = p.moment * 1e6;
  const h0 = p.h - p.cover - p.dia / 2;
  const cs = Math.min(65, Math.max(20, p.cover));
  const Ate = 0.5 * p.b * p.h;
  const deq = p.dia / s.nu;
  const w = width(Mq, p.As, Ate, h0, cs, deq, c.ftk, s.Es);

  st.add('ftk', 'ftk', '混凝土轴心抗拉强度标准值', c.ftk, 'MPa', '表 4.1.3-2');
  st.add('Es', 'Es', `${s.name} 弹性模量`, s.Es, 'MPa', '表 4.2.5');
  st.add('h0', 'h0', '截面有效高度', h0, 'mm', '7.1.4', 'h0 = h − cs − d/2');
  st.add('cs', 'cs', '受拉钢筋外边缘至受拉区底边距离（取 20…65）', cs, 'mm', '7.1.2');
  st.add('Ate', 'Ate', '有效受拉混凝土截面面积', Ate, 'mm²', '7.1.2-4', 'Ate = 0.5 b h');
  st.add('rho_te_raw', 'ρte', '按有效受拉截面计算的配筋率', w.rhoTeRaw, '—', '7.1.2-4', 'ρte = As/Ate');
  st.add('rho_te', 'ρte', '计算用 ρte（不小于 0.01）', w.rhoTe, '—', '7.1.2');
  st.add('sigma_sq', 'σsq', '准永久组合下受拉钢筋应力', w.sigma, 'MPa', '7.1.4-3', 'σsq = Mq/(0.87 h0 As)');
  st.add('psi_raw', 'ψ', '裂缝间纵向受拉钢筋应变不均匀系数（计算值）', w.psiRaw, '—', '7.1.2-2', 'ψ = 1.1 − 0.65 ftk/(ρte σsq)');
  st.add('psi', 'ψ', '计算用 ψ（取 0.2…1.0）', w.psi, '—', '7.1.2');
  st.add('nu', 'ν', `相对粘结特性系数（${s.plain ? '光圆钢筋' : '带肋钢筋'}）`, s.nu, '—', '表 7.1.2-2');
  st.add('deq', 'deq', '受拉区纵筋等效直径', deq, 'mm', '7.1.2-3', 'deq = d/ν');
  st.add('alpha_cr', 'αcr', '构件受力特征系数（受弯）', ALPHA_CR, '—', '表 7.1.2-1');
  st.add('wmax', 'wmax', '最大裂缝宽度', w.wmax, 'mm', '7.1.2-1', 'wmax = αcr ψ (σsq/Es)(1.9cs + 0.08 deq/ρte)');
  st.add('w_lim', 'wlim', '最大裂缝宽度限值', p.w_lim, 'mm', '表 3.4.5');

  const verdict = within(w.wmax, p.w_lim) ? 'ok' : 'fail';
  if (verdict === 'fail') {
    warnings.push({ code: 'crack_width_exceeded', message: `wmax = ${fmt(w.wmax, 3)} mm 大于限值 ${fmt(p.w_lim)} mm`, clause: '3.4.5, 7.1.2' });
  }
  if (p.cover !== cs) warnings.push({ code: 'cs_clamped', message: `cs = ${fmt(p.cover)} mm 按 ${cs} mm 计算（取 20…65）`, clause: '7.1.2' });
  if (w.rhoTeRaw < 0.01) warnings.push({ code: 'rho_te_floor', message: `ρte = ${pct(w.rhoTeRaw)} < 1%，按 0.01 计算`, clause: '7.1.2' });
  if (w.psiRaw !== w.psi) warnings.push({ code: 'psi_clamped', message: `ψ 计算值 ${fmt(w.psiRaw, 3)} 按 ${fmt(w.psi, 3)} 取用（0.2…1.0）`, clause: '7.1.2' });
  if (w.sigma > s.fy) {
    warnings.push({ code: 'steel_stress_over_fy', message: `σsq = ${fmt(w.sigma)} MPa 已超过 fy = ${s.fy} MPa，请先复核正截面承载力`, clause: '7.1.4' });
  }

  let suggestion: Suggestion | null = null;
  let needed: number | null = null;
  if (verdict === 'fail') {
    // wmax falls monotonically with As at a fixed bar size (ρte σsq is constant, σsq and 1/ρte fall), so a
    // bisection finds the least As that meets w_lim; past 4 % of b·h0 the section itself is the problem.
    const f = (As: number) => width(Mq, As, Ate, h0, cs, deq, c.ftk, s.Es).wmax;
    let lo = p.As;
    let hi = Math.min(0.04 * p.b * h0, p.b * p.h * 0.999);
    if (hi > lo && f(hi) <= p.w_lim) {
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (f(mid) <= p.w_lim) hi = mid;
        else lo = mid;
      }
      needed = hi;
      const n = Math.ceil(needed / barArea(p.dia) - 1e-9);
      suggestion = { text: `${n}${barSymbol(s.name)}${fmt(p.dia)}${s.name === 'HPB300' ? '' : `（${s.name}）`}`, area: n * barArea(p.dia), unit: 'mm²', note: `保持 d = ${fmt(p.dia)} mm 时 As ≥ ${fmt(needed)} mm²` };
    }
  }
  st.add('As_needed', 'As,need', '满足 wlim 所需受拉钢筋面积（同直径）', needed, 'mm²', '7.1.2-1');

  const head = `C${p.concrete_grade}/${s.name} ${fmt(p.b)}×${fmt(p.h)} 梁，Mq = ${fmt(p.moment)} kN·m，As = ${fmt(p.As)} mm²（d = ${fmt(p.dia)}）`;
  let summary: string;
  if (verdict === 'ok') {
    summary = `${head}：最大裂缝宽度 wmax = ${fmt(w.wmax, 3)} mm ≤ ${fmt(p.w_lim)} mm，满足。`;
  } else if (suggestion) {
    summary = `${head}：wmax = ${fmt(w.wmax, 3)} mm > ${fmt(p.w_lim)} mm，不满足，保持 d = ${fmt(p.dia)} mm 需 As ≥ ${fmt(needed!)} mm²，可配 ${suggestion.text}（${fmt(suggestion.area)} mm²）或改用较细钢筋。`;
  } else {
    summary = `${head}：wmax = ${fmt(w.wmax, 3)} mm > ${fmt(p.w_lim)} mm，不满足，增加钢筋也难以满足，请加大截面。`;
  }

  return concreteResult({ kind: 'crack', title: String(crackParams.meta()?.title ?? 'crack'), input: { ...p }, steps: st, verdict, warnings, suggestion, summary });
}
