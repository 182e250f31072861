// First-order linear analysis of a plane frame by the direct stiffness method (steel.md §8.1–§8.5): members in
// their own axes (element.ts), assembled node by node in reverse Cuthill–McKee order into a banded matrix and solved
// by L·D·Lᵀ (solver.ts). A skewed roller is handled exactly by giving its node a rotated pair of translation axes.
// A free displacement (mechanism) is reported by node and direction, never as NaN.
import { InputError } from '../../../errors.ts';
import { sectionProperties, type Section } from '../sections.ts';
import { element, endForces, loaded, recoverReleased, type Element, type LocalLoad } from './element.ts';
import { designEndForces, MemberField, type MemberForces } from './diagrams.ts';
import { reverseCuthillMcKee } from './ordering.ts';
import type { Frame } from './schema.ts';
import { BandMatrix, DenseMatrix, SingularError, type StiffnessSink } from './solver.ts';

const DOF_NAMES = ['ux', 'uy', 'rz'] as const;

export interface NodeModel {
  id: string;
  /** mm */
  x: number;
  y: number;
  /** the node's translation axes: rotated by angle α (skewed roller) — cos α, sin α */
  ca: number;
  sa: number;
  /** restrained DOFs in the node's axes [d1, d2, θ] */
  fixed: [boolean, boolean, boolean];
  /** no member holds the rotation rigidly and no support restrains it: the DOF is left out (rz reported null) */
  rotationFree: boolean;
  /** equation number of each DOF, −1 when restrained or left out */
  eq: [number, number, number];
  /** applied nodal load, global (N, N·mm) */
  load: [number, number, number];
}

export interface MemberModel {
  id: string;
  /** the section's properties when the member gives one */
  section: Section | null;
  i: number;
  j: number;
  /** direction cosines of i → j */
  c: number;
  s: number;
  el: Element;
}

export interface Model {
  nodes: NodeModel[];
  members: MemberModel[];
  equations: number;
  halfBandwidth: number;
}

function resolve(dir: string, value: number, c: number, s: number): [number, number] {
  switch (dir) {
    case 'global_x':
      return [value * c, -value * s];
    case 'local_x':
      return [value, 0];
    case 'local_y':
      return [0, value];
    default: // global_y
      return [value * s, value * c];
  }
}

/** The numeric model: nodes in mm with their restraints and equation numbers, members with their elements. */
export function buildModel(frame: Frame): Model {
  const index = new Map(frame.nodes.map((n, k) => [n.id, k]));
  const nodes: NodeModel[] = frame.nodes.map((n) => ({
    id: n.id,
    x: n.x * 1000,
    y: n.y * 1000,
    ca: 1,
    sa: 0,
    fixed: [false, false, false],
    rotationFree: true,
    eq: [-1, -1, -1],
    load: [0, 0, 0],
  }));
  for (const s of frame.supports) {
    const n = nodes[index.get(s.node)!]!;
    if (s.angle !== undefined) {
      const a = (s.angle * Math.PI) / 180;
      n.ca = Math.cos(a);
      n.sa = Math.sin(a);
    }
    n.fixed = s.type === 'fixed' ? [true, true, true] : s.type === 'pinned' ? [true, true, false] : s.type === 'roller_x' ? [true, false, false] : [false, true, false];
  }
  const members: MemberModel[] = frame.members.map((m) => {
    const i = index.get(m.i)!;
    const j = index.get(m.j)!;
    const a = nodes[i]!;
    const b = nodes[j]!;
    const L = Math.hypot(b.x - a.x, b.y - a.y);
    const c = (b.x - a.x) / L;
    const s = (b.y - a.y) / L;
    if (!m.release_i) a.rotationFree = false;
    if (!m.release_j) b.rotationFree = false;
    const section = m.section ? sectionProperties(m.section) : null;
    const A = section?.A ?? m.A!;
    const I = section?.Ix ?? m.I!;
    return { id: m.id, section, i, j, c, s, el: element(L, m.E * A, m.E * I, m.release_i, m.release_j, memberLoads(m.loads, L, c, s)) };
  });
  nodalLoads(frame, nodes, index);
  let eq = 0;
  for (const k of reverseCuthillMcKee(nodes.length, members.map((m) => [m.i, m.j] as const))) {
    const n = nodes[k]!;
    for (let d = 0; d < 3; d++) {
      if (n.fixed[d] || (d === 2 && n.rotationFree)) continue;
      n.eq[d] = eq++;
    }
  }
  let halfBandwidth = 0;
  for (const m of members) {
    const eqs = [...nodes[m.i]!.eq, ...nodes[m.j]!.eq].filter((e) => e >= 0);
    if (eqs.length) halfBandwidth = Math.max(halfBandwidth, Math.max(...eqs) - Math.min(...eqs));
  }
  return { nodes, members, equations: eq, halfBandwidth };
}

/** A member's loads in its local axes (N/mm, N, mm). */
function memberLoads(list: Frame['members'][number]['loads'], L: number, c: number, s: number): LocalLoad[] {
  return list.map((ld) => {
    if (ld.type === 'udl') {
      const [qx, qy] = resolve(ld.dir, ld.w, c, s); // kN/m = N/mm
      const a = Math.min((ld.a ?? 0) * 1000, L);
      const b = Math.min(ld.b !== undefined ? ld.b * 1000 : L, L);
      if (a === 0 && b === L && (ld.w2 === undefined || ld.w2 === ld.w)) return { type: 'udl', qx, qy };
      const [qx2, qy2] = resolve(ld.dir, ld.w2 ?? ld.w, c, s);
      return { type: 'dist', qx1: qx, qy1: qy, qx2, qy2, a, b };
    }
    const [px, py] = resolve(ld.dir, ld.p * 1000, c, s);
    return { type: 'point', px, py, a: Math.min(ld.a * 1000, L) };
  });
}

/** Adds the frame's nodal loads to its nodes (N, N·mm); a moment on a node no member holds is refused. */
function nodalLoads(frame: Frame, nodes: NodeModel[], index: Map<string, number>): void {
  frame.nodal_loads.forEach((l, k) => {
    const n = nodes[index.get(l.node)!]!;
    n.load[0] += l.fx * 1000;
    n.load[1] += l.fy * 1000;
    n.load[2] += l.mz * 1e6;
    if (l.mz !== 0 && n.rotationFree && !n.fixed[2]) {
      throw new InputError(
        `nodal_loads.${k}.mz: node ${JSON.stringify(l.node)} has no rotational stiffness (every member is hinged there and no support holds its rotation), so it cannot take a moment · 该节点各杆端均为铰接，不能承受节点力矩`,
        `nodal_loads.${k}.mz`,
      );
    }
  });
}

/** The same structure (geometry, stiffness, equation numbers) under another set of loads: `frame` differs from the
 * model's own only in its loads. The stiffness and its condensation are shared, only the loads' terms are new. */
export function withLoads(model: Model, frame: Frame): Model {
  const index = new Map(frame.nodes.map((n, k) => [n.id, k]));
  const nodes = model.nodes.map((n) => ({ ...n, load: [0, 0, 0] as [number, number, number] }));
  nodalLoads(frame, nodes, index);
  const members = model.members.map((m, k) => ({ ...m, el: loaded(m.el, memberLoads(frame.members[k]!.loads, m.el.L, m.c, m.s)) }));
  return { ...model, nodes, members };
}

/**
 * The 6×6 rotation from the end nodes' axes to the member's local axes: for an end whose node axes are turned by α,
 * the block turns by β − α (β the member's angle).
 */
function transform(m: MemberModel, nodes: NodeModel[]): Float64Array {
  const t = new Float64Array(36);
  for (let e = 0; e < 2; e++) {
    const n = nodes[e === 0 ? m.i : m.j]!;
    const c = m.c * n.ca + m.s * n.sa;
    const s = m.s * n.ca - m.c * n.sa;
    const o = e * 3;
    t[o * 6 + o] = c;
    t[o * 6 + o + 1] = s;
    t[(o + 1) * 6 + o] = -s;
    t[(o + 1) * 6 + o + 1] = c;
    t[(o + 2) * 6 + o + 2] = 1;
  }
  return t;
}

function dofs(m: MemberModel, nodes: NodeModel[]): number[] {
  return [...nodes[m.i]!.eq, ...nodes[m.j]!.eq];
}

/** Tᵀ·k·T for a 6×6 k. */
function congruent(t: Float64Array, k: Float64Array): Float64Array {
  const kt = new Float64Array(36);
  for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) {
    let s = 0;
    for (let c = 0; c < 6; c++) s += k[a * 6 + c]! * t[c * 6 + b]!;
    kt[a * 6 + b] = s;
  }
  const out = new Float64Array(36);
  for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) {
    let s = 0;
    for (let c = 0; c < 6; c++) s += t[c * 6 + a]! * kt[c * 6 + b]!;
    out[a * 6 + b] = s;
  }
  return out;
}

/** Node load in the node's own axes. */
function nodeAxes(n: NodeModel, gx: number, gy: number): [number, number] {
  return [n.ca * gx + n.sa * gy, -n.sa * gx + n.ca * gy];
}

/** The load vector F alone: nodal loads plus the equivalent loads −Tᵀ·f0* of the members (one load case). */
export function loadVector(model: Model): Float64Array {
  const { nodes, members } = model;
  const F = new Float64Array(model.equations);
  for (const n of nodes) {
    const [l1, l2] = nodeAxes(n, n.load[0], n.load[1]);
    const l = [l1, l2, n.load[2]];
    for (let d = 0; d < 3; d++) if (n.eq[d]! >= 0) F[n.eq[d]!]! += l[d]!;
  }
  for (const m of members) {
    if (!m.el.loads.length) continue;
    const t = transform(m, nodes);
    const eqs = dofs(m, nodes);
    for (let a = 0; a < 6; a++) {
      const ea = eqs[a]!;
      if (ea < 0) continue;
      let fa = 0;
      for (let c = 0; c < 6; c++) fa -= t[c * 6 + a]! * m.el.f0c[c]!;
      F[ea]! += fa;
    }
  }
  return F;
}

/** Assembles K (into `sink`) and returns F (loadVector). */
export function assemble(model: Model, sink: StiffnessSink): Float64Array {
  const { nodes, members } = model;
  for (const m of members) {
    const t = transform(m, nodes);
    const kg = congruent(t, m.el.kc);
    const eqs = dofs(m, nodes);
    for (let a = 0; a < 6; a++) {
      const ea = eqs[a]!;
      if (ea < 0) continue;
      for (let b = 0; b < 6; b++) {
        const eb = eqs[b]!;
        if (eb >= 0 && kg[a * 6 + b] !== 0) sink.add(ea, eb, kg[a * 6 + b]!);
      }
    }
  }
  return loadVector(model);
}

function mechanism(model: Model, equation: number): InputError {
  for (const n of model.nodes) {
    const d = n.eq.indexOf(equation);
    if (d < 0) continue;
    const dir = d === 2 ? 'rz' : n.sa === 0 && n.ca === 1 ? DOF_NAMES[d] : d === 0 ? 'the direction along its roller' : 'the direction normal to its roller';
    return new InputError(
      `unstable structure (几何可变): node ${JSON.stringify(n.id)} can move freely in ${dir} — the supports and members do not hold it; add a support or a member, or remove a hinge · 结构几何可变：节点 ${n.id} 的 ${d === 2 ? '转角' : DOF_NAMES[d]} 方向无约束`,
      'supports',
      'unstable_structure',
    );
  }
  return new InputError('unstable structure (几何可变)', 'supports', 'unstable_structure');
}

/** Solves K·u = F; the solver is the banded one unless `dense` (the benchmark's baseline). */
export function solve(model: Model, dense = false): Float64Array {
  const K = dense ? new DenseMatrix(model.equations) : new BandMatrix(model.equations, model.halfBandwidth);
  const F = assemble(model, K);
  try {
    return K.solve(F);
  } catch (err) {
    if (err instanceof SingularError) throw mechanism(model, err.equation);
    throw err;
  }
}

export interface NodeResult {
  id: string;
  /** mm */
  ux: number;
  uy: number;
  /** rad; null when no member holds the node's rotation (a truss joint) */
  rz: number | null;
}

export interface ReactionResult {
  node: string;
  /** kN, kN·m, global axes */
  rx: number;
  ry: number;
  mz: number;
}

export interface MemberAnalysis {
  model: MemberModel;
  /** design-convention end forces, N and N·mm */
  ends: MemberForces;
  field: MemberField;
  /** local end displacements with released rotations recovered (mm, rad) */
  u: Float64Array;
}

export interface Analysis {
  model: Model;
  nodes: NodeResult[];
  reactions: ReactionResult[];
  members: MemberAnalysis[];
}

export function analyse(frame: Frame): Analysis {
  return analyseMany([frame])[0]!;
}

/**
 * Several load cases of one structure (the frames differ in their loads only): K is assembled and factored once,
 * each case is one more forward and back substitution.
 */
export function analyseMany(frames: Frame[]): Analysis[] {
  const first = buildModel(frames[0]!);
  const models = frames.map((f, k) => (k === 0 ? first : withLoads(first, f)));
  const K = new BandMatrix(first.equations, first.halfBandwidth);
  assemble(first, K);
  try {
    K.factor();
  } catch (err) {
    if (err instanceof SingularError) throw mechanism(first, err.equation);
    throw err;
  }
  return frames.map((f, k) => results(f, models[k]!, K.substitute(loadVector(models[k]!))));
}

function results(frame: Frame, model: Model, u: Float64Array): Analysis {
  const { nodes } = model;
  const d = (n: NodeModel, k: number) => (n.eq[k]! >= 0 ? u[n.eq[k]!]! : 0);
  const nodeResults: NodeResult[] = nodes.map((n) => {
    const d1 = d(n, 0);
    const d2 = d(n, 1);
    return { id: n.id, ux: n.ca * d1 - n.sa * d2, uy: n.sa * d1 + n.ca * d2, rz: n.rotationFree && !n.fixed[2] ? null : d(n, 2) };
  });
  // the forces the nodes exert on the members' ends, summed per node in global axes: reaction = that sum − the load
  const memberEnds = new Float64Array(nodes.length * 3);
  const members: MemberAnalysis[] = [];
  const nd = new Float64Array(6);
  for (const m of model.members) {
    const t = transform(m, nodes);
    for (let e = 0; e < 2; e++) {
      const n = nodes[e === 0 ? m.i : m.j]!;
      for (let q = 0; q < 3; q++) nd[e * 3 + q] = n.eq[q]! >= 0 ? u[n.eq[q]!]! : 0;
    }
    const local = new Float64Array(6);
    for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) local[a]! += t[a * 6 + b]! * nd[b]!;
    const full = recoverReleased(m.el, local);
    const fl = endForces(m.el, full);
    for (let e = 0; e < 2; e++) {
      const o = e * 3;
      const k = (e === 0 ? m.i : m.j) * 3;
      memberEnds[k]! += m.c * fl[o]! - m.s * fl[o + 1]!;
      memberEnds[k + 1]! += m.s * fl[o]! + m.c * fl[o + 1]!;
      memberEnds[k + 2]! += fl[o + 2]!;
    }
    const ends = designEndForces(fl);
    members.push({ model: m, ends, field: new MemberField(m.el, ends, full), u: full });
  }
  const index = new Map(nodes.map((n, k) => [n.id, k]));
  const reactions: ReactionResult[] = [];
  for (const s of frame.supports) {
    const k = index.get(s.node)!;
    const n = nodes[k]!;
    const gx = memberEnds[3 * k]! - n.load[0];
    const gy = memberEnds[3 * k + 1]! - n.load[1];
    const gm = memberEnds[3 * k + 2]! - n.load[2];
    // only restrained directions carry a reaction: the rest is round-off of the equilibrium just solved
    let [r1, r2] = nodeAxes(n, gx, gy);
    if (!n.fixed[0]) r1 = 0;
    if (!n.fixed[1]) r2 = 0;
    reactions.push({ node: n.id, rx: (n.ca * r1 - n.sa * r2) / 1000, ry: (n.sa * r1 + n.ca * r2) / 1000, mz: n.fixed[2] ? gm / 1e6 : 0 });
  }
  return { model, nodes: nodeResults, reactions, members };
}

function scaleLoad(l: LocalLoad, f: number): LocalLoad {
  if (l.type === 'udl') return { type: 'udl', qx: l.qx * f, qy: l.qy * f };
  if (l.type === 'point') return { type: 'point', px: l.px * f, py: l.py * f, a: l.a };
  return { type: 'dist', qx1: l.qx1 * f, qy1: l.qy1 * f, qx2: l.qx2 * f, qy2: l.qy2 * f, a: l.a, b: l.b };
}

/**
 * A combination Σ φc·(case c) of analyses of one structure: the analysis is linear, so displacements, reactions,
 * end forces and the member loads themselves superpose exactly (each member's field gets the factored loads).
 */
export function combine(cases: Analysis[], factors: number[]): Analysis {
  const base = cases[0]!;
  const used = cases.map((a, k) => [a, factors[k] ?? 0] as const).filter(([, f]) => f !== 0);
  const nodes = base.nodes.map((n, k) => {
    let ux = 0;
    let uy = 0;
    let rz: number | null = n.rz === null ? null : 0;
    for (const [a, f] of used) {
      const m = a.nodes[k]!;
      ux += f * m.ux;
      uy += f * m.uy;
      if (rz !== null) rz += f * (m.rz ?? 0);
    }
    return { id: n.id, ux, uy, rz };
  });
  return { model: base.model, nodes, reactions: combineReactions(cases, factors), members: base.members.map((_, k) => combineMember(cases, factors, k)) };
}

/** The reactions of a combination Σ φc·(case c). */
export function combineReactions(cases: Analysis[], factors: number[]): ReactionResult[] {
  return cases[0]!.reactions.map((r, k) => {
    let [rx, ry, mz] = [0, 0, 0];
    for (let c = 0; c < cases.length; c++) {
      const f = factors[c] ?? 0;
      if (f === 0) continue;
      const q = cases[c]!.reactions[k]!;
      rx += f * q.rx;
      ry += f * q.ry;
      mz += f * q.mz;
    }
    return { node: r.node, rx, ry, mz };
  });
}

/** Member k under a combination Σ φc·(case c): end forces, end displacements and the member's loads superpose. */
export function combineMember(cases: Analysis[], factors: number[], k: number): MemberAnalysis {
  const m = cases[0]!.members[k]!;
  const ends = { N_i: 0, V_i: 0, M_i: 0, N_j: 0, V_j: 0, M_j: 0 };
  const u = new Float64Array(6);
  const loads: LocalLoad[] = [];
  for (let q = 0; q < cases.length; q++) {
    const f = factors[q] ?? 0;
    if (f === 0) continue;
    const c = cases[q]!.members[k]!;
    ends.N_i += f * c.ends.N_i;
    ends.V_i += f * c.ends.V_i;
    ends.M_i += f * c.ends.M_i;
    ends.N_j += f * c.ends.N_j;
    ends.V_j += f * c.ends.V_j;
    ends.M_j += f * c.ends.M_j;
    for (let d = 0; d < 6; d++) u[d]! += f * c.u[d]!;
    for (const l of c.model.el.loads) loads.push(scaleLoad(l, f));
  }
  const el = { ...m.model.el, loads };
  const model = { ...m.model, el };
  return { model, ends, field: new MemberField(el, ends, u), u };
}
