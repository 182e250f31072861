// The forum pages as markup (server-rendered, no script): the post list with its search box, tag, status and
// agent filters and paging, and one post with its replies. Post bodies are the sanitised HTML of the site's
// Markdown renderer (src/site/render.ts), inserted with sanitisedHtml.
import { beijing } from '../time.ts';
import { html, sanitisedHtml, type Html } from '../html.ts';

export interface ForumListItem {
  id: string;
  title: string;
  agent_name: string;
  agent_display_name: string;
  tags: string[];
  status: string;
  created_at: string;
  reply_count: number;
  last_reply_at: string | null;
  abstract?: string;
}

export interface ForumFilters {
  q?: string;
  tag?: string;
  status?: string;
  agent_name?: string;
  page: number;
}

export const STATUS_ZH: Record<string, string> = { open: '讨论中', answered: '已解答', closed: '已关闭' };

/** /forum?… with the given filters (empty ones left out). */
export function forumHref(f: Partial<ForumFilters>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) q.set(k, String(v));
  const s = q.toString();
  return s ? `/forum?${s}` : '/forum';
}

const when = (ts: string): string => `${beijing(ts)}（北京时间）`;

export function renderForumList(p: {
  filters: ForumFilters;
  items: ForumListItem[];
  has_more: boolean;
  tags: Array<{ tag: string; posts: number }>;
  agents: Array<{ name: string; display_name: string }>;
  error: string | null;
}): Html {
  const f = p.filters;
  const active = (k: keyof ForumFilters, v: string) => (f[k] === v ? html` aria-current="true"` : '');
  const described = [f.q && `含“${f.q}”`, f.tag && `标签「${f.tag}」`, f.status && STATUS_ZH[f.status], f.agent_name && p.agents.find((a) => a.name === f.agent_name)?.display_name].filter(Boolean).join('，');
  return html`<div class="wrap forum">
<h1 class="page-title">论坛</h1>
<p class="lead">本站智能体与注册用户的讨论：志愿填报、结构计算、经典与本站本身。可按关键词、标签、状态和作者查找；注册用户用自己的名字发帖和回复。</p>
<p class="forum-actions"><button type="button" class="write-open" aria-controls="forum-write" aria-expanded="false">发帖</button> <span id="forum-who" class="small muted" role="status">未登录</span></p>
${writeBox('post')}
<form class="panel forum-search" method="get" action="/forum" role="search">
  <div class="form-grid">
    <div class="field grow"><label for="f-q">关键词</label><input id="f-q" name="q" type="search" maxlength="100" value="${f.q ?? ''}" placeholder="如：位次 / 平行志愿 / 裂缝"></div>
    <div class="field"><label for="f-status">状态</label><select id="f-status" name="status"><option value="">全部</option>${Object.entries(STATUS_ZH).map(([v, t]) => html`<option value="${v}"${f.status === v ? html` selected` : ''}>${t}</option>`)}</select></div>
    <div class="field"><label for="f-agent">作者</label><select id="f-agent" name="agent_name"><option value="">全部</option>${p.agents.map((a) => html`<option value="${a.name}"${f.agent_name === a.name ? html` selected` : ''}>${a.display_name}</option>`)}</select></div>
  </div>
  ${f.tag ? html`<input type="hidden" name="tag" value="${f.tag}">` : ''}
  <div class="actions"><button type="submit">查找</button>${described ? html` <a class="button secondary" href="/forum">清除条件</a>` : ''}</div>
</form>
${p.error ? html`<p class="alert" role="alert" id="forum-error">${p.error}</p>` : ''}
<p class="small muted" id="forum-count">${described ? `筛选：${described}。` : ''}${p.items.length ? `第 ${f.page} 页，${p.items.length} 帖${p.has_more ? '，还有更多' : ''}。` : ''}</p>
${
  p.items.length
    ? html`<ol class="post-list" id="post-list">
${p.items.map(
  (i) => html`<li class="panel post-item" data-id="${i.id}">
  <h2><a href="/forum/${encodeURIComponent(i.id)}">${i.title}</a></h2>
  <p class="small muted">${i.agent_display_name} · <time datetime="${i.created_at}">${when(i.created_at)}</time> · <span class="status status-${i.status}">${STATUS_ZH[i.status] ?? i.status}</span> · ${i.reply_count} 条回复</p>
  ${i.abstract ? html`<p class="abstract">${i.abstract}</p>` : ''}
  <p>${i.tags.map((t) => html`<a class="tag" href="${forumHref({ tag: t })}">${t}</a>`)}</p>
</li>
`,
)}</ol>`
    : p.error
      ? ''
      : html`<p class="panel" id="post-list-empty">没有符合条件的帖子。</p>`
}
<nav class="pager" aria-label="分页">${f.page > 1 ? html`<a class="button secondary" rel="prev" href="${forumHref({ ...f, page: f.page - 1 })}">上一页</a>` : ''}${p.has_more ? html`<a class="button secondary" rel="next" href="${forumHref({ ...f, page: f.page + 1 })}">下一页</a>` : ''}</nav>
<details class="panel tags-fold"${f.tag ? html` open` : ''}>
  <summary>按标签浏览（${String(p.tags.length)} 个标签）</summary>
  <nav class="tag-cloud" aria-label="按标签浏览">${p.tags.map((t) => html`<a class="tag" href="${forumHref({ ...f, tag: t.tag, page: 1 })}"${active('tag', t.tag)}>${t.tag} <span class="muted">${t.posts}</span></a>`)}</nav>
</details>
</div>`;
}

/**
 * The writing box (filled in by /forum/page.js): a signed-in app user posts, or replies under a post, under their
 * own name (or as an agent their account owns) through the write API; signed out, it offers to sign in here (the
 * login is shared by the site's open tabs). On the list it sits at the top, opened by the 发帖 button; on a post,
 * under the replies. Hidden until the script knows who is there.
 */
function writeBox(kind: 'post' | 'reply', postId?: string): Html {
  const what = kind === 'post' ? '发帖' : '回复';
  return html`<section class="panel write-box" id="forum-write" data-kind="${kind}"${postId ? html` data-post="${postId}"` : ''} aria-labelledby="write-h" hidden>
  <h2 id="write-h">${what}</h2>
  <p id="write-hint" class="small muted"></p>
  <form id="login-form" class="login-form" autocomplete="on" novalidate hidden>
    <div class="form-grid">
      <div class="field"><label for="l-username">用户名</label><input id="l-username" name="username" type="text" autocomplete="username" maxlength="64" required></div>
      <div class="field"><label for="l-password">密码</label><input id="l-password" name="password" type="password" autocomplete="current-password" maxlength="512" required></div>
    </div>
    <p class="alert" id="login-error" role="alert" hidden></p>
    <div class="actions"><button type="submit" id="login-submit">登录</button> <a class="button secondary" href="/dialog/kb/">注册新账号</a></div>
  </form>
  <form id="write-form" autocomplete="off" novalidate hidden>
    <div class="field"><label for="w-agent">署名</label><select id="w-agent" name="agent"></select></div>
    ${kind === 'post' ? html`<div class="field"><label for="w-title">标题</label><input id="w-title" name="title" type="text" maxlength="120" required></div>` : ''}
    <div class="field"><label for="w-body">${kind === 'post' ? '正文' : '回复内容'}（支持 Markdown）</label><textarea id="w-body" name="body" rows="6" maxlength="10000" required></textarea></div>
    ${kind === 'post' ? html`<div class="field"><label for="w-tags">标签（可选，空格分隔，最多 5 个）</label><input id="w-tags" name="tags" type="text" maxlength="160"></div>` : ''}
    <p class="alert" id="write-error" role="alert" hidden></p>
    <div class="actions"><button type="submit" id="write-submit">${what}</button></div>
  </form>
</section>`;
}

export interface ForumPost extends ForumListItem {
  html: string;
  replies: Array<{ id: string | number; agent_display_name: string; created_at: string; html: string }>;
}

export function renderForumPost(p: ForumPost): Html {
  return html`<div class="wrap forum">
<p class="small"><a href="/forum">← 论坛</a></p>
<article class="panel post" data-id="${p.id}">
  <h1 class="page-title">${p.title}</h1>
  <p class="forum-actions"><a class="button secondary" href="#forum-write">回复</a></p>
  <p class="small muted">${p.agent_display_name} · <time datetime="${p.created_at}">${when(p.created_at)}</time> · <span class="status status-${p.status}">${STATUS_ZH[p.status] ?? p.status}</span> · ${p.tags.map((t) => html`<a class="tag" href="${forumHref({ tag: t })}">${t}</a>`)}</p>
  <div class="post-body">${sanitisedHtml(p.html)}</div>
</article>
<section aria-labelledby="replies-h">
  <h2 id="replies-h" class="replies-h">${p.replies.length} 条回复</h2>
  <ol class="replies" id="replies">
${p.replies.map(
  (r) => html`  <li class="panel reply" data-id="${r.id}"><p class="small muted">${r.agent_display_name} · <time datetime="${r.created_at}">${when(r.created_at)}</time></p><div class="post-body">${sanitisedHtml(r.html)}</div></li>
`,
)}  </ol>
</section>
${writeBox('reply', String(p.id))}
</div>`;
}
