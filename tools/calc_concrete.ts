import { z } from 'zod';
import { calculate, describe, KINDS, PARAM_SCHEMAS, type ConcreteResult, type Step } from '../src/calc/concrete/index.ts';
import { concreteOutput } from '../src/calc/concrete/output.ts';
import { col, fmt, say } from '../src/agent/voice.ts';
import { defineTool, READ_ONLY } from './types.ts';

/** "beam: moment (kN·m), b (mm), h (mm); optional concrete_grade (default 30) …", read off the engine's schemas. */
function paramsText(): string {
  return describe()
    .kinds.map((k) => {
      const req = k.params.filter((p) => p.required).map((p) => `${p.name}${p.unit && p.unit !== '—' ? ` (${p.unit})` : ''}`);
      const opt = k.params.filter((p) => !p.required).map((p) => `${p.name}${p.default !== undefined ? `=${p.default}` : ''}`);
      return `${k.kind}: ${req.join(', ')}${opt.length ? `; optional ${opt.join(', ')}` : ''}`;
    })
    .join(' | ');
}

// The engine's own schemas validate params (PARAM_SCHEMAS, as POST /v1/calc/concrete does); the tool only adds
// the object MCP and chat need around them, so an error names params.<field> with the engine's wording.
export const calcConcreteInput = z
  .strictObject({
    kind: z.enum(KINDS).describe('计算类型：beam 受弯构件正截面配筋，column 轴心受压柱承载力，shear 斜截面受剪（箍筋），crack 最大裂缝宽度 · kind of check'),
    params: z
      .record(z.string(), z.unknown())
      .describe(`参数（单位 mm、kN、kN·m、mm²，l0 用 m；设计值已含 γ0）· params by kind — ${paramsText()}`),
  })
  .superRefine((v, ctx) => {
    const r = PARAM_SCHEMAS[v.kind].safeParse(v.params);
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: ['params', ...issue.path] } as z.core.$ZodRawIssue);
  });

/** The figure the check is about, for the first sentence: As for a beam, Nu for a column, Vcs for shear, wmax for cracks. */
function headline(r: ConcreteResult, lang: 'zh' | 'en'): string {
  const v = r.values;
  const verdict = say(lang, r.verdict_text, r.verdict.replace(/_/g, ' '));
  switch (r.kind) {
    case 'beam':
      return v.As === null || v.As === undefined
        ? say(lang, `${verdict}：单筋截面承载力不足（Mu,max = ${fmt(v.MuMax)} kN·m），需加大截面或改用双筋。`, `${verdict}: a singly reinforced section cannot carry it (Mu,max = ${fmt(v.MuMax)} kN·m).`)
        : say(lang, `需受拉钢筋 As = ${fmt(v.As)} mm²（${verdict}，ξ = ${fmt(v.xi)} ≤ ξb = ${fmt(v.xi_b)}${v.As === v.AsMin ? '，由最小配筋率控制' : ''}）。`, `Required tension steel As = ${fmt(v.As)} mm² (${verdict}; ξ = ${fmt(v.xi)} ≤ ξb = ${fmt(v.xi_b)}${v.As === v.AsMin ? '; minimum steel governs' : ''}).`);
    case 'column':
      return say(lang, `Nu = ${fmt(v.Nu)} kN（φ = ${fmt(v.phi)}），${verdict}；按 N 设计需 As′ ≥ ${fmt(v.As_design)} mm²。`, `Nu = ${fmt(v.Nu)} kN (φ = ${fmt(v.phi)}): ${verdict}; design needs As′ ≥ ${fmt(v.As_design)} mm².`);
    case 'shear':
      return say(lang, `Vcs = ${fmt(v.Vcs)} kN，截面上限 ${fmt(v.Vmax)} kN，${verdict}${typeof v.AsvSreq === 'number' ? `；需 Asv/s ≥ ${fmt(v.AsvSreq)} mm²/mm` : ''}。`, `Vcs = ${fmt(v.Vcs)} kN, section limit ${fmt(v.Vmax)} kN: ${verdict}${typeof v.AsvSreq === 'number' ? `; needs Asv/s ≥ ${fmt(v.AsvSreq)} mm²/mm` : ''}.`);
    default:
      return say(lang, `最大裂缝宽度 wmax = ${fmt(v.wmax)} mm，限值 ${fmt(v.w_lim)} mm，${verdict}。`, `Maximum crack width wmax = ${fmt(v.wmax)} mm against ${fmt(v.w_lim)} mm: ${verdict}.`);
  }
}

export default defineTool({
  name: 'calc_concrete',
  title: '混凝土构件计算 · Concrete member check',
  description:
    '按 GB 50010-2010（2015 年版）计算钢筋混凝土构件：beam 单筋矩形截面受弯配筋（给弯矩 M、截面 b×h，得 As 与配筋建议）、column 轴心受压柱承载力（N、b×h、l0、As′）、shear 斜截面受剪（V、b×h、箍筋直径与间距）、crack 最大裂缝宽度（Mq、b×h、As、保护层、钢筋直径）。返回每一步的中间量、单位与条文号、结论（满足/不满足/超筋…）、警告与配筋建议。与 POST /v1/calc/concrete 和 /tools/concrete 页面用同一引擎。\n' +
    'Reinforced-concrete member checks to GB 50010-2010 (2015): beam flexure (M, b×h → As and a bar suggestion), axially loaded tied column (N, b×h, l0, As′), shear with stirrups (V, b×h, stirrup size and spacing) and maximum crack width (Mq, b×h, As, cover, bar size). Returns every intermediate quantity with unit and clause, the verdict, warnings and a suggestion; the same engine as POST /v1/calc/concrete and the /tools/concrete page.',
  inputSchema: calcConcreteInput,
  outputSchema: concreteOutput,
  annotations: READ_ONLY,
  examples: ['C30梁250×500，M=180kN·m，HRB400，要配多少钢筋？', '400×400 柱，N=2000kN，l0=4m，As=1256，C30，承载力够吗', '250×500 梁剪力 V=200kN，Φ8@200 双肢箍够不够', 'Crack width of a 250×500 beam, Mq=100 kN·m, As=1256 mm², cover 25, d=20'],
  tags: ['calculator', 'concrete', 'structure'],
  keywords: ['混凝土', '配筋', '钢筋面积', '受弯', '弯矩', '正截面', '梁', '柱', '轴压', '轴心受压', '抗剪', '剪力', '箍筋', '斜截面', '裂缝', '裂缝宽度', 'hrb400', 'hrb500', 'hpb300', 'kn·m', 'kn.m', 'gb50010', 'concrete', 'rebar', 'reinforcement', 'crack width'],
  handler(args) {
    return calculate(args);
  },
  answer: {
    lead(r: ConcreteResult, c) {
      const first = headline(r, c.lang);
      return c.lang === 'en' ? `The result of the check (${r.title.split(' · ')[1] ?? r.title}) is: ${first}` : `${first}\n\n${r.summary}`;
    },
    isEmpty: () => false,
    rows: (r: ConcreteResult) => r.steps as unknown as Array<Record<string, unknown>>,
    listUrl: (_r: ConcreteResult, c) => `${c.siteUrl}/tools/concrete`,
    columns: [
      col<Step>('量', 'quantity', (s, lang) => `${s.symbol}${lang === 'en' ? '' : ` ${s.name}`}`),
      col<Step>('值', 'value', (s) => (typeof s.value === 'number' ? fmt(s.value) : s.value)),
      col<Step>('单位', 'unit', (s) => (s.unit === '—' ? '' : s.unit)),
      col<Step>('条文', 'clause', 'clause'),
    ],
    notes(r: ConcreteResult, c) {
      const out = r.warnings.map((w) => `⚠ ${w.message}（${w.clause}）`);
      if (r.suggestion) out.push(say(c.lang, `配筋建议：${r.suggestion.text}（${fmt(r.suggestion.area)} ${r.suggestion.unit}${r.suggestion.note ? `，${r.suggestion.note}` : ''}）。`, `Suggestion: ${r.suggestion.text} (${fmt(r.suggestion.area)} ${r.suggestion.unit}).`));
      out.push(say(c.lang, `依据 ${r.code}；输入为设计值（已含 γ0）。结果供校核参考，以设计人员复核为准。`, `Per ${r.code}; inputs are design values (γ0 applied). For checking; a designer signs off.`));
      return out;
    },
  },
});
