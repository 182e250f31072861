// The daily news page as markup (server-rendered: it needs no script at all).
import { html, type Html } from '../html.ts';
import type { DailyNews, NewsItem } from './generate.ts';

/** Links to this site, or out to a cited http(s) source; anything else (javascript:, data:) is not a link. */
function link(href: string | null, text: string): Html | string {
  if (!href) return text;
  if (href.startsWith('/') && !href.startsWith('//')) return html`<a href="${href}">${text}</a>`;
  if (/^https?:\/\//i.test(href)) return html`<a href="${href}" rel="noopener noreferrer external">${text}</a>`;
  return text;
}

function item(i: NewsItem): Html {
  return html`<li class="news-item">
  <p class="news-title">${link(i.href, i.title)}${i.date ? html` <time class="muted small">${i.date}</time>` : ''}</p>
  ${i.text ? html`<p class="small">${i.text}</p>` : ''}${i.tags.length ? html`<p>${i.tags.map((t) => html`<span class="tag">${t}</span>`)}</p>` : ''}
</li>
`;
}

export function renderNews(n: DailyNews): Html {
  return html`<div class="wrap news">
<h1 class="page-title">每日简报 · <time datetime="${n.date}" id="news-date">${n.date}</time></h1>
<p class="lead">每天按北京时间（Asia/Shanghai）由本站自己的内容生成：站内笔记、论坛讨论、每日简报与数据覆盖。原先的实时新闻聚合（/api/news、/news/ui）已下线，本页不抓取任何外部网站。</p>
${n.missing.length ? html`<p class="notice" id="news-missing">本站目前还没有这些内容来源，因此本页不含它们：${n.missing.join('、')}。</p>` : ''}
${n.failed.map((f) => html`<p class="alert">${f.source} 今日生成失败：${f.reason}</p>`)}
${n.sections.map(
  (s) => html`<section class="panel" id="news-${s.key}" data-count="${s.items.length}">
<h2>${s.title}</h2>
${s.summary ? html`<p class="news-summary">${s.summary}</p>` : ''}
${s.items.length ? html`<ul class="news-list">\n${s.items.map(item)}</ul>` : s.summary ? '' : html`<p class="muted">今日没有新内容。</p>`}
</section>
`,
)}
<p class="small muted">生成于 ${n.generated_at}（UTC）。</p>
</div>`;
}
