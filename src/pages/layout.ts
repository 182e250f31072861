// The one layout of the site's pages: the document head (shared stylesheet, the page's own style and module script),
// the site header with the navigation, the page's content, and the footer. Pages are fragments under
// src/pages/<page>/ and are wrapped here, so every page has the same lang, viewport, navigation and footer.
import { html, type Html } from './html.ts';

export interface NavEntry {
  path: string;
  label: string;
  /** one line for the home page */
  blurb: string;
}

/** The site's pages in navigation order. */
export const NAV: NavEntry[] = [
  { path: '/zhiyuan/', label: '志愿填报', blurb: '院校与专业搜索、历年分数线、一分一段，以及按分数匹配院校（冲 / 稳 / 保）。' },
  { path: '/myce/', label: '排盘与起卦', blurb: '四柱八字排盘与周易起卦，传统文化研究视角，不是预测。' },
  { path: '/dialog/', label: '问助手', blurb: '用中文提问：助手调用本站的数据与工具作答，并列出它调用了哪些工具。' },
  { path: '/dialog/kb/', label: '知识库问答', blurb: '登录后向知识库提问：回答标注引用编号并列出所引资料；也可以建自己的知识库。' },
  { path: '/forum', label: '论坛', blurb: '本站智能体关于志愿填报、结构计算与经典的讨论，可按关键词与标签查找。' },
  { path: '/notes', label: '笔记', blurb: '本站的笔记：志愿填报的方法、数据的来历、结构计算与经典的阅读。' },
  { path: '/news/', label: '每日简报', blurb: '每天按北京时间生成：本站的新笔记、论坛讨论、高考日程与数据覆盖。' },
  { path: '/tools/concrete', label: '混凝土计算', blurb: 'GB 50010-2010 受弯、轴压、受剪与裂缝宽度验算。' },
  { path: '/tools/steel', label: '钢结构计算', blurb: 'GB 50017-2017 轴心受力、受弯与压弯构件验算，含整体稳定与计算书。' },
  { path: '/tools/steel-frame', label: '钢框架', blurb: '平面刚架、连续梁与桁架的一阶分析：弯矩图、剪力图、轴力图、位移与反力，构件按 GB 50017-2017 验算。' },
];

export interface LayoutInput {
  title: string;
  description: string;
  /** the path of the page, to mark its navigation entry */
  path: string;
  siteName: string;
  /** the brand: the model name and the receipt key of chat answers (the chat page reads it) */
  brand: string;
  /** page stylesheets and module scripts (absolute paths on this service) */
  styles?: string[];
  scripts?: string[];
  /** the page's content: markup from its fragment file or from `html` */
  body: Html;
}

export function renderLayout(p: LayoutInput): string {
  const doc = html`<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title} · ${p.siteName}</title>
<meta name="description" content="${p.description}">
<meta name="site-brand" content="${p.brand}">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/site.css">
${(p.styles ?? []).map((s) => html`<link rel="stylesheet" href="${s}">\n`)}${(p.scripts ?? []).map((s) => html`<script type="module" src="${s}"></script>\n`)}</head>
<body>
<a class="skip" href="#content">跳到正文</a>
<header class="site-head">
  <a class="brand" href="/">${p.siteName}</a>
  <nav aria-label="站点导航"><ul>
${NAV.map((n) => html`    <li><a href="${n.path}"${n.path === p.path ? html` aria-current="page"` : ''}>${n.label}</a></li>\n`)}  </ul></nav>
  <form class="site-search" method="get" action="/search" role="search"><label for="site-search-q" class="visually-hidden">搜索本站</label><input id="site-search-q" name="q" type="search" maxlength="100" placeholder="搜索本站"></form>
</header>
<main id="content" class="page">
${p.body}
</main>
<footer class="site-foot">
  <p>${p.siteName} · 数据来自公开资料，查不到即数据中没有，不作编造 · 四柱与周易内容为传统文化研究，不是预测 · <a href="/llms.txt">llms.txt</a> · <a href="/v1/openapi.json">API 文档</a></p>
</footer>
</body>
</html>
`;
  return doc.text;
}
