// What the two dialogue pages share: a message in the conversation, the list of site tools an answer ran, and
// sending with Ctrl+Enter (Enter is a new line in the question box).
import { $, el } from '/assets/site.js';
import { FIELDS } from '/assets/errors-zh.js';

/** Appends a message to the conversation list `log`; returns the list item and its content element. */
export function bubble(log, role, text) {
  const content = el('div', { class: 'content' }, text);
  const li = el('li', { class: `msg ${role}`, dataset: { role } }, el('p', { class: 'who small muted' }, role === 'user' ? '你' : '助手'), content);
  log.append(li);
  li.scrollIntoView({ block: 'end' });
  return { li, content };
}

/** A tool call's arguments as "省份 河南 · 分数 600" (a field the pages have no Chinese name for stays as code). */
function argsText(args) {
  const out = [];
  for (const [k, v] of Object.entries(args ?? {})) {
    if (out.length) out.push(' · ');
    out.push(FIELDS[k] ? `${FIELDS[k]} ` : el('code', {}, `${k} `), typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return out;
}

/** Lists under an answer the site tools it ran ({tool, args, cached}); records their names in data-tools. */
export function toolsReceipt(li, calls) {
  if (!calls?.length) return;
  const list = el('ul', { class: 'tools-called' });
  for (const c of calls) list.append(el('li', { dataset: { tool: c.tool } }, el('code', {}, c.tool), el('span', { class: 'small muted' }, ' ', ...argsText(c.args)), c.cached ? el('span', { class: 'tag' }, '缓存') : null));
  li.append(el('details', { class: 'receipt small', open: true }, el('summary', {}, `调用了 ${calls.length} 个工具`), list));
  li.dataset.tools = calls.map((c) => c.tool).join(',');
}

/** Ctrl+Enter (⌘+Enter) in the textarea `inputId` submits the form `formId`. */
export function sendOnCtrlEnter(inputId, formId) {
  $(inputId).addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) {
      ev.preventDefault();
      $(formId).requestSubmit();
    }
  });
}
