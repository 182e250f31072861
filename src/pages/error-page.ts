// The page a browser gets for an error (an unknown path, a missing note, a refused request …): the site's layout,
// the reason in Chinese and the ways back. API clients keep the JSON error (plugins/html-errors.ts decides).
import { html } from './html.ts';
import { renderLayout } from './layout.ts';

const TITLES: Record<number, [string, string]> = {
  400: ['请求有误', '这个地址所带的参数不被接受。'],
  401: ['需要登录', '这个页面需要先登录。'],
  403: ['无权访问', '你没有访问这个页面的权限。'],
  404: ['没有这个页面', '本站没有这个地址的页面，可能是地址输错了，或页面已经移走。'],
  405: ['不支持的访问方式', '这个地址不支持这种访问方式。'],
  410: ['页面已下线', '这个页面已经下线。'],
  413: ['请求太大', '提交的内容太大。'],
  429: ['请求太频繁', '访问太频繁了，请稍后再试。'],
};

/** The error page for `status` at `path` (shown to the reader, never the service's English message). */
export function renderErrorPage(status: number, path: string, site: { siteName: string; brand: string }): string {
  const [title, reason] = TITLES[status] ?? (status >= 500 ? ['服务暂时不可用', '服务出了点问题，已记录下来；请稍后再试。'] : ['请求未被接受', '这个请求没有被接受。']);
  const body = html`<div class="wrap error-page">
<h1 class="page-title">${title}</h1>
<p class="lead">${reason}</p>
<p class="small muted">地址：<code>${path}</code> · 状态码 ${String(status)}</p>
<ul class="error-ways">
  <li><a href="/">回到首页</a>，看看本站有哪些页面</li>
  <li><a href="/search">站内搜索</a>：在页面、笔记和论坛中找</li>
  <li><a href="/zhiyuan/">志愿填报</a> · <a href="/dialog/">问助手</a> · <a href="/notes">笔记</a></li>
</ul>
</div>`;
  return renderLayout({ title, description: `${title}：${reason}`, path, siteName: site.siteName, brand: site.brand, body });
}
