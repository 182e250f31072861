// Plane-frame timings for `npm run bench -- steel`: regular frames of about 10, 100 and 1,000 members (bays × storeys,
// gravity on every beam, wind at every floor). For each: the whole analysis as every caller gets it (validation,
// banded solve, diagrams with exact extremes, θ) as p50, and the linear solve alone — the banded L·D·Lᵀ in reverse
// Cuthill–McKee order against Gaussian elimination of the very same assembled system, measured in the same run.
import { frameRequest, analyseFrame, type FrameInput } from '../src/calc/steel/frame/index.ts';
import { buildModel, solve } from '../src/calc/steel/frame/analyse.ts';
import type { BenchHarness, BenchRow } from './harness.ts';

const HW300 = { A: 11845, I: 201860000 };
const HN400 = { A: 8337, I: 234570000 };

/** bays × storeys frame: storeys·(2·bays + 1) members; beams 6 m, storeys 3.6 m, fixed bases. */
export function regularFrame(bays: number, storeys: number, opts: { checked?: boolean } = {}): FrameInput {
  const id = (l: number, c: number) => `n${l}_${c}`;
  const nodes = [];
  for (let l = 0; l <= storeys; l++) for (let c = 0; c <= bays; c++) nodes.push({ id: id(l, c), x: 6 * c, y: 3.6 * l });
  const column = opts.checked ? { section: { type: 'rolled_h' as const, designation: 'HW300x300x10x15' }, grade: 'Q355' as const } : HW300;
  const beam = opts.checked ? { section: { type: 'rolled_h' as const, designation: 'HN400x200x8x13' }, grade: 'Q355' as const } : HN400;
  const members: FrameInput['members'] = [];
  for (let l = 0; l < storeys; l++) for (let c = 0; c <= bays; c++) members.push({ id: `c${l}_${c}`, i: id(l, c), j: id(l + 1, c), ...column });
  for (let l = 1; l <= storeys; l++) for (let c = 0; c < bays; c++) members.push({ id: `b${l}_${c}`, i: id(l, c), j: id(l, c + 1), ...beam, loads: [{ type: 'udl', w: -25 }] });
  return {
    nodes,
    members,
    supports: Array.from({ length: bays + 1 }, (_, c) => ({ node: id(0, c), type: 'fixed' as const })),
    nodal_loads: Array.from({ length: storeys }, (_, l) => ({ node: id(l + 1, 0), fx: 10 })),
  };
}

/** CPU time of this process per call (all its threads): on a shared machine it shows what the wall-clock p50 loses
 * to other processes. */
function cpuPerCall(fn: () => unknown, n: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / n;
}

const SIZES: Array<[string, number, number]> = [
  ['10', 2, 2],
  ['100', 4, 11],
  ['1,000', 10, 48],
];

export async function frameRows(h: BenchHarness): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [label, bays, storeys] of SIZES) {
    const frame = regularFrame(bays, storeys);
    const members = frame.members.length;
    const model = buildModel(frameRequest.parse(frame));
    const big = members >= 1000;
    const whole = await h.latency(() => analyseFrame(frame), big ? 40 : 400);
    const banded = await h.latency(() => solve(model), big ? 40 : 400);
    // the dense solve of 1,000 members takes seconds: a few calls are enough for its median
    const dense = await h.latency(() => solve(model, true), big ? 3 : 100);
    rows.push({
      name: `frame ${label} members (${members}; ${model.equations} equations, half-band ${model.halfBandwidth}): analyseFrame p50 (validate + solve + diagrams + θ)`,
      figure: whole.p50,
      unit: 'ms',
      better: 'lower',
      ...(big ? { target: '≤ 100 ms', pass: whole.p50 <= 100 } : {}),
    });
    if (big) rows.push({ name: `frame ${label} members: analyseFrame CPU time per call (process.cpuUsage, all threads)`, figure: cpuPerCall(() => analyseFrame(frame), 20), unit: 'ms', better: 'lower' });
    rows.push({
      name: `frame ${label} members: assemble + banded L·D·Lᵀ solve p50`,
      figure: banded.p50,
      unit: 'ms',
      better: 'lower',
      baseline: { name: 'assemble + dense Gaussian elimination of the same system', figure: dense.p50 },
      ...(big ? { target: '≥ 10× faster than dense', pass: dense.p50 / banded.p50 >= 10 } : {}),
    });
  }
  // the issue-32 target: the same checked frame with load cases G, Q, W (6 basic combinations), its default answer
  const combined = regularFrame(10, 48, { checked: true });
  for (const m of combined.members) {
    if (m.loads?.length) m.loads = [...m.loads.map((l) => ({ ...l, case: 'G' })), { type: 'udl' as const, w: -10, case: 'Q' }];
  }
  combined.nodal_loads = (combined.nodal_loads ?? []).map((l) => ({ ...l, case: 'W' }));
  combined.load_cases = [{ id: 'G', type: 'G' }, { id: 'Q', type: 'Q' }, { id: 'W', type: 'W' }];
  const withCombos = await h.latency(() => analyseFrame(combined), 10);
  rows.push({ name: `frame 1,000 members (${combined.members.length}) checked, load cases G/Q/W (6 basic combinations, self-weight): analyseFrame p50`, figure: withCombos.p50, unit: 'ms', better: 'lower', target: '≤ 150 ms', pass: withCombos.p50 <= 150 });
  rows.push({ name: 'frame 1,000 members with combinations: CPU time per call (process.cpuUsage)', figure: cpuPerCall(() => analyseFrame(combined), 3), unit: 'ms', better: 'lower' });
  const bytes = Buffer.byteLength(JSON.stringify(analyseFrame(combined)));
  rows.push({ name: 'frame 1,000 members with combinations: default answer size (no stations, no steps)', figure: bytes / 1e6, unit: 'MB', better: 'lower', target: '≤ 2 MB', pass: bytes <= 2e6 });
  const checked = regularFrame(10, 48, { checked: true });
  const withChecks = await h.latency(() => analyseFrame(checked), 10);
  rows.push({ name: `frame 1,000 members (${checked.members.length}) with every member checked (HW300/HN400, Q355): analyseFrame p50`, figure: withChecks.p50, unit: 'ms', better: 'lower' });
  return rows;
}
