// The site's web pages, the only list: each page's address, its fragment and assets under src/pages/<dir>/, its
// titles, and the site tools its script runs through the same-origin page API (POST /page-api/{tool}).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PAGES_DIR = path.dirname(fileURLToPath(import.meta.url));

export interface PageDef {
  /** canonical address */
  path: string;
  /** other addresses answering the same page (trailing-slash variants) */
  aliases: string[];
  /** folder under src/pages holding body.html and the assets */
  dir: string;
  /** URL prefix of the page's assets: `${assetBase}/${file}` */
  assetBase: string;
  /** stylesheets under /assets/ (src/pages/shared/) the page uses besides site.css */
  sharedStyles?: string[];
  styles: string[];
  scripts: string[];
  title: string;
  /** one Chinese sentence for <meta name="description"> */
  description: string;
  /** English summary for OpenAPI and llms.txt */
  summary: string;
  /** the site tools the page's script may run through POST /page-api/{tool} */
  tools: string[];
}

export const PAGES: PageDef[] = [
  {
    path: '/zhiyuan/',
    aliases: ['/zhiyuan'],
    dir: 'zhiyuan',
    assetBase: '/zhiyuan',
    styles: ['style.css'],
    scripts: ['page.js'],
    title: '高考志愿填报',
    description: '院校与专业搜索（支持简称）、院校详情与历年录取线走势、分数线查询、一分一段与“我的分数能上哪些学校”（冲 / 稳 / 保）。',
    summary: 'web page: volunteer filling — university/major search, university detail with a chart of its lines, score lines, rank table, match_by_score',
    tools: ['get_university', 'query_score_lines', 'match_by_score'],
  },
  {
    path: '/myce/',
    aliases: ['/myce'],
    dir: 'myce',
    assetBase: '/myce',
    styles: ['style.css'],
    scripts: ['page.js'],
    title: '四柱排盘与周易起卦',
    description: '以传统文化研究视角排四柱八字（藏干、十神、纳音、大运、解读）与周易起卦（本卦、变卦、卦爻辞与朱熹考变占），不是预测。',
    summary: 'web page: four-pillar chart and hexagram caster (cultural study), same engines as /v1/sizhu and /v1/yijing',
    tools: ['sizhu', 'yijing'],
  },
  {
    path: '/dialog/',
    aliases: ['/dialog'],
    dir: 'dialog',
    assetBase: '/dialog',
    sharedStyles: ['chat.css'],
    styles: [],
    scripts: ['page.js'],
    title: '与本站助手对话',
    description: '与本站助手对话：它按问题调用本站的数据与工具作答，并列出调用了哪些工具；数据中没有的如实说明。',
    summary: "web page: chat with the site's assistant, streamed through /llm/chat/completions, showing the tools each answer called",
    tools: [],
  },
  {
    path: '/dialog/kb/',
    aliases: ['/dialog/kb'],
    dir: 'dialog-kb',
    assetBase: '/dialog/kb',
    sharedStyles: ['chat.css'],
    styles: ['style.css'],
    scripts: ['page.js'],
    title: '知识库问答',
    description: '登录后向知识库提问：从本站知识库（笔记与数据说明）和你自己的知识库中检索资料作答，标注引用编号并列出所引片段；也可以建自己的知识库、添加资料。',
    summary: "web page: knowledge-base chat for app users (sign in or register), through /api/ai/chat, showing the cited chunks; create your own knowledge base and add chunks",
    tools: [],
  },
  {
    path: '/tools/concrete',
    aliases: ['/tools/concrete/'],
    dir: 'concrete',
    assetBase: '/tools/concrete',
    sharedStyles: ['calc.css'],
    styles: ['style.css'],
    scripts: ['page.js'],
    title: '混凝土构件计算 · GB 50010-2010',
    description: '依据 GB 50010-2010 的受弯、轴压、斜截面受剪与裂缝宽度计算，与 POST /v1/calc/concrete 使用同一计算模块。',
    summary: 'web page: GB 50010 concrete calculator (beam, column, shear, crack), same engine as /v1/calc/concrete',
    tools: [],
  },
  {
    path: '/tools/steel',
    aliases: ['/tools/steel/'],
    dir: 'steel',
    assetBase: '/tools/steel',
    sharedStyles: ['calc.css'],
    styles: ['style.css'],
    scripts: ['page.js'],
    title: '钢结构构件验算 · GB 50017-2017',
    description: '依据 GB 50017-2017 的稳定系数、截面特性、轴心受拉与受压、受弯构件与压弯构件验算，可打印计算书，与 POST /v1/calc/steel 使用同一计算模块。',
    summary: 'web page: GB 50017 steel member checks (phi, section, tension, compression, beam, beam_column) with a printable calculation sheet, same engine as /v1/calc/steel',
    tools: [],
  },
  {
    path: '/tools/steel-frame',
    aliases: ['/tools/steel-frame/'],
    dir: 'steel-frame',
    assetBase: '/tools/steel-frame',
    styles: ['style.css'],
    scripts: ['page.js'],
    title: '平面钢框架分析与验算 · GB 50017-2017',
    description: '以表格输入节点、杆件、支座与荷载，实时绘制刚架简图；直接刚度法一阶分析后给出变形图、弯矩图、剪力图、轴力图、支座反力与构件验算，模型可用链接或 JSON 分享，与 POST /v1/calc/steel-frame 使用同一计算模块。',
    summary: 'web page: plane steel frame — tables of nodes, members, supports and loads with a live drawing, templates, deformed shape and M/V/N diagrams, reactions and member checks; same engine as /v1/calc/steel-frame',
    tools: [],
  },
];

/** Every tool some page runs: the page API serves exactly these. */
export const PAGE_TOOLS: string[] = [...new Set(PAGES.flatMap((p) => p.tools))].sort();
