// What a plane-frame analysis costs, known before it runs, and the bounds on it (issue 33: one request of 2,000
// nodes whose members join random nodes solved for 21 s and answered 42 MB). The banded solve costs about
// equations × half-bandwidth² operations after the engine's reverse Cuthill–McKee numbering, which no numbering can
// shrink for such a frame; the answer grows with members × samples (the stations along each member, the checks of each member). Both are
// bounded, each refused with a 400 naming what is too large; what is allowed runs on a worker thread (the tool and
// the route hand it to src/offload), so it never holds the event loop. Pure: the engine's own ordering, no solve.
import { InputError, parseInput } from '../../errors.ts';
import { analyseFrame } from './frame/index.ts';
import { reverseCuthillMcKee } from './frame/ordering.ts';
import { frameRequest, type Frame } from './frame/schema.ts';

export const FRAME_COST_LIMITS = {
  /** equations × half-bandwidth²: a solve of about a second at most, on the worker */
  solve: 1e10,
  /** the answer's JSON: what the node sends (and a tool's caller parses) stays a few tens of milliseconds of work */
  answerBytes: 2_000_000,
} as const;

export interface FrameCost {
  equations: number;
  halfBandwidth: number;
  solve: number;
}

/** The cost of analysing a validated frame (an upper bound: every degree of freedom counted as an equation). */
export function frameCost(frame: Pick<Frame, 'nodes' | 'members'>): FrameCost {
  const index = new Map(frame.nodes.map((n, k) => [n.id, k]));
  const edges = frame.members.map((m) => [index.get(m.i) ?? 0, index.get(m.j) ?? 0] as const);
  const order = reverseCuthillMcKee(frame.nodes.length, edges);
  const position = new Int32Array(frame.nodes.length);
  order.forEach((node, k) => (position[node] = k));
  let spread = 0;
  for (const [a, b] of edges) spread = Math.max(spread, Math.abs(position[a]! - position[b]!));
  const equations = 3 * frame.nodes.length;
  const halfBandwidth = 3 * (spread + 1);
  return { equations, halfBandwidth, solve: equations * halfBandwidth * halfBandwidth };
}

/** Throws a 400 naming what is too large when the frame's analysis would cost more than FRAME_COST_LIMITS. */
export function checkFrameCost(frame: Pick<Frame, 'nodes' | 'members'>): FrameCost {
  const c = frameCost(frame);
  if (c.solve > FRAME_COST_LIMITS.solve) {
    throw new InputError(
      `members: the frame's stiffness matrix has ${c.equations} equations with a half-bandwidth of ${c.halfBandwidth} after renumbering (members join nodes far apart in every numbering), about ${c.solve.toExponential(1)} operations to solve; at most ${FRAME_COST_LIMITS.solve.toExponential(0)}: connect each node to nearby nodes, or split the model · 杆件连接的节点相距太远，刚度矩阵带宽过大`,
      'members',
      'frame_too_large',
    );
  }
  return c;
}

/**
 * The analysis as the JSON the caller gets: validated, bounded by its solve's cost, analysed, and refused when the
 * answer itself would be larger than FRAME_COST_LIMITS.answerBytes (measured on the answer, so it follows whatever
 * the answer carries). Serialised here, on the worker, so the event loop only passes the bytes on.
 */
export function frameAnswerJson(body: unknown): string {
  const frame = parseInput(frameRequest, body);
  checkFrameCost(frame);
  const json = JSON.stringify(analyseFrame(frame));
  if (json.length > FRAME_COST_LIMITS.answerBytes) {
    throw new InputError(
      `members: the answer for ${frame.members.length} members with ${frame.samples} samples each is ${(json.length / 1e6).toFixed(1)} MB; at most ${FRAME_COST_LIMITS.answerBytes / 1e6} MB: fewer members or samples, or split the model · 结果过大，请减少杆件或 samples`,
      'members',
      'frame_too_large',
    );
  }
  return json;
}
