import { z } from 'zod';
import { calculate, fmt, KINDS, PARAM_SCHEMAS, type SteelResult } from '../src/calc/steel/index.ts';
import { steelOutput } from '../src/calc/steel/output.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { col, say } from '../src/agent/voice.ts';
import type { Check } from '../src/calc/steel/result.ts';

/** "beam: section, grade, Mx; optional V, My, …" for every kind, read off the schemas the engine validates with. */
const PARAM_SUMMARY = KINDS.map((k) => {
  const shape = PARAM_SCHEMAS[k].shape as Record<string, z.ZodType>;
  const req = Object.keys(shape).filter((n) => !shape[n]!.safeParse(undefined).success);
  const opt = Object.keys(shape).filter((n) => !req.includes(n));
  return `${k}: ${req.join(', ')}${opt.length ? `; optional ${opt.join(', ')}` : ''}`;
}).join(' | ');

export const calcSteelInput = z
  .object({
    kind: z
      .enum(KINDS)
      .describe('计算类型：phi 稳定系数，section 截面特性，tension 轴心受拉，compression 轴心受压，beam 受弯构件，beam_column 压弯构件 · kind of check'),
    params: z
      .record(z.string(), z.unknown())
      .describe(
        '该类型的参数（单位：力 kN、弯矩 kN·m、长度 m、截面尺寸 mm；设计值已含 γ0）。section 为 {"type": "rolled_h", "designation": "HN400x200x8x13"}、' +
          '{"type": "welded_i", "h", "b", "tw", "tf"} 或 {"type": "props", "A", "Ix", "Iy", …}；grade 为 Q235、Q355、Q390、Q420 · ' +
          `the kind's parameters (GET /v1/calc/steel describes each with unit, range and default): ${PARAM_SUMMARY}`,
      ),
  })
  .strict();

/** The summary and one line per check: what an answer quotes. */
export function steelAnswer(r: SteelResult): string {
  const lines = [r.summary];
  for (const c of r.checks) lines.push(`- ${c.name}（${c.clause}）：${c.formula.replace(/ ≤ .*$/, '')}，比值 ${fmt(c.ratio, 3)}${c.stress !== null ? `（${fmt(c.stress, 4)} N/mm²）` : ''}${c.ratio <= 1 ? '' : '，不满足'}`);
  for (const w of r.warnings) lines.push(`注：${w.message}（${w.clause}）`);
  return lines.join('\n');
}

export default defineTool({
  name: 'calc_steel',
  title: '钢结构构件验算 · Steel member checks (GB 50017-2017)',
  description:
    '按 GB 50017-2017《钢结构设计标准》验算钢构件：稳定系数 φ（附录 D）、截面特性与板件宽厚比等级、轴心受拉、轴心受压（强度、整体稳定、局部稳定）、受弯构件（抗弯、抗剪、整体稳定 φb、挠度）、压弯构件（强度、平面内与平面外稳定，βmx、βtx、N′Ex）。' +
    '截面可选内置热轧 H 型钢（如 HN400x200x8x13）、焊接工字形尺寸或直接给定特性；钢号 Q235、Q355、Q390、Q420。返回每个中间量（单位与条文号）、各项验算比值、控制项、结论和一句中文 summary。用户问钢梁、钢柱、H 型钢承载力或整体稳定时调用。\n' +
    'Checks steel members to GB 50017-2017: stability coefficient φ (Appendix D), section properties and plate classes, axial tension, axial compression (strength, flexural buckling, local stability), beams (bending, shear, lateral-torsional stability with φb, deflection) and beam-columns (strength, in-plane and out-of-plane stability with βmx, βtx, N\'Ex). Sections: built-in hot-rolled H designations, welded I by dimensions, or given properties; grades Q235, Q355, Q390, Q420. Returns every intermediate quantity with unit and clause, each check\'s ratio, the governing check, the verdict and a Chinese summary.',
  inputSchema: calcSteelInput,
  outputSchema: steelOutput.extend({ answer: z.string().describe('中文作答：summary、各项验算比值与注意事项 · the summary, each check and the warnings in Chinese') }),
  annotations: READ_ONLY,
  examples: [
    'Q355 的 HN400×200 梁，跨度 6 m，弯矩 200 kN·m，整体稳定够吗？',
    'HW300x300x10x15 柱，Q235，轴力 1500 kN，计算长度 6 m，稳定是否满足？',
    'b 类截面、λ = 64 的轴压稳定系数 φ 是多少？',
    'Check a Q235 welded I beam-column 400×200×8×12, N = 500 kN, Mx = 120 kN·m, l0 = 6 m',
  ],
  tags: ['calculator', 'steel', 'structural'],
  keywords: ['钢结构', '钢梁', '钢柱', '型钢', '工字钢', '压弯构件', '整体稳定', '稳定系数', '长细比', 'gb 50017', 'gb50017', 'steel beam', 'steel column', 'steel member'],
  handler(args) {
    const r = calculate({ kind: args.kind, params: args.params });
    return { ...r, answer: steelAnswer(r) };
  },
  answer: {
    // the verdict and the governing check first, then every check with its ratio and clause
    lead(r: SteelResult, c) {
      const governing = r.governing ? r.checks.find((k) => k.key === r.governing) : undefined;
      const zh = governing
        ? `结论：${r.verdict_text}。控制项为${governing.name}（${governing.clause}），比值 ${fmt(governing.ratio, 3)}。\n\n${r.summary}`
        : `${r.summary}`;
      const en = governing
        ? `Verdict: ${r.verdict === 'ok' ? 'passes' : 'fails'} (${r.code}). Governing check: ${governing.name} (${governing.clause}), ratio ${fmt(governing.ratio, 3)}.`
        : `${r.title.split(' · ')[1] ?? r.title}: ${r.summary}`;
      return say(c.lang, zh, en);
    },
    isEmpty: () => false,
    rows: (r: SteelResult) => r.checks as unknown as Array<Record<string, unknown>>,
    columns: [
      col<Check>('验算项', 'check', 'name'),
      col<Check>('比值', 'ratio', (k) => fmt(k.ratio, 3)),
      col<Check>('应力 N/mm²', 'stress N/mm²', (k) => (k.stress === null ? '' : fmt(k.stress, 4))),
      col<Check>('条文', 'clause', 'clause'),
    ],
    notes(r: SteelResult, c) {
      const out = r.warnings.map((w) => `⚠ ${w.message.split(/\s+·\s+|(?<=[）)])·\s*/)[c.lang === 'en' ? 1 : 0] ?? w.message}（${w.clause}）`);
      out.push(say(c.lang, `依据 ${r.code}；输入为设计值。结果供校核参考，以设计人员复核为准；逐步计算见 /tools/steel。`, `Per ${r.code}; inputs are design values. For checking; a designer signs off. Every step: /tools/steel.`));
      return out;
    },
  },
});
