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
const TEMPLATES = {
  portal: {
    nodes: [
      { id: 'A', x: 0, y: 0 },
      { id: 'B', x: 0, y: 4.5 },
      { id: 'C', x: 6, y: 4.5 },
      { id: 'D', x: 6, y: 0 },
    ],
    members: [
      { id: 'AB', i: 'A', j: 'B', ...HW300 },
      { id: 'BC', i: 'B', j: 'C', ...HN400, loads: [{ type: 'udl', w: -20, dir: 'global_y' }] },
      { id: 'DC', i: 'D', j: 'C', ...HW300 },
    ],
    supports: [
      { node: 'A', type: 'fixed' },
      { node: 'D', type: 'fixed' },
    ],
    nodal_loads: [{ node: 'B', fx: 15 }],
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

/** A request body (API shape) → the page's tables. */
function fromRequest(body) {
  const loads = [];
  for (const m of body.members ?? []) {
    for (const l of m.loads ?? []) {
      loads.push({ member: str(m.id), type: l.type === 'point' ? 'point' : 'udl', value: str(l.type === 'point' ? l.p : l.w), a: str(l.a), dir: l.dir ?? 'global_y' });
    }
  }
  return {
    nodes: (body.nodes ?? []).map((n) => ({ id: str(n.id), x: str(n.x), y: str(n.y) })),
    members: (body.members ?? []).map((m) => ({
      id: str(m.id),
      i: str(m.i),
      j: str(m.j),
      // a built-in designation is a choice of the table; any other section travels unchanged (shown as 自定义)
      section: m.section?.type === 'rolled_h' && m.section.designation && Object.keys(m.section).length === 2 ? m.section.designation : m.section ? CUSTOM : '',
      sectionObj: m.section,
      grade: str(m.grade),
      A: str(m.A),
      I: str(m.I),
      E: m.E === undefined ? '' : str(m.E),
      release_i: Boolean(m.release_i),
      release_j: Boolean(m.release_j),
      design: m.design,
    })),
    supports: (body.supports ?? []).map((s) => ({ node: str(s.node), type: s.type ?? 'fixed', angle: str(s.angle) })),
    nodal: (body.nodal_loads ?? []).map((l) => ({ node: str(l.node), fx: str(l.fx), fy: str(l.fy), mz: str(l.mz) })),
    loads,
    sway: body.sway !== false,
  };
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

/** The page's tables → the request body, and where each load row went (members.k.loads.q → row). */
function toRequest(s) {
  const loadRows = new Map();
  const orphanLoads = [];
  const members = s.members.map((m) => {
    const out = { id: m.id, i: m.i, j: m.j };
    if (m.section === CUSTOM) out.section = m.sectionObj;
    else if (m.section) out.section = { type: 'rolled_h', designation: m.section };
    else {
      put(out, 'A', num(m.A));
      put(out, 'I', num(m.I));
    }
    if (m.grade) out.grade = m.grade;
    put(out, 'E', num(m.E));
    if (m.release_i) out.release_i = true;
    if (m.release_j) out.release_j = true;
    if (m.design) out.design = m.design;
    return out;
  });
  s.loads.forEach((l, row) => {
    const k = s.members.findIndex((m) => m.id === l.member);
    if (k < 0) {
      orphanLoads.push(row);
      return;
    }
    const load = l.type === 'point' ? put({ type: 'point', p: num(l.value) }, 'a', num(l.a)) : { type: 'udl', w: num(l.value) };
    if (l.dir) load.dir = l.dir;
    members[k].loads ??= [];
    loadRows.set(`members.${k}.loads.${members[k].loads.length}`, row);
    members[k].loads.push(load);
  });
  const body = {
    nodes: s.nodes.map((n) => put(put({ id: n.id }, 'x', num(n.x)), 'y', num(n.y))),
    members,
    supports: s.supports.map((x) => put({ node: x.node, type: x.type }, 'angle', num(x.angle))),
    nodal_loads: s.nodal.map((l) => put(put(put({ node: l.node }, 'fx', num(l.fx)), 'fy', num(l.fy)), 'mz', num(l.mz))),
  };
  if (!s.sway) body.sway = false;
  return { body, loadRows, orphanLoads };
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
    ['section', '截面（型号）', 'section'],
    ['grade', '钢材牌号', 'grade'],
    ['A', 'A (mm²)，未选型号时', 'num'],
    ['I', 'I (mm⁴)，未选型号时', 'num'],
    ['E', `E (N/mm²)，默认 ${DEFAULT_E}`, 'num'],
    ['release_i', 'i 端铰接', 'bool'],
    ['release_j', 'j 端铰接', 'bool'],
  ],
  supports: [
    ['node', '节点', 'node'],
    ['type', '类型', 'support'],
    ['angle', '倾角 (°)', 'num'],
  ],
  nodal: [
    ['node', '节点', 'node'],
    ['fx', 'Fx (kN)', 'num'],
    ['fy', 'Fy (kN)', 'num'],
    ['mz', 'Mz (kN·m)', 'num'],
  ],
  loads: [
    ['member', '杆件', 'member'],
    ['type', '类型', 'loadtype'],
    ['value', '数值（均布 kN/m，集中 kN）', 'num'],
    ['a', 'a (m)，集中力距 i 端', 'num'],
    ['dir', '方向', 'dir'],
  ],
};
const TABLE_ID = { nodes: 't-nodes', members: 't-members', supports: 't-supports', nodal: 't-nodal', loads: 't-loads' };
const ROW_NAME = { nodes: '节点', members: '杆件', supports: '支座', nodal: '节点荷载', loads: '杆件荷载' };

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
  } else if (kind === 'support') el = select(SUPPORT_TYPES.map((t) => [t, `${t} ${SUPPORT_TEXT[t] ?? ''}`]), value);
  else if (kind === 'dir') el = select(DIRS.map((d) => [d, DIR_TEXT[d] ?? d]), value);
  else if (kind === 'loadtype') el = select([['udl', '均布'], ['point', '集中']], value);
  else if (kind === 'section') {
    const custom = state[table][row].sectionObj && value === CUSTOM ? [[CUSTOM, `自定义（${state[table][row].sectionObj.type}）`]] : [];
    el = select([['', '— 输入 A、I'], ...custom, ...DESIGNATIONS.map((d) => [d, d])], value);
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
    if (kind === 'loadtype' || kind === 'section') renderTables();
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
        if (table === 'loads' && col[0] === 'a' && state.loads[row].type !== 'point') td.className = 'muted small';
        const control = cellControl(table, row, col);
        // a member with a section takes A and I from it
        if (table === 'members' && (col[0] === 'A' || col[0] === 'I') && state.members[row].section) control.disabled = true;
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
    members: () => ({ id: nextId('M', state.members.map((m) => m.id)), i: ids[ids.length - 2] ?? '', j: ids[ids.length - 1] ?? '', section: HN400.section.designation, grade: HN400.grade, A: '', I: '', E: '', release_i: false, release_j: false }),
    supports: () => ({ node: ids[0] ?? '', type: 'pinned', angle: '' }),
    nodal: () => ({ node: ids[ids.length - 1] ?? '', fx: '', fy: '-10', mz: '' }),
    loads: () => ({ member: state.members[0]?.id ?? '', type: 'udl', value: '-10', a: '', dir: 'global_y' }),
  };
  state[table].push(rows[table]());
  renderTables();
  changed();
}

// ---------------------------------------------------------------------------------------------------------------
// validation, analysis and results

const CELL_OF_FIELD = { nodes: 'nodes', members: 'members', supports: 'supports', nodal_loads: 'nodal' };


/** The cell a field path of the request points at, e.g. members.1.loads.0.w → the load row's value cell. */
function cellFor(field, loadRows) {
  const parts = field.split('.');
  if (parts[0] === 'members' && parts[2] === 'loads' && parts.length >= 4) {
    const row = loadRows.get(parts.slice(0, 4).join('.'));
    const key = { w: 'value', p: 'value', a: 'a', dir: 'dir', type: 'type' }[parts[4]] ?? 'value';
    return row === undefined ? null : { table: 'loads', row, key };
  }
  const table = CELL_OF_FIELD[parts[0]];
  if (!table || parts.length < 3) return null;
  return { table, row: Number(parts[1]), key: parts[2] };
}

/** A field of the request that has no cell of its own (a whole table, a row's part without a column) in Chinese. */
const FIELD_ZH = { nodes: '节点', members: '杆件', supports: '支座', nodal_loads: '节点荷载', loads: '杆件荷载', sway: '有侧移框架', samples: '分段数' };
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
  const { body, loadRows, orphanLoads } = toRequest(state);
  const issues = orphanLoads.map((row) => ({ cell: { table: 'loads', row, key: 'member' }, field: null, text: '杆件不存在' }));
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
      { text: c.verdict_text, className: c.verdict === 'ok' ? 'verdict-ok' : 'verdict-fail', value: c.verdict },
    ]),
  );
  $('storeys-block').hidden = r.storeys.length === 0;
  fillTable('r-storeys', r.storeys.map((s) => [String(s.storey), fmt(s.h), fmt(s.sum_N), fmt(s.sum_H), fmt(s.delta_u), s.theta === null ? '无水平荷载' : fmt(s.theta, 3)]));
  $('result-json').textContent = JSON.stringify(r, null, 2);
  out.dataset.analysed = String(Date.now());
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
