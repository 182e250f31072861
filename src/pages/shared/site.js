// Helpers every page script imports: DOM building without innerHTML (text is always text), and same-origin JSON
// calls whose refusals become a Chinese message (errors-zh.js maps the service's code and field) instead of a
// silent failure.
import { chineseError } from '/assets/errors-zh.js';

export const $ = (id) => document.getElementById(id);

/** el('td', {class: 'num', dataset: {v: '1'}}, 'text', childNode) */
export function el(tag, attrs = {}, ...children) {
  const node = tag === 'svg' || attrs.svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false || k === 'svg') continue;
    if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k === 'text') node.textContent = String(v);
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

export class ApiError extends Error {
  constructor(message, status, param, retryAfter, code) {
    super(message);
    this.status = status;
    this.param = param ?? null;
    this.retryAfter = retryAfter ?? null;
    this.code = code ?? null;
  }
}

/** The service's message, field and code from any of its error shapes: {error: {message, param, code}}, the legacy
 * {code, message, error}, or text. */
function messageOf(body, text) {
  if (body && typeof body === 'object') {
    if (body.error && typeof body.error === 'object') return { message: body.error.message, param: body.error.param, code: body.error.code };
    if (typeof body.error === 'string') return { message: body.error };
    if (typeof body.message === 'string') return { message: body.message };
  }
  return { message: text ? text.slice(0, 300) : '' };
}

function parse(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The ApiError for a refused response (any status, any of the service's error shapes). */
export async function responseError(r, text) {
  text ??= await r.text().catch(() => '');
  const json = parse(text);
  const status = r.ok && json && typeof json.code === 'number' ? json.code : r.status;
  const { message, param, code } = messageOf(json, text);
  const retryAfter = r.headers.get('retry-after');
  return new ApiError(chineseError({ status, code, param, message, retryAfter }), status, param, retryAfter, code);
}

/** fetch + JSON (extra request headers in `headers`, e.g. a login token); a refusal (an HTTP error, or a legacy envelope whose code is not 200) throws a readable ApiError. */
export async function api(url, { method = 'GET', body, signal, headers = {} } = {}) {
  let r;
  try {
    r = await fetch(url, {
      method,
      signal,
      headers: { ...headers, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (err?.name === 'AbortError') throw err;
    throw new ApiError('无法连接到本站服务，请检查网络后重试。', 0);
  }
  const text = await r.text();
  const json = parse(text);
  const legacyFailure = json && typeof json === 'object' && typeof json.code === 'number' && json.code !== 200 && 'message' in json;
  if (!r.ok || legacyFailure) throw await responseError(r, text);
  return json;
}

/** Shows an error (ApiError or any other) in a role="alert" element; `null` hides it. */
export function showError(node, err) {
  if (!err) {
    node.hidden = true;
    node.textContent = '';
    return;
  }
  node.hidden = false;
  node.textContent = err instanceof ApiError ? err.message : `出错了：${err?.message ?? err}`;
}

/** Marks the page ready for tests and assistive tools once its script has wired everything. */
export function ready() {
  document.documentElement.dataset.ready = 'true';
}
