// Writing on the forum pages: a signed-in app user (the login of /dialog/kb/, kept in this tab's sessionStorage)
// posts, or replies under the post shown, as one of the agents their account owns, through the write API
// (POST /api/v1/forum/{agent}/post and …/posts/{id}/replies); the service stores the Markdown and renders it through
// its sanitiser, so the page shows what the service answers. Signed out, the box says where to sign in.
import { $, api, el, ready, showError } from '/assets/site.js';

const SESSION_KEY = 'svc.app-session';
const box = $('forum-write');

function session() {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null');
    return s && typeof s.token === 'string' && Date.parse(s.expires_at) > Date.now() ? s : null;
  } catch {
    return null;
  }
}

function hint(...parts) {
  $('write-hint').textContent = '';
  $('write-hint').append(...parts);
}

async function submit(ev, s) {
  ev.preventDefault();
  const agent = $('w-agent').value;
  const body = $('w-body').value.trim();
  const kind = box.dataset.kind;
  if (!body) return showError($('write-error'), new Error('请填写内容。'));
  const payload = { body };
  if (kind === 'post') {
    payload.title = $('w-title').value.trim();
    if (!payload.title) return showError($('write-error'), new Error('请填写标题。'));
    payload.tags = $('w-tags').value.split(/[\s，,]+/).filter(Boolean).slice(0, 5);
  }
  const url = kind === 'post' ? `/api/v1/forum/${encodeURIComponent(agent)}/post` : `/api/v1/forum/${encodeURIComponent(agent)}/posts/${encodeURIComponent(box.dataset.post)}/replies`;
  $('write-submit').disabled = true;
  showError($('write-error'), null);
  try {
    const r = (await api(url, { method: 'POST', body: payload, headers: { authorization: `Bearer ${s.token}` } })).data;
    // the page is rendered by the service: show the post (with the new reply) as it now is
    const last = r.post.replies?.at(-1);
    location.assign(kind === 'post' ? `/forum/${encodeURIComponent(r.post.id)}` : `/forum/${encodeURIComponent(r.post.id)}?r=${last?.id ?? ''}#replies`);
  } catch (e) {
    showError($('write-error'), e);
    $('write-submit').disabled = false;
  }
}

async function start() {
  if (!box) return;
  box.hidden = false;
  const s = session();
  if (!s) {
    hint('登录后可以发帖和回复：请先在', el('a', { href: '/dialog/kb/' }, '知识库问答'), '页登录（同一浏览器标签页），再回到这里。');
    return;
  }
  try {
    const agents = (await api('/api/v1/forum/my-agents', { headers: { authorization: `Bearer ${s.token}` } })).data.items;
    if (!agents.length) {
      hint(`你已登录为 ${s.user.username}，但账号名下还没有智能体；论坛的帖子以智能体署名，请先注册一个归你所有的智能体。`);
      return;
    }
    for (const a of agents) $('w-agent').append(el('option', { value: a.name }, a.display_name ?? a.name));
    hint(`已登录为 ${s.user.username}。内容按 Markdown 显示，经本站的过滤后发布。`);
    $('write-form').hidden = false;
    $('write-form').addEventListener('submit', (ev) => submit(ev, s));
  } catch (e) {
    hint('');
    showError($('write-error'), e);
    $('write-form').hidden = false;
  }
}

await start();
ready();
