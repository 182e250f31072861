// The calculator page. It computes with engine.js, the same module POST /v1/calc/concrete runs (bundled by the
// service), and builds its form from the engine's own parameter description: nothing is re-implemented here.
import { calculate, describe, fmt, validateParams } from '/tools/concrete/engine.js';
import { chinese, rangeZh, renderSteps, renderTabs as tabs, renderWarnings } from '/assets/calc.js';

const TAB_LABELS = { beam: '受弯配筋', column: '轴心受压', shear: '斜截面受剪', crack: '裂缝宽度' };
const desc = describe();
const $ = (id) => document.getElementById(id);

let kind = 'beam';
const touched = new Set();

function kindDesc(k = kind) {
  return desc.kinds.find((d) => d.kind === k);
}

function hint(p) {
  return chinese(p.description);
}

function messageZh(p, issue) {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.includes('received undefined') ? '必填' : '请输入数字';
    case 'too_small':
    case 'too_big':
    case 'not_multiple_of':
      return `须为${rangeZh(p)}`;
    case 'invalid_value':
      return `可选：${(p.choices ?? []).map((c) => c.text).join('、')}`;
    default:
      return chinese(issue.message);
  }
}

function renderTabs() {
  tabs($('kinds'), desc.kinds, TAB_LABELS, kind, (k) => selectKind(k, {}));
}

function renderForm(values) {
  const d = kindDesc();
  $('kind-title').textContent = `${d.title}（${d.clause}）`;
  $('rules').textContent = d.rules.length ? `输入约束：${d.rules.join('；')}` : '';
  const box = $('fields');
  box.textContent = '';
  for (const p of d.params) {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    wrap.dataset.name = p.name;
    const id = `f-${p.name}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = p.label;
    const row = document.createElement('div');
    row.className = 'row';
    let control;
    if (p.choices) {
      control = document.createElement('select');
      for (const c of p.choices) {
        const o = document.createElement('option');
        o.value = String(c.value);
        o.textContent = c.text;
        control.append(o);
      }
      control.value = String(values[p.name] ?? p.default ?? p.choices[0].value);
    } else {
      control = document.createElement('input');
      control.type = 'number';
      control.step = 'any';
      control.inputMode = 'decimal';
      control.placeholder = p.default !== undefined ? `默认 ${p.default}` : p.required ? '必填' : '可不填';
      const v = values[p.name] ?? p.default;
      control.value = v === undefined ? '' : String(v);
    }
    control.id = id;
    control.name = p.name;
    control.setAttribute('aria-describedby', `${id}-err ${id}-hint`);
    row.append(control);
    if (!p.choices) {
      const unit = document.createElement('span');
      unit.className = 'unit';
      unit.textContent = p.unit === '—' ? '' : p.unit;
      row.append(unit);
    }
    const h = document.createElement('div');
    h.className = 'hint';
    h.id = `${id}-hint`;
    h.textContent = hint(p);
    const err = document.createElement('div');
    err.className = 'err';
    err.id = `${id}-err`;
    err.setAttribute('role', 'status');
    wrap.append(label, row, err, h);
    box.append(wrap);
    control.addEventListener('input', () => {
      touched.add(p.name);
      onChange();
    });
    control.addEventListener('change', () => {
      touched.add(p.name);
      onChange();
    });
  }
}

/** The params object exactly as an API caller would send it: empty optional fields are left out. */
function readParams() {
  const params = {};
  const bad = [];
  for (const p of kindDesc().params) {
    const el = $(`f-${p.name}`);
    if (el.tagName === 'SELECT') {
      params[p.name] = Number(el.value);
      continue;
    }
    if (el.validity && el.validity.badInput) {
      bad.push(p.name);
      continue;
    }
    const raw = el.value.trim();
    if (raw !== '') params[p.name] = Number(raw);
  }
  return { params, bad };
}

function showIssues(issues, all) {
  for (const wrap of document.querySelectorAll('.field')) {
    wrap.classList.remove('invalid');
    wrap.querySelector('.err').textContent = '';
    wrap.querySelector('input,select').removeAttribute('aria-invalid');
  }
  const d = kindDesc();
  for (const issue of issues) {
    const name = issue.field.split('.')[0];
    if (!all && !touched.has(name)) continue;
    const wrap = document.querySelector(`.field[data-name="${CSS.escape(name)}"]`);
    if (!wrap) continue;
    const p = d.params.find((x) => x.name === name);
    wrap.classList.add('invalid');
    wrap.querySelector('input,select').setAttribute('aria-invalid', 'true');
    const err = wrap.querySelector('.err');
    if (!err.textContent) err.textContent = messageZh(p, issue);
  }
}

function check(all) {
  const { params, bad } = readParams();
  const issues = bad.map((field) => ({ field, code: 'invalid_type', message: 'not a number' }));
  const v = validateParams(kind, params);
  if (!v.ok) issues.push(...v.issues);
  showIssues(issues, all);
  return { params, ok: issues.length === 0 };
}

function onChange() {
  const { params, ok } = check(false);
  if (ok) compute(params);
  else $('output').dataset.stale = 'true';
}

function render(result) {
  const out = $('output');
  out.hidden = false;
  out.dataset.kind = result.kind;
  delete out.dataset.stale;
  const v = $('verdict');
  v.textContent = result.verdict_text;
  v.dataset.verdict = result.verdict;
  $('summary').textContent = result.summary;
  const s = $('suggestion');
  if (result.suggestion) {
    s.hidden = false;
    const unit = result.suggestion.unit === 'mm²' ? `${fmt(result.suggestion.area, 4)} mm²` : `Asv/s = ${fmt(result.suggestion.area, 3)} mm²/mm`;
    s.textContent = `建议：${result.suggestion.text}（${unit}${result.suggestion.note ? `，${result.suggestion.note}` : ''}）`;
  } else {
    s.hidden = true;
    s.textContent = '';
  }
  renderWarnings($('warnings'), result.warnings);
  renderSteps($('steps'), result.steps, fmt);
  $('result-json').textContent = JSON.stringify(result, null, 2);
}

function compute(params) {
  $('form-error').hidden = true;
  try {
    render(calculate({ kind, params }));
    const q = new URLSearchParams({ kind });
    for (const [k, val] of Object.entries(params)) q.set(k, String(val));
    history.replaceState(null, '', `#${q}`);
  } catch (e) {
    const field = typeof e?.param === 'string' ? e.param.replace(/^params\./, '') : null;
    if (field && document.querySelector(`.field[data-name="${CSS.escape(field)}"]`)) {
      touched.add(field);
      showIssues([{ field, code: 'custom', message: e.message.replace(/^[^:]+: /, '') }], true);
    } else {
      $('form-error').hidden = false;
      $('form-error').textContent = e?.message ?? String(e);
    }
  }
}

function selectKind(k, values) {
  kind = k;
  touched.clear();
  for (const b of document.querySelectorAll('#kinds button')) b.setAttribute('aria-selected', String(b.dataset.kind === k));
  renderForm(values);
  $('output').hidden = true;
  const { params, ok } = check(false);
  if (ok) compute(params);
}

function fromHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  const k = q.get('kind');
  const values = {};
  for (const [key, val] of q) if (key !== 'kind' && val !== '' && Number.isFinite(Number(val))) values[key] = Number(val);
  return { kind: desc.kinds.some((d) => d.kind === k) ? k : 'beam', values };
}

$('form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  for (const p of kindDesc().params) touched.add(p.name);
  const { params, ok } = check(true);
  if (ok) compute(params);
});
$('reset').addEventListener('click', () => {
  history.replaceState(null, '', location.pathname);
  selectKind(kind, {});
});

const initial = fromHash();
kind = initial.kind;
renderTabs();
selectKind(initial.kind, initial.values);
document.documentElement.dataset.ready = 'true';
