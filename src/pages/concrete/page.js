// The calculator page. It computes with engine.js, the same module POST /v1/calc/concrete runs (bundled by the
// service), and builds its form from the engine's own parameter description: nothing is re-implemented here.
import { calculate, describe, fmt, validateParams } from '/tools/concrete/engine.js';
import { chinese, rangeZh, renderSteps, renderTabs as tabs, renderWarnings } from '/assets/calc.js';
import { issueZh } from '/assets/errors-zh.js';

const TAB_LABELS = { beam: '受弯配筋', column: '轴心受压', shear: '斜截面受剪', crack: '裂缝宽度' };
const desc = describe();
const $ = (id) => document.getElementById(id);

let kind = 'beam';
const touched = new Set();

function kindDesc(k = kind) {
  return desc.kinds.find((d) => d.kind === k);
}

/** The engine names the cover by its field name in its sentences; the page by its Chinese name. */
const terms = (text) => text.replace(/\bcover\b/g, '保护层厚度');

function hint(p) {
  return terms(chinese(p.description));
}


function renderTabs() {
  tabs($('kinds'), desc.kinds, TAB_LABELS, kind, (k) => selectKind(k, {}));
}

/** The engine's input rules (written for API callers) in Chinese. */
function ruleZh(rule) {
  return terms(rule)
    .replace(/ unless given/, ' 未给出时')
    .replace(/\(Table ([\d.]+)\)/, '（表 $1）')
    .replace(/^as \(= (.+?) 未给出时\) < h$/, 'as（未给出时取 $1）< h');
}

function renderForm(values) {
  const d = kindDesc();
  $('kind-title').textContent = `${chinese(d.title)}（${d.clause}）`;
  $('rules').textContent = d.rules.length ? `输入约束：${d.rules.map(ruleZh).join('；')}` : '';
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
    if (!err.textContent) err.textContent = issueZh(issue, p);
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
  else clearResult('输入有误（见标红处），原来的计算结果已清除；改正后自动重算。');
}

/** The result no longer describes the inputs: it goes, and the reader is told why. */
function clearResult(reason) {
  const out = $('output');
  out.dataset.stale = 'true';
  out.hidden = true;
  for (const id of ['verdict', 'summary', 'suggestion', 'warnings', 'steps', 'inputs', 'section-svg', 'result-json']) $(id).textContent = '';
  $('section').hidden = true;
  $('stale').hidden = !reason;
  $('stale').textContent = reason ?? '';
}

function render(result) {
  const out = $('output');
  out.hidden = false;
  out.dataset.kind = result.kind;
  delete out.dataset.stale;
  $('stale').hidden = true;
  renderInputs(result);
  renderSection(result);
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

/** The inputs as the 计算书 prints them: label, value and unit. */
function renderInputs(result) {
  const dl = $('inputs');
  dl.textContent = '';
  $('sheet-title').textContent = `计算书：${TAB_LABELS[result.kind] ?? result.title}（GB 50010-2010）`;
  for (const p of kindDesc(result.kind).params) {
    const v = result.input?.[p.name];
    if (v === null || v === undefined) continue;
    const choice = p.choices?.find((c) => c.value === v);
    const row = document.createElement('div');
    const dt = document.createElement('dt');
    dt.textContent = p.label;
    const dd = document.createElement('dd');
    dd.textContent = choice ? choice.text : `${fmt(v, 4)}${p.unit && p.unit !== '—' ? ` ${p.unit}` : ''}`;
    row.append(dt, dd);
    dl.append(row);
  }
}

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attrs) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

/** Bars of a suggestion such as "4Φ20" or "4C20（HRB400）": [{n, d}]. */
function barsOf(text) {
  return [...String(text).matchAll(/(\d+)[ΦCD](\d+)/g)].map((m) => ({ n: Number(m[1]), d: Number(m[2]) }));
}

/**
 * The section to scale with the suggested bars: a beam's (and a crack check's) along the tension face, in two rows
 * when the engine says so; a column's around the perimeter at the engine's 38 mm inset. A sketch of the suggestion,
 * not a detailing drawing; nothing is drawn when there is no bar suggestion (shear, or no suggestion).
 */
function renderSection(result) {
  const box = $('section-svg');
  box.textContent = '';
  const bars = result.suggestion?.unit === 'mm²' ? barsOf(result.suggestion.text) : [];
  const b = Number(result.input?.b);
  const h = Number(result.input?.h);
  if (!bars.length || !(b > 0) || !(h > 0)) {
    $('section').hidden = true;
    return;
  }
  const { n, d } = bars[0];
  const pad = 30;
  const scale = Math.min(260 / b, 320 / h);
  const W = b * scale + 2 * pad;
  const H = h * scale + 2 * pad;
  const s = svg('svg', { viewBox: `0 0 ${W.toFixed(1)} ${H.toFixed(1)}`, width: W.toFixed(0), height: H.toFixed(0), role: 'img', class: 'section-svg' });
  const title = svg('title', {});
  title.textContent = `截面 ${fmt(b)}×${fmt(h)} mm，配筋 ${result.suggestion.text}`;
  s.append(title, svg('rect', { x: pad, y: pad, width: b * scale, height: h * scale, class: 'concrete' }));
  const dot = (x, y) => s.append(svg('circle', { cx: (pad + x * scale).toFixed(1), cy: (pad + y * scale).toFixed(1), r: Math.max(2.5, (d / 2) * scale).toFixed(1), class: 'bar' }));
  if (result.kind === 'column') {
    const inset = 38;
    const lb = b - 2 * inset;
    const lh = h - 2 * inset;
    // bars per side in proportion to the sides, corners shared (n = 2kb + 2kh − 4)
    const half = (n + 4) / 2;
    const kb = Math.min(half - 2, Math.max(2, Math.round((half * lb) / (lb + lh))));
    const kh = half - kb;
    for (let i = 0; i < kb; i++) for (const y of [inset, h - inset]) dot(inset + (lb * i) / (kb - 1), y);
    for (let j = 1; j < kh - 1; j++) for (const x of [inset, b - inset]) dot(x, inset + (lh * j) / (kh - 1));
  } else {
    const cover = Number(result.input?.cover ?? 25);
    const stirrup = result.kind === 'beam' ? 10 : 0;
    const rows = /两排/.test(result.suggestion.note ?? '') ? 2 : 1;
    const perRow = Math.ceil(n / rows);
    for (let r = 0; r < rows; r++) {
      const k = r === rows - 1 ? n - perRow * (rows - 1) : perRow;
      const y = h - cover - stirrup - d / 2 - r * (d + Math.max(25, d));
      const x0 = cover + stirrup + d / 2;
      const x1 = b - x0;
      for (let i = 0; i < k; i++) dot(k === 1 ? b / 2 : x0 + ((x1 - x0) * i) / (k - 1), y);
    }
  }
  box.append(s);
  $('section-caption').textContent = `截面示意：${fmt(b)}×${fmt(h)} mm，${result.suggestion.text}${result.suggestion.note ? `（${result.suggestion.note}）` : ''}。按比例示意钢筋位置，不代替配筋详图。`;
  $('section').hidden = false;
}

function compute(params) {
  $('form-error').hidden = true;
  try {
    render(calculate({ kind, params }));
    const q = new URLSearchParams({ kind });
    for (const [k, val] of Object.entries(params)) q.set(k, String(val));
    history.replaceState(null, '', `#${q}`);
  } catch (e) {
    clearResult(null);
    const field = typeof e?.param === 'string' ? e.param.replace(/^params\./, '') : null;
    if (field && document.querySelector(`.field[data-name="${CSS.escape(field)}"]`)) {
      touched.add(field);
      showIssues([{ field, code: 'custom', message: e.message.replace(/^[^:]+: /, '') }], true);
    } else {
      $('form-error').hidden = false;
      $('form-error').textContent = `计算未完成：${chinese(String(e?.message ?? e)).replace(/^[\w.]+: .*$/, '输入有误，请检查各项输入。')}`;
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
$('print').addEventListener('click', () => window.print());
$('reset').addEventListener('click', () => {
  history.replaceState(null, '', location.pathname);
  selectKind(kind, {});
});

// The engine was evaluated in the task that loaded the modules; the form and the example's result are built in the
// next one, so a phone's main thread is not held for both at once (Lighthouse's total blocking time)
await new Promise((resolve) => setTimeout(resolve));
const initial = fromHash();
kind = initial.kind;
renderTabs();
selectKind(initial.kind, initial.values);
document.documentElement.dataset.ready = 'true';
