import { understandConversation } from './src/agent/understand/understand.ts';
import { openDataDb } from './src/db/open.ts';
import { TOOLS } from './tools/index.ts';
const db = openDataDb('data/svc-data.db');
const convs: string[][] = [
  ['郑州大学2024年河南理科最低分多少'],
  ['计算机科学与技术专业哪些学校是A+'],
  ['080901是什么专业'],
  ['华中科技大学哪些专业是A+'],
  ['河南物理类位次5万能上什么大学'],
  ['河南理科排名3.5万'],
  ['能上清华吗'],
  ['厦门大学2025年在福建物理类最低多少分'],
  ['推荐几所学校'],
  ['谢谢你！'],
  ['你是chatgpt吗'],
  ['C30梁250×500，M=180kN·m，HRB400'],
  ['河南物理600分，想学法学，想留在省内，只看211'],
  ['河南2024年一本线多少？郑州大学2024年理科最低分多少？'],
  ['河南物理类位次2万', '能上什么大学？'],
  ['介绍一下郑州大学', '它的计算机专业呢？'],
  ['计算机专业排名前10的学校'],
  ['郑州大学2024年在河南招多少人'],
  ['上交怎么样'],
  ['华师的分数线'],
  ['What is the cutoff score of Peking University in Henan 2024?'],
  ['2005年农历八月十五晚上9点出生的男孩八字'],
  ['物化生 590分 江苏 能报哪些学校'],
  ['郑洲大学怎么样'],
  ['今年河南一本线'],
  ['我是山东考生，考了六百分，能上什么学校'],
  ['哪些专业好就业'],
  ['北京有哪些985'],
];
for (const c of convs) {
  const messages: any[] = [];
  for (const u of c) { messages.push({ role: 'user', content: u }); }
  const t = performance.now();
  const r = await understandConversation(messages, { tools: TOOLS, db, itemsOf: async () => [{ university_name: '郑州大学' }] });
  const ms = performance.now() - t;
  console.log(c.join(' ⟶ '), ms.toFixed(1), r.language, JSON.stringify(r.parts.map((p: any) => [p.kind, p.calls?.map((x: any) => [x.tool.name, x.args]), p.tool?.name, p.missing?.map((f: any) => f.name), p.notes])));
}
