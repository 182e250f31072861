// Kind `beam_column`: strength (8.1.1), in-plane stability with βmx and N'Ex (8.2.1-1, and 8.2.1-4 for a larger
// compression flange) and out-of-plane stability with η, βtx and φb (8.2.1-3, Appendix C; Part B §6 and §8).
import { InputError } from '../../errors.ts';
import { axisPhi, netArea, classify, curves, epsStep, member, need, sectionSteps, slendernessLimit, strengthAt, strengthSteps } from './common.ts';
import { E } from './materials.ts';
import { Checks, fmt, Steps, steelResult, type SteelResult, type Warning } from './result.ts';
import { beamColumnParams, type BeamColumnParams } from './schema.ts';
import { etaB, phiBC01, phiBC05, phiBCorrected } from './stability.ts';

interface Betas {
  bmx: number;
  bmxWhy: string;
  btx: number;
  btxWhy: string;
}

/** βmx and βtx by 8.2.1 from the moment description (steel.md §7.4), or the overrides. */
export function equivalentMoment(p: BeamColumnParams, N: number, Ncr: number, warnings: Warning[]): Betas {
  const mo = p.moments;
  let bmx: number;
  let bmxWhy: string;
  let btx: number;
  let btxWhy: string;
  if (!mo) {
    [bmx, bmxWhy, btx, btxWhy] = [1, '未给弯矩分布，取 1.0', 1, '未给弯矩分布，取 1.0'];
    if (p.beta_mx === undefined || p.beta_tx === undefined) {
      warnings.push({ code: 'moments_default', message: '未给 moments（弯矩分布），βmx、βtx 取 1.0（偏安全）', clause: '8.2.1' });
    }
  } else {
    const r = mo.m2_m1;
    const n = N / Ncr;
    if (mo.cantilever) {
      const m = mo.m!;
      bmx = 1 - 0.36 * (1 - m) * n;
      bmxWhy = `悬臂构件：βmx = 1 − 0.36(1 − m)N/Ncr，m = ${fmt(m, 3)}`;
    } else if (mo.sway) {
      if (mo.transverse !== 'none') [bmx, bmxWhy] = [1, '有侧移框架，柱脚铰接单层或底层柱有横向荷载：βmx = 1.0'];
      else [bmx, bmxWhy] = [1 - 0.36 * n, '有侧移框架柱：βmx = 1 − 0.36N/Ncr'];
    } else if (mo.transverse === 'none') {
      const rr = r ?? 1;
      [bmx, bmxWhy] = [0.6 + 0.4 * rr, `无侧移、无横向荷载：βmx = 0.6 + 0.4M2/M1，M2/M1 = ${fmt(rr, 3)}${r === undefined ? '（未给，取等弯矩 1.0）' : ''}`];
    } else {
      const bq = mo.transverse === 'udl' ? 1 - 0.18 * n : 1 - 0.36 * n;
      const qText = mo.transverse === 'udl' ? '全跨均布荷载 βmqx = 1 − 0.18N/Ncr' : '跨中集中荷载 βmqx = 1 − 0.36N/Ncr';
      if (r === undefined || p.Mx === 0) [bmx, bmxWhy] = [bq, `无侧移，仅横向荷载：${qText}`];
      else {
        const b1 = 0.6 + 0.4 * r;
        bmx = (bq * mo.Mqx! + b1 * mo.M1!) / p.Mx;
        bmxWhy = `端弯矩与横向荷载：βmx Mx = βmqx Mqx + βm1x M1（${qText}，βm1x = 0.6 + 0.4M2/M1）`;
      }
    }
    // 8.2.1-3: βtx = 1.0 is item 2's, for a member that is a cantilever out of the plane of bending; a member
    // cantilevered in plane but held out of plane at both ends takes item 1 (its segment's moments and loads)
    const outOfPlane = mo.cantilever && (mo.out_of_plane === 'auto' ? p.l0y >= p.l0x : mo.out_of_plane === 'cantilever');
    const heldText = mo.cantilever ? `平面内悬臂、平面外两端有支承（${mo.out_of_plane === 'held' ? '输入' : `l0y = ${fmt(p.l0y)} m < l0x = ${fmt(p.l0x)} m`}），按支承间段取；` : '';
    if (outOfPlane) [btx, btxWhy] = [1, `弯矩作用平面外为悬臂的构件：βtx = 1.0（${mo.out_of_plane === 'cantilever' ? '输入' : `l0y = ${fmt(p.l0y)} m ≥ l0x = ${fmt(p.l0x)} m`}）`];
    else if (mo.transverse === 'none') {
      const rr = r ?? 1;
      [btx, btxWhy] = [0.65 + 0.35 * rr, `${heldText}无横向荷载：βtx = 0.65 + 0.35M2/M1，M2/M1 = ${fmt(rr, 3)}${r === undefined ? '（未给，取 1.0）' : ''}`];
    } else if (r === undefined) [btx, btxWhy] = [1, `${heldText}仅横向荷载：βtx = 1.0`];
    else [btx, btxWhy] = r >= 0 ? [1, `${heldText}端弯矩与横向荷载，同向曲率：βtx = 1.0`] : [0.85, `${heldText}端弯矩与横向荷载，反向曲率：βtx = 0.85`];
  }
  if (p.beta_mx !== undefined) [bmx, bmxWhy] = [p.beta_mx, 'override（输入值）'];
  if (p.beta_tx !== undefined) [btx, btxWhy] = [p.beta_tx, 'override（输入值）'];
  return { bmx, bmxWhy, btx, btxWhy };
}

export function beamColumn(p: BeamColumnParams, steps = true): SteelResult {
  const st = new Steps(steps);
  const warnings: Warning[] = [];
  const checks = new Checks();
  const m = member(p.section, p.grade);
  const { sec } = m;
  const An = netArea(p.An, sec.A);
  const W1x = need(sec.Wx1, 'Wx', '压弯计算');
  const N = p.N * 1e3;
  const Mx = p.Mx * 1e6;

  epsStep(st, m);
  sectionSteps(st, sec, ['A', 'Ix', 'ix', 'iy', 'Wx']);
  const { f } = strengthSteps(st, m, strengthAt(m, 'thickest'), 'thickest', p.f, warnings);

  // web stress gradient α0 for the beam-column limits of Table 3.5.1 (compression +), from the stresses at the two
  // web edges measured from the real neutral axis: with unequal flanges it is not at mid-web (issue 32)
  let alpha0 = 0;
  let bothFlanges = true;
  if (sec.h0 !== null) {
    const sN = N / sec.A;
    const yc = sec.yc ?? (sec.h ?? 0) / 2;
    const top = sec.yWebTop ?? yc + sec.h0 / 2;
    const bot = sec.yWebBot ?? yc - sec.h0 / 2;
    const sTop = sN + (Mx * (top - yc)) / sec.Ix;
    const sBot = sN - (Mx * (yc - bot)) / sec.Ix;
    const sMax = Math.max(sTop, sBot);
    const sMin = Math.min(sTop, sBot);
    alpha0 = sMax > 0 ? Math.min((sMax - sMin) / sMax, 2) : 2;
    bothFlanges = sec.h !== null && sN - (Mx * yc) / sec.Ix > 0;
    st.add('sigma_web_max', 'σmax', '腹板计算高度边缘最大压应力', sMax, 'N/mm²', '3.5.1', 'σ = N/A + Mx y1/Ix（y1 自中和轴量起）');
    st.add('sigma_web_min', 'σmin', '腹板计算高度另一边缘应力（压为正）', sMin, 'N/mm²', '3.5.1', 'σ = N/A − Mx y2/Ix');
    st.add('alpha0', 'α0', '腹板应力梯度', alpha0, '—', '3.5.1', 'α0 = (σmax − σmin)/σmax');
  }
  const { gammaX } = classify(st, warnings, m, { member: 'column', alpha0, bothFlanges }, p.gamma_x);

  const cv = curves(st, m, p.class_x, p.class_y);
  const ax = axisPhi(st, m, 'x', p.l0x * 1000, cv.x);
  const ay = axisPhi(st, m, 'y', p.l0y * 1000, cv.y);
  
  const NEx = (Math.PI ** 2 * E * sec.A) / (1.1 * ax.lambda ** 2);
  const l0x = p.l0x * 1000;
  const Ncr = (Math.PI ** 2 * E * sec.Ix) / l0x ** 2;
  st.add('NEx_prime', "N'Ex", '参数', NEx / 1e3, 'kN', '8.2.1', "N'Ex = π²EA/(1.1λx²)");
  st.add('Ncr', 'Ncr', '弹性临界力', Ncr / 1e3, 'kN', '8.2.1', 'Ncr = π²EIx/l0x²');
  const b = equivalentMoment(p, N, Ncr, warnings);
  st.add('beta_mx', 'βmx', `平面内等效弯矩系数（${b.bmxWhy}）`, b.bmx, '—', '8.2.1');
  st.add('beta_tx', 'βtx', `平面外等效弯矩系数（${b.btxWhy}）`, b.btx, '—', '8.2.1');
  const eta = p.eta ?? 1.0;
  st.add('eta', 'η', `截面影响系数（${p.eta !== undefined ? '输入值' : '开口截面 1.0'}）`, eta, '—', '8.2.1');

  // φb for the out-of-plane check (Part B §6)
  let phiB: number;
  let phiBWhy: string;
  let phiBClause: string;
  const lamY = ay.lambda;
  if (p.phi_b !== undefined) [phiB, phiBWhy, phiBClause] = [p.phi_b, '输入值', '输入'];
  else {
    const useC05 = p.phi_b_method === 'C.0.5' || (p.phi_b_method === 'auto' && lamY <= 120 * m.epsK);
    const doubly = sec.doublySymmetric || sec.alphaB === null || sec.alphaB === 0.5;
    if (useC05) {
      const h = doubly ? 0 : need(sec.h, 'h', 'φb（C.0.5-2）计算');
      phiB = phiBC05({ lambdaY: lamY, epsK: m.epsK, doubly, Wx: W1x, alphaB: sec.alphaB ?? 0.5, A: sec.A, h });
      phiBWhy = doubly ? 'C.0.5-1：φb = 1.07 − λy²/(44000εk²) ≤ 1.0' : 'C.0.5-2：φb = 1.07 − Wx/((2αb + 0.1)Ah) · λy²/(14000εk²) ≤ 1.0';
      phiBClause = doubly ? 'C.0.5-1' : 'C.0.5-2';
      if (phiB < 0.05) {
        throw new InputError(
          `params.phi_b_method: C.0.5 在 λy = ${fmt(lamY, 4)} 时给出 φb = ${fmt(phiB, 3)}，已无意义，请用 "auto" 或 "C.0.1" · C.0.5 gives φb = ${fmt(phiB, 3)} at λy = ${fmt(lamY, 4)}; must be one of "auto", "C.0.1" here`,
          'params.phi_b_method',
        );
      }
      if (lamY > 120 * m.epsK) warnings.push({ code: 'c05_out_of_range', message: `λy = ${fmt(lamY, 4)} > 120εk = ${fmt(120 * m.epsK, 4)}，C.0.5 超出适用范围（按输入强制使用）`, clause: 'C.0.5' });
    } else {
      const h = need(sec.h, 'h', 'φb（C.0.1）计算');
      const t1 = need(sec.t1, 'tf', 'φb（C.0.1）计算');
      const raw = phiBC01({ betaB: 1.0, lambdaY: lamY, A: sec.A, h, Wx: W1x, t1, etaB: sec.alphaB === null ? 0 : etaB(sec.alphaB), epsK: m.epsK });
      phiB = phiBCorrected(raw);
      phiBWhy = `C.0.1（βb = 1.0，φb = ${fmt(raw, 4)}${raw > 0.6 ? "，φb' = 1.07 − 0.282/φb" : ''}）`;
      phiBClause = 'C.0.1';
    }
  }
  st.add('phi_b', 'φb', `均匀弯曲的受弯构件整体稳定系数（${phiBWhy}）`, phiB, '—', phiBClause);

  // 8.1.1 strength at both extreme fibres: the compression fibre N/An + Mx/(γx Wnx) and, for unequal flanges, the
  // other fibre |N/An − Mx/(γx Wnx2)|, which a smaller tension flange can make the larger (issue 32)
  const Wnx = p.Wnx ?? W1x;
  const Wx2 = sec.Wx2 ?? W1x;
  const Wnx2 = p.Wnx2 ?? (p.Wnx !== undefined ? (Wx2 * p.Wnx) / W1x : Wx2);
  const s1 = N / An + Mx / (gammaX * Wnx);
  const s2 = Math.abs(N / An - Mx / (gammaX * Wnx2));
  const twoFibres = Math.abs(Wnx2 - Wnx) > 1e-9 * Wnx;
  const other = twoFibres && s2 > s1;
  const sStr = other ? s2 : s1;
  const strFormula = other ? '|N/(An f) − Mx/(γx Wnx2 f)| ≤ 1.0' : 'N/(An f) + Mx/(γx Wnx f) ≤ 1.0';
  if (twoFibres) {
    st.add('sigma_strength_c', 'σc', '受压翼缘侧边缘纤维应力', s1, 'N/mm²', '8.1.1-1', 'σ = N/An + Mx/(γx Wnx)');
    st.add('sigma_strength_t', 'σt', '另一侧边缘纤维应力（绝对值）', s2, 'N/mm²', '8.1.1-1', 'σ = |N/An − Mx/(γx Wnx2)|');
  }
  st.add('sigma_strength', 'σ', twoFibres ? '截面强度应力（两侧边缘纤维取大者）' : '截面强度应力', sStr, 'N/mm²', '8.1.1-1', other ? 'σ = |N/An − Mx/(γx Wnx2)|' : 'σ = N/An + Mx/(γx Wnx)');
  st.add('ratio_strength', 'σ/f', '截面强度验算', sStr / f, '—', '8.1.1-1', strFormula);
  checks.add('ratio_strength', '截面强度', sStr / f, sStr, '8.1.1-1', strFormula);

  // 8.2.1-1 in plane
  const amp = 1 - (0.8 * N) / NEx;
  const inN = N / (ax.phi * sec.A);
  const inFormula = "N/(φx A f) + βmx Mx/(γx W1x (1 − 0.8N/N'Ex) f) ≤ 1.0";
  if (amp > 0) {
    const inM = (b.bmx * Mx) / (gammaX * W1x * amp);
    st.add('sigma_in_plane_N', 'σN', '平面内稳定：轴力项', inN, 'N/mm²', '8.2.1-1', 'N/(φx A)');
    st.add('sigma_in_plane_M', 'σM', '平面内稳定：弯矩项', inM, 'N/mm²', '8.2.1-1', "βmx Mx/(γx W1x (1 − 0.8N/N'Ex))");
    st.add('sigma_in_plane', 'σ', '平面内稳定应力', inN + inM, 'N/mm²', '8.2.1-1');
    st.add('ratio_in_plane', '比值', '平面内整体稳定验算', (inN + inM) / f, '—', '8.2.1-1', inFormula);
    checks.add('ratio_in_plane', '弯矩作用平面内整体稳定', (inN + inM) / f, inN + inM, '8.2.1-1', inFormula);
  } else {
    const ratio = Math.max((0.8 * N) / NEx, inN / f);
    warnings.push({ code: 'beyond_euler', message: `N ≥ 1.25 N'Ex（N'Ex = ${fmt(NEx / 1e3)} kN），平面内失稳，8.2.1-1 不再适用`, clause: '8.2.1' });
    st.add('ratio_in_plane', '比值', "平面内整体稳定（N ≥ 1.25N'Ex，取 0.8N/N'Ex）", ratio, '—', '8.2.1-1');
    checks.add('ratio_in_plane', '弯矩作用平面内整体稳定', ratio, null, '8.2.1-1', "0.8N/N'Ex < 1.0");
  }

  // 8.2.1-4: the side without the larger flange of a singly symmetric section
  if (sec.alphaB !== null && sec.alphaB > 0.5 && !sec.doublySymmetric && sec.Wx2 !== null) {
    const amp2 = 1 - (1.25 * N) / NEx;
    if (amp2 > 0) {
      const v = Math.abs(N / (sec.A * f) - (b.bmx * Mx) / (gammaX * sec.Wx2 * amp2 * f));
      st.add('ratio_in_plane_2', '比值', '平面内稳定（较小翼缘一侧）', v, '—', '8.2.1-4', "|N/(Af) − βmx Mx/(γx W2x (1 − 1.25N/N'Ex) f)| ≤ 1.0");
      checks.add('ratio_in_plane_2', '平面内稳定（较小翼缘侧）', v, v * f, '8.2.1-4', "|N/(Af) − βmx Mx/(γx W2x (1 − 1.25N/N'Ex) f)| ≤ 1.0");
    }
  }

  // 8.2.1-3 out of plane
  const outN = N / (ay.phi * sec.A);
  const outM = (eta * b.btx * Mx) / (phiB * W1x);
  const outFormula = 'N/(φy A f) + η βtx Mx/(φb W1x f) ≤ 1.0';
  st.add('sigma_out_plane_N', 'σN′', '平面外稳定：轴力项', outN, 'N/mm²', '8.2.1-3', 'N/(φy A)');
  st.add('sigma_out_plane_M', 'σM′', '平面外稳定：弯矩项', outM, 'N/mm²', '8.2.1-3', 'η βtx Mx/(φb W1x)');
  st.add('sigma_out_plane', 'σ', '平面外稳定应力', outN + outM, 'N/mm²', '8.2.1-3');
  st.add('ratio_out_plane', '比值', '平面外整体稳定验算', (outN + outM) / f, '—', '8.2.1-3', outFormula);
  checks.add('ratio_out_plane', '弯矩作用平面外整体稳定', (outN + outM) / f, outN + outM, '8.2.1-3', outFormula);
  slendernessLimit(st, warnings, Math.max(ax.lambda, ay.lambda), p.lambda_limit, Math.max(...checks.list.map((c) => c.ratio)));
  warnings.push({ code: 'flexural_only', message: '只验算弯曲屈曲；双向弯曲（8.2.5）与格构式构件不在本计算范围', clause: '8.2.5' });

  const r = steelResult({ kind: 'beam_column', title: String(beamColumnParams.meta()?.title ?? ''), params: p, section: sec, steps: st, checks, warnings, summary: '' });
  const g = r.checks.find((c) => c.key === r.governing)!;
  const lhs = g.formula.replace(/ ≤ 1\.0$/, '').replace(/ < 1\.0$/, '');
  // the summary is the sheet's: a ratios-only check leaves it empty
  if (st.on) r.summary = `${sec.label}（${p.grade}）压弯 N = ${fmt(p.N)} kN、Mx = ${fmt(p.Mx)} kN·m：${g.name}控制：${lhs} = ${fmt(g.ratio, 3)} ${checks.allPass() ? '≤ 1.0，满足' : '> 1.0，不满足'}。`;
  return r;
}
