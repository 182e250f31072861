// The site's other tools: four-pillar charts (solar and lunar birth dates), hexagrams, and the concrete calculator
// (the facts come from POST /v1/calc/concrete, the engine the calculator page uses).
import { beamAs, call, pillars, says } from '../checks.ts';
import type { ExamCase } from '../types.ts';

const cast = (args: Record<string, unknown>) => ({ from: call('yijing', args), paths: ['primary_hexagram.name'] });

export const TOOL_CASES: ExamCase[] = [
  { id: 'sizhu-01', domain: 'sizhu', ask: '帮我看下八字 1990年5月15号早上8点半 男', checks: [pillars({ year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm' })] },
  { id: 'sizhu-02', domain: 'sizhu', ask: '2005年农历八月十五晚上9点出生的女孩 八字是什么', checks: [pillars({ year: 2005, month: 9, day: 18, hour: 21, minute: 0, sex: 'f' })], note: '农历 2005 年八月十五 = 公历 2005-09-18' },
  { id: 'sizhu-03', domain: 'sizhu', ask: '我98年3月2号下午三点生的 男 排个盘', checks: [pillars({ year: 1998, month: 3, day: 2, hour: 15, minute: 0, sex: 'm' })] },
  { id: 'sizhu-04', domain: 'sizhu', ask: '2003.11.20 凌晨1点 女 四柱是什么', checks: [pillars({ year: 2003, month: 11, day: 20, hour: 1, minute: 0, sex: 'f' })] },
  { id: 'sizhu-05', domain: 'sizhu', ask: '农历2008年五月初五中午12点 男孩 排八字', checks: [pillars({ year: 2008, month: 6, day: 8, hour: 12, minute: 0, sex: 'm' })], note: '农历 2008 年五月初五 = 公历 2008-06-08' },
  { id: 'sizhu-06', domain: 'sizhu', ask: '1995年阴历八月十五早上6点出生 女 帮忙排下四柱', checks: [pillars({ year: 1995, month: 9, day: 9, hour: 6, minute: 0, sex: 'f' })], note: '农历 1995 年八月十五 = 公历 1995-09-09' },
  { id: 'sizhu-07', domain: 'sizhu', ask: '2001年2月3日晚上11点半出生 男 八字', checks: [pillars({ year: 2001, month: 2, day: 3, hour: 23, minute: 30, sex: 'm' })], note: '23:30 是晚子时：日柱按默认子初换日' },
  { id: 'sizhu-08', domain: 'sizhu', ask: '帮我女儿排八字 2010-10-10 10:10', checks: [pillars({ year: 2010, month: 10, day: 10, hour: 10, minute: 10, sex: 'f' })] },
  { id: 'sizhu-09', domain: 'sizhu', ask: '1988年8月2日23:30出生 女 排八字', checks: [pillars({ year: 1988, month: 8, day: 2, hour: 23, minute: 30, sex: 'f' })] },
  { id: 'sizhu-10', domain: 'sizhu', ask: '农历1990年正月初一早上8点 男 八字怎么排', checks: [pillars({ year: 1990, month: 1, day: 27, hour: 8, minute: 0, sex: 'm' })], note: '农历 1990 年正月初一 = 公历 1990-01-27' },
  { id: 'sizhu-11', domain: 'sizhu', ask: '帮我排下八字 阳历1999年12月31日 晚上8点 女', checks: [pillars({ year: 1999, month: 12, day: 31, hour: 20, minute: 0, sex: 'f' })] },
  { id: 'sizhu-12', domain: 'sizhu', ask: '农历2000年腊月二十三早上7点生 男 八字', checks: [pillars({ year: 2001, month: 1, day: 17, hour: 7, minute: 0, sex: 'm' })], note: '农历 2000 年腊月二十三 = 公历 2001-01-17（tyme4ts）' },
  { id: 'sizhu-13', domain: 'sizhu', ask: '我老婆1993年6月6日下午2点40出生 帮看看八字', checks: [pillars({ year: 1993, month: 6, day: 6, hour: 14, minute: 40, sex: 'f' })] },

  { id: 'yijing-01', domain: 'yijing', ask: '用种子hello起一卦', checks: [cast({ seed: 'hello' })] },
  { id: 'yijing-02', domain: 'yijing', ask: '起个卦 种子42 问问换工作的事', checks: [cast({ seed: '42' })] },
  { id: 'yijing-03', domain: 'yijing', ask: '帮我算一卦 考研能不能上岸 种子kaoyan', checks: [cast({ seed: 'kaoyan' })] },
  { id: 'yijing-04', domain: 'yijing', ask: '蓍草法 seed=abc 起一卦', checks: [cast({ seed: 'abc', method: 'yarrow' })] },
  { id: 'yijing-05', domain: 'yijing', ask: '随便帮我起一卦吧', checks: [says(/[\u4DC0-\u4DFF]|本卦|之卦|变卦/, '给出卦象')] },
  { id: 'yijing-06', domain: 'yijing', ask: '用铜钱法 种子2026 帮我起卦', checks: [cast({ seed: '2026', method: 'coins' })] },
  { id: 'yijing-07', domain: 'yijing', ask: '起一卦问感情 种子用春节', checks: [cast({ seed: '春节' })] },
  { id: 'yijing-08', domain: 'yijing', ask: '用数字888起个卦', checks: [cast({ seed: '888' })] },

  { id: 'concrete-01', domain: 'concrete', ask: 'C30梁250×500，M=180kN·m，HRB400', checks: [beamAs({ concrete_grade: 30, steel_grade: 360, moment: 180, b: 250, h: 500 })] },
  { id: 'concrete-02', domain: 'concrete', ask: '梁300x600 弯矩250kN.m C35 HRB400 要配多少钢筋', checks: [beamAs({ concrete_grade: 35, steel_grade: 360, moment: 250, b: 300, h: 600 })] },
  { id: 'concrete-03', domain: 'concrete', ask: '250*500的梁 C25 三级钢 M=120 受拉钢筋面积多少', checks: [beamAs({ concrete_grade: 25, steel_grade: 360, moment: 120, b: 250, h: 500 })] },
  { id: 'concrete-04', domain: 'concrete', ask: '矩形梁b=200 h=450，C30，HRB500，弯矩设计值150kNm，As多少', checks: [beamAs({ concrete_grade: 30, steel_grade: 435, moment: 150, b: 200, h: 450 })] },
  { id: 'concrete-05', domain: 'concrete', ask: 'C40 梁 350×700 M 400 kN·m HRB400 配筋算一下', checks: [beamAs({ concrete_grade: 40, steel_grade: 360, moment: 400, b: 350, h: 700 })] },
  {
    id: 'concrete-06',
    domain: 'concrete',
    ask: '梁200x500 C30 剪力V=150kN 箍筋HRB400 直径8间距200双肢 抗剪够不够',
    checks: [
      { from: { calc: 'concrete', body: { kind: 'shear', params: { concrete_grade: 30, steel_grade: 360, V: 150, b: 200, h: 500, dia: 8, legs: 2, spacing: 200 } } }, paths: ['values.Vcs'], tolerance: 0.01 },
      says(/满足|够|可以|安全|符合/, '结论：满足'),
    ],
  },
  {
    id: 'concrete-07',
    domain: 'concrete',
    ask: '轴心受压柱400×400 C30 计算长度4m 纵筋1256mm² HRB400 轴力2000kN 承载力多少',
    checks: [{ from: { calc: 'concrete', body: { kind: 'column', params: { concrete_grade: 30, steel_grade: 360, N: 2000, b: 400, h: 400, l0: 4, As: 1256 } } }, paths: ['values.Nu'], tolerance: 0.01 }],
  },
  { id: 'concrete-08', domain: 'concrete', ask: 'c30的梁 截面250乘550 弯矩200 用hrb400钢筋 算下配筋', checks: [beamAs({ concrete_grade: 30, steel_grade: 360, moment: 200, b: 250, h: 550 })] },
  { id: 'concrete-09', domain: 'concrete', ask: 'C35 梁 300×700 M=350 HRB400 As是多少', checks: [beamAs({ concrete_grade: 35, steel_grade: 360, moment: 350, b: 300, h: 700 })] },
  { id: 'concrete-10', domain: 'concrete', ask: '框架梁250x600 弯矩设计值220kN·m C30 HRB400 钢筋面积', checks: [beamAs({ concrete_grade: 30, steel_grade: 360, moment: 220, b: 250, h: 600 })] },
  { id: 'concrete-11', domain: 'concrete', ask: 'C30 梁 b=300 h=650 M=300 HRB400 配多少钢筋', checks: [beamAs({ concrete_grade: 30, steel_grade: 360, moment: 300, b: 300, h: 650 })] },
  {
    id: 'concrete-12',
    domain: 'concrete',
    ask: '剪力V=200kN 梁250×600 C35 箍筋HRB400 φ8@150 双肢 满足吗',
    checks: [
      { from: { calc: 'concrete', body: { kind: 'shear', params: { concrete_grade: 35, steel_grade: 360, V: 200, b: 250, h: 600, dia: 8, legs: 2, spacing: 150 } } }, paths: ['values.Vcs'], tolerance: 0.01 },
      says(/满足|够|可以|安全|符合/, '结论：满足'),
    ],
  },
  { id: 'concrete-13', domain: 'concrete', ask: 'C25 200×400 梁 弯矩80 HRB400 As', checks: [beamAs({ concrete_grade: 25, steel_grade: 360, moment: 80, b: 200, h: 400 })] },
  { id: 'concrete-14', domain: 'concrete', ask: 'HRB500 C40 梁 400×800 M=600kN·m 需要多少钢筋', checks: [beamAs({ concrete_grade: 40, steel_grade: 435, moment: 600, b: 400, h: 800 })] },
];
