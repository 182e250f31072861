// The steel calculator page. It computes with engine.js, the same module POST /v1/calc/steel runs (bundled by the
// service), and builds its form from the engine's own parameter description; nothing is re-implemented here.
import { calculate, describe, fmt, validateParams, ROLLED_H } from '/tools/steel/engine.js';
import { chinese, display, rangeZh, renderSteps, renderTabs as tabs, renderWarnings } from '/assets/calc.js';
import { issueZh } from '/assets/errors-zh.js';

const TAB_LABELS = { phi: '稳定系数 φ', section: '截面特性', tension: '轴心受拉', compression: '轴心受压', beam: '受弯构件', beam_column: '压弯构件' };
// The first view of each kind: the inputs of a reference case of GB 50017 checks (steel.json), so the page opens
// with a worked result instead of an empty form.
const EXAMPLES = {
  phi: { lambda: 64, class: 'b', grade: 'Q235' },
  section: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, grade: 'Q235' },
  tension: { section: { type: 'props', A: 4800, Ix: 10000000, Iy: 10000000, tf: 12, tw: 12 }, An: 4080, N: 900, grade: 'Q235' },
  compression: { section: { type: 'rolled_h', designation: 'HW300x300x10x15' }, N: 1500, l0x: 6, l0y: 6, grade: 'Q235' },
  beam: {
    section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, Mx: 120, V: 80, grade: 'Q235',
    ltb: { l1: 6, item: 1 }, service: { span: 6, qk: 20, qqk: 12, limit_T: 250, limit_Q: 300 },
  },
  beam_column: { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, N: 300, Mx: 110, l0x: 6, l0y: 3, grade: 'Q235', moments: { transverse: 'udl' } },
};
/** The interface's words for enum values (the value sent stays the API's). */
const ENUM_TEXT = {
  flame_cut: '焰切边', rolled_or_sheared: '轧制或剪切边', none: '无横向荷载', udl: '全跨均布荷载', point_mid: '跨中集中荷载',
  simple: '简支', cantilever: '悬臂', auto: '自动（λy ≤ 120εk 用 C.0.5，否则 C.0.1）', 'C.0.5': 'C.0.5 近似公式', 'C.0.1': 'C.0.1（βb = 1.0）',
  welded_i: '焊接工字形', rolled_h: '热轧 H 型钢', props: '给定截面特性',
};
/**
 * A parameter's hint in Chinese: the engine's descriptions name the API's values ("simple 简支，cantilever 悬臂",
 * "（true）") for API callers; the page's controls show those values in words, so the hint does too.
 */
const VALUE_WORD = { auto: '自动', true: '是', false: '否' };
function hintZh(p) {
  let text = chinese(p.description);
  for (const v of [...(p.enum ?? []), ...(p.type === 'boolean' ? ['true', 'false'] : [])].map(String).filter((v) => /[A-Za-z]{2,}/.test(v)).sort((a, b) => b.length - a.length)) {
    const token = new RegExp(`(?<![\\w.])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])\\s?`, 'g');
    text = text.replace(token, (m, at, all) => (/[\u4e00-\u9fff]/.test(all[at + m.length] ?? '') ? '' : (VALUE_WORD[v] ?? ENUM_TEXT[v] ?? v)));
  }
  return text;
}
/** The engine's input rules (written for API callers, with the API's field names) in Chinese. */
const RULE_ZH = {
  'ltb: l1 with item or beta_b unless braced': '整体稳定：受压翼缘未与铺板牢固连接时，须给侧向支承点间距 l1 与表 C.0.1 的项次，或直接给 βb',
  'moments: Mqx and M1 with both end moments and a transverse load': '端弯矩与跨间横向荷载同时作用时，须同时给 Mqx 与 M1',
};
const ruleZh = (rule) => RULE_ZH[rule] ?? chinese(rule);
const SVG = 'http://www.w3.org/2000/svg';
const desc = describe();
const $ = (id) => document.getElementById(id);

let kind = 'beam';
let values = {};
const touched = new Set();

const kindDesc = (k = kind) => desc.kinds.find((d) => d.kind === k);
function getPath(obj, name) {
  return name.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
}
function setPath(obj, name, v) {
  const keys = name.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k] ??= {};
  o[keys[keys.length - 1]] = v;
}


/** Every parameter the current form shows, by dotted name (section fields by the chosen type). */
function paramIndex() {
  const idx = new Map();
  for (const p of kindDesc().params) idx.set(p.name, p);
  for (const t of desc.section_types) for (const p of t.params) if (!idx.has(p.name)) idx.set(p.name, p);
  return idx;
}

function control(p, value) {
  let el;
  if (p.name === 'section.designation') {
    el = document.createElement('select');
    for (const [v, text] of [['', '自定义尺寸（h、b、tw、tf、r）'], ...ROLLED_H.map((r) => [r.designation, r.designation])]) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = text;
      el.append(o);
    }
    el.value = value ?? '';
  } else if (p.enum && p.type !== 'boolean') {
    el = document.createElement('select');
    const opts = p.required || p.default !== undefined ? p.enum : ['', ...p.enum];
    for (const v of opts) {
      const o = document.createElement('option');
      o.value = String(v);
      o.textContent = v === '' ? '（不填）' : (ENUM_TEXT[v] ?? String(v));
      el.append(o);
    }
    el.value = String(value ?? p.default ?? opts[0]);
  } else if (p.type === 'boolean') {
    el = document.createElement('input');
    el.type = 'checkbox';
    el.checked = Boolean(value ?? p.default ?? false);
  } else {
    el = document.createElement('input');
    el.type = 'number';
    el.step = 'any';
    el.inputMode = 'decimal';
    el.placeholder = p.default !== undefined ? `默认 ${p.default}` : p.required ? '必填' : '可不填';
    el.value = value === undefined || value === null ? '' : String(value);
  }
  el.dataset.param = p.name;
  el.dataset.type = p.type;
  return el;
}

function field(p, value) {
  const wrap = document.createElement('div');
  wrap.className = p.type === 'boolean' ? 'field check' : 'field';
  wrap.dataset.name = p.name;
  const id = `f-${p.name}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = p.label;
  const row = document.createElement('div');
  row.className = 'row';
  const el = control(p, value);
  el.id = id;
  el.name = p.name;
  el.setAttribute('aria-describedby', `${id}-err ${id}-hint`);
  row.append(el);
  if (el.tagName === 'INPUT' && el.type === 'number') {
    const unit = document.createElement('span');
    unit.className = 'unit';
    unit.textContent = p.unit === '—' ? '' : p.unit;
    row.append(unit);
  }
  const err = document.createElement('div');
  err.className = 'err';
  err.id = `${id}-err`;
  err.setAttribute('role', 'status');
  const h = document.createElement('div');
  h.className = 'hint';
  h.id = `${id}-hint`;
  h.textContent = hintZh(p);
  if (p.type === 'boolean') wrap.append(row, label, err, h);
  else wrap.append(label, row, err, h);
  const changed = () => {
    touched.add(p.name);
    onChange();
  };
  el.addEventListener('input', changed);
  el.addEventListener('change', changed);
  return wrap;
}

function renderTabs() {
  tabs($('kinds'), desc.kinds, TAB_LABELS, kind, (k) => selectKind(k, structuredClone(EXAMPLES[k])));
}

function renderSection() {
  const has = kindDesc().params.some((p) => p.name === 'section');
  $('section-box').hidden = !has;
  const box = $('section-fields');
  box.textContent = '';
  if (!has) return;
  const type = values.section?.type ?? 'rolled_h';
  $('f-section.type').value = type;
  const t = desc.section_types.find((s) => s.type === type);
  for (const p of t.params) {
    const w = field(p, getPath(values, p.name));
    if (type === 'rolled_h' && p.name !== 'section.designation') w.dataset.dims = 'true';
    box.append(w);
  }
  syncDims();
}

/** Rolled H: the dimension fields only when no designation is chosen. */
function syncDims() {
  const d = document.getElementById('f-section.designation');
  const custom = !d || d.value === '';
  for (const w of document.querySelectorAll('#section-fields [data-dims]')) w.hidden = !custom;
}

function renderForm() {
  const d = kindDesc();
  $('kind-title').textContent = `${chinese(d.title)}（${d.clause}）`;
  $('rules').textContent = d.rules.length ? `输入约束：${d.rules.map(ruleZh).join('；')}` : '';
  renderSection();
  const box = $('fields');
  box.textContent = '';
  for (const p of d.params) {
    if (p.name === 'section' || p.name.includes('.')) continue;
    if (p.type !== 'object') {
      box.append(field(p, getPath(values, p.name)));
      continue;
    }
    // an optional group (ltb, service, moments): a fieldset switched on by its legend's checkbox
    const fs = document.createElement('fieldset');
    fs.className = 'group';
    fs.dataset.group = p.name;
    const lg = document.createElement('legend');
    const on = document.createElement('input');
    on.type = 'checkbox';
    on.id = `g-${p.name}`;
    on.checked = values[p.name] !== undefined;
    const ll = document.createElement('label');
    ll.htmlFor = on.id;
    ll.textContent = ` ${p.label}`;
    lg.append(on, ll);
    const hint = document.createElement('div');
    hint.className = 'hint';
    hint.textContent = hintZh(p);
    const inner = document.createElement('div');
    inner.className = 'fields';
    inner.hidden = !on.checked;
    for (const sub of d.params.filter((x) => x.name.startsWith(`${p.name}.`))) inner.append(field(sub, getPath(values, sub.name)));
    on.addEventListener('change', () => {
      inner.hidden = !on.checked;
      // a group just switched on shows at once what it still needs
      for (const el of inner.querySelectorAll('[data-param]')) touched.add(el.dataset.param);
      onChange();
    });
    fs.append(lg, hint, inner);
    box.append(fs);
  }
}

/** The params object exactly as an API caller would send it: empty optional fields and switched-off groups left out. */
function readParams() {
  const params = {};
  const bad = [];
  if (!$('section-box').hidden) params.section = { type: $('f-section.type').value };
  for (const el of document.querySelectorAll('#form [data-param]')) {
    if (el.closest('[hidden]')) continue;
    const name = el.dataset.param;
    if (el.type === 'checkbox') {
      setPath(params, name, el.checked);
      continue;
    }
    if (el.tagName === 'SELECT') {
      if (el.value !== '') setPath(params, name, el.value);
      continue;
    }
    if (el.validity && el.validity.badInput) {
      bad.push(name);
      continue;
    }
    const raw = el.value.trim();
    if (raw !== '') setPath(params, name, Number(raw));
  }
  for (const fs of document.querySelectorAll('#fields fieldset[data-group]')) {
    const g = fs.dataset.group;
    if (fs.querySelector('legend input').checked) params[g] ??= {};
  }
  return { params, bad };
}

function clearIssues() {
  for (const wrap of document.querySelectorAll('#form .field')) {
    wrap.classList.remove('invalid');
    wrap.querySelector('.err').textContent = '';
    wrap.querySelector('input,select')?.removeAttribute('aria-invalid');
  }
  $('form-error').hidden = true;
  $('form-error').textContent = '';
}

function showIssues(issues, all) {
  clearIssues();
  const idx = paramIndex();
  const loose = [];
  for (const issue of issues) {
    const wrap = document.querySelector(`#form .field[data-name="${CSS.escape(issue.field)}"]`);
    if (!wrap || wrap.closest('[hidden]')) {
      loose.push(`${issue.field || '输入'}：${issueZh(issue, idx.get(issue.field))}`);
      continue;
    }
    if (!all && !touched.has(issue.field)) continue;
    wrap.classList.add('invalid');
    wrap.querySelector('input,select').setAttribute('aria-invalid', 'true');
    const err = wrap.querySelector('.err');
    if (!err.textContent) err.textContent = issueZh(issue, idx.get(issue.field));
  }
  if (loose.length && all) {
    $('form-error').hidden = false;
    $('form-error').textContent = loose.join('；');
  }
}

function clearOutput() {
  const out = $('output');
  out.hidden = true;
  out.dataset.state = 'cleared';
  for (const id of ['steps', 'checks', 'warnings', 'inputs-echo']) $(id).textContent = '';
  $('summary').textContent = '';
  $('verdict').textContent = '';
  $('result-json').textContent = '';
  $('drawing').hidden = true;
}

function check(all) {
  const { params, bad } = readParams();
  const issues = bad.map((f) => ({ field: f, code: 'invalid_type', message: 'not a number' }));
  const v = validateParams(kind, params);
  if (!v.ok) issues.push(...v.issues);
  showIssues(issues, all);
  return { params, ok: issues.length === 0 };
}

function onChange() {
  syncDims();
  const { params, ok } = check(false);
  if (ok) compute(params);
  else clearOutput();
}

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The I/H section to scale with its dimensions (mm). */
function drawSection(s) {
  const fig = $('drawing');
  fig.querySelector('svg')?.remove();
  if (!s) {
    fig.hidden = true;
    return;
  }
  fig.hidden = false;
  const W = 300;
  const H = 260;
  const bmax = Math.max(s.b1, s.b2);
  const k = Math.min(190 / bmax, 200 / s.h);
  const cx = 160;
  const y0 = 30;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `截面 ${s.label}`, class: 'section-svg' });
  const plate = (x, y, w, h) => svg.append(svgEl('rect', { x, y, width: w, height: h, class: 'plate' }));
  plate(cx - (s.b1 * k) / 2, y0, s.b1 * k, s.t1 * k);
  plate(cx - (s.tw * k) / 2, y0 + s.t1 * k, s.tw * k, (s.h - s.t1 - s.t2) * k);
  plate(cx - (s.b2 * k) / 2, y0 + (s.h - s.t2) * k, s.b2 * k, s.t2 * k);
  const dim = (x1, y1, x2, y2, label, tx, ty, anchor = 'middle') => {
    svg.append(svgEl('line', { x1, y1, x2, y2, class: 'dim' }));
    svg.append(svgEl('text', { x: tx, y: ty, 'text-anchor': anchor, class: 'dim-text' }, label));
  };
  const left = cx - (bmax * k) / 2 - 18;
  dim(left, y0, left, y0 + s.h * k, `h = ${fmt(s.h)}`, left - 4, y0 + (s.h * k) / 2, 'end');
  dim(cx - (s.b1 * k) / 2, y0 - 12, cx + (s.b1 * k) / 2, y0 - 12, `b = ${fmt(s.b1)}`, cx, y0 - 16);
  if (s.b2 !== s.b1) dim(cx - (s.b2 * k) / 2, y0 + s.h * k + 12, cx + (s.b2 * k) / 2, y0 + s.h * k + 12, `b2 = ${fmt(s.b2)}`, cx, y0 + s.h * k + 24);
  svg.append(svgEl('text', { x: cx + (s.tw * k) / 2 + 6, y: y0 + (s.h * k) / 2, class: 'dim-text' }, `tw = ${fmt(s.tw)}`));
  svg.append(svgEl('text', { x: cx + (s.b1 * k) / 2 + 4, y: y0 + s.t1 * k, class: 'dim-text' }, `tf = ${fmt(s.t1)}`));
  if (s.t2 !== s.t1) svg.append(svgEl('text', { x: cx + (s.b2 * k) / 2 + 4, y: y0 + s.h * k, class: 'dim-text' }, `tf2 = ${fmt(s.t2)}`));
  if (s.r > 0) svg.append(svgEl('text', { x: cx + (s.tw * k) / 2 + 6, y: y0 + s.t1 * k + 14, class: 'dim-text' }, `r = ${fmt(s.r)}`));
  fig.prepend(svg);
  $('drawing-caption').textContent = `${s.label}（单位 mm，按比例）`;
}

function renderChecks(result) {
  const box = $('checks');
  box.textContent = '';
  for (const c of result.checks) {
    const row = document.createElement('div');
    row.className = 'check-row';
    row.dataset.key = c.key;
    if (c.key === result.governing) row.classList.add('governing');
    row.dataset.ok = String(c.ratio <= 1);
    const head = document.createElement('div');
    head.className = 'check-head';
    head.textContent = `${c.name}${c.key === result.governing ? '（控制）' : ''}`;
    const clause = document.createElement('span');
    clause.className = 'clause';
    clause.textContent = `〔${c.clause}〕`;
    head.append(clause);
    const formula = document.createElement('div');
    formula.className = 'check-formula';
    formula.textContent = `${c.formula}${c.stress !== null ? `；应力 ${fmt(c.stress, 4)} N/mm²` : ''}`;
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.setAttribute('role', 'meter');
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', '1');
    bar.setAttribute('aria-valuenow', String(c.ratio));
    bar.setAttribute('aria-label', `${c.name} 比值`);
    const fill = document.createElement('span');
    fill.className = 'fill';
    fill.style.width = `${Math.min(c.ratio, 1.25) * 80}%`;
    const limit = document.createElement('span');
    limit.className = 'limit';
    const num = document.createElement('span');
    num.className = 'ratio';
    num.dataset.value = String(c.ratio);
    num.textContent = fmt(c.ratio, 3);
    bar.append(fill, limit);
    row.append(head, formula, bar, num);
    box.append(row);
  }
}

function flatInput(obj, prefix = '') {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? flatInput(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]]));
}

function render(result) {
  const out = $('output');
  out.hidden = false;
  out.dataset.kind = result.kind;
  out.dataset.state = 'computed';
  const v = $('verdict');
  v.textContent = result.verdict_text;
  v.dataset.verdict = result.verdict;
  $('summary').textContent = result.summary;
  $('sheet-meta').textContent = `${result.title} · ${result.code} · ${new Date().toISOString().slice(0, 10)}`;
  const idx = paramIndex();
  const echo = $('inputs-echo');
  echo.textContent = '';
  for (const [k, val] of flatInput(result.input)) {
    const tr = document.createElement('tr');
    const p = idx.get(k);
    const label = k === 'section.type' ? '截面类型' : p ? p.label : k;
    const value = typeof val === 'string' && ENUM_TEXT[val] ? ENUM_TEXT[val] : display(val, fmt);
    for (const text of [label, value, p && p.unit !== '—' ? p.unit : '']) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    echo.append(tr);
  }
  renderChecks(result);
  renderWarnings($('warnings'), result.warnings);
  renderSteps($('steps'), result.steps, fmt);
  drawSection(result.section);
  $('result-json').textContent = JSON.stringify(result, null, 2);
}

function compute(params) {
  try {
    render(calculate({ kind, params }));
    values = params;
    history.replaceState(null, '', `#${encodeURIComponent(JSON.stringify({ kind, params }))}`);
  } catch (e) {
    clearOutput();
    const f = typeof e?.param === 'string' ? e.param.replace(/^params\./, '') : null;
    const message = chinese(String(e?.message ?? e).replace(/^[^:]+: /, ''));
    if (f && document.querySelector(`#form .field[data-name="${CSS.escape(f)}"]:not([hidden])`)) {
      touched.add(f);
      showIssues([{ field: f, code: 'custom', message }], true);
    } else {
      $('form-error').hidden = false;
      $('form-error').textContent = `${f ?? ''}${f ? '：' : ''}${message}`;
    }
  }
}

/** The form of kind `k` with values `v` (the kind's example when none), and no result yet. */
function showKind(k, v) {
  kind = k;
  values = v ?? structuredClone(EXAMPLES[k]);
  touched.clear();
  for (const b of document.querySelectorAll('#kinds button')) b.setAttribute('aria-selected', String(b.dataset.kind === k));
  renderForm();
  clearOutput();
}

function computeShown() {
  const { params, ok } = check(false);
  if (ok) compute(params);
}

function selectKind(k, v) {
  showKind(k, v);
  computeShown();
}

function fromHash() {
  try {
    const s = JSON.parse(decodeURIComponent(location.hash.slice(1)));
    if (desc.kinds.some((d) => d.kind === s.kind) && s.params && typeof s.params === 'object') return s;
  } catch {
    // no or foreign fragment: the example
  }
  return { kind: 'beam', params: structuredClone(EXAMPLES.beam) };
}

$('f-section.type').addEventListener('change', () => {
  const type = $('f-section.type').value;
  const example = type === 'welded_i' ? { type, h: 450, b: 150, tw: 12, tf: 18 } : type === 'props' ? { type, A: 8297, Ix: 281000000, Iy: 15800000, h: 446, tf: 12, tw: 8, class_x: 'a', class_y: 'b' } : { type, designation: 'HN400x200x8x13' };
  values = { ...readParams().params, section: example };
  touched.clear();
  renderSection();
  onChange();
});
$('form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  for (const el of document.querySelectorAll('#form [data-param]')) touched.add(el.dataset.param);
  const { params, ok } = check(true);
  if (ok) compute(params);
  else clearOutput();
});
$('reset').addEventListener('click', () => {
  history.replaceState(null, '', location.pathname);
  selectKind(kind);
});
$('print').addEventListener('click', () => window.print());
// a shared link opened over this page (only the fragment changes, so no reload)
window.addEventListener('hashchange', () => {
  const s = fromHash();
  selectKind(s.kind, s.params);
});

// The engine was evaluated in the task that loaded the modules; the form and the example's result are built in the
// next one, so a phone's main thread is not held for both at once (Lighthouse's total blocking time)
await new Promise((resolve) => setTimeout(resolve));
const initial = fromHash();
kind = initial.kind;
renderTabs();
showKind(initial.kind, initial.params);
// and the example's result in a task of its own
await new Promise((resolve) => setTimeout(resolve));
computeShown();
document.documentElement.dataset.ready = 'true';
