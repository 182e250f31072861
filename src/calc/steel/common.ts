// What every member check shares: the section and its steps, the strength row of Table 4.4.1 that a check reads
// (Part B §2), the plate classes and γx (Part B §4), the column curves and φ about each axis (Part B §3).
import { InputError } from '../../errors.ts';
import { epsK, strength, type Grade, type Strength } from './materials.ts';
import { fmt, Steps, type Warning } from './result.ts';
import { resolveCurve, sectionProperties, type Curve, type ResolvedCurve, type Section, type SectionInput } from './sections.ts';
import { beamLimits, columnLimits, lambdaN, phiOf, plateClass } from './stability.ts';

export interface Member {
  sec: Section;
  grade: Grade;
  epsK: number;
  isQ235: boolean;
}

export function member(section: SectionInput, grade: Grade): Member {
  return { sec: sectionProperties(section), grade, epsK: epsK(grade), isQ235: grade === 'Q235' };
}

/** Part B §2: which plate sets the strength row. `props` sections without thicknesses must say. */
export function strengthAt(m: Member, which: 'thickest' | 'flange' | 'web'): Strength {
  const t = which === 'thickest' ? m.sec.tMax : which === 'flange' ? m.sec.tFlange : m.sec.tWeb;
  if (t === null) {
    throw new InputError(
      'params.section.t_for_f: 给定特性的截面须给出 tf、tw 或 t_for_f 以按表 4.4.1 取强度 · is required (or tf/tw) to choose f from Table 4.4.1, a number ≥ 1 and ≤ 100 mm',
      'params.section.t_for_f',
    );
  }
  return strength(m.grade, t);
}

const PLATE_TEXT: Record<'thickest' | 'flange' | 'web', string> = { thickest: '最厚板件', flange: '较厚翼缘', web: '腹板' };

export function strengthSteps(st: Steps, m: Member, s: Strength, which: 'thickest' | 'flange' | 'web', override: number | undefined, warnings?: Warning[]): { f: number } {
  const f = override ?? s.f;
  if (override !== undefined && override > s.f && warnings) {
    warnings.push({ code: 'f_above_grade', message: `输入的 f = ${fmt(override)} N/mm² 大于 ${m.grade} 在 t = ${fmt(s.t)} mm 时的 ${fmt(s.f)} N/mm²（表 4.4.1），结果偏不安全 · f override above the grade's design strength: unconservative`, clause: '4.4.1' });
  }
  if (st.on) st.add('f', 'f', `抗拉、抗压和抗弯强度设计值（${override !== undefined ? '输入值' : `${m.grade}，${PLATE_TEXT[which]} t = ${fmt(s.t)} mm，${s.group}`}）`, f, 'N/mm²', override !== undefined ? '输入' : '表 4.4.1');
  return { f };
}

/** The section's properties as steps (units of steel.md: mm-based). */
export function sectionSteps(st: Steps, sec: Section, keys: Array<'A' | 'Ix' | 'Iy' | 'ix' | 'iy' | 'Wx' | 'Wy' | 'Sx'>): void {
  const clause = sec.type === 'props' ? '输入' : '截面特性（§2.2）';
  const rows: Record<string, [string, string, number | null, string, string]> = {
    A: ['A', '毛截面面积', sec.A, 'mm²', sec.type === 'rolled_h' ? 'A = Σ板件 + 4 圆角' : 'A = Σ板件'],
    Ix: ['Ix', '绕强轴惯性矩', sec.Ix, 'mm⁴', 'Ix = Σ(Ik + Ak(yk − yc)²)'],
    Iy: ['Iy', '绕弱轴惯性矩', sec.Iy, 'mm⁴', 'Iy = Σ Ik,y'],
    ix: ['ix', '绕强轴回转半径', sec.ix, 'mm', 'ix = √(Ix/A)'],
    iy: ['iy', '绕弱轴回转半径', sec.iy, 'mm', 'iy = √(Iy/A)'],
    Wx: ['Wx', '受压纤维毛截面模量', sec.Wx1, 'mm³', 'Wx = Ix/(h − yc)'],
    Wy: ['Wy', '绕弱轴截面模量', sec.Wy, 'mm³', 'Wy = Iy/(b/2)'],
    Sx: ['Sx', '中和轴以上面积矩', sec.Sx, 'mm³', 'Sx = Σ A y（中和轴以上）'],
  };
  for (const k of keys) {
    const [sym, name, v, unit, formula] = rows[k]!;
    if (v === null) continue;
    st.add(k, sym, name, v, unit, clause, sec.type === 'props' ? undefined : formula);
  }
}

export interface ClassResult {
  gammaX: number;
  cls: number | null;
}

/**
 * Table 3.5.1 plate classes (beam limits, or beam-column limits with α0) and γx (6.1.2 / 8.1.1, Part B §4).
 * Steps: flange_bt, flange_class, web_htw, web_class, class, gamma_x.
 */
export function classify(
  st: Steps,
  warnings: Warning[],
  m: Member,
  mode: { member: 'beam' } | { member: 'column'; alpha0: number; bothFlanges: boolean },
  gammaOverride: number | undefined,
  fatigue = false,
): ClassResult {
  const { sec, epsK: e } = m;
  const lim = mode.member === 'beam' ? beamLimits(e) : columnLimits(e, mode.alpha0);
  const table = mode.member === 'beam' ? '表 3.5.1（受弯构件）' : '表 3.5.1（压弯构件）';
  // only a compressed flange can buckle: flange 1 (the compression flange of Mx ≥ 0), and flange 2 as well when a
  // beam-column's axial stress keeps it compressed
  const bt1 = sec.flangeBt1 ?? sec.flangeBt;
  const flangeBt = mode.member === 'column' && mode.bothFlanges && sec.flangeBt2 !== null && bt1 !== null ? Math.max(bt1, sec.flangeBt2) : bt1;
  const unequal = sec.flangeBt1 !== null && sec.flangeBt2 !== null && Math.abs(sec.flangeBt1 - sec.flangeBt2) > 1e-9;
  let cls: number | null = null;
  if (flangeBt !== null && sec.webHtw !== null) {
    const fl = plateClass(flangeBt, lim.flange);
    const wb = plateClass(sec.webHtw, lim.web);
    cls = Math.max(fl.cls, wb.cls);
    st.add('flange_bt', 'b/t', unequal ? (flangeBt === bt1 ? '受压翼缘自由外伸宽厚比' : '受压翼缘自由外伸宽厚比（两翼缘均受压，取大者）') : '翼缘自由外伸宽厚比', flangeBt, '—', '表 3.5.1 注 2', sec.type === 'rolled_h' ? 'b = (b − tw)/2 − r' : sec.type === 'props' ? undefined : 'b = (b − tw)/2');
    if (st.on) st.add('flange_class', 'S', `翼缘宽厚比等级（S1–S3 限值 ${lim.flange.slice(0, 3).map((v) => fmt(v, 3)).join('/')}）`, fl.cls, '—', table);
    st.add('web_htw', 'h0/tw', '腹板高厚比', sec.webHtw, '—', '表 3.5.1 注 2', sec.type === 'rolled_h' ? 'h0 = h − 2tf − 2r' : sec.type === 'props' ? undefined : 'h0 = h − 2tf');
    if (st.on) st.add('web_class', 'S', `腹板高厚比等级（S1–S3 限值 ${lim.web.slice(0, 3).map((v) => fmt(v, 3)).join('/')}）`, wb.cls, '—', table);
    if (fl.beyond || wb.beyond) {
      warnings.push({ code: 'beyond_s5', message: `${fl.beyond ? `翼缘 b/t = ${fmt(flangeBt, 3)}` : `腹板 h0/tw = ${fmt(sec.webHtw, 3)}`} 超过 S5 限值`, clause: '表 3.5.1' });
    }
  } else {
    st.add('class', 'S', '截面板件宽厚比等级（未给 flange_bt/web_htw，未分级）', null, '—', '表 3.5.1');
  }
  if (cls !== null) {
    st.add('class', 'S', '截面板件宽厚比等级（取翼缘与腹板的较差者）', cls, '—', '表 3.5.1');
    if (cls === 5) {
      warnings.push({ code: 's5_section', message: 'S5 级截面应按有效截面计算（8.4.2），本计算按毛截面，结果偏不安全 · S5: effective section (8.4.2 / 6.1.1 note) not implemented — result unconservative', clause: '8.4.2, 6.1.1' });
    }
  }
  let gammaX: number;
  let why: string;
  const tableGamma = fatigue ? 1.0 : cls === null ? 1.05 : cls <= 3 ? 1.05 : 1.0;
  if (gammaOverride !== undefined) {
    [gammaX, why] = [gammaOverride, '输入值（override）'];
    if (gammaOverride > tableGamma + 1e-12) {
      warnings.push({ code: 'gamma_x_above_table', message: `输入的 γx = ${fmt(gammaOverride, 3)} 大于按${cls !== null ? ` S${cls} 级截面` : ''}${fatigue ? '疲劳验算' : ''}取的 ${fmt(tableGamma, 3)}（6.1.2 / 8.1.1），结果偏不安全 · gamma_x override above the code's value: unconservative`, clause: mode.member === 'beam' ? '6.1.2' : '8.1.1' });
    }
  } else if (fatigue) [gammaX, why] = [1.0, '需验算疲劳，取 1.0'];
  else if (cls === null) {
    [gammaX, why] = [1.05, '未分级，取 1.05'];
    warnings.push({ code: 'class_not_checked', message: '未给翼缘宽厚比与腹板高厚比，截面等级未验算，γx 取 1.05（可输入 gamma_x）· class not checked', clause: '表 3.5.1, 6.1.2' });
  } else [gammaX, why] = cls <= 3 ? [1.05, `S${cls}，工字形取 1.05`] : [1.0, `S${cls}，取 1.0`];
  st.add('gamma_x', 'γx', `截面塑性发展系数（${why}）`, gammaX, '—', mode.member === 'beam' ? '6.1.2' : '8.1.1');
  return { gammaX, cls };
}

export interface AxisStability {
  lambda: number;
  curve: ResolvedCurve;
  lambdaN: number;
  phi: number;
}

/** Curves about x and y (override → section → error naming the field) resolved for the grade. */
export function curves(st: Steps, m: Member, overrideX: Curve | undefined, overrideY: Curve | undefined): { x: ResolvedCurve; y: ResolvedCurve } {
  const cx = overrideX ?? m.sec.curveX;
  const cy = overrideY ?? m.sec.curveY;
  if (cx === null) throw new InputError('params.class_x: 给定特性的截面须给出截面类别 · is required for a props section: one of "a", "b", "c", "d", "a*", "b*"', 'params.class_x');
  if (cy === null) throw new InputError('params.class_y: 给定特性的截面须给出截面类别 · is required for a props section: one of "a", "b", "c", "d", "a*", "b*"', 'params.class_y');
  const x = resolveCurve(cx, m.isQ235);
  const y = resolveCurve(cy, m.isQ235);
  const rule = overrideX || overrideY ? '输入给定' : m.sec.curveRule;
  const star = (c: Curve, r: ResolvedCurve) => (c !== r ? `${c} → ${r}（${m.grade}）` : r);
  st.add('class_x', '类别 x', `绕强轴截面分类：${star(cx, x)}；${rule}`, x, '—', '表 7.2.1-1');
  st.add('class_y', '类别 y', `绕弱轴截面分类：${star(cy, y)}`, y, '—', '表 7.2.1-1');
  return { x, y };
}

/** λ, λn and φ about one axis (7.2.2-1/-2, D.0.5), as steps lambda_x / lambda_n_x / phi_x. */
export function axisPhi(st: Steps, m: Member, axis: 'x' | 'y', l0mm: number, curve: ResolvedCurve): AxisStability {
  const i = axis === 'x' ? m.sec.ix : m.sec.iy;
  const lambda = l0mm / i;
  const ln = lambdaN(lambda, m.epsK);
  const phi = phiOf(ln, curve);
  if (st.on) st.add(`lambda_${axis}`, `λ${axis}`, `${axis === 'x' ? '绕强轴' : '绕弱轴'}长细比`, lambda, '—', `7.2.2-${axis === 'x' ? 1 : 2}`, `λ${axis} = l0${axis}/i${axis} = ${fmt(l0mm)}/${fmt(i)}`);
  st.add(`lambda_n_${axis}`, `λn,${axis}`, '正则化长细比', ln, '—', 'D.0.5', 'λn = (λ/εk)/π · √(235/E)');
  st.add(`phi_${axis}`, `φ${axis}`, `稳定系数（${curve} 类截面）`, phi, '—', '7.2.1, D.0.5');
  return { lambda, curve, lambdaN: ln, phi };
}

export function epsStep(st: Steps, m: Member): void {
  st.add('eps_k', 'εk', '钢号修正系数', m.epsK, '—', '表 3.5.1 注 1', `εk = √(235/${m.grade === 'Q345' ? 345 : Number(m.grade.slice(1))})`);
}

/** A property the check needs that a `props` section did not give: a 400 naming the field. */
export function need(v: number | null, field: string, why: string): number {
  if (v === null) throw new InputError(`params.section.${field}: ${why}须给出 · is required for this check (a number > 0)`, `params.section.${field}`);
  return v;
}

/** An (default A), which may not exceed A: a 400 naming params.An. */
export function netArea(An: number | undefined, A: number): number {
  const v = An ?? A;
  if (v > A * (1 + 1e-9)) throw new InputError(`params.An: 须 ≤ 毛截面面积 A = ${fmt(A)} mm² · must be ≤ the gross area A = ${fmt(A)} mm²`, 'params.An');
  return v;
}

/**
 * Slenderness limit of a compression member (7.4.6): 150 for columns, relaxed to 200 when the member's design force
 * is at most 50 % of its capacity (`utilisation` = N/(φAf), or the governing ratio of a beam-column). A given limit
 * is used as given. Adds the step `lambda_limit` and a warning when λ exceeds it.
 */
export function slendernessLimit(st: Steps, warnings: Warning[], lambda: number, given: number | undefined, utilisation: number): number {
  const relaxed = given === undefined && utilisation <= 0.5;
  const limit = given ?? (relaxed ? 200 : 150);
  if (st.on) st.add('lambda_limit', '[λ]', given !== undefined ? '容许长细比（输入值）' : relaxed ? `容许长细比（内力不大于承载能力的 50%，利用率 ${fmt(utilisation, 3)}，取 200）` : '容许长细比（受压柱）', limit, '—', given !== undefined ? '输入' : '7.4.6');
  if (lambda > limit) warnings.push({ code: 'slenderness', message: `长细比 λ = ${fmt(lambda, 4)} 超过容许长细比 [λ] = ${fmt(limit)}`, clause: '7.4.6' });
  return limit;
}
