// What the calculator pages (/tools/concrete, /tools/steel) share: reading the engine's bilingual texts, the
// Chinese range of a described parameter, the tabs of kinds, and the step table and warnings of a result. Each page
// keeps its own form, since their parameters differ in shape.

// the Chinese half of the engines' bilingual texts, and the range of a described parameter, are said by the pages'
// one translator of refusals
import { chinese, rangeZh } from '/assets/errors-zh.js';

export { chinese, rangeZh };

/** A step's value as the page shows it (4 significant figures through the engine's fmt). */
export function display(value, fmt) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return fmt(value, 4);
  return String(value);
}

/** One tab per kind of the description; `onSelect(kind)` on click. */
export function renderTabs(nav, kinds, labels, current, onSelect) {
  nav.textContent = '';
  for (const d of kinds) {
    const b = document.createElement('button');
    b.type = 'button';
    b.role = 'tab';
    b.dataset.kind = d.kind;
    b.textContent = labels[d.kind] ?? d.kind;
    b.title = d.title;
    b.setAttribute('aria-selected', String(d.kind === current));
    b.addEventListener('click', () => onSelect(d.kind));
    nav.append(b);
  }
}

/** The warnings list: each message with its clause. */
export function renderWarnings(ul, warnings) {
  ul.textContent = '';
  for (const w of warnings) {
    const li = document.createElement('li');
    li.dataset.code = w.code;
    li.textContent = chinese(w.message);
    const c = document.createElement('span');
    c.className = 'clause';
    c.textContent = `〔${w.clause}〕`;
    li.append(c);
    ul.append(li);
  }
}

/** The step table: symbol, name, formula, value (its exact JSON in data-value), unit, clause. */
/** Column names, shown beside each value when a phone lays the steps out as cards. */
const STEP_LABELS = { sym: '符号', name: '名称', formula: '公式', num: '数值', unit: '单位', clause: '条文' };

export function renderSteps(tbody, steps, fmt) {
  tbody.textContent = '';
  for (const st of steps) {
    const tr = document.createElement('tr');
    tr.dataset.key = st.key;
    for (const [cls, text] of [['sym', st.symbol], ['name', st.name], ['formula', st.formula ?? ''], ['num', display(st.value, fmt)], ['unit', st.unit === '—' ? '' : st.unit], ['clause', st.clause]]) {
      const td = document.createElement('td');
      td.className = cls;
      td.dataset.label = STEP_LABELS[cls];
      td.textContent = text;
      if (cls === 'num') td.dataset.value = JSON.stringify(st.value);
      tr.append(td);
    }
    tbody.append(tr);
  }
}
