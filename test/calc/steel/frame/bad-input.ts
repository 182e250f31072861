// A valid portal frame and, for every field of the frame model, an edit that makes it wrong with the field the
// answer must name and words its message must contain: shared by the engine's and the route's validation tests.
import type { FrameInput } from '../../../../src/calc/steel/frame/index.ts';

export const PORTAL: FrameInput = {
  nodes: [
    { id: 'A', x: 0, y: 0 },
    { id: 'B', x: 0, y: 4 },
    { id: 'C', x: 6, y: 4 },
    { id: 'D', x: 6, y: 0 },
  ],
  members: [
    { id: 'AB', i: 'A', j: 'B', A: 1e4, I: 2e8 },
    { id: 'BC', i: 'B', j: 'C', A: 1e4, I: 3e8, loads: [{ type: 'udl', w: -20 }, { type: 'point', p: -10, a: 2 }] },
    { id: 'DC', i: 'D', j: 'C', A: 1e4, I: 2e8 },
  ],
  supports: [
    { node: 'A', type: 'fixed' },
    { node: 'D', type: 'fixed' },
  ],
  nodal_loads: [{ node: 'B', fx: 10 }],
};

type Edit = (f: Record<string, any>) => void;

/** [what is wrong, the edit, the field the answer must name, words the message must contain] */
export const BAD: Array<[string, Edit, string, string]> = [
  ['nodes missing', (f) => delete f.nodes, 'nodes', 'required'],
  ['nodes not an array', (f) => (f.nodes = {}), 'nodes', 'array'],
  ['one node', (f) => (f.nodes = [f.nodes[0]]), 'nodes', '2'],
  ['node id empty', (f) => (f.nodes[0].id = ''), 'nodes.0.id', 'non-empty'],
  ['node id a number', (f) => (f.nodes[0].id = 1), 'nodes.0.id', 'string'],
  ['duplicate node id', (f) => (f.nodes[1].id = 'A'), 'nodes.1.id', 'duplicate'],
  ['x missing', (f) => delete f.nodes[2].x, 'nodes.2.x', 'number'],
  ['x a string', (f) => (f.nodes[2].x = '6'), 'nodes.2.x', 'number'],
  ['y beyond range', (f) => (f.nodes[1].y = 1e6), 'nodes.1.y', '≤ 10000 m'],
  ['unknown node field', (f) => (f.nodes[0].z = 0), 'nodes.0.z', 'allowed: id, x, y'],
  ['isolated node', (f) => f.nodes.push({ id: 'E', x: 9, y: 9 }), 'nodes.4.id', 'not connected'],
  ['members empty', (f) => (f.members = []), 'members', '1'],
  ['duplicate member id', (f) => (f.members[1].id = 'AB'), 'members.1.id', 'duplicate'],
  ['unknown node at i', (f) => (f.members[0].i = 'Z'), 'members.0.i', 'unknown node "Z"'],
  ['unknown node at j', (f) => (f.members[2].j = 'Q'), 'members.2.j', 'nodes are "A", "B", "C", "D"'],
  ['zero-length member', (f) => (f.members[1].j = 'B'), 'members.1.j', 'zero length'],
  ['A zero', (f) => (f.members[0].A = 0), 'members.0.A', '> 0'],
  ['A missing', (f) => delete f.members[0].A, 'members.0.A', 'required'],
  ['I negative', (f) => (f.members[0].I = -1), 'members.0.I', '> 0'],
  ['I missing', (f) => delete f.members[2].I, 'members.2.I', 'required'],
  ['E too small', (f) => (f.members[0].E = 10), 'members.0.E', '≥ 1000'],
  ['release not boolean', (f) => (f.members[0].release_i = 'yes'), 'members.0.release_i', 'true or false'],
  ['release_j not boolean', (f) => (f.members[0].release_j = 1), 'members.0.release_j', 'true or false'],
  ['load type unknown', (f) => (f.members[1].loads[0].type = 'moment'), 'members.1.loads.0.type', '"udl", "point"'],
  ['udl w too big', (f) => (f.members[1].loads[0].w = 1e9), 'members.1.loads.0.w', '≤ 1000000 kN/m'],
  ['udl direction unknown', (f) => (f.members[1].loads[0].dir = 'down'), 'members.1.loads.0.dir', '"global_x", "global_y", "local_x", "local_y"'],
  ['point beyond the member', (f) => (f.members[1].loads[1].a = 7), 'members.1.loads.1.a', '≤ the member length 6 m'],
  ['point a negative', (f) => (f.members[1].loads[1].a = -1), 'members.1.loads.1.a', '≥ 0'],
  ['point p missing', (f) => delete f.members[1].loads[1].p, 'members.1.loads.1.p', 'number'],
  ['unknown load field', (f) => (f.members[1].loads[0].q = 1), 'members.1.loads.0.q', 'unknown field'],
  ['loads not an array', (f) => (f.members[1].loads = 5), 'members.1.loads', 'array'],
  ['l0x zero', (f) => (f.members[0].design = { l0x: 0 }), 'members.0.design.l0x', '> 0'],
  ['unknown member field', (f) => (f.members[0].Ix = 1), 'members.0.Ix', 'allowed:'],
  ['supports empty', (f) => (f.supports = []), 'supports', '1'],
  ['support at an unknown node', (f) => (f.supports[0].node = 'X'), 'supports.0.node', 'unknown node "X"'],
  ['support type unknown', (f) => (f.supports[0].type = 'hinge'), 'supports.0.type', '"fixed", "pinned", "roller", "roller_y", "roller_x"'],
  ['two supports at a node', (f) => (f.supports[1].node = 'A'), 'supports.1.node', 'already has a support'],
  ['angle on a fixed support', (f) => (f.supports[0].angle = 30), 'supports.0.angle', 'only a "roller"'],
  ['angle beyond 90°', (f) => (f.supports[0] = { node: 'A', type: 'roller', angle: 120 }), 'supports.0.angle', '≤ 90'],
  ['nodal load at an unknown node', (f) => (f.nodal_loads[0].node = 'K'), 'nodal_loads.0.node', 'unknown node'],
  ['nodal fx a string', (f) => (f.nodal_loads[0].fx = 'ten'), 'nodal_loads.0.fx', 'number'],
  ['nodal mz beyond range', (f) => (f.nodal_loads[0].mz = -2e6), 'nodal_loads.0.mz', '≥ -1000000'],
  ['sway not boolean', (f) => (f.sway = 'no'), 'sway', 'true or false'],
  ['samples too few', (f) => (f.samples = 2), 'samples', '≥ 3 and ≤ 101'],
  ['samples not an integer', (f) => (f.samples = 10.5), 'samples', 'integer'],
  ['unknown top-level field', (f) => (f.loads = []), 'loads', 'allowed: nodes, members, supports, nodal_loads, sway, samples'],
];
