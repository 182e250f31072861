// The knowledge-base chat page. App users sign in (or register, then sign in) with the app account endpoints and ask
// through POST /api/ai/chat with their own login token (Authorization: Bearer). The login is shared by the site's
// open tabs (session.js: each tab's sessionStorage, handed between tabs over a BroadcastChannel; gone when the last
// tab closes): the page holds no key of its own. Each answer is Markdown with its [n] linked
// to the list of sources under it (title, knowledge base, where to read it, the passage that matched), the chunks
// retrieved but not cited folded away, and the site tools it ran. Users can make a knowledge base of their own and
// add chunks to it. The service keeps no chat history: the page sends the earlier turns with each question.
import { $, api, ApiError, el, ready, showError } from '/assets/site.js';
import { renderMarkdown } from '/assets/markdown.js';
import { beijingTime } from '/assets/errors-zh.js';
import { bubble, sendOnCtrlEnter, toolsReceipt } from '/assets/chat.js';
import { clearSession, findSession, onSessionChange, saveSession } from '/assets/session.js';

// What /api/ai/chat accepts as history: at most 20 earlier messages of at most 4,000 characters each.
const HISTORY_MAX = 20;
const MESSAGE_MAX = 4000;

let session = null; // {token, expires_at, user}
const history = [];
let kbs = [];
let turn = 0;
let busy = false;

const authHeaders = () => ({ authorization: `Bearer ${session.token}` });

/** A call with the login token; a refused token (401) signs the page out and asks to sign in again. */
async function authed(url, opts = {}) {
  try {
    return await api(url, { ...opts, headers: authHeaders() });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      signedOut();
      showError($('auth-error'), new ApiError('登录已失效，请重新登录。', 401));
    }
    throw e;
  }
}

function show(signedIn) {
  $('auth-form').hidden = signedIn;
  $('signed-in').hidden = !signedIn;
  $('kb-chat').hidden = !signedIn;
  $('my-kb').hidden = !signedIn;
}

function signedIn(s) {
  session = s;
  saveSession(s);
  $('who').textContent = s.user.display_name === s.user.username ? s.user.username : `${s.user.display_name}（${s.user.username}）`;
  $('who-expires').textContent = `登录有效至北京时间 ${beijingTime(s.expires_at)}`;
  $('auth-password').value = '';
  showError($('auth-error'), null);
  show(true);
}

function signedOut() {
  session = null;
  clearSession();
  show(false);
}

function setBusy(ids, on) {
  for (const id of ids) $(id).disabled = on;
}

$('auth-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const action = ev.submitter?.value === 'register' ? 'register' : 'login';
  const username = $('auth-username').value.trim();
  const password = $('auth-password').value;
  const displayName = $('auth-display-name').value.trim();
  showError($('auth-error'), null);
  setBusy(['auth-login', 'auth-register'], true);
  try {
    if (action === 'register') {
      await api('/api/v1/auth/register', { method: 'POST', body: { username, password, ...(displayName ? { display_name: displayName } : {}) } });
    }
    const r = await api('/api/auth/login', { method: 'POST', body: { username, password } });
    signedIn({ token: r.data.token, expires_at: r.data.expires_at, user: r.data.user });
    await loadKbs();
  } catch (e) {
    showError($('auth-error'), e);
  } finally {
    setBusy(['auth-login', 'auth-register'], false);
  }
});

$('auth-logout').addEventListener('click', async () => {
  // The token is revoked on the service (every node), then forgotten here; the conversation goes with it.
  await api('/api/auth/logout', { method: 'POST', body: {}, headers: authHeaders() }).catch(() => {}); // an already dead token is fine
  signedOut();
  history.length = 0;
  $('chat-log').textContent = '';
});

// ---- knowledge bases ----

async function loadKbs() {
  const r = await authed('/api/v1/kb');
  kbs = r.data.items;
  const scope = $('kb-select');
  const chosen = scope.value;
  scope.replaceChildren(el('option', { value: '' }, '全部：本站知识库与我的知识库'), ...kbs.map((k) => el('option', { value: k.id }, `${k.name}（${k.chunks} 条）`)));
  scope.value = kbs.some((k) => k.id === chosen) ? chosen : '';
  $('kb-list').replaceChildren(
    ...kbs.map((k) =>
      el(
        'li',
        { dataset: { kb: k.id } },
        el('strong', {}, k.name),
        ' ',
        el('code', {}, k.id),
        ' ',
        el('span', { class: 'tag' }, k.owner === 'site' ? '本站 · 只读' : '我的'),
        el('span', { class: 'small muted' }, ` ${k.chunks} 条资料`),
        k.owner === 'own' ? ownKbTools(k) : null,
      ),
    ),
  );
  if (openKb && kbs.some((k) => k.id === openKb && k.owner === 'own')) $('kb-list').querySelector(`li[data-kb="${CSS.escape(openKb)}"] details`).open = true;
  const own = kbs.filter((k) => k.owner === 'own');
  const target = $('chunk-kb');
  const was = target.value;
  target.replaceChildren(...(own.length ? own.map((k) => el('option', { value: k.id }, k.name)) : [el('option', { value: '' }, '先新建一个知识库')]));
  if (own.some((k) => k.id === was)) target.value = was;
  $('chunk-add').disabled = !own.length;
}

const kbName = (id) => kbs.find((k) => k.id === id)?.name ?? id;

// The knowledge base whose chunk list is open (kept open when the list is drawn again after a deletion).
let openKb = null;

/** Under one of the user's knowledge bases: its chunks (newest first) each with a delete button, and deleting it. */
function ownKbTools(k) {
  const list = el('ul', { class: 'chunk-list' });
  const details = el(
    'details',
    {
      class: 'kb-chunks',
      ontoggle: () => {
        if (details.open) {
          openKb = k.id;
          loadChunks(k, list);
        } else if (openKb === k.id) openKb = null;
      },
    },
    el('summary', {}, '查看与删除资料'),
    list,
    el('div', { class: 'actions' }, el('button', { type: 'button', class: 'secondary danger', dataset: { deleteKb: k.id }, onclick: () => removeKb(k) }, '删除这个知识库')),
  );
  return details;
}

const CHUNK_PAGE = 100;

async function loadChunks(k, list) {
  showError($('kb-error'), null);
  try {
    const r = await authed(`/api/v1/kb/${encodeURIComponent(k.id)}/chunks?page_size=${CHUNK_PAGE}`);
    list.replaceChildren(
      ...r.data.items.map((c) =>
        el(
          'li',
          { dataset: { chunk: String(c.id) } },
          el('strong', {}, c.title),
          el('span', { class: 'small muted' }, ` 片段 ${c.id} · ${beijingTime(c.created_at)}${c.source ? ` · 出处：${c.source}` : ''}`),
          el('p', { class: 'small chunk-body' }, c.body.length > 160 ? `${c.body.slice(0, 160)}…` : c.body),
          el('button', { type: 'button', class: 'secondary small-button', dataset: { deleteChunk: String(c.id) }, 'aria-label': `删除资料《${c.title}》`, onclick: () => removeChunk(k, c) }, '删除'),
        ),
      ),
      ...(r.data.items.length ? [] : [el('li', { class: 'muted small' }, '这个知识库还没有资料。')]),
      ...(r.data.has_more ? [el('li', { class: 'muted small' }, `只列出最新的 ${CHUNK_PAGE} 条。`)] : []),
    );
    list.dataset.loaded = 'true';
  } catch (e) {
    showError($('kb-error'), e);
  }
}

async function removeChunk(k, c) {
  if (!confirm(`从“${k.name}”删除资料《${c.title}》？删除后不能恢复。`)) return;
  try {
    await authed(`/api/v1/kb/${encodeURIComponent(k.id)}/chunks/${c.id}`, { method: 'DELETE' });
    await loadKbs(); // the lists first, then the word that it is done
    $('chunk-status').textContent = `已从 ${k.name} 删除资料《${c.title}》。`;
  } catch (e) {
    showError($('kb-error'), e);
  }
}

async function removeKb(k) {
  if (!confirm(`删除知识库“${k.name}”和其中的 ${k.chunks} 条资料？删除后不能恢复。`)) return;
  try {
    const r = await authed(`/api/v1/kb/${encodeURIComponent(k.id)}`, { method: 'DELETE' });
    if (openKb === k.id) openKb = null;
    await loadKbs();
    $('chunk-status').textContent = `已删除知识库“${k.name}”（${r.data.chunks} 条资料）。`;
  } catch (e) {
    showError($('kb-error'), e);
  }
}

$('kb-create-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  showError($('kb-error'), null);
  const id = $('kb-new-id').value.trim();
  setBusy(['kb-create'], true);
  try {
    await authed('/api/v1/kb', { method: 'POST', body: { id, name: $('kb-new-name').value.trim() } });
    await loadKbs();
    $('chunk-kb').value = id;
    $('kb-new-id').value = '';
    $('kb-new-name').value = '';
    $('chunk-status').textContent = `已新建知识库 ${kbName(id)}，可以添加资料了。`;
  } catch (e) {
    showError($('kb-error'), e);
  } finally {
    setBusy(['kb-create'], false);
  }
});

$('chunk-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  showError($('kb-error'), null);
  const kbId = $('chunk-kb').value;
  const source = $('chunk-source').value.trim();
  setBusy(['chunk-add'], true);
  try {
    const r = await authed(`/api/v1/kb/${encodeURIComponent(kbId)}/chunks`, { method: 'POST', body: { title: $('chunk-title').value.trim(), body: $('chunk-body').value.trim(), ...(source ? { source } : {}) } });
    const { chunk, duplicate } = r.data;
    for (const id of ['chunk-title', 'chunk-body', 'chunk-source']) $(id).value = '';
    // the list (with its counts) first, then the word that it is done: both say the same when the status appears
    await loadKbs();
    $('chunk-status').textContent = duplicate ? `${kbName(kbId)} 里已有同样的资料（片段 ${chunk.id}），没有重复添加。` : `已添加到 ${kbName(kbId)}（片段 ${chunk.id}）。`;
  } catch (e) {
    showError($('kb-error'), e); // what was typed stays in the form
  } finally {
    $('chunk-add').disabled = !kbs.some((k) => k.owner === 'own');
  }
});

// ---- the conversation ----

const safeUrl = (u) => (typeof u === 'string' && /^(\/(?!\/)|https?:\/\/)/.test(u) ? u : null);

/** Where a chunk comes from, in words: the site's notes, the data bundle's notes on a dataset, a web site's name;
 * a source the user typed is shown as typed. Never an internal file path. */
function readableSource(source) {
  if (/^notes\/[a-z0-9-]+\.md/.test(source)) return '本站笔记';
  if (/(^|\/)README[^/]*$/i.test(source)) return '数据包中的数据说明';
  const url = /^https?:\/\/([^/\s]+)/i.exec(source);
  if (url) return url[1];
  return source;
}

function sourceItem(c, prefix) {
  const url = safeUrl(c.url);
  const title = url ? el('a', { href: url, rel: url.startsWith('/') ? null : 'noopener noreferrer' }, c.title) : el('strong', {}, c.title);
  // the passage is Markdown cut from the chunk (bold, lists); rendered with raw HTML off like the answer
  const passage = el('blockquote', { class: 'excerpt md' });
  passage.innerHTML = renderMarkdown(c.excerpt);
  return el(
    'li',
    { id: `${prefix}${c.n}`, dataset: { chunk: String(c.id), n: String(c.n) } },
    el('p', { class: 'source-head' }, el('span', { class: 'source-n' }, `[${c.n}]`), ' ', title),
    el('p', { class: 'small muted' }, `知识库：${kbName(c.kb_id)} · 片段 ${c.id}${c.source ? ` · 出处：${readableSource(c.source)}` : ''}`),
    passage,
  );
}

/** Under an answer: the chunks it cites, then (folded) those retrieved but not cited. */
function sources(li, d, prefix) {
  const cited = new Set(d.citations.map((c) => c.n));
  const used = d.context.filter((c) => cited.has(c.n));
  const unused = d.context.filter((c) => !cited.has(c.n));
  if (used.length) li.append(el('details', { class: 'sources cited', open: true }, el('summary', {}, `引用的资料（${used.length} 条）`), el('ol', {}, used.map((c) => sourceItem(c, prefix)))));
  if (unused.length) li.append(el('details', { class: 'sources uncited' }, el('summary', {}, `检索到、未引用的资料（${unused.length} 条）`), el('ol', {}, unused.map((c) => sourceItem(c, prefix)))));
  if (!d.context.length) li.append(el('p', { class: 'small muted' }, '知识库中没有检索到与这个问题相关的资料。'));
  li.dataset.cited = d.citations.map((c) => c.id).join(',');
}

async function ask(text) {
  showError($('chat-error'), null);
  const log = $('chat-log');
  const question = bubble(log, 'user', text);
  const { li, content } = bubble(log, 'assistant', '');
  li.classList.add('pending');
  busy = true;
  $('chat-send').disabled = true;
  const kbId = $('kb-select').value;
  const earlier = history.slice(-HISTORY_MAX).map((m) => ({ role: m.role, content: m.content.slice(0, MESSAGE_MAX) }));
  try {
    const r = await authed('/api/ai/chat', { method: 'POST', body: { message: text, k: Number($('kb-k').value), ...(kbId ? { kb_id: kbId } : {}), ...(earlier.length ? { history: earlier } : {}) } });
    const d = r.data;
    const prefix = `cite-${++turn}-`;
    // raw HTML is off in the renderer: the answer cannot inject markup; [n] become links to the sources below
    content.innerHTML = renderMarkdown(d.answer, { cite: { count: d.context.length, prefix } });
    content.classList.add('md');
    li.dataset.engine = d.engine;
    li.append(el('p', { class: 'small muted engine' }, d.engine === 'upstream' ? '由语言模型依据检索到的资料作答' : '由本站内置的离线作答程序依据检索到的资料作答'));
    sources(li, d, prefix);
    toolsReceipt(li, d.tools_called);
    history.push({ role: 'user', content: text }, { role: 'assistant', content: d.answer });
    li.dataset.done = 'true';
  } catch (e) {
    question.li.remove();
    li.remove();
    $('chat-input').value = text; // the question stays in the box to be sent again
    if (!(e instanceof ApiError && e.status === 401)) showError($('chat-error'), e);
  } finally {
    li.classList.remove('pending');
    busy = false;
    $('chat-send').disabled = false;
  }
}

$('chat-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('chat-input').value.trim();
  if (!text || busy || !session) return;
  $('chat-input').value = '';
  ask(text);
});
sendOnCtrlEnter('chat-input', 'chat-form');
$('chat-clear').addEventListener('click', () => {
  history.length = 0;
  $('chat-log').textContent = '';
  showError($('chat-error'), null);
});

// A login from this tab or another open tab of the site is checked before use (it may have expired or been revoked
// elsewhere).
async function resume() {
  const saved = await findSession();
  if (!saved) {
    show(false);
    return;
  }
  session = saved;
  try {
    const me = await authed('/api/auth/me');
    signedIn({ ...saved, user: me.data.user, expires_at: me.data.token_expires_at });
    await loadKbs();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) showError($('auth-error'), e);
  }
}

// Another tab signed in or out: this one follows (a sign-in elsewhere shows this tab's account panel too).
onSessionChange((s) => {
  if (s && s.token !== session?.token) {
    session = s;
    resume();
  } else if (!s && session) {
    session = null;
    show(false);
    history.length = 0;
    $('chat-log').textContent = '';
  }
});

resume().finally(ready);
