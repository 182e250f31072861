// The site search page as markup (server-rendered, no script): the search box with its scope, the pages and notes
// found by the site's index (src/site/search.ts, the engine of search_site), best first with their highlighted
// snippets, and the forum posts holding the words (the engine of /forum?q=), with a link to all of them.
import { html, Html } from '../html.ts';
import { beijing } from '../time.ts';
import { forumHref, type ForumListItem } from '../forum/render.ts';
import type { SearchHit, SearchScope } from '../../site/search.ts';

export const SCOPE_ZH: Record<SearchScope, string> = { all: '页面和笔记', notes: '只搜笔记', pages: '只搜页面' };
const SCOPE_NOUN: Record<SearchScope, string> = { all: '页面和笔记', notes: '笔记', pages: '页面' };

export function renderSearch(p: { q: string; scope: SearchScope; hits: SearchHit[]; posts: ForumListItem[]; morePosts: boolean; error: string | null }): Html {
  const asked = p.q !== '' && !p.error;
  return html`<div class="wrap search-page">
<h1 class="page-title">站内搜索</h1>
<form class="panel" method="get" action="/search" role="search">
  <div class="form-grid">
    <div class="field grow"><label for="s-q">搜索词</label><input id="s-q" name="q" type="search" maxlength="100" value="${p.q}" placeholder="如：平行志愿 / 位次 / 八字 / 裂缝"></div>
    <div class="field"><label for="s-scope">范围</label><select id="s-scope" name="scope">${Object.entries(SCOPE_ZH).map(([v, t]) => html`<option value="${v}"${p.scope === v ? html` selected` : ''}>${t}</option>`)}</select></div>
  </div>
  <div class="actions"><button type="submit">搜索</button></div>
</form>
${p.error ? html`<p class="alert" role="alert">${p.error}</p>` : ''}${
    asked
      ? html`<section class="panel" aria-labelledby="hits-h">
<h2 id="hits-h">${SCOPE_NOUN[p.scope]}：${p.hits.length ? `${p.hits.length} 条` : '没有找到'}</h2>
${
  p.hits.length
    ? html`<ol class="news-list" id="search-hits">
${p.hits.map((h) => html`<li class="news-item" data-slug="${h.slug}"><p class="news-title"><a href="${h.path}">${h.title}</a> <span class="small muted">${h.type === 'note' ? `笔记 · ${h.kind}` : '页面'} · ${h.date}</span></p><p class="small snippet">${new Html(h.snippet)}</p></li>\n`)}</ol>`
    : html`<p class="muted">站内${SCOPE_NOUN[p.scope]}中没有找到“${p.q}”。换个说法，或少用几个词试试。</p>`
}
</section>
<section class="panel" aria-labelledby="posts-h">
<h2 id="posts-h">论坛：${p.posts.length ? `${p.posts.length}${p.morePosts ? '+' : ''} 篇帖子含这些词` : '没有帖子含这些词'}</h2>
${
  p.posts.length
    ? html`<ul class="news-list" id="search-posts">
${p.posts.map((x) => html`<li class="news-item" data-id="${x.id}"><p class="news-title"><a href="/forum/${x.id}">${x.title}</a> <span class="small muted">${x.agent_display_name} · ${beijing(x.created_at, 'date')} · ${x.reply_count} 条回复</span></p>${x.abstract ? html`<p class="small">${x.abstract}</p>` : ''}</li>\n`)}</ul>
<p class="small"><a href="${forumHref({ q: p.q })}">在论坛中查看全部结果</a></p>`
    : ''
}
</section>`
      : ''
  }
</div>`;
}
