// Properties of the solver on random frames (random-frames.ts, seeded): global equilibrium (reactions balance the
// applied loads, forces and moments), symmetric results for mirror-symmetric frames, a symmetric stiffness matrix,
// the banded solve equal to a dense solve of the same system, and results independent of the order of the tables.
import { describe, expect, it } from 'vitest';
import { analyseFrame, frameRequest, type FrameInput } from '../../../../src/calc/steel/frame/index.ts';
import { assemble, buildModel, solve } from '../../../../src/calc/steel/frame/analyse.ts';
import { DenseMatrix } from '../../../../src/calc/steel/frame/solver.ts';
import { randomFrame, rng } from './random-frames.ts';

const SEEDS = Array.from({ length: 40 }, (_, k) => 1000 + k * 7919);

/** Σ applied loads in global axes: [Fx, Fy, Mz about the origin] in kN and kN·m, with a magnitude scale. */
function appliedLoads(f: FrameInput): { F: [number, number, number]; scale: number } {
  const at = new Map(f.nodes.map((n) => [n.id, n]));
  let [fx, fy, mz, scale] = [0, 0, 0, 0];
  const add = (x: number, y: number, gx: number, gy: number, m = 0) => {
    fx += gx;
    fy += gy;
    mz += x * gy - y * gx + m;
    scale += Math.abs(gx) + Math.abs(gy) + Math.abs(m) / 10;
  };
  for (const l of f.nodal_loads ?? []) {
    const n = at.get(l.node)!;
    add(n.x, n.y, l.fx ?? 0, l.fy ?? 0, l.mz ?? 0);
  }
  for (const m of f.members) {
    const a = at.get(m.i)!;
    const b = at.get(m.j)!;
    const L = Math.hypot(b.x - a.x, b.y - a.y);
    const c = (b.x - a.x) / L;
    const s = (b.y - a.y) / L;
    for (const ld of m.loads ?? []) {
      const v = ld.type === 'udl' ? ld.w * L : ld.p;
      const pos = ld.type === 'udl' ? L / 2 : ld.a;
      const dir = ld.dir ?? 'global_y';
      const [gx, gy] = dir === 'global_x' ? [v, 0] : dir === 'global_y' ? [0, v] : dir === 'local_x' ? [v * c, v * s] : [-v * s, v * c];
      add(a.x + c * pos, a.y + s * pos, gx, gy);
    }
  }
  return { F: [fx, fy, mz], scale };
}

describe('frame solver properties (random frames)', () => {
  it('equilibrium: Σ reactions + Σ loads = 0 for forces and moments (1e-9 of the load magnitude)', () => {
    for (const seed of SEEDS) {
      const f = randomFrame(seed);
      const r = analyseFrame(f);
      const { F, scale } = appliedLoads(f);
      const at = new Map(f.nodes.map((n) => [n.id, n]));
      let [rx, ry, rm] = [0, 0, 0];
      for (const x of r.reactions) {
        const n = at.get(x.node)!;
        rx += x.rx;
        ry += x.ry;
        rm += n.x * x.ry - n.y * x.rx + x.mz;
      }
      expect(Math.abs(rx + F[0]), `seed ${seed} ΣFx`).toBeLessThanOrEqual(1e-9 * scale);
      expect(Math.abs(ry + F[1]), `seed ${seed} ΣFy`).toBeLessThanOrEqual(1e-9 * scale);
      expect(Math.abs(rm + F[2]), `seed ${seed} ΣM`).toBeLessThanOrEqual(1e-9 * scale * 100);
    }
  });

  it('each member is in equilibrium: end forces against its own loads (V_j − V_i, M_j from M_i)', () => {
    for (const seed of SEEDS.slice(0, 10)) {
      const f = randomFrame(seed);
      const r = analyseFrame({ ...f, stations: true });
      for (const m of r.members) {
        const d = m.diagram!;
        const last = d.x.length - 1;
        // the sampled diagram ends where the end forces are
        expect(Math.abs(d.M[last]! - m.M_j)).toBeLessThanOrEqual(1e-9 * (Math.abs(m.M_max) + Math.abs(m.M_min) + 1));
        expect(Math.abs(d.V[last]! - m.V_j)).toBeLessThanOrEqual(1e-9 * (m.V_abs_max + 1));
        expect(Math.abs(d.N[last]! - m.N_j)).toBeLessThanOrEqual(1e-9 * (Math.abs(m.N_max) + Math.abs(m.N_min) + 1));
        expect(m.M_max).toBeGreaterThanOrEqual(Math.max(...d.M) - 1e-9 * (Math.abs(m.M_max) + 1));
        expect(m.M_min).toBeLessThanOrEqual(Math.min(...d.M) + 1e-9 * (Math.abs(m.M_min) + 1));
      }
    }
  });

  it('mirror-symmetric frames give mirrored results: ux, rz, rx, mz change sign, uy and ry do not', () => {
    for (const seed of SEEDS.slice(0, 20)) {
      const f = randomFrame(seed, { symmetric: true });
      const r = analyseFrame(f);
      const pos = new Map(f.nodes.map((n) => [n.id, n]));
      const mirrorOf = (id: string) => f.nodes.find((n) => n.x === -pos.get(id)!.x && n.y === pos.get(id)!.y)!.id;
      const scaleU = Math.max(...r.nodes.map((n) => Math.hypot(n.ux, n.uy)));
      const scaleR = Math.max(...r.nodes.map((n) => Math.abs(n.rz ?? 0)));
      for (const n of r.nodes) {
        const m = r.nodes.find((x) => x.id === mirrorOf(n.id))!;
        expect(Math.abs(n.ux + m.ux), `seed ${seed} ${n.id} ux`).toBeLessThanOrEqual(1e-9 * scaleU);
        expect(Math.abs(n.uy - m.uy), `seed ${seed} ${n.id} uy`).toBeLessThanOrEqual(1e-9 * scaleU);
        expect(Math.abs((n.rz ?? 0) + (m.rz ?? 0)), `seed ${seed} ${n.id} rz`).toBeLessThanOrEqual(1e-9 * scaleR);
      }
      const scaleF = Math.max(...r.reactions.map((x) => Math.hypot(x.rx, x.ry)));
      for (const x of r.reactions) {
        const m = r.reactions.find((y) => y.node === mirrorOf(x.node))!;
        expect(Math.abs(x.rx + m.rx)).toBeLessThanOrEqual(1e-9 * scaleF);
        expect(Math.abs(x.ry - m.ry)).toBeLessThanOrEqual(1e-9 * scaleF);
        expect(Math.abs(x.mz + m.mz)).toBeLessThanOrEqual(1e-9 * scaleF * 10);
      }
    }
  });

  it('the assembled stiffness matrix is symmetric', () => {
    for (const seed of SEEDS.slice(0, 10)) {
      const model = buildModel(frameRequest.parse(randomFrame(seed)));
      const K = new DenseMatrix(model.equations);
      assemble(model, K);
      const n = model.equations;
      let max = 0;
      for (let k = 0; k < n * n; k++) max = Math.max(max, Math.abs(K.data[k]!));
      for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) expect(Math.abs(K.data[i * n + j]! - K.data[j * n + i]!)).toBeLessThanOrEqual(1e-14 * max);
    }
  });

  it('the banded L·D·Lᵀ solve equals a dense Gaussian elimination of the same system', () => {
    for (const seed of SEEDS.slice(0, 15)) {
      const model = buildModel(frameRequest.parse(randomFrame(seed)));
      const banded = solve(model);
      const dense = solve(model, true);
      const scale = Math.max(...dense.map(Math.abs));
      for (let k = 0; k < dense.length; k++) expect(Math.abs(banded[k]! - dense[k]!), `seed ${seed} eq ${k}`).toBeLessThanOrEqual(1e-9 * scale);
      expect(model.halfBandwidth).toBeLessThan(Math.max(model.equations, 1));
    }
  });

  it('the order of the tables does not change the answer', () => {
    for (const seed of SEEDS.slice(0, 10)) {
      const f = randomFrame(seed);
      const r0 = analyseFrame(f);
      const rand = rng(seed + 1);
      const shuffle = <T,>(xs: T[]) => xs.map((x) => [rand(), x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);
      const r1 = analyseFrame({ ...f, nodes: shuffle(f.nodes), members: shuffle(f.members), supports: shuffle(f.supports) });
      const scaleU = Math.max(...r0.nodes.map((n) => Math.hypot(n.ux, n.uy)));
      for (const n of r0.nodes) {
        const m = r1.nodes.find((x) => x.id === n.id)!;
        expect(Math.abs(n.ux - m.ux) + Math.abs(n.uy - m.uy)).toBeLessThanOrEqual(1e-9 * scaleU);
      }
      for (const m of r0.members) {
        const o = r1.members.find((x) => x.id === m.id)!;
        expect(Math.abs(m.M_i - o.M_i) + Math.abs(m.M_j - o.M_j)).toBeLessThanOrEqual(1e-9 * (Math.abs(m.M_max) + Math.abs(m.M_min) + 1));
      }
    }
  });
});
