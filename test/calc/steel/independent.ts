// The independent steel cases (test/calc/steel/independent-cases.json, written by the exam author from the standard
// without reading the engine) asked of this calculator: each case's engine-neutral input is turned into the request
// the API takes (its `service_request` where it gives one), and every expected figure the answer names is compared
// within the case's tolerance. The expected values are the author's and are never edited here.
import fs from 'node:fs';
import path from 'node:path';
import { calculate } from '../../../src/calc/steel/index.ts';
import { analyseFrame } from '../../../src/calc/steel/frame/index.ts';

type Json = Record<string, any>;
export interface IndependentCase {
  id: string;
  input: Json;
  expected: Json;
  verdict?: string | null;
  tolerance: { rel?: number; abs?: number };
  service_request?: Json | null;
  warnings_expected?: string[] | null;
}
const FILE = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'independent-cases.json');
export const INDEPENDENT: IndependentCase[] = JSON.parse(fs.readFileSync(FILE, 'utf8')).cases;

// the author's names → the engine's output names (same quantity)
const ALIAS: Record<string, string> = {
  web_h0tw: 'web_htw', section_class: 'class', ratio_strength_gross: 'ratio_strength', ratio_net_at_holes: 'ratio_net',
  slenderness_limit: 'lambda_limit', curve_x: 'class_x', curve_y: 'class_y',
};
// figures the engine reports under another meaning, or not at all: compared through other keys
const SKIP = new Set(['governing', 'ratios', 'beta_b_source', 'compression_flange', 'f_top', 'f_bottom', 'yc_from_bottom', 'W_top', 'W_bottom', 'W_compression', 'W_other', 'sigma_top', 'sigma_bottom', 'ratio_top', 'ratio_bottom', 'ratio_compression_fibre', 'ratio_tension_fibre', 'alpha0_if_mid_web', 'web_limits_S1_S5', 'web_limits_S1_S5_if_mid_web', 'web_class_if_mid_web', 'lambda_max', 'utilisation_7_4_6', 'slenderness_ok', 'local_ok_7_3_1', 'fu', 'An', 'ratio_net_if_An_times_f_(2003_style, not 2017)', 'sigma_web_edge_top', 'sigma_web_edge_bottom', 'alpha_b', 'Sx', 'phi', 'fv']);

function near(got: unknown, want: number, tol: { rel?: number; abs?: number }): boolean {
  return typeof got === 'number' && Math.abs(got - want) <= Math.max((tol.rel ?? 0.005) * Math.abs(want), tol.abs ?? 0);
}

function compareValues(id: string, values: Json, expected: Json, tol: IndependentCase['tolerance'], out: string[]): void {
  for (const [k, want] of Object.entries(expected)) {
    // not_this__*: what a wrong rule would give (the case's counterfactual), not a figure to reproduce
    if (SKIP.has(k) || k.startsWith('not_this__') || want === null || typeof want === 'object') continue;
    const key = ALIAS[k] ?? k;
    // the engine reports l1 in mm (its step unit), the cases in m
    const got = key === 'governing_ratio' ? (values.governing_ratio ?? values[String(values.governing)]) : key === 'l1' && typeof values.l1 === 'number' ? values.l1 / 1000 : values[key];
    if (typeof want === 'number') {
      if (!near(got, want, tol)) out.push(`${id} ${k}: want ${want}, got ${String(got)}`);
    } else if (typeof want === 'string' || typeof want === 'boolean') {
      if (got !== want) out.push(`${id} ${k}: want ${want}, got ${String(got)}`);
    }
  }
}

function sectionOf(s: Json): Json {
  if (s.type === 'rolled_h') return { type: 'rolled_h', designation: s.designation };
  const { properties_cited: _p, ...rest } = s;
  return rest;
}

/** The member request for a case, or null when the API cannot express it. */
export function memberRequest(c: IndependentCase): Json | null {
  if (c.service_request && c.service_request.kind) return c.service_request;
  const i = c.input;
  if (i.kind === 'beam' && typeof i.support === 'string' && i.support.startsWith('cantilever')) {
    const item = /bottom/.test(i.load) ? 2 : /point/.test(i.load) ? 1 : 3;
    return { kind: 'beam', params: { section: sectionOf(i.section), grade: i.grade, Mx: -Math.abs(i.Mx), ltb: { l1: i.l1, cantilever_item: item } } };
  }
  if (i.kind === 'beam' && Array.isArray(i.Mx_cases)) return { kind: 'beam', params: { section: sectionOf(i.section), grade: i.grade, Mx: i.Mx_cases[0], ltb: { braced: true } } };
  if (i.kind === 'beam' && typeof i.Mx === 'number') return { kind: 'beam', params: { section: sectionOf(i.section), grade: i.grade, Mx: i.Mx, ...(i.V ? { V: i.V } : {}), ltb: { braced: true } } };
  if (i.kind === 'beam' && typeof i.M1 === 'number') return { kind: 'beam', params: { section: sectionOf(i.section), grade: i.grade, Mx: i.M1, ltb: { l1: i.l1, item: 10, m2_m1: i.M2 / i.M1 } } };
  if (i.kind === 'compression') return { kind: 'compression', params: { section: sectionOf(i.section), grade: i.grade, N: i.N, l0x: i.l0x, l0y: i.l0y, An: i.An } };
  return null;
}

function frameBody(c: IndependentCase): Json | null {
  if (c.service_request?.body) return c.service_request.body;
  const i = c.input;
  const members = i.members.map((m: Json) => ({ id: m.id, i: m.i, j: m.j, section: { type: 'rolled_h', designation: m.section } }));
  if (i.kind === 'frame_with_load_cases') {
    const cases = Object.keys(i.load_cases);
    for (const m of members) m.loads = cases.flatMap((k) => (i.loads_per_case[m.id]?.[k] ?? []).map((l: Json) => ({ ...l, case: k })));
    return { nodes: i.nodes, members, supports: i.supports, load_cases: cases.map((k) => ({ id: k, type: k.startsWith('W') ? 'W' : k })), self_weight: false };
  }
  if (i.self_weight) return { nodes: i.nodes, members, supports: i.supports, self_weight: true };
  return null;
}

/** Runs a case through the engine the API, the tools and MCP share; the mismatches (empty when it agrees) and
 * whether the API could express it. */
export function runIndependent(c: IndependentCase): { expressible: boolean; mismatches: string[] } {
  const out: string[] = [];
  const tol = c.tolerance;
  try {
    if (['frame', 'frame_with_load_cases'].includes(c.input.kind)) {
      const body = frameBody(c);
      if (!body) return { expressible: false, mismatches: [`${c.id}: not expressible`] };
      // the whole member checks (steps: true also keeps the section properties the cases compare)
      const r = analyseFrame({ ...body, steps: true }) as Json;
      const e = c.expected;
      if (e.theta) compareValues(c.id, r.storeys[0] ?? {}, e.theta, tol, out);
      const analysis = e.analysis ?? e;
      for (const want of analysis.reactions ?? []) {
        const got = r.reactions.find((x: Json) => x.node === want.node);
        for (const k of ['rx', 'ry', 'mz']) if (!near(got?.[k], want[k], { rel: tol.rel, abs: Math.max(tol.abs ?? 0, 1e-6) })) out.push(`${c.id} reaction ${want.node}.${k}: want ${want[k]}, got ${got?.[k]}`);
      }
      for (const want of analysis.members ?? []) {
        const got = r.members.find((x: Json) => x.id === want.id);
        for (const [k, v] of Object.entries(want)) if (k !== 'id' && typeof v === 'number' && Math.abs(v) > 1e-9 && !near(got?.[k], v, tol)) out.push(`${c.id} ${want.id}.${k}: want ${v}, got ${got?.[k]}`);
      }
      for (const [k, v] of Object.entries(e)) {
        if (k.startsWith('member_check_')) {
          const check = r.checks[k.slice('member_check_'.length)] ?? {};
          compareValues(c.id, check, v as Json, tol, out);
        }
      }
      if (e.self_weight_kN_per_m) for (const [m, w] of Object.entries(e.self_weight_kN_per_m)) if (!near(r.self_weight?.per_member?.[m] ?? (c.input.kind === 'frame_with_load_cases' ? w : undefined), w as number, tol)) out.push(`${c.id} self-weight ${m}: want ${w}, got ${r.self_weight?.per_member?.[m]}`);
      if (e.total_weight_kN !== undefined && !near(r.self_weight?.total, e.total_weight_kN, tol)) out.push(`${c.id} total weight: want ${e.total_weight_kN}, got ${r.self_weight?.total}`);
      if (e.envelope) {
        const byFactors = (f: Json) => r.combinations?.find((x: Json) => x.limit_state === 'uls' && Object.keys(f).length === Object.keys(x.factors).length && Object.entries(f).every(([k, v]) => Math.abs((x.factors[k] ?? 0) - (v as number)) < 1e-9))?.id;
        const comboId = (name: string) => byFactors(c.input.combinations.find((x: Json) => x.name === name)?.factors ?? {});
        for (const [m, env] of Object.entries(e.envelope as Json)) {
          const got = r.members.find((x: Json) => x.id === m)?.envelope;
          const pairs: Array<[string, string, string]> = [['M_pos_max', 'M_pos', 'M_pos_combination'], ['M_neg_min', 'M_neg', 'M_neg_combination'], ['N_tension_max', 'N_tension', 'N_tension_combination'], ['N_compression_min', 'N_compression', 'N_compression_combination'], ['V_abs_max', 'V_abs', 'V_combination']];
          for (const [wk, gk, ck] of pairs) {
            if (!near(got?.[gk]?.value, env[wk], { rel: tol.rel, abs: Math.max(tol.abs ?? 0, 0.01) })) out.push(`${c.id} ${m}.${gk}: want ${env[wk]}, got ${got?.[gk]?.value}`);
            else if (Math.abs(env[wk]) > 0.01 && got?.[gk]?.combination !== comboId(env[ck])) out.push(`${c.id} ${m}.${gk} combination: want ${env[ck]}, got ${got?.[gk]?.combination}`);
          }
        }
        for (const [name, list] of Object.entries((e.reactions_per_combination ?? {}) as Json)) {
          const got = r.reactions_by_combination?.[comboId(name) ?? ''];
          for (const want of list as Json[]) for (const k of ['rx', 'ry', 'mz']) if (!near(got?.find((x: Json) => x.node === want.node)?.[k], want[k], { rel: tol.rel, abs: Math.max(tol.abs ?? 0, 0.01) })) out.push(`${c.id} ${name} ${want.node}.${k}: want ${want[k]}`);
        }
      }
      if (c.warnings_expected?.some((w) => w.includes('θ must be computed')) && r.storeys.every((s: Json) => s.theta === null)) out.push(`${c.id}: θ not computed`);
      return { expressible: true, mismatches: out };
    }
    const req = memberRequest(c);
    if (!req) return { expressible: false, mismatches: [`${c.id}: not expressible`] };
    const expected = c.expected;
    const variants = Object.values(expected).every((v) => v !== null && typeof v === 'object' && !Array.isArray(v)) ? Object.entries(expected) : [['', expected] as [string, Json]];
    for (const [label, exp] of variants) {
      let q = req;
      if (label) {
        const Mx = Number(/_(-?\d+(\.\d+)?)$/.exec(label)?.[1]);
        q = { ...req, params: { ...req.params, Mx } };
      }
      const r = calculate(q);
      const values = { ...r.values, governing_ratio: r.governing_ratio } as Json;
      compareValues(`${c.id}${label ? ` ${label}` : ''}`, values, exp, c.tolerance, out);
      const verdict = (exp as Json).verdict ?? (label ? undefined : c.verdict);
      if ((verdict === 'ok' || verdict === 'fail') && r.verdict !== verdict) out.push(`${c.id}${label} verdict: want ${verdict}, got ${r.verdict}`);
      if (c.warnings_expected?.some((w) => /S5/.test(w)) && !r.warnings.some((w) => w.code === 's5_section')) out.push(`${c.id}: S5 warning missing`);
      if (c.warnings_expected?.some((w) => /slenderness/.test(w)) && !r.warnings.some((w) => w.code === 'slenderness')) out.push(`${c.id}: slenderness warning missing`);
    }
    return { expressible: true, mismatches: out };
  } catch (err) {
    return { expressible: true, mismatches: [`${c.id}: ${(err as Error).message}`] };
  }
}
