// The wave-5 independent steel cases (test/calc/steel/independent-cases-5.json, written by steel-author5 from GB
// 50017-2017 and GB 55001-2021 without reading this engine) asked of the engine the API, the tools and MCP share: each
// case's `service_request` (the documented API body) is computed, and every expected figure is compared the way the
// author's runner scripts/steel-independent-5/first_sight.py compares the served JSON (its names, its tolerances: no
// finer than half a unit of the sixth figure served). The expected values are the author's and are never edited here.
import fs from 'node:fs';
import path from 'node:path';
import { calculate } from '../../../src/calc/steel/index.ts';
import { analyseFrame } from '../../../src/calc/steel/frame/index.ts';

type Json = Record<string, any>;
export interface Case5 {
  id: string;
  title: string;
  input: Json;
  expected: Json;
  verdict?: string | null;
  tolerance: { rel?: number; abs?: number };
  service_request: Json;
  warnings_expected?: string[];
  warnings_absent?: string[];
}
const FILE = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'independent-cases-5.json');
export const CASES_5: Case5[] = JSON.parse(fs.readFileSync(FILE, 'utf8')).cases;

class Cmp {
  readonly rows: Array<[string, unknown, unknown, boolean]> = [];
  constructor(private readonly tol: { rel?: number; abs?: number }) {}
  num(label: string, exp: number, got: unknown, rel?: number, abs?: number): void {
    if (got === undefined || got === null) return void this.rows.push([label, exp, 'not served', false]);
    const g = Number(got);
    const half = g !== 0 ? 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(g))) - 5) : 0;
    this.rows.push([label, exp, got, Number.isFinite(g) && Math.abs(g - exp) <= Math.max((rel ?? this.tol.rel ?? 0.005) * Math.abs(exp), abs ?? this.tol.abs ?? 1e-6, half)]);
  }
  eq(label: string, exp: unknown, got: unknown): void {
    this.rows.push([label, exp, got ?? 'not served', got !== undefined && got !== null && got === exp]);
  }
  flag(label: string, exp: unknown, got: unknown, ok: boolean): void {
    this.rows.push([label, exp, got, ok]);
  }
  failures(): string[] {
    return this.rows.filter((r) => !r[3]).map(([l, e, g]) => `${l}: expected ${JSON.stringify(e)}, served ${JSON.stringify(g)}`);
  }
}

const flangeOf = (v: unknown) => (v === '上翼缘' ? 'top' : v === '下翼缘' ? 'bottom' : String(v));
const WARN_TOKENS: Array<[string, string[] | null]> = [['s5', ['s5']], ['gamma_x_above_table', ['gamma_x_above']], ['f_above_grade', ['f_above']], ['slenderness', ['slender', '长细比']], ['0.1 < θ', ['0.1', 'second', '二阶']], ['θ computed', null], ['θ computed per storey', null]];

function checkWarnings(c: Cmp, k: Case5, resp: Json): void {
  const wt = JSON.stringify(resp.warnings ?? []).toLowerCase();
  for (const w of k.warnings_expected ?? []) {
    const toks = WARN_TOKENS.find(([key]) => w.toLowerCase().startsWith(key.toLowerCase()))?.[1];
    if (!toks) continue;
    const present = toks.some((t) => wt.includes(t));
    c.flag(`warning: ${w.slice(0, 60)}`, 'present', present ? 'present' : 'absent', present);
  }
  for (const w of k.warnings_absent ?? []) {
    const toks = ({ slenderness: ['slender', '长细比'], f_above_grade: ['f_above'], 无水平荷载: ['无水平荷载', 'no horizontal'] } as Record<string, string[]>)[w] ?? [w.toLowerCase()];
    const present = toks.some((t) => wt.includes(t));
    c.flag(`no warning: ${w}`, 'absent', present ? 'present' : 'absent', !present);
  }
}

function beamPairs(c: Cmp, e: Json, v: Json): void {
  c.num('gamma_x', e.gamma_x, v.gamma_x);
  if ('flange_class' in e) c.eq('flange_class (compressed)', e.flange_class, v.flange_class);
  if ('web_class' in e) c.eq('web_class', e.web_class, v.web_class);
  if ('section_class' in e) c.eq('class', e.section_class, v.class);
  const comp = e.compression_flange;
  if (comp) c.eq('compressed flange', comp, v.compressed_flange !== undefined ? flangeOf(v.compressed_flange) : undefined);
  if ('sigma_top' in e) {
    const sc = comp === 'top' ? e.sigma_top : e.sigma_bottom;
    const st = comp === 'top' ? e.sigma_bottom : e.sigma_top;
    c.num('σ compression fibre', sc, v.sigma_bending_c ?? v.sigma_bending);
    if (Math.abs(sc - st) > 1e-9 * Math.max(sc, 1)) c.num('σ tension fibre', st, v.sigma_bending_t);
    c.num('ratio_bending (max of both fibres)', e.ratio_bending ?? Math.max(e.ratio_top, e.ratio_bottom), v.ratio_bending);
  }
  for (const k of ['tau', 'ratio_shear', 'xi', 'beta_b', 'eta_b', 'phi_b_raw', 'phi_b', 'lambda_y', 'ratio_ltb']) if (k in e) c.num(k, e[k], v[k]);
  if ('l1' in e) c.num('l1 (mm)', e.l1 * 1000, v.l1);
}

function memberCase(k: Case5, resp: Json): Cmp {
  const c = new Cmp(k.tolerance);
  const e = k.expected;
  const v = resp.values ?? {};
  const pairs = (list: Array<[string, string]>) => {
    for (const [a, b] of list) if (a in e) c.num(a === b ? a : `${a} → ${b}`, e[a], v[b]);
  };
  if (k.input.kind === 'beam') {
    if ('gamma_x' in e && 'sigma_top' in e) beamPairs(c, e, v);
    for (const key of ['v_T', 'v_Q', 'v_T_limit', 'v_Q_limit']) if (key in e) c.num(key, e[key], v[key]);
  } else if (k.input.kind === 'compression') {
    pairs([['A', 'A'], ['f', 'f'], ['lambda_x', 'lambda_x'], ['lambda_y', 'lambda_y'], ['lambda_n_x', 'lambda_n_x'], ['lambda_n_y', 'lambda_n_y'], ['phi_x', 'phi_x'], ['phi_y', 'phi_y'], ['ratio_strength_gross', 'ratio_strength'], ['ratio_stability', 'ratio_stability'], ['slenderness_limit', 'lambda_limit']]);
    c.eq('curve_x → class_x', e.curve_x, v.class_x);
    c.eq('curve_y → class_y', e.curve_y, v.class_y);
    if ('ratio_net_at_holes' in e) c.num('ratio_net_at_holes → ratio_net', e.ratio_net_at_holes, v.ratio_net);
  } else if (k.input.kind === 'beam_column') {
    pairs([['A', 'A'], ['Ix', 'Ix'], ['f', 'f'], ['alpha0', 'alpha0'], ['flange_bt', 'flange_bt'], ['web_h0tw', 'web_htw'], ['gamma_x', 'gamma_x'], ['lambda_x', 'lambda_x'], ['lambda_y', 'lambda_y'], ['phi_x', 'phi_x'], ['phi_y', 'phi_y'], ['NEx_prime', 'NEx_prime'], ['Ncr', 'Ncr'], ['beta_mx', 'beta_mx'], ['beta_tx', 'beta_tx'], ['eta', 'eta'], ['phi_b', 'phi_b'], ['W_compression', 'Wx']]);
    for (const [a, b] of [['flange_class', 'flange_class'], ['web_class', 'web_class'], ['section_class', 'class'], ['curve_x', 'class_x'], ['curve_y', 'class_y']] as const) c.eq(a === b ? a : `${a} → ${b}`, e[a], v[b]);
    const r = e.ratios;
    c.num('8.1.1 (max of both fibres) → ratio_strength', Math.max(r['8.1.1 compression fibre'], r['8.1.1 other fibre']), v.ratio_strength);
    c.num('8.2.1-1 → ratio_in_plane', r['8.2.1-1 in plane'], v.ratio_in_plane);
    c.num('8.2.1-3 → ratio_out_plane', r['8.2.1-3 out of plane'], v.ratio_out_plane);
    if ('8.2.1-4 (larger flange compressed)' in r) c.num('8.2.1-4 → ratio_in_plane_2', r['8.2.1-4 (larger flange compressed)'], v.ratio_in_plane_2);
  }
  if ('governing_ratio' in e) c.num('governing ratio', e.governing_ratio, resp.governing_ratio);
  if (k.verdict) c.eq('verdict', k.verdict, resp.verdict);
  checkWarnings(c, k, resp);
  return c;
}

const round6 = (f: Json) => Object.fromEntries(Object.entries(f).filter(([, v]) => v).map(([k, v]) => [k, Math.round(Number(v) * 1e6) / 1e6]));
const sameFactors = (a: Json, b: Json) => JSON.stringify(Object.entries(round6(a)).sort()) === JSON.stringify(Object.entries(round6(b)).sort());
const memberRow = (resp: Json, id: string): Json => resp.members?.find((m: Json) => m.id === id) ?? {};

function frameCase(k: Case5, resp: Json): Cmp {
  const c = new Cmp(k.tolerance);
  const e = k.expected;
  const cb: Record<string, Json> = Object.fromEntries((resp.combinations ?? []).map((x: Json) => [x.id, x.factors]));
  for (const [mid, env] of Object.entries((e.envelope ?? {}) as Json)) {
    const se = memberRow(resp, mid).envelope ?? {};
    for (const [key, x] of Object.entries(env as Json)) {
      const got = se[key];
      c.num(`${mid} ${key}`, x.value, got?.value, undefined, 1e-4);
      if (x.combination_asserted) {
        const served = got ? cb[got.combination] : undefined;
        c.flag(`${mid} ${key} combination`, x.combination_name, served ? got.combination : 'not served', served !== undefined && sameFactors(served, x.combination));
      }
    }
  }
  if ('self_weight_total_kN' in e) c.num('self_weight.total', e.self_weight_total_kN, resp.self_weight?.total);
  for (const [mid, w] of Object.entries((e.self_weight_kN_per_m ?? {}) as Json)) c.num(`self_weight ${mid}`, w, resp.self_weight?.per_member?.[mid]);
  if ('sum_vertical_reactions_standard_G_kN' in e) {
    const uls1 = Object.keys(cb).find((id) => sameFactors(cb[id]!, { G: 1.3 }));
    const list = uls1 ? resp.reactions_by_combination?.[uls1] : undefined;
    c.num('Σ ry of 1.3G', 1.3 * e.sum_vertical_reactions_standard_G_kN, list ? list.reduce((s: number, r: Json) => s + r.ry, 0) : undefined);
  }
  for (const [name, reacts] of Object.entries((e.reactions_per_combination ?? {}) as Json)) {
    const mine: Json = {};
    for (const term of name.split(' + ')) {
      const n = /^[\d.]+/.exec(term)![0];
      mine[term.slice(n.length)] = Number(n);
    }
    const target = Object.keys(cb).find((id) => sameFactors(cb[id]!, mine));
    const rb = target ? (resp.reactions_by_combination?.[target] ?? []) : [];
    for (const r of reacts as Json[]) {
      const sr = rb.find((x: Json) => x.node === r.node);
      for (const q of ['rx', 'ry', 'mz']) c.num(`reaction ${r.node}.${q} [${name}]`, r[q], sr?.[q], undefined, 1e-4);
    }
  }
  if (Array.isArray(e.reactions)) {
    for (const r of e.reactions) {
      const sr = resp.reactions?.find((x: Json) => x.node === r.node);
      for (const q of ['rx', 'ry', 'mz']) c.num(`reaction ${r.node}.${q}`, r[q], sr?.[q], undefined, 1e-5);
    }
  }
  if (Array.isArray(e.members)) for (const m of e.members) for (const [q, x] of Object.entries(m as Json)) if (q !== 'id') c.num(`${m.id} ${q}`, x, memberRow(resp, m.id)[q], undefined, 1e-5);
  if ('closed_form' in e && ['m5-ss-beam-trapezoid-two-points', 'm5-fixed-beam-partial-udl'].includes(k.id)) {
    const sm = memberRow(resp, 'AB');
    const ra: Record<string, Json> = Object.fromEntries((resp.reactions ?? []).map((x: Json) => [x.node, x]));
    for (const [q, x] of Object.entries(e.closed_form as Json)) {
      const got = q === 'R_A' || q === 'R_B' ? ra[q.slice(-1)]?.ry : q === 'mz_A' || q === 'mz_B' ? ra[q.slice(-1)]?.mz : sm[q];
      c.num(`closed form ${q}`, x, got, undefined, 1e-5);
    }
  }
  if (k.id === 'm5-frame-beam-deflection-B11') {
    const d = resp.serviceability?.deflections?.find((x: Json) => x.member === 'B1') ?? {};
    for (const q of ['v_T', 'v_Q', 'v_T_limit', 'v_Q_limit']) c.num(q, e[q], d[q]);
  }
  if (k.id === 'm5-frame-drift-single-storey-H150') {
    for (const [w, x] of Object.entries(e.drift_per_wind_case as Json)) {
      const d = resp.serviceability?.drift?.find((y: Json) => y.case === w);
      c.num(`drift ${w}`, x.max_abs_top, d ? Math.abs(d.delta_u) : undefined);
      c.num(`drift limit ${w}`, e.drift_limit, d?.limit);
    }
  }
  for (const [col, x] of Object.entries((e.columns ?? {}) as Json)) {
    const cc = resp.checks?.[col] ?? {};
    c.num(`${col} K1`, x.K1, cc.K1, 1e-6);
    c.num(`${col} K2`, x.K2, cc.K2, 1e-6);
    c.num(`${col} μ`, x.mu, cc.mu);
    c.num(`${col} l0x (m)`, x.l0x_m, cc.l0x);
  }
  if ('storeys' in e) {
    Object.entries(e.storeys as Json).forEach(([name, x], q) => {
      const s = resp.storeys?.[q] ?? {};
      for (const a of ['sum_N', 'delta_u', 'sum_H', 'theta', 'alpha_II']) c.num(`${name} ${a}`, x[a], s[a]);
    });
    c.num('theta_max', e.theta_max, resp.theta_max);
  }
  if (k.id === 'm5-continuous-beam-hogging-zone') {
    const m = memberRow(resp, 'AB');
    for (const [q, x] of Object.entries(e.analysis_AB as Json)) c.num(`AB ${q}`, x, m[q], undefined, 1e-4);
    const chk = resp.checks?.AB ?? {};
    const variants = Array.isArray(chk.by_flange) ? chk.by_flange : [];
    for (const [key, flange] of [['check_AB_hogging_bottom_flange_compressed', 'bottom'], ['check_AB_sagging_top_flange_compressed', 'top']] as const) {
      const ex = e[key];
      if (flangeOf(chk.compressed_flange) === flange) beamPairs(c, ex, chk);
      const summary = variants.find((y: Json) => flangeOf(y.compressed_flange) === flange);
      if (!summary) {
        c.flag(key, `a check with the ${flange} flange compressed`, 'not served', false);
        continue;
      }
      c.num(`${flange} flange compressed: governing ratio`, Math.max(ex.ratio_top, ex.ratio_bottom, ex.ratio_shear ?? 0), summary.ratio);
      c.num(`${flange} flange compressed: |Mx|`, Math.abs(e.analysis_AB[flange === 'bottom' ? 'M_min' : 'M_max']), summary.Mx);
    }
  }
  if (k.id === 'm5-frame-overhang-cantilever-C04') {
    c.num('BC M_min', e.analysis_BC.M_min, memberRow(resp, 'BC').M_min, undefined, 1e-4);
    const chk = resp.checks?.BC ?? {};
    beamPairs(c, e.check_BC, chk);
    c.eq('BC verdict', k.verdict, chk.verdict);
  }
  if (k.id === 'm5-frame-cantilever-singly-symmetric-hogging') beamPairs(c, e.check_K_strength, resp.checks?.K ?? {});
  checkWarnings(c, k, resp);
  return c;
}

/** Runs one case; the differences (empty when it agrees). A bad input must be refused naming its field. */
export function runCase5(k: Case5): string[] {
  const sr = k.service_request;
  const frame = 'endpoint' in sr;
  if (k.input.kind === 'bad_input') {
    try {
      if (frame) analyseFrame(sr.body);
      else calculate(sr);
      return ['accepted: expected a refusal naming the field'];
    } catch (err) {
      const e = err as { message?: string; param?: string | null };
      // the API answers 400 with the field as error.param and in the message
      const text = `${e.param ?? ''} ${e.message ?? ''}`;
      const field = frame ? k.expected.field : String(k.expected.field).replace(/^params\./, 'params.');
      return text.includes(field) || text.includes(k.expected.field_leaf) ? [] : [`refused without naming ${k.expected.field}: ${text.slice(0, 200)}`];
    }
  }
  try {
    const resp = JSON.parse(JSON.stringify(frame ? analyseFrame(sr.body) : calculate(sr))) as Json;
    return (['beam', 'compression', 'beam_column'].includes(k.input.kind) ? memberCase(k, resp) : frameCase(k, resp)).failures();
  } catch (err) {
    return [`refused: ${(err as Error).message}`];
  }
}
