// Random frames for the property tests and the fuzz: multi-bay, multi-storey frames with fixed or pinned bases,
// random sections, hinged beam ends, pin-ended braces and every kind of load, from a seeded generator so a failure
// can be replayed. `symmetric` mirrors the frame about x = 0 (even number of bays, mirrored loads).
import type { FrameInput } from '../../../../src/calc/steel/frame/index.ts';

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

type Member = FrameInput['members'][number];
type Load = NonNullable<Member['loads']>[number];
const DIRS = ['global_x', 'global_y', 'local_x', 'local_y'] as const;

export function randomFrame(seed: number, opts: { symmetric?: boolean } = {}): FrameInput {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const between = (a: number, b: number) => a + (b - a) * r();
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const storeys = 1 + Math.floor(r() * 3);
  const halfBays = 1 + Math.floor(r() * 2);
  const bays = opts.symmetric ? 2 * halfBays : 1 + Math.floor(r() * 3);
  // column lines: symmetric about x = 0 when asked
  let xs: number[];
  if (opts.symmetric) {
    const half = [between(2, 5)];
    for (let k = 1; k < halfBays; k++) half.push(half[k - 1]! + between(3, 8));
    xs = [...half.map((x) => -round(x)).reverse(), ...half.map(round)];
    // an even number of bays puts a column line on the axis; move the two central lines instead
    xs = xs.filter((x) => x !== 0);
  } else {
    xs = [0];
    for (let k = 0; k < bays; k++) xs.push(round(xs[k]! + between(3, 8)));
  }
  const ys = [0];
  for (let k = 0; k < storeys; k++) ys.push(round(ys[k]! + between(2.8, 5)));
  const nodes = ys.flatMap((y, l) => xs.map((x, c) => ({ id: `n${l}_${c}`, x, y })));
  const id = (l: number, c: number) => `n${l}_${c}`;
  const mirrorCol = (c: number) => xs.length - 1 - c;
  const members: Member[] = [];
  const section = () => ({ A: round(between(2e3, 2e4)), I: round(between(2e7, 8e8)) });
  const colSec = ys.map(() => section());
  const beamSec = ys.map(() => section());
  const randomLoads = (L: number): Load[] => {
    const out: Load[] = [];
    if (r() < 0.6) out.push({ type: 'udl', w: round(between(-30, 10)), dir: pick(DIRS) });
    if (r() < 0.5) out.push({ type: 'point', p: round(between(-50, 50)), a: round(between(0, L)), dir: pick(DIRS) });
    return out;
  };
  // columns (i at the bottom)
  for (let l = 0; l < storeys; l++) {
    for (let c = 0; c < xs.length; c++) {
      if (opts.symmetric && xs[c]! > 0) continue;
      const loads = randomLoads(ys[l + 1]! - ys[l]!);
      members.push({ id: `c${l}_${c}`, i: id(l, c), j: id(l + 1, c), ...colSec[l]!, loads });
      if (opts.symmetric) members.push({ id: `c${l}_${mirrorCol(c)}`, i: id(l, mirrorCol(c)), j: id(l + 1, mirrorCol(c)), ...colSec[l]!, loads: loads.map(mirrorLoad) });
    }
  }
  // beams (left to right) and a few pin-ended braces
  for (let l = 1; l <= storeys; l++) {
    for (let c = 0; c + 1 < xs.length; c++) {
      const central = opts.symmetric && xs[c]! < 0 && xs[c + 1]! > 0;
      if (opts.symmetric && xs[c]! >= 0) continue;
      const L = xs[c + 1]! - xs[c]!;
      const hingeI = r() < 0.2;
      const loads: Load[] = central ? [{ type: 'udl', w: round(between(-30, -1)), dir: 'global_y' }] : randomLoads(L);
      members.push({ id: `b${l}_${c}`, i: id(l, c), j: id(l, c + 1), ...beamSec[l]!, release_i: central ? false : hingeI, loads });
      if (opts.symmetric && !central) {
        // the mirror of i→j runs j'→i' in x but is entered left to right like every beam: i' = mirror of j
        members.push({ id: `b${l}_${mirrorCol(c + 1)}`, i: id(l, mirrorCol(c + 1)), j: id(l, mirrorCol(c)), ...beamSec[l]!, release_j: hingeI, loads: loads.map((ld) => reverseLoad(mirrorLoad(ld), L)) });
      }
      if (!opts.symmetric && r() < 0.3) {
        members.push({ id: `d${l}_${c}`, i: id(l - 1, c), j: id(l, c + 1), A: round(between(500, 3000)), I: 1e6, release_i: true, release_j: true });
      }
    }
  }
  const base = pick(['fixed', 'pinned'] as const);
  const supports = xs.map((_, c) => ({ node: id(0, c), type: base }));
  const nodal_loads: NonNullable<FrameInput['nodal_loads']> = [];
  for (let l = 1; l <= storeys; l++) {
    for (let c = 0; c < xs.length; c++) {
      if (opts.symmetric && xs[c]! > 0) continue;
      if (r() < 0.5) {
        const load = { node: id(l, c), fx: round(between(-40, 40)), fy: round(between(-80, 0)), mz: round(between(-20, 20)) };
        nodal_loads.push(load);
        if (opts.symmetric) nodal_loads.push({ node: id(l, mirrorCol(c)), fx: -load.fx, fy: load.fy, mz: -load.mz });
      }
    }
  }
  return { nodes, members, supports, nodal_loads };
}

/** The load on the mirror image of a member entered with the mirrored direction of i → j. */
function mirrorLoad(ld: Load): Load {
  const flip = ld.dir === 'global_x' || ld.dir === 'local_y';
  if (ld.type === 'udl') return { ...ld, w: flip ? -ld.w : ld.w };
  return { ...ld, p: flip ? -ld.p : ld.p };
}

/** The same load described from the other end of its member (local axes turn by 180°). */
function reverseLoad(ld: Load, L: number): Load {
  const flip = ld.dir === 'local_x' || ld.dir === 'local_y';
  if (ld.type === 'udl') return { ...ld, w: flip ? -ld.w : ld.w };
  return { ...ld, p: flip ? -ld.p : ld.p, a: Math.round((L - ld.a) * 1e9) / 1e9 };
}

/** A random frame with one random field (a leaf or a whole table) replaced by junk: the fuzz tests' input. */
export function mutatedFrame(r: () => number, junk: unknown[]): unknown {
  const f = structuredClone(randomFrame(1 + Math.floor(r() * 1e6))) as Record<string, unknown>;
  const slots: Array<[Record<string | number, unknown>, string | number]> = [];
  const walk = (o: unknown) => {
    if (!o || typeof o !== 'object') return;
    for (const key of Object.keys(o)) {
      slots.push([o as Record<string | number, unknown>, Array.isArray(o) ? Number(key) : key]);
      walk((o as Record<string, unknown>)[key]);
    }
  };
  walk(f);
  const [obj, key] = slots[Math.floor(r() * slots.length)]!;
  obj[key] = junk[Math.floor(r() * junk.length)];
  return f;
}
