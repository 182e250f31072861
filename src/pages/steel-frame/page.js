// The plane-frame page. It analyses with engine.js, the very module POST /v1/calc/steel-frame runs (bundled by the
// service), and validates with the same schema, so a bad cell here is the field the API would name. The model is
// edited as tables and drawn live as SVG; after analysis the deformed shape and the M, V, N diagrams are drawn from
// the engine's sampled diagrams. The state travels in the URL fragment (#frame=base64url(JSON of the request)).
import { analyseFrame, describeFrame, DESIGNATIONS, GRADES, validateFrame } from '/tools/steel-frame/engine.js';
import { chinese, issueZh } from '/assets/errors-zh.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const desc = describeFrame();
const tableOf = (path) => desc.tables.find((t) => t.path === path);
const enumOf = (path, name) => tableOf(path).fields.find((f) => f.name === name).enum;
const SUPPORT_TYPES = enumOf('supports[]', 'type');
const DIRS = enumOf('members[].loads[] (type udl)', 'dir');
const SUPPORT_TEXT = { fixed: '固定', pinned: '铰支', roller: '滚动（可设倾角）', roller_y: '滚动（约束竖向）', roller_x: '滚动（约束水平）' };
const DIR_TEXT = { global_x: '整体 X', global_y: '整体 Y', local_x: '局部 x', local_y: '局部 y' };
const KIND_TEXT = { beam_column: '压弯构件', beam: '受弯构件', tension: '轴心受拉', compression: '轴心受压' };
const DEFAULT_E = tableOf('members[]').fields.find((f) => f.name === 'E').default;

// Templates: hot-rolled H sections of the built-in table (GB/T 11263), so every member is also checked.
const rolled = (designation, grade) => ({ section: { type: 'rolled_h', designation }, grade });
const HW300 = rolled('HW300x300x10x15', 'Q355');
const HN400 = rolled('HN400x200x8x13', 'Q355');
const HN300 = rolled('HN300x150x6.5x9', 'Q235');
const BAR = { ...rolled('HW100x100x6x8', 'Q235'), release_i: true, release_j: true };
// the portal's geometry, with design loads and with load cases
const PORTAL_NODES = [
  { id: 'A', x: 0, y: 0 },
  { id: 'B', x: 0, y: 4.5 },
  { id: 'C', x: 6, y: 4.5 },
  { id: 'D', x: 6, y: 0 },
];
const PORTAL_SUPPORTS = [
  { node: 'A', type: 'fixed' },
  { node: 'D', type: 'fixed' },
];
const TEMPLATES = {
  portal: {
    nodes: PORTAL_NODES,
    members: [
      { id: 'AB', i: 'A', j: 'B', ...HW300 },
      { id: 'BC', i: 'B', j: 'C', ...HN400, loads: [{ type: 'udl', w: -20, dir: 'global_y' }] },
      { id: 'DC', i: 'D', j: 'C', ...HW300 },
    ],
    supports: PORTAL_SUPPORTS,
    nodal_loads: [{ node: 'B', fx: 15 }],
  },
  // the portal with characteristic loads: dead, live and wind from each side, combined by GB 55001-2021
  'portal-cases': {
    nodes: PORTAL_NODES,
    members: [
      { id: 'AB', i: 'A', j: 'B', ...HW300, loads: [{ type: 'udl', w: 2.4, dir: 'global_x', case: 'WL' }] },
      { id: 'BC', i: 'B', j: 'C', ...HN400, design: { l1: 3 }, loads: [{ type: 'udl', w: -12, dir: 'global_y', case: 'G' }, { type: 'udl', w: -6, dir: 'global_y', case: 'Q' }, { type: 'point', p: -20, a: 2, dir: 'global_y', case: 'Q' }] },
      { id: 'DC', i: 'D', j: 'C', ...HW300, loads: [{ type: 'udl', w: -2.4, dir: 'global_x', case: 'WR' }] },
    ],
    supports: PORTAL_SUPPORTS,
    nodal_loads: [],
    load_cases: [
      { id: 'G', type: 'G', name: '恒荷载' },
      { id: 'Q', type: 'Q', name: '活荷载' },
      { id: 'WL', type: 'W', name: '左风' },
      { id: 'WR', type: 'W', name: '右风' },
    ],
  },
  'two-storey': {
    nodes: [
      { id: 'A', x: 0, y: 0 },
      { id: 'B', x: 7.2, y: 0 },
      { id: 'C', x: 0, y: 3.9 },
      { id: 'D', x: 7.2, y: 3.9 },
      { id: 'E', x: 0, y: 7.5 },
      { id: 'F', x: 7.2, y: 7.5 },
    ],
    members: [
      { id: 'AC', i: 'A', j: 'C', ...HW300 },
      { id: 'BD', i: 'B', j: 'D', ...HW300 },
      { id: 'CE', i: 'C', j: 'E', ...HW300 },
      { id: 'DF', i: 'D', j: 'F', ...HW300 },
      { id: 'CD', i: 'C', j: 'D', ...HN400, loads: [{ type: 'udl', w: -30, dir: 'global_y' }] },
      { id: 'EF', i: 'E', j: 'F', ...HN400, loads: [{ type: 'udl', w: -22, dir: 'global_y' }] },
    ],
    supports: [
      { node: 'A', type: 'fixed' },
      { node: 'B', type: 'fixed' },
    ],
    nodal_loads: [
      { node: 'C', fx: 18 },
      { node: 'E', fx: 12 },
    ],
  },
  continuous: {
    nodes: [
      { id: '1', x: 0, y: 0 },
      { id: '2', x: 6, y: 0 },
      { id: '3', x: 12, y: 0 },
      { id: '4', x: 18, y: 0 },
    ],
    members: [
      { id: 'S1', i: '1', j: '2', ...HN300, loads: [{ type: 'udl', w: -15, dir: 'global_y' }] },
      { id: 'S2', i: '2', j: '3', ...HN300, loads: [{ type: 'udl', w: -15, dir: 'global_y' }, { type: 'point', p: -40, a: 3, dir: 'global_y' }] },
      { id: 'S3', i: '3', j: '4', ...HN300, loads: [{ type: 'udl', w: -15, dir: 'global_y' }] },
    ],
    supports: [
      { node: '1', type: 'pinned' },
      { node: '2', type: 'roller' },
      { node: '3', type: 'roller' },
      { node: '4', type: 'roller' },
    ],
    nodal_loads: [],
  },
  truss: {
    nodes: [
      { id: 'L0', x: 0, y: 0 },
      { id: 'L1', x: 3, y: 0 },
      { id: 'L2', x: 6, y: 0 },
      { id: 'L3', x: 9, y: 0 },
      { id: 'L4', x: 12, y: 0 },
      { id: 'U1', x: 3, y: 3 },
      { id: 'U2', x: 6, y: 3 },
      { id: 'U3', x: 9, y: 3 },
    ],
    members: [
      ['L0', 'L1'], ['L1', 'L2'], ['L2', 'L3'], ['L3', 'L4'], ['U1', 'U2'], ['U2', 'U3'], ['L0', 'U1'], ['U3', 'L4'],
      ['L1', 'U1'], ['L2', 'U2'], ['L3', 'U3'], ['U1', 'L2'], ['L2', 'U3'],
    ].map(([i, j]) => ({ id: `${i}${j}`, i, j, ...BAR })),
    supports: [
      { node: 'L0', type: 'pinned' },
      { node: 'L4', type: 'roller' },
    ],
    nodal_loads: [
      { node: 'U1', fy: -30 },
      { node: 'U2', fy: -30 },
      { node: 'U3', fy: -30 },
    ],
  },
};

/** The page's state: every cell as typed (strings), so a half-typed number stays on screen. */
let state;
let lastResult = null;
let view = 'model';

const str = (v) => (v === undefined || v === null ? '' : String(v));
/** the section select's value for a section given as JSON (welded_i, props, rolled_h by dimensions) */
const CUSTOM = '__custom__';

/** A welded section's plates as the page writes them: "h×b×tw×tf" and the bottom flange "b2×tf2". */
const dims = (...v) => v.map((x) => str(x)).join('×');
const WELDED = '__welded__';

/** A request body (API shape) → the page's tables. */
function fromRequest(body) {
  const loads = [];
  for (const m of body.members ?? []) {
    for (const l of m.loads ?? []) {
      loads.push({
        member: str(m.id),
        type: l.type === 'point' ? 'point' : 'udl',
        value: str(l.type === 'point' ? l.p : l.w),
        w2: str(l.type === 'point' ? '' : l.w2),
        a: str(l.a),
        b: str(l.type === 'point' ? '' : l.b),
        dir: l.dir ?? 'global_y',
        case: str(l.case),
      });
    }
  }
  return {
    nodes: (body.nodes ?? []).map((n) => ({ id: str(n.id), x: str(n.x), y: str(n.y) })),
    members: (body.members ?? []).map((m) => {
      const welded = m.section?.type === 'welded_i';
      const { l0x, l0y, l1, ...design } = m.design ?? {};
      return {
        id: str(m.id),
        i: str(m.i),
        j: str(m.j),
        // a built-in designation is a choice of the table, a welded I its plates; any other section travels unchanged
        // (shown as 自定义)
        section: welded ? WELDED : m.section?.type === 'rolled_h' && m.section.designation && Object.keys(m.section).length === 2 ? m.section.designation : m.section ? CUSTOM : '',
        sectionObj: m.section,
        welded: welded ? dims(m.section.h, m.section.b, m.section.tw, m.section.tf) : '',
        flange2: welded && (m.section.b2 !== undefined || m.section.tf2 !== undefined) ? dims(m.section.b2 ?? m.section.b, m.section.tf2 ?? m.section.tf) : '',
        grade: str(m.grade),
        A: str(m.A),
        I: str(m.I),
        E: m.E === undefined ? '' : str(m.E),
        release_i: Boolean(m.release_i),
        release_j: Boolean(m.release_j),
        l0x: str(l0x),
        l0y: str(l0y),
        l1: str(l1),
        design: Object.keys(design).length ? design : undefined,
      };
    }),
    supports: (body.supports ?? []).map((s) => ({ node: str(s.node), type: s.type ?? 'fixed', angle: str(s.angle) })),
    nodal: (body.nodal_loads ?? []).map((l) => ({ node: str(l.node), fx: str(l.fx), fy: str(l.fy), mz: str(l.mz), case: str(l.case) })),
    loads,
    cases: (body.load_cases ?? []).map((c) => ({ id: str(c.id), type: c.type ?? 'G', name: str(c.name) })),
    sway: body.sway !== false,
    selfWeight: body.self_weight ?? true,
    crane: body.crane === true,
  };
}

/** "500×250×8×14" (x, X, ×, * or spaces between) → its numbers, or null when it is not `count` numbers. */
function plates(text, count) {
  const parts = String(text).trim().split(/\s*[x×X*]\s*|\s+/).filter(Boolean);
  if (parts.length !== count) return null;
  const v = parts.map(Number);
  return v.every(Number.isFinite) ? v : null;
}

/** A typed cell as the API receives it: empty → left out, a number → the number, anything else → as typed (the
 * schema then names it). */
function num(s) {
  const t = String(s).trim();
  if (t === '') return undefined;
  const v = Number(t);
  return Number.isFinite(v) ? v : t;
}

function put(obj, key, value) {
  if (value !== undefined) obj[key] = value;
  return obj;
}

/** The page's tables → the request body, where each load row went (members.k.loads.q → row), and the problems the
 * page itself finds (a load on a member that does not exist, welded plates that are not four numbers). */
function toRequest(s) {
  const loadRows = new Map();
  const pageIssues = [];
  const members = s.members.map((m, row) => {
    const out = { id: m.id, i: m.i, j: m.j };
    if (m.section === CUSTOM) out.section = m.sectionObj;
    else if (m.section === WELDED) {
      const p = plates(m.welded, 4);
      const f2 = m.flange2.trim() === '' ? [] : plates(m.flange2, 2);
      if (!p) pageIssues.push({ cell: { table: 'members', row, key: 'welded' }, field: null, text: '焊接截面须为 h×b×tw×tf 四个数（mm），如 500×250×8×14' });
      if (!f2) pageIssues.push({ cell: { table: 'members', row, key: 'flange2' }, field: null, text: '下翼缘须为 b2×tf2 两个数（mm），如 200×12；与上翼缘相同时留空' });
      const keep = m.sectionObj?.type === 'welded_i' && m.sectionObj.flange_edge ? { flange_edge: m.sectionObj.flange_edge } : {};
      out.section = { type: 'welded_i', ...(p ? { h: p[0], b: p[1], tw: p[2], tf: p[3] } : {}), ...(f2?.length ? { b2: f2[0], tf2: f2[1] } : {}), ...keep };
    } else if (m.section) out.section = { type: 'rolled_h', designation: m.section };
    else {
      put(out, 'A', num(m.A));
      put(out, 'I', num(m.I));
    }
    if (m.grade) out.grade = m.grade;
    put(out, 'E', num(m.E));
    if (m.release_i) out.release_i = true;
    if (m.release_j) out.release_j = true;
    const design = put(put(put({ ...(m.design ?? {}) }, 'l0x', num(m.l0x)), 'l0y', num(m.l0y)), 'l1', num(m.l1));
    if (Object.keys(design).length) out.design = design;
    return out;
  });
  s.loads.forEach((l, row) => {
    const k = s.members.findIndex((m) => m.id === l.member);
    if (k < 0) {
      pageIssues.push({ cell: { table: 'loads', row, key: 'member' }, field: null, text: '杆件不存在' });
      return;
    }
    const load = l.type === 'point' ? put({ type: 'point', p: num(l.value) }, 'a', num(l.a)) : put(put(put({ type: 'udl', w: num(l.value) }, 'w2', num(l.w2)), 'a', num(l.a)), 'b', num(l.b));
    if (l.dir) load.dir = l.dir;
    if (l.case) load.case = l.case;
    members[k].loads ??= [];
    loadRows.set(`members.${k}.loads.${members[k].loads.length}`, row);
    members[k].loads.push(load);
  });
  const body = {
    nodes: s.nodes.map((n) => put(put({ id: n.id }, 'x', num(n.x)), 'y', num(n.y))),
    members,
    supports: s.supports.map((x) => put({ node: x.node, type: x.type }, 'angle', num(x.angle))),
    nodal_loads: s.nodal.map((l) => {
      const out = put(put(put({ node: l.node }, 'fx', num(l.fx)), 'fy', num(l.fy)), 'mz', num(l.mz));
      if (l.case) out.case = l.case;
      return out;
    }),
  };
  if (s.cases.length) {
    body.load_cases = s.cases.map((c) => (c.name.trim() ? { id: c.id, type: c.type, name: c.name } : { id: c.id, type: c.type }));
    if (!s.selfWeight) body.self_weight = false;
  }
  if (!s.sway) body.sway = false;
  if (s.crane) body.crane = true;
  return { body, loadRows, pageIssues };
}

// ---------------------------------------------------------------------------------------------------------------
// tables

const COLUMNS = {
  nodes: [
    ['id', '编号', 'text'],
    ['x', 'x (m)', 'num'],
    ['y', 'y (m)', 'num'],
  ],
  members: [
    ['id', '编号', 'text'],
    ['i', 'i 端节点', 'node'],
    ['j', 'j 端节点', 'node'],
    ['section', '截面，热轧 H 型钢型号或焊接工字形', 'section'],
    ['welded', '焊接截面 h×b×tw×tf (mm)，选焊接工字形时', 'text'],
    ['flange2', '下翼缘 b2×tf2 (mm)，与上翼缘不同时', 'text'],
    ['grade', '钢材牌号', 'grade'],
    ['l0x', 'l0x (m)，平面内计算长度，空则柱按附录 E 取 μ', 'num'],
    ['l0y', 'l0y (m)，平面外计算长度，空则取杆长', 'num'],
    ['l1', 'l1 (m)，受压翼缘侧向支承间距，空则取杆长', 'num'],
    ['A', 'A (mm²)，未给截面时', 'num'],
    ['I', 'I (mm⁴)，未给截面时', 'num'],
    ['E', `E (N/mm²)，默认 ${DEFAULT_E}`, 'num'],
    ['release_i', 'i 端铰接', 'bool'],
    ['release_j', 'j 端铰接', 'bool'],
  ],
  supports: [
    ['node', '节点', 'node'],
    ['type', '类型', 'support'],
    ['angle', '倾角 (°)', 'num'],
  ],
  cases: [
    ['id', '工况编号', 'text'],
    ['type', '类型', 'casetype'],
    ['name', '名称，如「左风」', 'text'],
  ],
  nodal: [
    ['node', '节点', 'node'],
    ['fx', 'Fx (kN)', 'num'],
    ['fy', 'Fy (kN)', 'num'],
    ['mz', 'Mz (kN·m)', 'num'],
    ['case', '工况', 'case'],
  ],
  loads: [
    ['member', '杆件', 'member'],
    ['type', '类型', 'loadtype'],
    ['value', '数值，均布 kN/m（起点 a 处），集中 kN', 'num'],
    ['w2', 'w2 (kN/m)，梯形荷载终点 b 处的集度，空则均布', 'num'],
    ['a', 'a (m)，集中力或分布起点距 i 端', 'num'],
    ['b', 'b (m)，分布终点距 i 端，空则到 j 端', 'num'],
    ['dir', '方向', 'dir'],
    ['case', '工况', 'case'],
  ],
};
const TABLE_ID = { nodes: 't-nodes', members: 't-members', supports: 't-supports', cases: 't-cases', nodal: 't-nodal', loads: 't-loads' };
const ROW_NAME = { nodes: '节点', members: '杆件', supports: '支座', cases: '荷载工况', nodal: '节点荷载', loads: '杆件荷载' };
const CASE_TEXT = { G: '恒荷载 G', Q: '活荷载 Q', W: '风荷载 W（每个风向一个工况）', S: '雪荷载 S' };
/** cells that apply only to some rows: disabled (and greyed) elsewhere */
function inactive(table, row, key) {
  const r = state[table][row];
  if (table === 'members') {
    if (key === 'A' || key === 'I') return Boolean(r.section);
    if (key === 'welded' || key === 'flange2') return r.section !== WELDED;
  }
  if (table === 'loads') {
    if (key === 'w2' || key === 'b') return r.type === 'point';
  }
  if (key === 'case') return state.cases.length === 0;
  return false;
}

function select(options, value) {
  const el = document.createElement('select');
  for (const [v, text] of options) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = text;
    el.append(o);
  }
  el.value = value;
  return el;
}

function cellControl(table, row, [key, label, kind]) {
  const value = state[table][row][key];
  let el;
  if (kind === 'bool') {
    el = document.createElement('input');
    el.type = 'checkbox';
    el.checked = Boolean(value);
  } else if (kind === 'support') el = select(SUPPORT_TYPES.map((t) => [t, SUPPORT_TEXT[t] ?? t]), value);
  else if (kind === 'dir') el = select(DIRS.map((d) => [d, DIR_TEXT[d] ?? d]), value);
  else if (kind === 'loadtype') el = select([['udl', '分布'], ['point', '集中']], value);
  else if (kind === 'casetype') el = select(Object.entries(CASE_TEXT), value);
  else if (kind === 'case') el = select([['', state.cases.length ? '— 请选择' : '— 未分工况'], ...state.cases.map((c) => [c.id, c.name ? `${c.id} ${c.name}` : c.id])], value);
  else if (kind === 'section') {
    const custom = state[table][row].sectionObj && value === CUSTOM ? [[CUSTOM, `自定义（${state[table][row].sectionObj.type}）`]] : [];
    el = select([['', '— 输入 A、I'], [WELDED, '焊接工字形（填尺寸）'], ...custom, ...DESIGNATIONS.map((d) => [d, d])], value);
  } else if (kind === 'grade') el = select([['', '— 不验算'], ...GRADES.map((g) => [g, g])], value);
  else {
    el = document.createElement('input');
    el.type = 'text';
    el.value = value;
    el.autocomplete = 'off';
    if (kind === 'num') {
      el.inputMode = 'decimal';
      el.className = 'num';
    }
    if (kind === 'node') el.setAttribute('list', 'node-ids');
    if (kind === 'member') el.setAttribute('list', 'member-ids');
  }
  el.dataset.cell = `${table}:${row}:${key}`;
  el.setAttribute('aria-label', `${ROW_NAME[table]} ${row + 1} ${label}`);
  const update = () => {
    state[table][row][key] = kind === 'bool' ? el.checked : el.value;
    if (kind === 'loadtype' || kind === 'section' || (table === 'cases' && key === 'id')) renderTables();
    changed();
  };
  el.addEventListener(kind === 'bool' || el.tagName === 'SELECT' ? 'change' : 'input', update);
  return el;
}

/**
 * Each input table's header row, from COLUMNS: the one list of a table's cells, so a column added there has its
 * header above it (the headers written by hand in the page once lagged two columns behind the member rows).
 */
function renderHeads() {
  for (const [table, cols] of Object.entries(COLUMNS)) {
    const tr = document.createElement('tr');
    for (const [, label] of cols) {
      const th = document.createElement('th');
      th.scope = 'col';
      // the short name above the column; the whole label is each cell's aria-label
      th.textContent = label.split('，')[0];
      tr.append(th);
    }
    const th = document.createElement('th');
    th.scope = 'col';
    const hidden = document.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = '操作';
    th.append(hidden);
    tr.append(th);
    $(TABLE_ID[table]).querySelector('thead').replaceChildren(tr);
  }
}

function renderTables() {
  for (const [table, cols] of Object.entries(COLUMNS)) {
    const tbody = $(TABLE_ID[table]).querySelector('tbody');
    tbody.textContent = '';
    state[table].forEach((_, row) => {
      const tr = document.createElement('tr');
      for (const col of cols) {
        const td = document.createElement('td');
        const control = cellControl(table, row, col);
        // a member with a section takes A and I from it; a welded I's plates only with that choice; …
        if (inactive(table, row, col[0])) {
          control.disabled = true;
          td.className = 'muted small';
        }
        td.append(control);
        tr.append(td);
      }
      const td = document.createElement('td');
      const rm = document.createElement('button');
      rm.type = 'button';
      rm.className = 'remove';
      rm.textContent = '删除';
      rm.setAttribute('aria-label', `删除${ROW_NAME[table]} ${row + 1}`);
      rm.addEventListener('click', () => {
        state[table].splice(row, 1);
        renderTables();
        changed();
      });
      td.append(rm);
      tr.append(td);
      tbody.append(tr);
    });
  }
  renderDatalists();
}

function renderDatalists() {
  for (const [id, values] of [['node-ids', state.nodes.map((n) => n.id)], ['member-ids', state.members.map((m) => m.id)]]) {
    let list = $(id);
    if (!list) {
      list = document.createElement('datalist');
      list.id = id;
      document.body.append(list);
    }
    list.textContent = '';
    for (const v of values) {
      const o = document.createElement('option');
      o.value = v;
      list.append(o);
    }
  }
}

function nextId(prefix, taken) {
  const set = new Set(taken);
  for (let k = taken.length + 1; ; k++) if (!set.has(`${prefix}${k}`)) return `${prefix}${k}`;
}

function addRow(table) {
  const ids = state.nodes.map((n) => n.id);
  const last = state.nodes[state.nodes.length - 1];
  const rows = {
    nodes: () => ({ id: nextId('N', ids), x: last ? String(Number(last.x) + 3 || 0) : '0', y: last ? last.y : '0' }),
    members: () => ({ id: nextId('M', state.members.map((m) => m.id)), i: ids[ids.length - 2] ?? '', j: ids[ids.length - 1] ?? '', section: HN400.section.designation, welded: '', flange2: '', grade: HN400.grade, l0x: '', l0y: '', l1: '', A: '', I: '', E: '', release_i: false, release_j: false }),
    supports: () => ({ node: ids[0] ?? '', type: 'pinned', angle: '' }),
    cases: () => {
      const taken = state.cases.map((c) => c.id);
      const type = ['G', 'Q', 'W'].find((t) => !taken.includes(t)) ?? 'W';
      return { id: taken.includes(type) ? nextId(type, taken) : type, type, name: '' };
    },
    nodal: () => ({ node: ids[ids.length - 1] ?? '', fx: '', fy: '-10', mz: '', case: state.cases[0]?.id ?? '' }),
    loads: () => ({ member: state.members[0]?.id ?? '', type: 'udl', value: '-10', w2: '', a: '', b: '', dir: 'global_y', case: state.cases[0]?.id ?? '' }),
  };
  state[table].push(rows[table]());
  renderTables();
  changed();
}

// ---------------------------------------------------------------------------------------------------------------
// validation, analysis and results

const CELL_OF_FIELD = { nodes: 'nodes', members: 'members', supports: 'supports', nodal_loads: 'nodal', load_cases: 'cases' };


/** The cell a field path of the request points at, e.g. members.1.loads.0.w → the load row's value cell,
 * members.0.design.l0x → the member's l0x, members.0.section.tf → its welded plates. */
function cellFor(field, loadRows) {
  const parts = field.split('.');
  if (parts[0] === 'members' && parts[2] === 'loads' && parts.length >= 4) {
    const row = loadRows.get(parts.slice(0, 4).join('.'));
    const key = { w: 'value', p: 'value', w2: 'w2', a: 'a', b: 'b', dir: 'dir', type: 'type', case: 'case' }[parts[4]] ?? 'value';
    return row === undefined ? null : { table: 'loads', row, key };
  }
  if (parts[0] === 'members' && parts[2] === 'design' && ['l0x', 'l0y', 'l1'].includes(parts[3])) return { table: 'members', row: Number(parts[1]), key: parts[3] };
  if (parts[0] === 'members' && parts[2] === 'section' && state.members[Number(parts[1])]?.section === WELDED) {
    return { table: 'members', row: Number(parts[1]), key: parts[3] === 'b2' || parts[3] === 'tf2' ? 'flange2' : 'welded' };
  }
  const table = CELL_OF_FIELD[parts[0]];
  if (!table || parts.length < 3) return null;
  return { table, row: Number(parts[1]), key: parts[2] };
}

/** A field of the request that has no cell of its own (a whole table, a row's part without a column) in Chinese. */
const FIELD_ZH = { nodes: '节点', members: '杆件', supports: '支座', nodal_loads: '节点荷载', loads: '杆件荷载', load_cases: '荷载工况', sway: '有侧移框架', samples: '分段数', self_weight: '计入自重', crane: '有桥式起重机' };
function fieldZh(field) {
  const [table, row, ...rest] = String(field).split('.');
  const name = FIELD_ZH[table] ?? '模型';
  if (row === undefined) return `${name}表`;
  if (!/^\d+$/.test(row)) return name;
  return `${name}第 ${Number(row) + 1} 行${rest.length ? '的输入' : ''}`;
}

function describeCell(c) {
  const col = COLUMNS[c.table].find(([k]) => k === c.key);
  return `${ROW_NAME[c.table]}第 ${c.row + 1} 行${col ? `「${col[1]}」` : ''}`;
}

function showIssues(list) {
  for (const el of document.querySelectorAll('[data-cell][aria-invalid]')) el.removeAttribute('aria-invalid');
  const ul = $('issues');
  ul.textContent = '';
  for (const { cell, field, text } of list) {
    if (cell) document.querySelector(`[data-cell="${cell.table}:${cell.row}:${cell.key}"]`)?.setAttribute('aria-invalid', 'true');
    const li = document.createElement('li');
    li.dataset.field = field ?? '';
    li.textContent = `${cell ? describeCell(cell) : field ? fieldZh(field) : ''}${cell || field ? '：' : ''}${text}`;
    ul.append(li);
  }
}

function clearResult() {
  lastResult = null;
  $('report').hidden = true;
  $('print-button').disabled = true;
  $('output').hidden = true;
  $('output').dataset.stale = 'true';
  $('result-json').textContent = '';
}

let timer = 0;
function changed() {
  clearTimeout(timer);
  timer = setTimeout(run, 200);
  draw();
}

function run() {
  const { body, loadRows, pageIssues } = toRequest(state);
  const issues = [...pageIssues];
  const v = validateFrame(body);
  if (!v.ok) for (const i of v.issues) issues.push({ cell: cellFor(i.field, loadRows), field: i.field, text: issueZh(i) });
  if (issues.length) {
    showIssues(issues);
    clearResult();
    draw();
    return;
  }
  try {
    // the page draws the diagrams and prints the steps: it asks for both (the API leaves them out by default)
    const result = analyseFrame({ ...body, stations: true, steps: true });
    showIssues([]);
    lastResult = { body, result };
    render(result);
    history.replaceState(null, '', `#frame=${encodeState(body)}`);
  } catch (e) {
    showIssues([{ cell: null, field: e?.param ?? null, text: issueZh({ code: 'custom', message: e?.message?.replace(/^[\w.]+: /, '') ?? String(e) }) }]);
    clearResult();
  }
  draw();
}

const fmt = (v, sig = 4) => {
  if (v === null || v === undefined) return '—';
  if (v === 0) return '0';
  const s = Number(v.toPrecision(sig));
  return Math.abs(s) >= 1e-3 || s === 0 ? String(s) : s.toExponential(2);
};

function fillTable(id, rows) {
  const tbody = $(id).querySelector('tbody');
  tbody.textContent = '';
  for (const cells of rows) {
    const tr = document.createElement('tr');
    cells.forEach((c, k) => {
      const td = document.createElement('td');
      if (k > 0 && typeof c !== 'object') td.className = 'num';
      if (c && typeof c === 'object') {
        td.textContent = c.text;
        if (c.className) td.className = c.className;
        if (c.value !== undefined) td.dataset.value = JSON.stringify(c.value);
      } else td.textContent = c;
      tr.append(td);
    });
    tbody.append(tr);
  }
}

function render(r) {
  // a sheet built from an earlier analysis is not this one's
  $('report').hidden = true;
  $('print-button').disabled = true;
  const out = $('output');
  out.hidden = false;
  delete out.dataset.stale;
  $('summary').textContent = chinese(r.summary);
  $('verdict').dataset.verdict = r.verdict;
  const [gid, gkey] = (r.governing ?? '').split(': ');
  const gname = r.checks[gid]?.checks.find((c) => c.key === gkey)?.name ?? gkey;
  $('verdict').textContent = { ok: '构件验算：全部满足', fail: `构件验算：不满足（杆 ${gid}，${gname}）`, not_checked: '未验算构件（杆件未给截面与牌号）' }[r.verdict];
  const ul = $('warnings');
  ul.textContent = '';
  for (const w of r.warnings) {
    const li = document.createElement('li');
    li.dataset.code = w.code;
    li.textContent = `${w.member && !/^杆 /.test(chinese(w.message)) ? `杆 ${w.member}：` : ''}${chinese(w.message)}`;
    const c = document.createElement('span');
    c.className = 'clause';
    c.textContent = `〔${w.clause}〕`;
    li.append(c);
    ul.append(li);
  }
  fillTable('r-reactions', r.reactions.map((x) => [x.node, { text: fmt(x.rx), className: 'num', value: x.rx }, { text: fmt(x.ry), className: 'num', value: x.ry }, { text: fmt(x.mz), className: 'num', value: x.mz }]));
  fillTable('r-nodes', r.nodes.map((n) => [n.id, fmt(n.ux), fmt(n.uy), n.rz === null ? '—（铰接点）' : fmt(n.rz)]));
  fillTable(
    'r-members',
    r.members.map((m) => [m.id, fmt(m.N_i), fmt(m.V_i), { text: fmt(m.M_i), className: 'num', value: m.M_i }, fmt(m.N_j), fmt(m.V_j), { text: fmt(m.M_j), className: 'num', value: m.M_j }, `${fmt(m.M_max)} @${fmt(m.x_M_max, 3)}`, `${fmt(m.M_min)} @${fmt(m.x_M_min, 3)}`, `${fmt(m.v_min, 3)} / ${fmt(m.v_max, 3)}`]),
  );
  const checks = r.checks ? Object.entries(r.checks) : [];
  $('checks-block').hidden = checks.length === 0;
  fillTable(
    'r-checks',
    checks.map(([id, c]) => [
      id,
      { text: KIND_TEXT[c.kind] ?? c.kind },
      { text: c.checks.find((x) => x.key === c.governing)?.name ?? c.governing ?? '' },
      { text: fmt(c.ratio, 3), className: 'num', value: c.ratio },
      { text: c.combination ? `${c.combination} ${r.combinations?.find((x) => x.id === c.combination)?.name ?? ''}` : '设计值' },
      { text: c.verdict_text, className: c.verdict === 'ok' ? 'verdict-ok' : 'verdict-fail', value: c.verdict },
    ]),
  );
  const sv = r.serviceability;
  $('service-block').hidden = !sv;
  if (sv) {
    fillTable('r-service', [
      ...sv.deflections.map((d) => [d.member, { text: `挠度 [vT] 表 B.1.1 ${d.row}${d.cantilever ? '（悬臂，取 2l）' : ''}` }, fmt(d.v_T, 3), fmt(d.v_T_limit, 3), { text: fmt(d.ratio_T, 3), className: 'num', value: d.ratio_T }, { text: d.combination_T }]),
      ...sv.deflections.filter((d) => d.v_Q !== null).map((d) => [d.member, { text: `挠度 [vQ] 表 B.1.1 ${d.row}` }, fmt(d.v_Q, 3), fmt(d.v_Q_limit, 3), { text: fmt(d.ratio_Q, 3), className: 'num', value: d.ratio_Q }, { text: d.combination_Q ?? '' }]),
      ...sv.drift.map((d) => [`第 ${d.storey} 层`, { text: d.rule }, fmt(d.delta_u, 3), fmt(d.limit, 3), { text: fmt(d.ratio, 3), className: 'num', value: d.ratio }, { text: d.case }]),
    ]);
  }
  $('storeys-block').hidden = r.storeys.length === 0;
  fillTable('r-storeys', r.storeys.map((s) => [String(s.storey), fmt(s.h), fmt(s.sum_N), fmt(s.sum_H), fmt(s.delta_u), s.theta === null ? '无水平荷载' : fmt(s.theta, 3)]));
  $('result-json').textContent = JSON.stringify(r, null, 2);
  out.dataset.analysed = String(Date.now());
}

// ---------------------------------------------------------------------------------------------------------------
// the calculation sheet (计算书): built from the last analysis (the page asks for steps and stations), printed alone

const LIMIT_STATE_TEXT = { uls: '基本组合（承载能力极限状态）', sls: '标准组合（正常使用极限状态）' };
const UNIT_TEXT = { coordinates: '坐标', displacement: '位移', rotation: '转角', force: '力', moment: '弯矩', distributed: '分布荷载', x: '杆上位置 x' };

/** An element with children: strings become text, arrays are flattened. */
function h(name, attrs = {}, ...children) {
  const e = document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : String(v));
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

function table(head, rows, numeric = []) {
  return h('table', {}, h('thead', {}, h('tr', {}, head.map((t) => h('th', { scope: 'col' }, t)))), h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c, k) => h('td', numeric.includes(k) ? { class: 'num' } : {}, c))))));
}

/** The drawing of one view (model, M, V, N, deformed) as a copy, for the sheet; `result` draws another analysis of
 * the same model (one combination's). */
function figureOf(which, caption, result = lastResult.result, combo = '') {
  const [before, shown] = [view, lastResult.result];
  view = which;
  lastResult.result = result;
  draw();
  const copy = $('drawing').cloneNode(true);
  copy.removeAttribute('id');
  view = before;
  lastResult.result = shown;
  draw();
  return h('figure', { class: 'drawing', 'data-view': which, 'data-combination': combo }, copy, h('figcaption', { class: 'muted small' }, caption));
}

/** The model under one combination as design loads: each case's loads times the combination's factor, self-weight as
 * the permanent case's UDL; analysed on its own, it gives the whole frame's M, V, N of that combination. */
function factoredBody(body, r, combo) {
  const f = (id) => combo.factors[id] ?? 0;
  const scaled = (l) => {
    const { case: id, ...rest } = l;
    const k = f(id);
    if (rest.type === 'point') return { ...rest, p: rest.p * k };
    return { ...rest, w: rest.w * k, ...(rest.w2 !== undefined ? { w2: rest.w2 * k } : {}) };
  };
  const weight = r.self_weight;
  const members = body.members.map((m) => {
    const loads = (m.loads ?? []).filter((l) => f(l.case) !== 0).map(scaled);
    const w = weight ? (weight.per_member[m.id] ?? 0) * f(weight.case) : 0;
    if (w) loads.push({ type: 'udl', w: -w, dir: 'global_y' });
    return { ...m, loads };
  });
  const nodal_loads = (body.nodal_loads ?? []).filter((l) => f(l.case) !== 0).map(({ case: id, ...l }) => ({ ...l, fx: (l.fx ?? 0) * f(id), fy: (l.fy ?? 0) * f(id), mz: (l.mz ?? 0) * f(id) }));
  const { load_cases: _c, self_weight: _w, ...rest } = body;
  return { ...rest, members, nodal_loads, self_weight: false, stations: true };
}

const sectionText = (m) => (m.section?.type === 'rolled_h' && m.section.designation ? m.section.designation : m.section?.type === 'welded_i' ? `焊接工字形 ${dims(m.section.h, m.section.b, m.section.tw, m.section.tf)}${m.section.b2 !== undefined || m.section.tf2 !== undefined ? `（下翼缘 ${dims(m.section.b2 ?? m.section.b, m.section.tf2 ?? m.section.tf)}）` : ''}` : m.section ? '给定截面特性' : `A = ${m.A} mm²，I = ${m.I} mm⁴`);

function buildReport() {
  if (!lastResult) return;
  const { body, result: r } = lastResult;
  const combos = new Map((r.combinations ?? []).map((c) => [c.id, c]));
  const comboText = (id) => (id ? `${id}（${combos.get(id)?.name ?? ''}）` : '设计值');
  const out = $('report');
  out.replaceChildren();
  const project = $('project').value.trim() || '（未填工程名称）';
  out.append(
    h('h1', {}, `平面钢框架计算书 · ${project}`),
    table(['项目', '内容'], [
      ['工程名称', project],
      ['计算人', $('engineer').value.trim() || '—'],
      ['日期', new Date().toISOString().slice(0, 10)],
      ['依据', `${r.code}；GB 55001-2021《工程结构通用规范》（荷载组合）`],
      ['分析', chinese(r.analysis)],
      ['单位', Object.entries(r.units).map(([k, u]) => `${UNIT_TEXT[k] ?? k} ${u}`).join('，')],
      ['结论', { ok: '全部构件验算满足', fail: '有构件验算不满足', not_checked: '未验算构件' }[r.verdict] + (r.serviceability ? `；正常使用${r.serviceability.verdict === 'ok' ? '满足' : '不满足'}` : '')],
    ]),
    h('h2', {}, '1 计算模型'),
    figureOf('model', '计算简图：节点、杆件、支座与荷载（荷载为各工况标准值或输入设计值）'),
    table(['节点', 'x (m)', 'y (m)'], body.nodes.map((n) => [n.id, n.x, n.y]), [1, 2]),
    table(['杆件', 'i', 'j', '截面', '牌号', '杆长 (m)', 'l0x / l0y / l1 (m)'], r.members.map((m) => {
      const src = body.members.find((x) => x.id === m.id) ?? {};
      const d = src.design ?? {};
      const c = r.checks[m.id];
      return [m.id, m.i, m.j, sectionText(src), src.grade ?? '不验算', fmt(m.L), `${d.l0x ?? (c?.params?.l0x !== undefined ? `${fmt(c.params.l0x)}${c.mu !== undefined ? `（μ = ${fmt(c.mu, 4)}，附录 E）` : ''}` : '—')} / ${d.l0y ?? '杆长'} / ${d.l1 ?? '杆长'}`];
    }), [5]),
    table(['支座节点', '类型'], body.supports.map((x) => [x.node, `${SUPPORT_TEXT[x.type] ?? x.type}${x.angle !== undefined ? `，倾角 ${x.angle}°` : ''}`])),
  );
  out.append(h('h2', {}, '2 荷载工况与组合'));
  if (r.load_cases) {
    out.append(
      table(['工况', '类型', '名称', 'ψc'], r.load_cases.map((c) => [c.id, c.type, c.name, c.psi_c === null ? '—' : fmt(c.psi_c)])),
      h('h3', {}, '分项系数与组合值系数'),
      table(['系数', '取值', '依据'], r.factors.map((f) => [f.text, fmt(f.value), f.clause]), [1]),
      h('h3', {}, '组合'),
      table(['编号', '组合', '类别', '依据'], r.combinations.map((c) => [c.id, c.name, LIMIT_STATE_TEXT[c.limit_state] ?? c.limit_state, c.clause])),
    );
    if (r.self_weight) out.append(h('p', {}, `杆件自重 ρ·A·g（${fmt(r.self_weight.unit_weight)} kN/m³）计入工况 ${r.self_weight.case}，合计 ${fmt(r.self_weight.total)} kN。`));
  } else out.append(h('p', {}, '未分荷载工况：荷载按输入的设计值（已含分项系数）计算，不再组合。'));
  out.append(
    h('h2', {}, '3 支座反力'),
    h('p', {}, `控制组合 ${comboText(r.combination)} 下：`),
    table(['节点', 'Rx (kN)', 'Ry (kN)', 'Mz (kN·m)'], r.reactions.map((x) => [x.node, fmt(x.rx), fmt(x.ry), fmt(x.mz)]), [1, 2, 3]),
  );
  if (r.reactions_by_combination) {
    out.append(h('h3', {}, '各基本组合的反力'), table(['组合', '节点', 'Rx (kN)', 'Ry (kN)', 'Mz (kN·m)'], Object.entries(r.reactions_by_combination).flatMap(([id, list]) => list.map((x) => [id, x.node, fmt(x.rx), fmt(x.ry), fmt(x.mz)])), [2, 3, 4]));
  }
  out.append(h('h2', {}, '4 内力图'));
  // the whole frame under each combination that governs a member's check (without load cases: the design loads)
  const governing = [...new Set(Object.values(r.checks).map((c) => c.combination).filter(Boolean))];
  if (governing.length) {
    for (const id of governing) {
      const members = Object.entries(r.checks).filter(([, c]) => c.combination === id).map(([m]) => m);
      const one = analyseFrame(factoredBody(body, r, combos.get(id)));
      out.append(
        h('h3', {}, `组合 ${comboText(id)}：控制杆件 ${members.join('、')}`),
        figureOf('M', `弯矩图 M (kN·m)，画在受拉侧；${id}`, one, id),
        figureOf('V', `剪力图 V (kN)；${id}`, one, id),
        figureOf('N', `轴力图 N (kN)，受拉为正；${id}`, one, id),
      );
    }
  } else out.append(figureOf('M', '弯矩图 M (kN·m)，画在受拉侧'), figureOf('V', '剪力图 V (kN)'), figureOf('N', '轴力图 N (kN)，受拉为正'));
  out.append(figureOf('deformed', '变形图（放大；各杆取其控制组合）'));
  out.append(h('h2', {}, '5 验算结论'));
  const checks = Object.entries(r.checks);
  out.append(table(['杆件', '验算类型', '控制项', '应力比', '控制组合', '结论'], checks.map(([id, c]) => [id, KIND_TEXT[c.kind] ?? c.kind, c.checks.find((x) => x.key === c.governing)?.name ?? '', fmt(c.ratio, 3), comboText(c.combination), h('span', c.verdict === 'ok' ? {} : { class: 'fail' }, c.verdict_text)]), [3]));
  if (r.serviceability) {
    const sv = r.serviceability;
    out.append(h('h3', {}, `正常使用（${sv.clause}）`), table(['对象', '依据', '计算值 (mm)', '容许值 (mm)', '比值'], [
      ...sv.deflections.map((d) => [d.member, `挠度 [vT] 表 B.1.1 ${d.row}，${d.combination_T}`, fmt(d.v_T, 3), fmt(d.v_T_limit, 3), fmt(d.ratio_T, 3)]),
      ...sv.drift.map((d) => [`第 ${d.storey} 层（${d.case}）`, d.rule, fmt(d.delta_u, 3), fmt(d.limit, 3), fmt(d.ratio, 3)]),
    ], [2, 3, 4]));
  }
  if (r.storeys.length) out.append(h('h3', {}, `二阶效应系数 θ（5.1.6）${r.theta_combination ? `，${comboText(r.theta_combination)}` : ''}`), table(['层', 'ΣN (kN)', 'ΣH (kN)', 'Δu (mm)', 'θ'], r.storeys.map((s) => [String(s.storey), fmt(s.sum_N), fmt(s.sum_H), fmt(s.delta_u), s.theta === null ? '无水平荷载' : fmt(s.theta, 3)]), [1, 2, 3, 4]));
  if (r.warnings.length) out.append(h('h3', {}, '提示'), h('ul', {}, r.warnings.map((w) => h('li', {}, `${w.member ? `杆 ${w.member}：` : ''}${chinese(w.message)}〔${w.clause}〕`))));
  // one sheet per checked member: its forces, the steps with their formulas and figures, the checks and the verdict
  for (const [id, c] of checks) {
    const m = r.members.find((x) => x.id === id);
    out.append(h('section', { class: 'sheet', 'data-member': id },
      h('h2', {}, `杆件 ${id} 验算：${KIND_TEXT[c.kind] ?? c.kind}`),
      h('p', {}, `控制组合 ${comboText(c.combination)}；${c.compressed_flange ? `受压翼缘：${c.compressed_flange === 'top' ? '上翼缘' : '下翼缘'}；` : ''}杆端内力 Ni = ${fmt(m.N_i)} kN，Mi = ${fmt(m.M_i)} kN·m，Nj = ${fmt(m.N_j)} kN，Mj = ${fmt(m.M_j)} kN·m。`),
      h('p', {}, chinese(c.summary ?? '')),
      table(['符号', '名称', '公式与代入', '数值', '单位', '条文'], (c.steps ?? []).map((s) => [s.symbol, s.name, s.formula ?? '', typeof s.value === 'number' ? fmt(s.value, 5) : String(s.value ?? '—'), s.unit, s.clause]), [3]),
      table(['验算项', '应力比', '条文', '公式'], c.checks.map((x) => [x.name, fmt(x.ratio, 4), x.clause, x.formula]), [1]),
      h('p', {}, '结论：', h('span', c.verdict === 'ok' ? {} : { class: 'fail' }, c.verdict_text), `（最大应力比 ${fmt(c.ratio, 3)}）`),
      c.warnings.length ? h('ul', {}, c.warnings.map((w) => h('li', {}, `${chinese(w.message)}〔${w.clause}〕`))) : null,
    ));
  }
  out.hidden = false;
  $('print-button').disabled = false;
  out.dataset.built = String(Date.now());
}

// ---------------------------------------------------------------------------------------------------------------
// drawing

function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function draw() {
  const svg = $('drawing');
  for (const child of [...svg.childNodes]) if (child.nodeName !== 'title') child.remove();
  const W = Math.max(320, Math.min(1000, Math.round(svg.clientWidth || 800)));
  const H = Math.round(W * (W < 600 ? 0.75 : 0.625));
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const defs = el('defs');
  const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'load-head' }));
  defs.append(marker);
  svg.append(defs);

  const nodes = new Map();
  for (const n of state.nodes) {
    const x = Number(n.x);
    const y = Number(n.y);
    if (n.id && String(n.x).trim() !== '' && String(n.y).trim() !== '' && Number.isFinite(x) && Number.isFinite(y) && !nodes.has(n.id)) nodes.set(n.id, { x, y });
  }
  if (!nodes.size) {
    $('drawing-note').textContent = '尚无可绘制的节点';
    return;
  }
  const xs = [...nodes.values()].map((p) => p.x);
  const ys = [...nodes.values()].map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const size = Math.max(maxX - minX, maxY - minY, 1e-6);
  const pad = Math.min(W, H) * 0.16;
  const k = Math.min((W - 2 * pad) / Math.max(maxX - minX, size * 1e-3), (H - 2 * pad) / Math.max(maxY - minY, size * 1e-3));
  const ox = W / 2 - ((minX + maxX) / 2) * k;
  const oy = H / 2 + ((minY + maxY) / 2) * k;
  const P = (x, y) => [ox + x * k, oy - y * k];
  const g = { members: el('g'), diagram: el('g'), loads: el('g'), supports: el('g'), nodes: el('g'), labels: el('g') };
  const result = lastResult?.result;
  const members = state.members.map((m) => ({ m, a: nodes.get(m.i), b: nodes.get(m.j) })).filter((x) => x.a && x.b && (x.a.x !== x.b.x || x.a.y !== x.b.y));
  const ghost = result && view !== 'model';
  const rigidAt = new Set(members.flatMap(({ m }) => [...(m.release_i ? [] : [m.i]), ...(m.release_j ? [] : [m.j])]));
  for (const { m, a, b } of members) {
    const [x1, y1] = P(a.x, a.y);
    const [x2, y2] = P(b.x, b.y);
    g.members.append(el('line', { x1, y1, x2, y2, class: ghost ? 'ghost' : m.release_i && m.release_j ? 'member truss' : 'member', 'data-member': m.id }));
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    for (const [rel, node, px, py, s] of [[m.release_i, m.i, x1, y1, 1], [m.release_j, m.j, x2, y2, -1]]) {
      // a joint where every member is hinged (a truss joint) is drawn once as an open node instead
      if (rel && rigidAt.has(node)) g.nodes.append(el('circle', { cx: px + s * ux * 9, cy: py + s * uy * 9, r: 4, class: 'hinge' }));
    }
    // member label beside its middle, on the screen-left of i → j
    g.labels.append(el('text', { x: (x1 + x2) / 2 + uy * 12, y: (y1 + y2) / 2 - ux * 12 + 4, 'text-anchor': 'middle', class: 'label member-label' }, m.id));
  }
  for (const [id, p] of nodes) {
    const [x, y] = P(p.x, p.y);
    g.nodes.append(el('circle', { cx: x, cy: y, r: rigidAt.has(id) ? 3.5 : 5, class: rigidAt.has(id) ? 'node' : 'hinge', 'data-node': id }));
    g.labels.append(el('text', { x: x + 7, y: y - 7, class: 'label' }, id));
  }
  for (const s of state.supports) {
    const p = nodes.get(s.node);
    if (p) g.supports.append(supportSymbol(s, ...P(p.x, p.y)));
  }
  if (!ghost) drawLoads(g, nodes, members, P);
  let note = '';
  if (result && view === 'deformed') note = drawDeformed(g.diagram, result, P, size, k);
  else if (result && (view === 'M' || view === 'V' || view === 'N')) note = drawDiagram(g.diagram, result, P, view, size, k);
  else if (view !== 'model') note = '计算后显示（当前输入有误或尚未计算）';
  svg.append(g.members, g.diagram, g.supports, g.loads, g.nodes, g.labels);
  $('drawing-note').textContent = note || '节点编号黑色，杆件编号蓝色；荷载红色。';
  svg.dataset.view = view;
}

function supportSymbol(s, x, y) {
  const angle = s.type === 'roller_x' ? 90 : s.type === 'roller' ? Number(s.angle) || 0 : 0;
  const grp = el('g', { transform: `translate(${x} ${y}) rotate(${-angle})`, 'data-support': s.node });
  if (s.type === 'fixed') {
    grp.append(el('rect', { x: -14, y: 0, width: 28, height: 8, class: 'support-fill' }));
  } else {
    grp.append(el('path', { d: 'M0,0 L-10,15 L10,15 Z', class: 'support-fill' }));
    if (s.type !== 'pinned') {
      grp.append(el('circle', { cx: -6, cy: 19, r: 3.5, class: 'support' }), el('circle', { cx: 6, cy: 19, r: 3.5, class: 'support' }));
      grp.append(el('line', { x1: -15, y1: 23, x2: 15, y2: 23, class: 'support' }));
    } else grp.append(el('line', { x1: -15, y1: 15, x2: 15, y2: 15, class: 'support' }));
  }
  return grp;
}

function arrow(parent, x1, y1, x2, y2) {
  parent.append(el('line', { x1, y1, x2, y2, class: 'load', 'marker-end': 'url(#arrow)' }));
}

function drawLoads(g, nodes, members, P) {
  for (const l of state.nodal) {
    const p = nodes.get(l.node);
    if (!p) continue;
    const [x, y] = P(p.x, p.y);
    const fx = Number(l.fx) || 0;
    const fy = Number(l.fy) || 0;
    const mz = Number(l.mz) || 0;
    if (fx || fy) {
      const f = Math.hypot(fx, fy);
      const [dx, dy] = [fx / f, -fy / f];
      arrow(g.loads, x - dx * 46, y - dy * 46, x - dx * 5, y - dy * 5);
      g.labels.append(el('text', { x: x - dx * 52, y: y - dy * 52 + 4, 'text-anchor': 'middle', class: 'label load-label' }, `${fmt(f, 3)} kN`));
    }
    if (mz) {
      const r = 18;
      // counter-clockwise on paper for mz > 0 (screen y is down)
      const sweep = mz > 0 ? 0 : 1;
      g.loads.append(el('path', { d: `M${x + r},${y} A${r},${r} 0 1 ${sweep} ${x},${y + (mz > 0 ? r : -r)}`, class: 'load', 'marker-end': 'url(#arrow)' }));
      g.labels.append(el('text', { x: x + r + 4, y: y - r, class: 'label load-label' }, `${fmt(mz, 3)} kN·m`));
    }
  }
  const byId = new Map(members.map((x) => [x.m.id, x]));
  for (const l of state.loads) {
    const mem = byId.get(l.member);
    const v = Number(l.value);
    if (!mem || !v) continue;
    const [x1, y1] = P(mem.a.x, mem.a.y);
    const [x2, y2] = P(mem.b.x, mem.b.y);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ex, ey] = [(x2 - x1) / len, (y2 - y1) / len]; // screen
    // load direction on screen: local y is local x turned counter-clockwise on paper (screen y down)
    const dirs = { global_x: [1, 0], global_y: [0, -1], local_x: [ex, ey], local_y: [ey, -ex] };
    const [dx0, dy0] = dirs[l.dir] ?? dirs.global_y;
    const [dx, dy] = [dx0 * Math.sign(v), dy0 * Math.sign(v)];
    const text = l.type === 'point' ? `${fmt(Math.abs(v), 3)} kN` : `${fmt(Math.abs(v), 3)} kN/m`;
    if (l.type === 'point') {
      const t = Math.min(Math.max(Number(l.a) / Math.hypot(mem.b.x - mem.a.x, mem.b.y - mem.a.y), 0), 1) || 0;
      const [px, py] = [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
      arrow(g.loads, px - dx * 42, py - dy * 42, px - dx * 2, py - dy * 2);
      g.labels.append(el('text', { x: px - dx * 48, y: py - dy * 48 + 4, 'text-anchor': 'middle', class: 'label load-label' }, text));
    } else {
      const count = Math.max(3, Math.min(14, Math.round(len / 28)));
      const L = 22;
      for (let q = 0; q <= count; q++) {
        const [px, py] = [x1 + ((x2 - x1) * q) / count, y1 + ((y2 - y1) * q) / count];
        arrow(g.loads, px - dx * L, py - dy * L, px - dx * 2, py - dy * 2);
      }
      g.loads.append(el('line', { x1: x1 - dx * L, y1: y1 - dy * L, x2: x2 - dx * L, y2: y2 - dy * L, class: 'load' }));
      g.labels.append(el('text', { x: (x1 + x2) / 2 - dx * (L + 9), y: (y1 + y2) / 2 - dy * (L + 9) + 4, 'text-anchor': 'middle', class: 'label load-label' }, text));
    }
  }
}

function memberGeometry(r, id) {
  const m = r.members.find((x) => x.id === id);
  const a = lastResult.body.nodes.find((n) => n.id === m.i);
  const b = lastResult.body.nodes.find((n) => n.id === m.j);
  const c = (b.x - a.x) / m.L;
  const s = (b.y - a.y) / m.L;
  return { m, a, b, c, s };
}

/** The deformed shape: end displacements interpolated along the member plus its own deflection v(x), magnified. */
function drawDeformed(parent, r, P, size, k) {
  const maxD = Math.max(...r.nodes.map((n) => Math.hypot(n.ux, n.uy)), ...r.members.map((m) => Math.max(Math.abs(m.v_min), Math.abs(m.v_max))));
  if (!(maxD > 0)) return '无位移';
  // the largest displacement drawn as a tenth of the model's size (displacements are in mm, coordinates in m)
  const scale = (0.1 * size * 1000) / maxD;
  const disp = new Map(r.nodes.map((n) => [n.id, n]));
  for (const { id } of r.members) {
    const { m, a, c, s } = memberGeometry(r, id);
    const di = disp.get(m.i);
    const dj = disp.get(m.j);
    const ui = di.ux * c + di.uy * s;
    const uj = dj.ux * c + dj.uy * s;
    const pts = m.diagram.x.map((x, q) => {
      const u = ui + ((uj - ui) * x) / m.L;
      const v = m.diagram.v[q];
      const dx = (u * c - v * s) * scale / 1000;
      const dy = (u * s + v * c) * scale / 1000;
      return P(a.x + c * x + dx, a.y + s * x + dy).map((z) => z.toFixed(1)).join(',');
    });
    parent.append(el('polyline', { points: pts.join(' '), class: 'deformed', 'data-member': id }));
  }
  return `变形放大 ${fmt(scale, 3)} 倍；最大位移 ${fmt(maxD, 3)} mm`;
}

/** M on the tension side (M > 0: local −y side), V and N on the local +y side; extreme values labelled. */
function drawDiagram(parent, r, P, which, size, k) {
  const values = r.members.flatMap((m) => m.diagram[which]);
  const maxAbs = Math.max(...values.map(Math.abs));
  if (!(maxAbs > 0)) return `各杆 ${which} 为零`;
  const scale = (0.12 * size) / maxAbs; // m per unit
  const unit = which === 'M' ? 'kN·m' : 'kN';
  const side = which === 'M' ? -1 : 1;
  for (const { id } of r.members) {
    const { m, a, c, s } = memberGeometry(r, id);
    const base = (x) => [a.x + c * x, a.y + s * x];
    const off = (x, val) => {
      const [bx, by] = base(x);
      return [bx - s * side * val * scale, by + c * side * val * scale];
    };
    const pts = [P(...base(0))];
    m.diagram.x.forEach((x, q) => pts.push(P(...off(x, m.diagram[which][q]))));
    pts.push(P(...base(m.L)));
    parent.append(el('polygon', { points: pts.map((p) => p.map((z) => z.toFixed(1)).join(',')).join(' '), class: 'diagram', 'data-member': id }));
    const labels = which === 'M' ? [[m.x_M_max, m.M_max], [m.x_M_min, m.M_min], [0, m.M_i], [m.L, m.M_j]] : which === 'V' ? [[0, m.V_i], [m.L, m.V_j]] : [[0, m.N_i], [m.L, m.N_j]];
    const seen = new Set();
    for (const [x, val] of labels) {
      const key = `${fmt(x, 3)}:${fmt(val, 3)}`;
      if (Math.abs(val) < 1e-9 * maxAbs || seen.has(key)) continue;
      seen.add(key);
      const [px, py] = P(...off(x, val));
      parent.append(el('text', { x: px, y: py + (val * side > 0 ? -4 : 12), 'text-anchor': 'middle', class: 'label value', 'data-value': val }, fmt(val, 3)));
    }
  }
  return `${which === 'M' ? '弯矩图画在受拉侧' : which === 'V' ? '剪力图' : '轴力图（受拉为正）'}，单位 ${unit}；最大绝对值 ${fmt(maxAbs, 3)} ${unit}`;
}

// ---------------------------------------------------------------------------------------------------------------
// sharing, files, templates

function encodeState(body) {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeState(text) {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
}

function load(body) {
  state = fromRequest(body);
  $('sway').checked = state.sway;
  $('self-weight').checked = state.selfWeight;
  $('crane').checked = state.crane;
  renderTables();
  run();
}

function fromHash() {
  const m = /^#frame=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!m) return null;
  try {
    const body = decodeState(m[1]);
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

renderHeads();
for (const b of document.querySelectorAll('[data-template]')) b.addEventListener('click', () => load(structuredClone(TEMPLATES[b.dataset.template])));
for (const b of document.querySelectorAll('[data-add]')) b.addEventListener('click', () => addRow(b.dataset.add));
for (const r of document.querySelectorAll('input[name="view"]')) {
  r.addEventListener('change', () => {
    view = r.value;
    draw();
  });
}
$('sway').addEventListener('change', () => {
  state.sway = $('sway').checked;
  changed();
});
$('self-weight').addEventListener('change', () => {
  state.selfWeight = $('self-weight').checked;
  changed();
});
$('crane').addEventListener('change', () => {
  state.crane = $('crane').checked;
  changed();
});
$('report-button').addEventListener('click', () => {
  buildReport();
  $('report').scrollIntoView({ block: 'start' });
});
$('print-button').addEventListener('click', () => window.print());
$('analyse').addEventListener('click', () => {
  clearTimeout(timer);
  run();
});
$('share').addEventListener('click', async () => {
  const url = `${location.origin}${location.pathname}#frame=${encodeState(toRequest(state).body)}`;
  history.replaceState(null, '', url);
  try {
    await navigator.clipboard.writeText(url);
    $('share-note').textContent = '链接已复制：打开它即得到同一个模型。';
  } catch {
    $('share-note').textContent = `复制失败，请手动复制地址栏中的链接。`;
  }
});
$('download').addEventListener('click', () => {
  const blob = new Blob([JSON.stringify(toRequest(state).body, null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'frame.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});
$('upload').addEventListener('change', async () => {
  const file = $('upload').files?.[0];
  if (!file) return;
  try {
    const body = JSON.parse(await file.text());
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    load(body);
    $('share-note').textContent = `已读入 ${file.name}`;
  } catch {
    $('share-note').textContent = `${file.name} 不是有效的模型 JSON（应为 POST /v1/calc/steel-frame 的请求体）`;
  }
  $('upload').value = '';
});
// a shared link opened on an open page changes only the fragment
window.addEventListener('hashchange', () => {
  const body = fromHash();
  if (body) load(body);
});
let resizeTimer = 0;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(draw, 100);
});

// The engine was evaluated in the task that loaded the modules; the form and the example's result are built in the
// next one, so a phone's main thread is not held for both at once (Lighthouse's total blocking time)
await new Promise((resolve) => setTimeout(resolve));
load(fromHash() ?? structuredClone(TEMPLATES.portal));
document.documentElement.dataset.ready = 'true';
